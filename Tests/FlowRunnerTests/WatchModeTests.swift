import FlowRunner
import Foundation
import Testing
import WorkPhotosRobots

/// `flow run --watch`: which flows a change affects (in process), and the watch itself, through
/// the built `flow` driven as a child process with pipes (no sleeps: it reads until a line comes,
/// with a deadline as a safety net).
@Suite(.serialized)
struct WatchModeTests {
    // MARK: - Which flows a change affects

    /// Flows/a.yaml includes common/c.yaml; Flows/b.yaml includes a.yaml (so c.yaml indirectly);
    /// d.yaml seeds `large`; e.yaml has a `seed: large` step inside a repeat; c.yaml is a flow too.
    private func makeSuite() throws -> (folder: URL, suite: FlowSuite, targets: WatchTargets) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flow-tests-watch-\(UUID().uuidString)")
        let files = [
            "Flows/a.yaml": "name: A\nsteps:\n  - runFlow: common/c.yaml\n",
            "Flows/b.yaml": "name: B\nsteps:\n  - runFlow: a.yaml\n  - back\n",
            "Flows/common/c.yaml": "name: C\nsteps:\n  - Login.checkLoginScreen\n",
            "Flows/d.yaml": "name: D\nfixture: large\nsteps:\n  - Login.checkLoginScreen\n",
            "Flows/e.yaml": "name: E\nsteps:\n  - repeat: {times: 1, steps: [{seed: large}]}\n  - relaunch\n",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let suite = try FlowSuite.load([folder.appendingPathComponent("Flows").path], catalog: WorkPhotosCatalog.catalog)
        let targets = WatchTargets(
            flowRoots: [folder.appendingPathComponent("Flows").path],
            schemeFiles: [folder.appendingPathComponent("Flows/schemes/default.yaml").path],
            seeds: folder.appendingPathComponent("Seeds").path, app: folder.appendingPathComponent("bin/app").path,
            seeder: folder.appendingPathComponent("bin/seed").path
        )
        return (folder, suite, targets)
    }

    /// The plan for `paths` changing (as `kind`), after a round that ran every flow of `suite`.
    private func plan(_ paths: [String], kind: FileWatcher.Event.Kind = .written, in folder: URL, suite: FlowSuite,
                      targets: WatchTargets) -> (recorded: [Bool], plan: WatchPlan) {
        var changes = WatchPlan.Changes()
        let recorded = paths.map { targets.record(folder.appendingPathComponent($0).path, kind: kind, into: &changes) }
        let known = Set(suite.flows.map { WatchPlan.key($0.file) })
        return (recorded, WatchPlan.affected(by: changes, in: suite, seeded: Set(suite.fixtures), known: known))
    }

    private func names(_ plan: WatchPlan) -> [String] { plan.flows.map(\.name) }

