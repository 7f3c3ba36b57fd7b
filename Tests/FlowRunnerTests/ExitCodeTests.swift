import FlowRunner
import Foundation
import Testing

/// Exit codes by cause, the same for `run`, `explore`, `merge` and `lint` (``RunnerExit``): 0 all
/// passed, 1 a flow failed (the app's fault), 2 bad input, 3 the run could not be made. Each
/// command is made to end each way it can, and says so by its code alone. (`merge`'s 3, a file
/// that cannot be written after its checks, is in MergeAllOrNothingTests and MergeFuzzTests.)
@Suite(.serialized)
struct ExitCodeTests {
    static let failing = "name: Fails\nsteps:\n  - Login.checkResult: {text: Welcome}\n"
    static let unreadable = "name: Typo\nsteps:\n  - tapp: Login\n"

    /// A workspace whose scheme `missing` names an app that is not there.
    static func workspace() throws -> FlowWorkspace {
        let workspace = try FlowWorkspace()
        let scheme = try workspace.read("Flows/schemes/default.yaml")
        let app = FlowWorkspace.binaries.appendingPathComponent("workphotos").path
        try workspace.write("Flows/schemes/missing.yaml", scheme.replacingOccurrences(of: "app: \(app)", with: "app: /nonexistent/workphotos"))
        return workspace
    }

    @Test func runEndsEachWayByItsCause() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Passes"))
        try workspace.write("Other/fail.yaml", Self.failing)
        try workspace.write("Other/typo.yaml", Self.unreadable)

        #expect(try workspace.flow(["run", "Flows/pass.yaml"]).status == RunnerExit.passed.rawValue)
        #expect(try workspace.flow(["run", "Other/fail.yaml"]).status == RunnerExit.failed.rawValue)
        #expect(try workspace.flow(["run", "Other/typo.yaml"]).status == RunnerExit.badInput.rawValue)
        let missing = try workspace.flow(["run", "--scheme", "missing", "Flows/pass.yaml"])
        #expect(missing.status == RunnerExit.notMade.rawValue, "no app built: the run could not be made, not bad input")
        #expect(missing.stderr.contains("is not there or not executable"))
    }

    /// A report that cannot be written makes the run 3, even when a flow failed: CI did not get
    /// the results. The others are still written, and the JUnit file says the code it was for.
    @Test func aReportThatCannotBeWrittenEndsTheRunWithThreeAndTheOthersAreWritten() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Passes"))
        try workspace.write("Other/fail.yaml", Self.failing)
        try workspace.write("blocker", "a file where a folder should be")

        let passed = try workspace.flow(["run", "Flows/pass.yaml", "--junit", "out/junit.xml", "--html", "blocker/report.html"])
        #expect(passed.status == RunnerExit.notMade.rawValue, "a passing run whose HTML report was not written is not green")
        #expect(passed.stderr.contains("cannot write the HTML report blocker/report.html"))
        let junit = try workspace.read("out/junit.xml")
        #expect(junit.contains(#"<property name="exit" value="3"/>"#), "the JUnit file is written last, with the code the run ends with")

        let failed = try workspace.flow(["run", "Other/fail.yaml", "--junit", "blocker/junit.xml"])
        #expect(failed.status == RunnerExit.notMade.rawValue)

        let written = try workspace.flow(["run", "Other/fail.yaml", "--junit", "out/failed.xml"])
        #expect(written.status == RunnerExit.failed.rawValue)
        #expect(try workspace.read("out/failed.xml").contains(#"<property name="exitMeaning" value="a flow failed"#))
    }

    @Test func lintEndsWithZeroOrTwo() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Passes"))
        try workspace.write("Other/typo.yaml", Self.unreadable)
        #expect(try workspace.flow(["lint", "Flows/pass.yaml"]).status == RunnerExit.passed.rawValue)
        #expect(try workspace.flow(["lint", "Other/typo.yaml"]).status == RunnerExit.badInput.rawValue)
    }

    @Test func exploreEndsEachWayByItsCause() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let missing = try workspace.flow(["explore", "--scheme", "missing", "--out", "out"])
        #expect(missing.status == RunnerExit.notMade.rawValue, "no app built")
        #expect(try workspace.flow(["explore", "--max-actions", "0", "--out", "out"]).status == RunnerExit.badInput.rawValue)
        #expect(try workspace.flow(["explore", "--from", "Login.login", "--max-actions", "3", "--out", "out"]).status == RunnerExit.passed.rawValue)
        // A folder where the map goes: what was found did not all reach the folder.
        try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("blocked/map.json"), withIntermediateDirectories: true)
        let blocked = try workspace.flow(["explore", "--from", "Login.login", "--max-actions", "3", "--out", "blocked"])
        #expect(blocked.status == RunnerExit.notMade.rawValue, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("map.json"), "\(blocked.stderr)")
    }

    @Test func mergeEndsEachWayByItsCause() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Passes"))
        try workspace.write("Flows/fail.yaml", Self.failing)
        _ = try workspace.flow(["run", "Flows/pass.yaml", "--junit", "a/junit.xml"])
        _ = try workspace.flow(["run", "Flows/fail.yaml", "--junit", "b/junit.xml"])
        _ = try workspace.flow(["run", "Flows/pass.yaml", "--junit", "c/junit.xml"])
        try workspace.write("bad/junit.xml", "<testsuites>")

        #expect(try workspace.flow(["merge", "--junit", "m1.xml", "a/junit.xml", "b/junit.xml"]).status == RunnerExit.failed.rawValue)
        try FileManager.default.removeItem(at: workspace.folder.appendingPathComponent("Flows/fail.yaml"))
        #expect(try workspace.flow(["merge", "--junit", "m2.xml", "a/junit.xml"]).status == RunnerExit.passed.rawValue)
        #expect(try workspace.flow(["merge", "--junit", "m3.xml", "a/junit.xml", "c/junit.xml"]).status == RunnerExit.failed.rawValue, "a flow run twice")
        #expect(try workspace.flow(["merge", "--junit", "m4.xml", "bad/junit.xml"]).status == RunnerExit.badInput.rawValue)
    }

    @Test func theHelpSaysEachCodeFromOnePlace() throws {
        let help = RunnerExit.help()
        for exit in RunnerExit.allCases { #expect(help.contains("\(exit.rawValue) \(exit.meaning)")) }
        #expect(RunnerExit.help([.passed: "nothing found"], leaving: [.interrupted]) .hasPrefix("Exit codes: 0 nothing found, 1 "))
        #expect(!RunnerExit.help(leaving: [.interrupted]).contains("130"))
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        for command in ["run", "explore", "merge"] {
            let output = try workspace.flow([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(output.contains("3 \(command == "merge" ? "the merged files could not be written" : RunnerExit.notMade.meaning)"), "\(command) --help")
        }
    }
}
