import Foundation
import Testing

/// Bad input through the built `flow`: every problem located, all of them in one pass, exit 2, and
/// nothing launched. (Each message of the language is tested in process in FlowParserTests.)
@Suite(.serialized)
struct FlowBadInputTests {
    static let good = """
        name: Good
        steps:
          - Login.login
        """

    @Test func runLintAndListRefuseABadFlowWithTheSameLocatedErrorAndLaunchNothing() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/bad.yaml", "name: Bad\nsteps:\n  - tpa: Login\n")
        try workspace.write("Flows/good.yaml", Self.good)
        for command in [["run"], ["lint"], ["list"]] {
            let output = try workspace.flow(command)
            #expect(output.status == 2, "\(command)")
            #expect(output.stderr.hasPrefix(#"Flows/bad.yaml:3:5: error: unknown step "tpa" (did you mean "tap"?)"#), "\(command): \(output.stderr)")
            #expect(output.stderr.hasSuffix("\n1 error in 1 file\n"), "\(command): \(output.stderr)")
            #expect(!output.stderr.contains("flow: error:"), "a located error is printed once, as a compiler prints it")
            #expect(!output.stdout.contains("running"), "nothing is launched")
        }
    }

    @Test func threeMistakesInTwoFilesAreThreeLocatedErrorsInOneLint() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/b.yaml", "name: B\nsteps:\n  - Glance.checkCounts: {work: eight, other: 1}\n")
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - assertEnabled: {button: Login}\n  - back\n  - tap: {button: OK, in: PhotosPermision}\n")
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        let lines = output.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(lines.map { $0.split(separator: ":").prefix(3).joined(separator: ":") } == ["Flows/a.yaml:3:5", "Flows/a.yaml:5:27", "Flows/b.yaml:3:32"], "\(output.stderr)")
        #expect(lines[0].hasSuffix("assertEnabled is no longer a step: write assertVisible: {button: Login, enabled: true}"))
        #expect(lines[1].contains(#"no alert "PhotosPermision" in this app (did you mean "PhotosPermission"?)"#))
        #expect(lines[2].hasSuffix(#"Glance.checkCounts work should be a whole number, not "eight""#), "says what it wants once")
        #expect(output.stderr.hasSuffix("3 errors in 2 files\n"))
    }

    @Test func oneLintPassChecksTheGoodFlowsToo() throws {
        // A broken file does not hide the unknown variables, fixtures and alerts of the others.
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps: []\n")
        try workspace.write("Flows/b.yaml", """
            name: B
            fixture: nosuch
            onAlert: {PhotosPermission: Yes, PhotosDelete: Yes, Progress: OK}
            steps:
              - type: {textField: Username, text: "${nosuch}"}
              - seed: nosuchtoo
            """)
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        let located = output.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0.split(separator: ":").prefix(3).joined(separator: ":") }
        #expect(located == ["Flows/a.yaml:2:8", "Flows/b.yaml:2:10", "Flows/b.yaml:3:29", "Flows/b.yaml:3:48", "Flows/b.yaml:3:63",
                            "Flows/b.yaml:5:39", "Flows/b.yaml:6:5"], "\(output.stderr)")
        #expect(output.stderr.hasSuffix("7 errors in 2 files\n"))
    }

    @Test func aSecretWrittenInABadStepIsNeverShownAndTheCaretStaysPut() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", """
            name: A
            steps:
              - Login.typePassword: {password: hunter2, extra: 1}
              - type: {secureTextField: Password, text: swordfish, txet: 2}
              - Glance.checkCounts: {work: 1234, other: x}
            """)
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        #expect(!output.stderr.contains("hunter2") && !output.stderr.contains("swordfish") && !output.stderr.contains("1234"), "\(output.stderr)")
        // test.password is 1234 in the scheme: the caret under "x" stays under "x" once it is masked.
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("Flows/a.yaml:5:") })
        let caret = try #require(Array(lines[index + 2]).firstIndex(of: "^"))
        #expect(Array(lines[index + 1])[caret] == "x", "\(lines[index + 1]) / \(lines[index + 2])")
    }

    @Test func aHugeFlowFileIsRefusedUnread() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/huge.yaml", "name: Huge\nsteps:\n" + String(repeating: "  - back\n", count: 150_000))
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("Flows/huge.yaml:1:1: error: the flow is 1350018 bytes, over the limit of 1048576: split it with runFlow"))
    }

    @Test func aRunFlowCycleIsNamed() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - runFlow: b.yaml\n")
        try workspace.write("Flows/b.yaml", "name: B\nsteps:\n  - runFlow: {file: a.yaml}\n")
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("Flows/b.yaml:3:21: error: runFlow makes a cycle: a.yaml → b.yaml → a.yaml"), "\(output.stderr)")
    }

    @Test(arguments: [
        (["run", "--shard", "3/2"], "--shard 3/2: expected I/N with 1 ≤ I ≤ N, such as 1/2"),
        (["run", "--shard", "x"], "--shard x: expected I/N"),
        (["run", "--jobs", "0"], "--jobs 0: give at least 1"),
        (["run", "--repeat", "0"], "--repeat 0: give 1 to 100000"),
        (["run", "--timeout=-1"], "--timeout -1.0: give a number of seconds above 0"),
        (["run", "--var", "novalue"], "--var novalue: expected name=value"),
        (["run", "--scheme", "defualt"], #"no scheme "defualt": there is no Flows/schemes/defualt.yaml (did you mean "default"?); schemes: default"#),
        (["run", "Flows/nowhere"], "flow: error: there is no flow file or folder Flows/nowhere"),
        (["run", "-test.user"], "-test.user needs a value: -test.user VALUE"),
        (["rnu"], "flow: error: unknown command \"rnu\" (did you mean run?)"),
        (["lnit", "Flows"], "flow: error: unknown command \"lnit\" (did you mean lint?)"),
    ])
    func aBadOptionIsNamedWithCodeTwo(arguments: [String], message: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/good.yaml", Self.good)
        let output = try workspace.flow(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(!output.stdout.contains("running"))
    }

    @Test func aMissingAppNamesTheCommandItsSchemeSaysBuildsIt() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/good.yaml", Self.good)
        let scheme = try workspace.read("Flows/schemes/default.yaml")
            .replacingOccurrences(of: FlowWorkspace.binaries.appendingPathComponent("workphotos").path, with: "/nonexistent/workphotos")
        try workspace.write("Flows/schemes/nobuild.yaml", scheme)
        try workspace.write("Flows/schemes/fast.yaml", scheme + "\nbuild: make testing-app\n")
        let fast = try workspace.flow(["run", "--scheme", "fast"])
        #expect(fast.status == 3, "no app built: the run could not be made")
        #expect(fast.stderr.contains("the app /nonexistent/workphotos (scheme fast) is not there or not executable: build it first with make testing-app"), "\(fast.stderr)")
        let plain = try workspace.flow(["run", "--scheme", "nobuild"])
        #expect(plain.status == 3)
        #expect(plain.stderr.contains("build it first with swift build (make flows does)"), "\(plain.stderr)")
    }

    @Test func theHelpSaysEachThingOnce() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        // Help is wrapped to the terminal's width: read it as one line of words.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let help = words(try workspace.flow(["run", "--help"]).stdout)
        let jobs = try #require(help.range(of: "--jobs").map { help[$0.lowerBound...].prefix { $0 != "\u{1}" } }?.components(separatedBy: "--shard").first)
        #expect(jobs.components(separatedBy: "default").count == 2, "the default is said once: \(jobs)")
        #expect(help.contains("-name value pairs (flow run -account.email alice"), "the runner's own variables are in the help")
        #expect(help.contains("130 interrupted by Ctrl-C"), "the exit code of Ctrl-C is documented")
        #expect(words(try workspace.flow(["--help"]).stdout).contains("130 interrupted"))
    }

    @Test func aLintErrorNeverShowsASecretFromAFlowOrAPrivateScheme() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        // The scheme's test.password is 1234: a flow that writes it out, on a line with a mistake.
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - Login.login: {password: \"1234\", usr: x}\n")
        let flow = try workspace.flow(["lint"])
        #expect(flow.status == 2)
        #expect(flow.stderr.contains(#"Login.login has no parameter "usr""#) && flow.stderr.contains("••••••••"), "\(flow.stderr)")
        #expect(!flow.stderr.contains("1234"))
        // A private scheme is read before its secrets are known: a line that may hold one is not quoted.
        try workspace.write("Flows/schemes/default.private.yaml", "variables: {test.password: {secret: \"hunter2\"}, x: [1]}\n")
        let scheme = try workspace.flow(["lint"])
        #expect(scheme.status == 2)
        #expect(scheme.stderr.contains("Flows/schemes/default.private.yaml:1:52: error: variable x should be text"), "\(scheme.stderr)")
        #expect(!scheme.stderr.contains("hunter2"))
    }

    @Test func aBadSchemeIsALocatedError() throws {
        let workspace = try FlowWorkspace(scheme: "argumnets: [-x, y]")
        defer { workspace.remove() }
        try workspace.write("Flows/good.yaml", Self.good)
        let output = try workspace.flow(["run"])
        #expect(output.status == 2)
        #expect(output.stderr.contains(#"Flows/schemes/default.yaml:10:1: error: unknown key "argumnets" in the scheme (did you mean "arguments"?)"#), "\(output.stderr)")
    }

    @Test func anUnknownFixtureIsALintErrorAndStopsTheRunBeforeAnyFlow() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/good.yaml", "fixture: defualt\n" + Self.good)
        for command in ["lint", "run"] {
            let output = try workspace.flow([command])
            #expect(output.status == 2)
            #expect(output.stderr.contains(#"Flows/good.yaml:1:10: error: fixture "defualt" is not in"#) && output.stderr.contains(#"(did you mean "default"?)"#), "\(output.stderr)")
            #expect(!output.stdout.contains("running"))
        }
    }
}
