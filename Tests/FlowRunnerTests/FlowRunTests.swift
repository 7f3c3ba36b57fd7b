import Console
import FlowRunner
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `flow run` as a tester uses it: output, exit codes, isolation, shards, reports, secrets.
@Suite(.serialized)
struct FlowRunTests {
    @Test func aPassingAndAFailingFlowArePrintedWithTheFailureLocatedAndExitOne() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Passes"))
        try workspace.write("Flows/fail.yaml", """
            name: Fails
            steps:
              - Login.attemptLogin: {password: "9999"}
              - Login.checkResult: {text: Welcome}
              - back
            """)

        let output = try workspace.flow(["run", "--jobs", "1"])

        #expect(output.status == 1)
        #expect(output.stdout.contains("seeded default once for this run"))
        #expect(output.flowLines.map(\.name).sorted() == ["Fails", "Passes"])
        #expect(output.stdout.contains("""
            Flows/fail.yaml:4:5: error: Login.checkResult: check that static text "results" has label "Welcome" failed: static text "results" has label "Login failed", expected "Welcome"
            """))
        #expect(output.stdout.contains("The screen was:\n── Login ─"))
        #expect(output.stdout.contains("workphotos: login: sign-in failed for test: invalid credentials"), "the app's standard error")
        #expect(output.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    /// A launch the app refuses is said at the flow's `launch:` (else at the step the launch was
    /// for), not at the flow's first line.
    @Test func aLaunchThatFailsIsLocatedAtTheFlowsLaunchOrItsFirstStep() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/launch.yaml", """
            name: Unknown key
            tags: [smoke]
            launch:
              defaults: {nosuch.key: "1"}
            steps:
              - Login.checkLoginScreen
            """)
        try workspace.write("Flows/plain.yaml", "name: Plain\n\nsteps:\n  - Login.checkLoginScreen\n")
        let scheme = try String(contentsOf: workspace.folder.appendingPathComponent("Flows/schemes/default.yaml"), encoding: .utf8)
        try workspace.write("Flows/schemes/unknown.yaml", scheme.replacingOccurrences(of: "model.user: test,", with: "nosuch.key: x, model.user: test,"))

        let output = try workspace.flow(["run", "Flows/launch.yaml"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("Flows/launch.yaml:3:1: error: launch: launch failed: the app exited with code 2"))
        #expect(output.stdout.contains("unknown launch argument -nosuch.key"))

        let plain = try workspace.flow(["run", "--scheme", "unknown", "Flows/plain.yaml"])
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("Flows/plain.yaml:4:5: error: launch: launch failed: the app exited with code 2"), "at the step the launch was for")
    }

    @Test func aStepInsideARunFlowSaysWhichRunFlowLedThere() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/common/check.yaml", "name: Check\nsteps:\n  - assertVisible: {button: Nope}\n")
        try workspace.write("Flows/main.yaml", "name: Main\nsteps:\n  - Login.checkLoginScreen\n  - runFlow: common/check.yaml\n")
        let output = try workspace.flow(["run", "Flows/main.yaml"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("Flows/common/check.yaml:3:5: error: assertVisible: check that button \"Nope\" is visible failed: no button \"Nope\" on the idle screen"))
        #expect(output.stdout.contains("Flows/main.yaml:4:5: note: in runFlow"))
    }

    @Test func twoShardsTogetherRunEveryFlowExactlyOnce() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let names = (1...6).map { "Flow \($0)" }
        for (index, name) in names.enumerated() { try workspace.write("Flows/f\(index).yaml", "name: \(name)\nsteps:\n  - Login.checkLoginScreen\n") }

        let first = try workspace.flow(["run", "--shard", "1/2"]).flowLines.map(\.name)
        let second = try workspace.flow(["run", "--shard", "2/2"]).flowLines.map(\.name)

        #expect(Set(first).isDisjoint(with: second))
        #expect((first + second).sorted() == names)
        #expect(!first.isEmpty && !second.isEmpty, "six flows split both ways")
    }

    @Test func parallelJobsNeverShareAStore() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        // Each flow answers the permission alert, which writes to its store. Had two flows shared a
        // store, or a store been reused, a later flow would find no alert and fail.
        for index in 1...6 { try workspace.write("Flows/f\(index).yaml", FlowWorkspace.passing("Flow \(index)")) }
        let output = try workspace.flow(["run", "--jobs", "2", "--repeat", "2"])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("running 12 flows with 2 jobs"))
        #expect(output.stdout.hasSuffix("12 passed, 0 failed\n"))
    }

    @Test func junitHasATestcasePerFlowAndTheFailingScreen() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Passes & <quotes> \"too\""))
        try workspace.write("Flows/fail.yaml", "name: Fails\nsteps:\n  - tap: Logn\n")
        let output = try workspace.flow(["run", "--junit", "junit.xml", "--report", "report"])
        #expect(output.status == 1)

        let document = try XMLDocument(data: Data(try workspace.read("junit.xml").utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 2)
        let names = cases.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }.sorted()
        #expect(names == ["Fails", "Passes & <quotes> \"too\""])
        for element in cases.compactMap({ $0 as? XMLElement }) {
            #expect(Double(element.attribute(forName: "time")?.stringValue ?? "") != nil)
        }
        let failure = try #require(try document.nodes(forXPath: "//testcase[@name='Fails']/failure").first)
        #expect(failure.stringValue?.contains("── Login ─") == true, "the screen is inside")
        #expect(failure.stringValue?.contains(#"did you mean "Login"?"#) == true)

        let report = try workspace.read("report/Flows_fail.txt")
        #expect(report.contains("FAILED  Flows/fail.yaml:3:5  tap"))
        #expect(report.contains("── Login ─"))
        #expect(try workspace.read("report/Flows_pass.txt").contains("PASSED  Flows/pass.yaml:6:5  answerAlert"))
    }

    @Test func aSecretVariableIsInNoByteOfTheOutputTheJUnitOrTheReport() throws {
        let secret = "s3cr3t-Pa55"
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/leak.yaml", """
            name: Tries to leak
            steps:
              - type: {textField: Username, text: "${test.password}"}
              - Login.typePassword: {password: "${test.password}"}
              - assertVisible: {staticText: results, label: "${test.password}"}
            """)
        let output = try workspace.flow(["run", "--junit", "junit.xml", "--report", "report", "-test.password", secret])
        #expect(output.status == 1)
        #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret))
        #expect(!(try workspace.read("junit.xml")).contains(secret))
        #expect(!(try workspace.read("report/Flows_leak.txt")).contains(secret))
        #expect(output.stdout.contains("••••••••"), "masked, so a reader sees where it was")
    }

    @Test func variablesComeFromTheSchemeThenTheRunnersOwnLaunchDefaultsThenVar() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/who.yaml", "name: Who\nsteps:\n  - type: {textField: Username, text: \"${who}\"}\n  - assertVisible: {textField: Username, value: alice}\n")
        #expect(try workspace.flow(["run", "-who", "alice"]).status == 0)
        #expect(try workspace.flow(["run", "--var", "who=alice"]).status == 0)
        #expect(try workspace.flow(["run", "-who", "bob", "--var", "who=alice"]).status == 0, "--var wins")
        let missing = try workspace.flow(["run"])
        #expect(missing.status == 2)
    }

    @Test func repeatListsEveryFlowThatEverFailed() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/fail.yaml", "name: Fails\nsteps:\n  - tap: Nope\n")
        try workspace.write("Flows/pass.yaml", "name: Passes\nsteps:\n  - Login.checkLoginScreen\n")
        let output = try workspace.flow(["run", "--repeat", "3"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("flows that failed at least once: Flows/fail.yaml\n"))
        #expect(output.stdout.hasSuffix("3 passed, 3 failed\n"))
        #expect(output.stdout.contains("FAIL  Fails #3  Flows/fail.yaml"))
    }

    @Test func listAndTagsSelectFlows() throws {
        let workspace = try FlowWorkspace(scheme: "tags: {exclude: [slow]}")
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\ntags: [smoke]\nsteps:\n  - back\n")
        try workspace.write("Flows/b.yaml", "name: B\ntags: [slow]\nsteps:\n  - back\n")
        try workspace.write("Flows/c.yaml", "name: C\nsteps:\n  - back\n")
        #expect(try workspace.flow(["list"]).stdout == "A\t[smoke]\tFlows/a.yaml\nC\t[]\tFlows/c.yaml\n")
        #expect(try workspace.flow(["list", "--include-tags", "slow"]).stdout == "B\t[slow]\tFlows/b.yaml\n")
        #expect(try workspace.flow(["list", "--exclude-tags", "smoke"]).stdout == "B\t[slow]\tFlows/b.yaml\nC\t[]\tFlows/c.yaml\n")
        #expect(try workspace.flow(["lint"]).stdout == "2 flows OK (scheme default)\n")
        #expect(try workspace.flow(["list", "--include-tags", "smoke,slow"]).stdout == "A\t[smoke]\tFlows/a.yaml\nB\t[slow]\tFlows/b.yaml\n",
                "a comma list, as Maestro spells it")
    }

    @Test(arguments: [["run", "--include-tags", "nosuch"], ["run", "--include-tags", "smoke,nosuch", "--exclude-tags", "smoke"], ["lint", "--include-tags", "smok"]])
    func aSelectionOfNothingIsAnErrorThatNamesTheTags(arguments: [String]) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\ntags: [smoke, login]\nsteps:\n  - back\n")
        let output = try workspace.flow(arguments)
        #expect(output.status == 2, "never green on nothing")
        #expect(!output.stdout.contains("running"), "nothing is launched")
        #expect(output.stderr.contains("selected none of the 1 flow under Flows"), "\(output.stderr)")
        #expect(output.stderr.contains("tags: login, smoke"), "\(output.stderr)")
        if arguments.contains("smok") { #expect(output.stderr.contains(#"no flow has the tag "smok" (did you mean "smoke"?)"#)) }
        #expect(!output.stdout.contains("0 passed, 0 failed"))
    }

    @Test func anEmptyTagKeepsTheSchemesFiltersAndTheRunSaysWhatItLeftOut() throws {
        let workspace = try FlowWorkspace(scheme: "tags: {exclude: [slow]}")
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - Login.checkLoginScreen\n")
        try workspace.write("Flows/b.yaml", "name: B\ntags: [slow]\nsteps:\n  - tap: Nope\n")
        let output = try workspace.flow(["run", "--include-tags", ""])
        #expect(output.status == 0, "an empty tag is no filter: the scheme's exclude still holds")
        #expect(output.stdout.contains("running 1 flow with 1 job, scheme default, 1 left out by tags (exclude slow)"), "\(output.stdout)")
    }

    /// A run on a scheme file merged over the shared scheme (the guide's broken build) says so in
    /// its header: "scheme default" alone would name a scheme whose app did not run.
    @Test func theHeaderNamesEverySchemeFileMergedOverTheSharedOne() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - Login.checkLoginScreen\n")
        try workspace.write("broken/scheme.yaml", "defaults: {drive.delay: \"0\"}\n")
        let merged = try workspace.flow(["run", "--scheme-file", "broken/scheme.yaml"])
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stdout.contains("running 1 flow with 1 job, scheme default + broken/scheme.yaml\n"), "\(merged.stdout)")
        #expect(try workspace.flow(["lint", "--scheme-file", "broken/scheme.yaml"]).stdout == "1 flow OK (scheme default + broken/scheme.yaml)\n")
        try workspace.write("Flows/schemes/default.private.yaml", "variables: {test.user: test}\n")
        let both = try workspace.flow(["lint", "--scheme-file", "broken/scheme.yaml"])
        #expect(both.stdout == "1 flow OK (scheme default + Flows/schemes/default.private.yaml + broken/scheme.yaml)\n", "\(both.stdout)")
        #expect(try workspace.flow(["run"]).stdout.contains("scheme default + Flows/schemes/default.private.yaml\n"))
    }

    @Test func allowEmptyMakesAnEmptySelectionASuccess() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\ntags: [smoke]\nsteps:\n  - back\n")
        let output = try workspace.flow(["run", "--include-tags", "nosuch", "--allow-empty"])
        #expect(output.status == 0)
        #expect(output.stdout.hasSuffix("0 passed, 0 failed\n"))
    }

    @Test func loginOnAnOfflineAppFailsTheFlowWithTheOfflineMessage() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/offline.yaml", "name: Offline\nlaunch:\n  defaults: {model.offline: \"YES\"}\nsteps:\n  - Login.login\n")
        let output = try workspace.flow(["run"])
        #expect(output.status == 1, "a flow whose last step is Login.login must not pass on an offline app")
        #expect(output.stdout.contains(#"Flows/offline.yaml:5:5: error: Login.login: arrive on the Glance screen ("At a glance") failed: the screen is "Login", not "At a glance""#), "\(output.stdout)")
        #expect(output.stdout.contains("You are offline. Check your connection and try again."), "the screen shows why")
        #expect(output.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func aCellIsFoundByTheRowTextTheScreenShows() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/row.yaml", """
            name: Row
            onAlert: {PhotosPermission: OK}
            steps:
              - Login.login
              - Glance.reviewWorkPhotos
              - assertVisible: {cell: "Mon 1 Jun 2026, 09:05  Office"}
              - tap: "Mon 1 Jun 2026, 09:05  Office"
              - PhotoDetail.checkPhoto: {date: "Mon 1 Jun 2026, 09:05", place: Office}
            """)
        try workspace.write("Flows/wrong-row.yaml", """
            name: Wrong row
            onAlert: {PhotosPermission: OK}
            steps:
              - Login.login
              - Glance.reviewWorkPhotos
              - assertVisible: {cell: "Mon 1 Jun 2026, 09:05  Home"}
            """)
        let output = try workspace.flow(["run", "--jobs", "1"])
        #expect(output.flowLines.map(\.passed) == [true, false] || output.flowLines.map(\.passed) == [false, true])
        #expect(output.flowLines.first { $0.name == "Row" }?.passed == true, "\(output.stdout)")
        #expect(output.flowLines.first { $0.name == "Wrong row" }?.passed == false, "a row that is not on the screen fails")
    }

    @Test func ctrlCEndsEveryAppAndPrintsTheTallySoFar() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        for index in 1...4 {
            try workspace.write("Flows/long\(index).yaml", """
                name: Long \(index)
                steps:
                  - repeat:
                      times: 10000
                      steps:
                        - type: {textField: Username, text: x}
                """)
        }
        let process = Process()
        process.executableURL = FlowWorkspace.binaries.appendingPathComponent("flow")
        process.arguments = ["run", "--jobs", "2", "--junit", "junit.xml", "--report", "report", "--html", "run.html"]
        process.currentDirectoryURL = workspace.folder
        // A JUnit file from an earlier run must not survive as this run's.
        try workspace.write("junit.xml", "<stale/>")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = LineWaiter(output.fileHandleForReading)
        try #require(reader.wait(for: "running 4 flows"))
        // Both jobs have an app running and the next flow's app started ahead: four in all.
        let runFolder = "flow-run-\(process.processIdentifier)-"
        try #require(reader.untilTrue { Self.apps(matching: runFolder).count == 4 })

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()

        #expect(process.terminationStatus == 130)
        let text = reader.rest()
        #expect(text.contains("interrupted: every app was ended"))
        #expect(text.contains("0 passed, 0 failed, 4 not run (interrupted)\n"), "\(text)")
        let junit = try workspace.read("junit.xml")
        #expect(!junit.contains("stale") && junit.contains(#"tests="0""#), "the JUnit file says what this run finished: \(junit)")
        // Every report says the same of the flows the run did not finish, and none calls them skipped.
        #expect(junit.contains(#"<property name="interrupted" value="4 not run (interrupted)"/>"#), "\(junit)")
        #expect((1...4).allSatisfy { junit.contains(#"<property name="notRun" value="Flows/long\#($0).yaml"/>"#) }, "\(junit)")
        for index in 1...4 {
            #expect(try workspace.read("report/Flows_long\(index).txt") == "NOT RUN (interrupted)  Long \(index)  Flows/long\(index).yaml\n")
        }
        let html = try workspace.read("run.html")
        #expect(html.contains("<h1>Flow run: 0 passed, 0 failed, 4 not run (interrupted)</h1>"))
        let words = html.components(separatedBy: "</style>").last ?? ""  // the style names a skipped step's look
        #expect(!words.lowercased().contains("skip") && !junit.replacingOccurrences(of: #"skipped="0""#, with: "").lowercased().contains("skip"))
        #expect(Self.apps(matching: runFolder).isEmpty, "no app is left behind")
        #expect(Self.runFolders(of: process.processIdentifier).isEmpty, "the run's folder is removed")
    }

    @Test(arguments: [["--version"], ["run", "--version"], ["lint", "--version"]])
    func versionPrintsTheRunnersVersionAndLaunchesNothing(arguments: [String]) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Passes"))
        let output = try workspace.flow(arguments)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == FlowRunnerVersion.current + "\n")
        #expect(output.stderr.isEmpty)
    }

    @Test func aRunLeavesNoFolderBehind() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", "name: Passes\nsteps:\n  - Login.checkLoginScreen\n")
        let process = Process()
        process.executableURL = FlowWorkspace.binaries.appendingPathComponent("flow")
        process.arguments = ["run"]
        process.currentDirectoryURL = workspace.folder
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Self.runFolders(of: process.processIdentifier).isEmpty)
    }

    static func runFolders(of pid: Int32) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? [])
            .filter { $0.hasPrefix("flow-run-\(pid)-") }
    }

    /// The `workphotos` processes whose command line contains `text`.
    static func apps(matching text: String) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let line = String(decoding: data, as: UTF8.self)
            return line.contains("workphotos") && line.contains(text) && !line.contains("flow-tests")
                || line.contains("workphotos\u{0}") && line.contains(text)
        }
    }
}

/// Reads a child's output until a text appears (bounded by a safety deadline, no sleeping).
final class LineWaiter {
    private let handle: FileHandle
    private var text = ""

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func wait(for needle: String, seconds: Double = 20) -> Bool {
        untilTrue(seconds: seconds) { self.text.contains(needle) }
    }

    /// Reads what arrives until `condition` holds; polls only the pipe, with a deadline.
    func untilTrue(seconds: Double = 20, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 50) > 0 {
                let data = handle.availableData
                if data.isEmpty { return condition() }
                text += String(decoding: data, as: UTF8.self)
            }
        }
        return true
    }

    func rest() -> String {
        text += String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        return text
    }
}
