@testable import FlowExplorer
import DeskRobots
import FlowKit
import FlowRunner
import Foundation
import Glibc
import Testing

/// The driver the crawl drives real apps through, on the explore sample, in this process: what
/// it launches it ends, on each relaunch and when it is closed, the spare launch included.
struct AppDriverTests {
    static func driver(pids: String, prefix: [Step] = [], defaults: [(key: String, value: Text)] = [], timeout: TimeInterval = 5) throws -> AppDriver {
        var scheme = Scheme(name: "default", app: ExploreWorkspace.sample)
        scheme.launch.environment = [("SAMPLE_PIDS", Text(pids))]
        scheme.launch.defaults = defaults
        return try AppDriver(scheme: scheme, variables: [:], secrets: [], timeout: timeout, flow: Flow(file: "(explore)", name: "explore", fixture: nil, steps: prefix))
    }

    /// The process ids the sample wrote, one a launch.
    static func launched(_ file: String) throws -> [pid_t] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").compactMap { pid_t($0.split(separator: " ").first ?? "") }
    }

    /// A new empty folder of the test's own (the caller removes it).
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("driver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func running(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0
    }

    /// A robot action is a step the driver runs as `flow run` would, on the real app: one that
    /// works leaves the app idle on its screen; one that fails on this screen (the tally has no
    /// Double) or that no robot declares is skipped where it left the app, and the next step
    /// goes on; one the app ends in is the app's end.
    @Test func aRobotActionIsAStepAndOneThatFailsIsSkippedWhereItLeftTheApp() throws {
        var scheme = Scheme(name: "default", app: ExploreWorkspace.sample)
        scheme.launch.defaults = [("sample.app", Text("tally")), ("sample.tally", Text("3"))]
        let driver = try AppDriver(scheme: scheme, variables: [:], secrets: [], timeout: 5, flow: Flow(file: "(explore)", name: "explore", fixture: nil, steps: []),
                                   catalog: TallyRobot.catalog)
        defer { driver.close() }
        guard case .success = driver.relaunch() else {
            Issue.record("the tally launches")
            return
        }
        func count(_ outcome: AppDriver.Outcome) -> String? {
            switch outcome {
            case let .screen(frame), let .skipped(frame): frame.screen.allElements.first { $0.identifier == "count" }?.label
            case .refused, .ended: nil
            }
        }
        let add = ExploreAction(robot: "Tally.add", arguments: [])
        let first = driver.act(add, wait: nil)
        #expect(first.isScreen && count(first) == "Count: 1", "\(first)")
        #expect(driver.lastActions.map(\.verb) == ["tap", "robot"] && driver.lastActions.last?.robotAction == "Tally.add",
                "the step's command, then the robot action itself, as properties read them: \(driver.lastActions.map(\.verb))")
        let double = driver.act(ExploreAction(robot: "Tally.double", arguments: []), wait: nil)
        #expect(double.isSkipped && count(double) == "Count: 1", "no Double: skipped, the app where it was: \(double)")
        let unknown = driver.act(ExploreAction(robot: "Tally.nothing", arguments: []), wait: nil)
        #expect(unknown.isSkipped && count(unknown) == "Count: 1", "no robot declares it: \(unknown)")
        let second = driver.act(add, wait: nil)
        #expect(second.isScreen && count(second) == "Count: 2", "the next step goes on: \(second)")
        guard case let .ended(failure) = driver.act(add, wait: nil) else {
            Issue.record("the third Add crashes the tally")
            return
        }
        guard case .crashed = failure.cause else {
            Issue.record("a crash, not \(failure.cause)")
            return
        }
    }

    /// What a prefix typed, read from the real app's commands on each launch (the spare's too)
    /// and for a suite's flows: each field and its text, in order, taps left out; and the record
    /// properties read is still told every command.
    @Test func whatAPrefixTypesIsReadFromTheCommandsTheAppWasSent() throws {
        let parser = FlowParser(catalog: RobotCatalog([]))
        let steps = try ["tap: {button: Form}", "type: {textField: Name, text: Ann}", #"type: {secureTextField: Code, text: "1234"}"#].map { line in
            try #require(parser.step(text: line, file: "prefix"), "\(parser.problems)").step
        }
        let driver = try Self.driver(pids: "/dev/null", prefix: steps)
        defer { driver.close() }
        for launch in 1...2 {
            guard case let .success(frame) = driver.relaunch() else {
                Issue.record("launch \(launch): the prefix runs")
                return
            }
            #expect(frame.screen.title == "Form")
            #expect(driver.typedByPrefix.map(\.target) == ["Name", "Code"], "launch \(launch)")
            #expect(driver.typedByPrefix.map(\.text) == ["Ann", "1234"], "launch \(launch)")
            let last = driver.lastActions.last
            #expect(last?.verb == "type" && last?.element?.identifier == "Code", "the prefix's last command, as properties read it (launch \(launch))")
        }
        #expect(driver.actionsSent == 6)
        let typed = driver.typed(by: [Flow(file: "Flows/form.yaml", name: "Form", fixture: nil, steps: steps), Flow(file: "Flows/none.yaml", name: "None", fixture: nil, steps: [])])
        #expect(typed["Flows/form.yaml"]?.map(\.target) == ["Name", "Code"])
        #expect(typed["Flows/form.yaml"]?.map(\.text) == ["Ann", "1234"])
        #expect(typed["Flows/none.yaml"]?.isEmpty == true)
    }

    @Test func aRelaunchEndsTheAppBeforeAndClosingEndsTheRestSpareIncluded() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pids = folder.appendingPathComponent("pids").path
        FileManager.default.createFile(atPath: pids, contents: nil)
        let driver = try Self.driver(pids: pids)
        guard case .success = driver.relaunch() else {
            Issue.record("the sample launches")
            return
        }
        let first = try Self.launched(pids)
        #expect(first.count >= 1)
        guard case .success = driver.relaunch() else {
            Issue.record("the sample launches again")
            return
        }
        #expect(driver.launches == 2)
        #expect(first.first.map { !Self.running($0) } == true, "the app before a relaunch is ended")
        let known = driver.running.processes
        #expect(!known.isEmpty && known.allSatisfy(Self.running), "Ctrl-C would end the app driven (and the spare, once started): \(known)")
        #expect(FileManager.default.fileExists(atPath: driver.folder.path))
        driver.close()
        let all = try Self.launched(pids)
        #expect(all.count >= 2, "the first, the second and the spare made ready: \(all)")
        #expect(all.allSatisfy { !Self.running($0) }, "closed, every app it launched is ended: \(all.filter(Self.running))")
        #expect(driver.running.processes.isEmpty, "and none is left for Ctrl-C to kill (its number may be another process's by then)")
        #expect(!FileManager.default.fileExists(atPath: driver.folder.path), "the stores' folder is removed while the driver is still held")
    }

    /// An app that never becomes idle: the launch fails at the timeout, and the spare made ready
    /// meanwhile is stuck the same way. Closing waits for it and ends it: none is left running.
    @Test func closingEndsASpareStillStartingUp() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pids = folder.appendingPathComponent("pids").path
        let driver = try Self.driver(pids: pids, defaults: [("sample.busy", Text("YES"))], timeout: 1)
        guard case .failure(.launch) = driver.relaunch() else {
            Issue.record("an app that is never idle does not launch")
            return
        }
        driver.close()
        let all = try Self.launched(pids)
        #expect(all.count == 2, "the first launch and the spare: \(all)")
        #expect(all.allSatisfy { !Self.running($0) }, "closed, the spare starting up is ended too: \(all.filter(Self.running))")
        #expect(driver.running.processes.isEmpty)
    }

    /// An action before any launch is an app that is not running, said so; `terminate` ends the
    /// app now running and leaves the driver able to launch again.
    @Test func anActionWithNoAppSaysSoAndTerminateEndsTheAppRunning() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pids = folder.appendingPathComponent("pids").path
        let driver = try Self.driver(pids: pids)
        defer { driver.close() }
        guard case let .ended(failure) = driver.act(ExploreAction(.back), wait: nil) else {
            Issue.record("an action with no app launched ends")
            return
        }
        #expect(failure.reason == "the app is not running")
        #expect(failure.cause == .notStarted)
        guard case .success = driver.relaunch() else {
            Issue.record("the sample launches")
            return
        }
        let first = try #require(try Self.launched(pids).first)
        #expect(Self.running(first))
        driver.terminate()
        #expect(!Self.running(first), "terminate ends the app (and waits until it is gone)")
        guard case .success = driver.relaunch() else {
            Issue.record("the sample launches after terminate")
            return
        }
    }

    /// A suite's flow of a fixture the crawl did not seed: seeded when it is first asked for
    /// (once), then run; a fixture seeded already is not seeded again.
    @Test func aFlowOfAnotherFixtureIsSeededForWhatItTypes() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The seeder notes each fixture it seeds, and writes the store (empty: the sample reads none).
        let seeded = folder.appendingPathComponent("seeded").path
        let seeder = folder.appendingPathComponent("seed.sh")
        try "#!/bin/sh\necho \"$5\" >> '\(seeded)'\n: > \"$2\"\n".write(to: seeder, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: seeder.path)
        var scheme = Scheme(name: "default", app: ExploreWorkspace.sample)
        (scheme.seeder, scheme.seeds, scheme.store) = (seeder.path, folder.path, Scheme.Store(argument: "sample.store", file: "sample.sqlite"))
        let parser = FlowParser(catalog: RobotCatalog([]))
        let steps = try ["tap: {button: Form}", "type: {textField: Name, text: Bo}"].map { line in try #require(parser.step(text: line, file: "flow")).step }
        let driver = try AppDriver(scheme: scheme, variables: [:], secrets: [], timeout: 5, flow: Flow(file: "(explore)", name: "explore", fixture: "default", steps: []))
        defer { driver.close() }
        let typed = driver.typed(by: [
            Flow(file: "Flows/other.yaml", name: "Other", fixture: "other", steps: steps),
            Flow(file: "Flows/same.yaml", name: "Same", fixture: "default", steps: steps),
            Flow(file: "Flows/again.yaml", name: "Again", fixture: "other", steps: steps),
        ])
        for file in ["Flows/other.yaml", "Flows/same.yaml", "Flows/again.yaml"] {
            #expect(typed[file]?.map(\.text) == ["Bo"], "\(file)")
        }
        #expect(try String(contentsOfFile: seeded, encoding: .utf8) == "default\nother\n", "each fixture seeded once")
    }
}

extension AppDriver.Outcome {
    var isScreen: Bool {
        if case .screen = self { true } else { false }
    }

    var isSkipped: Bool {
        if case .skipped = self { true } else { false }
    }
}