    @Test func anEditedFlowRunsItselfAlone() throws {
        let (folder, suite, targets) = try makeSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recorded, plan) = plan(["Flows/d.yaml"], in: folder, suite: suite, targets: targets)
        #expect(recorded == [true])
        #expect(names(plan) == ["D"])
        #expect(plan.fixtures.isEmpty, "nothing to seed again")
    }

    @Test func anEditedIncludedFlowRunsEveryFlowThatIncludesItDirectlyOrNot() throws {
        let (folder, suite, targets) = try makeSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(names(plan(["Flows/common/c.yaml"], in: folder, suite: suite, targets: targets).plan) == ["A", "B", "C"])
        #expect(names(plan(["Flows/a.yaml"], in: folder, suite: suite, targets: targets).plan) == ["A", "B"])
        #expect(WatchPlan.files(of: try #require(suite.flows.first { $0.name == "B" })).map { URL(fileURLWithPath: $0).lastPathComponent }.sorted()
                == ["a.yaml", "b.yaml", "c.yaml"])
    }

    @Test func anEditedFixtureIsSeededAgainAndRunsTheFlowsThatSeedIt() throws {
        let (folder, suite, targets) = try makeSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = plan(["Seeds/large.yaml"], in: folder, suite: suite, targets: targets).plan
        #expect(large.fixtures == ["large"])
        #expect(names(large) == ["D", "E"], "its fixture, and a literal seed step inside a repeat")
        let fallback = plan(["Seeds/default.yaml"], in: folder, suite: suite, targets: targets).plan
        #expect(fallback.fixtures == ["default"])
        #expect(names(fallback) == ["A", "B", "C", "E"], "a flow that names no fixture seeds default")
        let unused = plan(["Seeds/unused.yaml"], in: folder, suite: suite, targets: targets)
        #expect(unused.recorded == [true])
        #expect(unused.plan.flows.isEmpty && unused.plan.fixtures.isEmpty)
    }

    @Test func theSchemeOrTheSeederRunsAllAndSeedsAllAndTheAppRunsAllOnceWhole() throws {
        let (folder, suite, targets) = try makeSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        for changed in ["Flows/schemes/default.yaml", "bin/seed"] {
            let scheme = plan([changed], in: folder, suite: suite, targets: targets).plan
            #expect(names(scheme) == ["A", "B", "C", "D", "E"], "\(changed)")
            #expect(Set(scheme.fixtures) == ["default", "large"], "\(changed)")
        }
        let app = plan(["bin/app"], in: folder, suite: suite, targets: targets).plan
        #expect(names(app) == ["A", "B", "C", "D", "E"])
        #expect(app.fixtures.isEmpty, "the app changing seeds nothing again")
        let linking = plan(["bin/app"], kind: .removed, in: folder, suite: suite, targets: targets)
        #expect(linking.recorded == [false], "an app being replaced counts once the new one is whole")
    }

    @Test func aNewFlowRunsAndAFileThatIsNoFlowIsIgnored() throws {
        let (folder, suite, targets) = try makeSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ignored = plan(["Flows/.a.yaml.swp", "Flows/a.yaml~", "Flows/notes.txt", "Flows/schemes/other.yaml", "Flows/x.private.yaml",
                            "Seeds/.hidden.yaml", "bin/other", "elsewhere.yaml"], in: folder, suite: suite, targets: targets)
        #expect(ignored.recorded.allSatisfy { !$0 })
        #expect(ignored.plan.flows.isEmpty)
        // The round before knew every flow but D: D is new, and runs although nothing recorded it.
        let known = Set(suite.flows.filter { $0.name != "D" }.map { WatchPlan.key($0.file) })
        let plan = WatchPlan.affected(by: WatchPlan.Changes(), in: suite, seeded: Set(suite.fixtures), known: known)
        #expect(names(plan) == ["D"])
        // A folder of flows moved in runs the flows under it.
        var changes = WatchPlan.Changes()
        #expect(targets.record(folder.appendingPathComponent("Flows/common").path, kind: .written, isDirectory: true, into: &changes))
        #expect(names(WatchPlan.affected(by: changes, in: suite, seeded: Set(suite.fixtures), known: Set(suite.flows.map { WatchPlan.key($0.file) })))
                == ["A", "B", "C"])
    }

    @Test func theWatchedDirectoriesAreTheFlowFoldersTheSchemesTheSeedsAndTheBinaries() throws {
        let (folder, _, targets) = try makeSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["Flows/schemes", "Seeds", "bin", "Flows/.git"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        let directories = Set(targets.directories().map { String($0.dropFirst(WatchPlan.key(folder.path).count)) })
        #expect(directories == ["/Flows", "/Flows/common", "/Flows/schemes", "/Seeds", "/bin"], "no hidden folder")
    }

    @Test func theWatcherSeesAFileReplacedByRenameAndADeletion() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flow-tests-watcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = try FileWatcher()
        #expect(watcher.watch(WatchPlan.key(folder.path)))
        #expect(!watcher.watch(folder.appendingPathComponent("missing").path))
        #expect(watcher.read().isEmpty, "nothing happened yet, and read does not block")
        let file = WatchPlan.key(folder.appendingPathComponent("f.yaml").path)
        // Every event is queued by the time the call that made it returned.
        func events() -> [FileWatcher.Event.Kind] { watcher.read().filter { $0.path == file }.map(\.kind) }
        try "one".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(events() == [.written], "written aside and renamed over (then closed): one version, one event")
        try "two".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(events() == [.written], "written in place, in the same clock tick perhaps, but not the same text")
        try "two".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(events().isEmpty, "saved again unchanged")
        try FileManager.default.removeItem(atPath: file)
        #expect(events() == [.removed])
    }

    // MARK: - The watch, through the CLI

    @Test func aWatchRunsAgainOnlyWhatAnEditAFixtureOrEnterAffectsSurvivesALintErrorAndQuitsOnQ() throws {
        let workspace = try Self.workspaceWithSeeds()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - Login.checkLoginScreen\n")
        try workspace.write("Flows/b.yaml", "name: B\nsteps:\n  - Login.checkLoginScreen\n")
        try workspace.write("Flows/tiny.yaml", """
            name: Tiny
            fixture: tiny
            steps:
              - Login.login
              - Glance.checkCounts: {work: 1, other: 0}
            """)
        let watch = try WatchProcess(workspace, ["run", "--watch", "--jobs", "2"])
        defer { watch.end() }

        var round = try watch.round(until: "watching 3 flows (Enter re-runs all, q quits)")
        #expect(round.contains("running 3 flows with 2 jobs, scheme default"), "the first round is flow run's")
        #expect(round.contains("seeded tiny once for this run"))
        #expect(Self.flowLines(round).sorted { $0.name < $1.name }.map(\.name) == ["A", "B", "Tiny"])
        #expect(round.contains("3 passed, 0 failed\n"), "\(round)")

        // A flow rewritten: it alone runs.
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - Login.checkLoginScreen\n  - Login.checkLoginEnabled: {enabled: false}\n")
        round = try watch.round(until: "watching 3 flows")
        #expect(round.hasPrefix("changed: Flows/a.yaml → running 1 flow\n"), "\(round)")
        #expect(Self.flowLines(round).map(\.name) == ["A"])
        #expect(round.contains("1 passed, 0 failed\n"))

        // The fixture gets a second work photo: seeded again, and the flow that uses it (alone)
        // now sees two, so it fails: the new store is the one it ran on.
        try workspace.write("Seeds/tiny.yaml", Self.tinyFixture(photos: 2))
        round = try watch.round(until: "watching 3 flows")
        #expect(round.hasPrefix("changed: Seeds/tiny.yaml → running 1 flow\n"), "\(round)")
        #expect(round.contains("seeded tiny once for this run"))
        #expect(Self.flowLines(round).map(\.name) == ["Tiny"])
        #expect(Self.flowLines(round).first?.passed == false)
        #expect(round.contains("0 passed, 1 failed\n"))

        // A flow made invalid: the lint error, and the watch goes on, running nothing.
        try workspace.write("Flows/b.yaml", "name: B\nsteps:\n  - tpa: Login\n")
        round = try watch.round(until: "watching 3 flows")
        #expect(round.contains(#"Flows/b.yaml:3:5: error: unknown step "tpa" (did you mean "tap"?)"#), "\(round)")
        #expect(round.contains("1 error in 1 file\n"))
        #expect(Self.flowLines(round).isEmpty)
        #expect(!round.contains("passed"))

        // Fixed: it runs.
        try workspace.write("Flows/b.yaml", "name: B\nsteps:\n  - assertVisible: {button: Login, enabled: false}\n")
        round = try watch.round(until: "watching 3 flows")
        #expect(round.hasPrefix("changed: Flows/b.yaml → running 1 flow\n"), "\(round)")
        #expect(Self.flowLines(round).map(\.name) == ["B"])

        // Enter: every flow.
        try watch.send("\n")
        round = try watch.round(until: "watching 3 flows")
        #expect(round.hasPrefix("Enter → running 3 flows\n"), "\(round)")
        #expect(Self.flowLines(round).map(\.name).sorted() == ["A", "B", "Tiny"])
        #expect(round.contains("2 passed, 1 failed\n"))

        try watch.send("q\n")
        let status = try watch.exit()
        #expect(status == 0)
        #expect(FlowRunTests.apps(matching: "flow-run-\(watch.pid)-").isEmpty, "no app is left behind")
        #expect(FlowRunTests.runFolders(of: watch.pid).isEmpty, "the run's folder is removed")
    }

    @Test func theEndOfInputLeavesTheWatchOnANewFlowRunsAndCtrlCEndsItsAppWith130() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - Login.checkLoginScreen\n")
        let watch = try WatchProcess(workspace, ["run", "--watch"], input: false)
        defer { watch.end() }
        _ = try watch.round(until: "watching 1 flow (Enter re-runs all, q quits)")

        // Standard input is /dev/null, at its end already: the watch goes on, and sees a new flow.
        try workspace.write("Flows/long.yaml", """
            name: Long
            steps:
              - repeat:
                  times: 10000
                  steps:
                    - type: {textField: Username, text: x}
            """)
        try watch.output.wait(for: "changed: Flows/long.yaml → running 1 flow\n")
        let runFolder = "flow-run-\(watch.pid)-"
        try #require(watch.output.until { FlowRunTests.apps(matching: runFolder).count == 1 }, "the new flow's app is running")

        kill(watch.pid, SIGINT)
        let status = try watch.exit()
        #expect(status == 130)
        let round = watch.output.since(watch.output.mark)
        #expect(round.contains("interrupted: every app was ended\n0 passed, 0 failed, 1 not run (interrupted)\n"), "\(round)")
        #expect(FlowRunTests.apps(matching: runFolder).isEmpty, "no app is left behind")
        #expect(FlowRunTests.runFolders(of: watch.pid).isEmpty, "the run's folder is removed")
    }

    @Test(arguments: [["--repeat", "2"], ["--shard", "1/2"], ["--junit", "j.xml"]])
    func watchRefusesOptionsThatMeanAWholeRun(option: [String]) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - back\n")
        let output = try workspace.flow(["run", "--watch"] + option)
        #expect(output.status == 2)
        #expect(output.stderr.contains("flow: error: --watch ") && output.stderr.contains("\(option[0]) cannot go with it"), "\(output.stderr)")
        #expect(!output.stdout.contains("running"), "nothing is launched")
    }

    // MARK: - Helpers

    /// A workspace whose scheme seeds from its own `Seeds/` folder: `default` (the repository's)
    /// and `tiny` (one work photo), so that a test can edit a fixture.
    static func workspaceWithSeeds() throws -> FlowWorkspace {
        let workspace = try FlowWorkspace()
        try workspace.write("Seeds/default.yaml", String(contentsOf: FlowWorkspace.repository.appendingPathComponent("Seeds/default.yaml"), encoding: .utf8))
        try workspace.write("Seeds/tiny.yaml", tinyFixture(photos: 1))
        try workspace.write("Flows/schemes/default.yaml", """
            app: \(FlowWorkspace.binaries.appendingPathComponent("workphotos").path)
            seeder: \(FlowWorkspace.binaries.appendingPathComponent("workphotos-seed").path)
            seeds: Seeds
            store: {argument: photos.store, file: photos.sqlite}
            credentials: [test.user, test.password]
            arguments: [-ui-testing, YES]
            defaults: {model.user: test, model.password: "1234"}
            variables: {test.user: test, test.password: "1234"}
            environment: {TZ: UTC}
            """)
        return workspace
    }

    /// `photos` work photos at the office, access already given.
    static func tinyFixture(photos: Int) -> String {
        var text = """
            authorization: authorized
            workLocations:
              - {name: Office, latitude: 51.5226, longitude: -0.0860, radius: 150}
            photos:

            """
        for index in 1...photos {
            text += """
                  - name: office-\(index)
                    taken: 2026-06-01T09:0\(index):00Z
                    place: Office
                    latitude: 51.52262
                    longitude: -0.08598
                    width: 8
                    height: 8
                    pixels:
                      - fill: "#D62828"

                """
        }
        return text
    }

    /// The PASS and FAIL lines of `text`: each flow's name and whether it passed.
    static func flowLines(_ text: String) -> [(passed: Bool, name: String)] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.components(separatedBy: "  ")
            guard parts.count >= 3, parts[0] == "PASS" || parts[0] == "FAIL" else { return nil }
            return (parts[0] == "PASS", parts[1])
        }
    }

    /// `flow ARGUMENTS` running in a workspace, its standard output and error on one pipe (as a
    /// terminal shows them), its standard input a pipe the test writes to (or /dev/null).
    final class WatchProcess {
        let process = Process()
        let output: PipeReader
        private let input: Pipe?

        var pid: Int32 { process.processIdentifier }

        init(_ workspace: FlowWorkspace, _ arguments: [String], input: Bool = true) throws {
            process.executableURL = FlowWorkspace.binaries.appendingPathComponent("flow")
            process.arguments = arguments
            process.currentDirectoryURL = workspace.folder
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            self.input = input ? Pipe() : nil
            process.standardInput = self.input ?? FileHandle.nullDevice
            output = PipeReader(pipe.fileHandleForReading)
            try process.run()
            // The child has its own copies: closing ours lets the pipe end when the child exits.
            try pipe.fileHandleForWriting.close()
        }

        /// Everything printed from the last round's end up to the line that ends this one, which
        /// must come; the next round starts after it.
        func round(until line: String) throws -> String {
            try output.wait(for: line)
            let text = output.since(output.mark)
            output.mark = output.end
            return text
        }

        func send(_ text: String) throws {
            try input?.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        }

        /// Waits for the process to end (its output to close, then its status).
        func exit() throws -> Int32 {
            try #require(output.untilClosed(), "flow ended")
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// After a failed test: Ctrl-C (which ends every app), and, if even that is not heard, a kill.
        func end() {
            guard process.isRunning else { return }
            kill(pid, SIGINT)
            if !output.untilClosed(seconds: 30) { kill(pid, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// Reads a pipe as it fills, until a text comes or it closes; `poll` waits on the pipe itself,
    /// with a deadline only as a safety net.
    final class PipeReader {
        private let handle: FileHandle
        private var data = Data()
        private var closed = false
        /// Where the current round started, in bytes.
        var mark = 0

        init(_ handle: FileHandle) {
            self.handle = handle
        }

        var end: Int { data.count }

        func since(_ offset: Int) -> String { String(decoding: data[offset...], as: UTF8.self) }

        /// Reads until `needle` is in what came since `mark`.
        func wait(for needle: String, seconds: Double = 90) throws {
            let found = until(seconds: seconds, outside: false) { self.since(self.mark).contains(needle) }
            try #require(found, "\"\(needle)\" within \(seconds) s; got: \(since(mark))")
        }

        func untilClosed(seconds: Double = 60) -> Bool {
            until(seconds: seconds, outside: false) { self.closed }
        }

        /// Reads what arrives until `condition` holds or the deadline passes. A condition on the
        /// pipe alone waits on the pipe; one `outside` it (a process appearing) is checked again
        /// every 50 ms of silence.
        func until(seconds: Double = 90, outside: Bool = true, _ condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while !condition() {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return false }
                guard !closed else { return condition() }
                var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, outside ? 50 : Int32(min(left * 1000, 60_000)) + 1) > 0 {
                    let chunk = handle.availableData
                    if chunk.isEmpty { closed = true } else { data += chunk }
                }
            }
            return true
        }
    }
}
