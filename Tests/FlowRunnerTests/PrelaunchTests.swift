import FlowRunner
import Foundation
import Testing
import WorkPhotosRobots

/// Starting a job's next app while its current flow runs (`SuiteRunner.Options.prelaunch`, on by
/// default; `flow run --no-prelaunch`): the next flow begins on an app that is already up, on a
/// store of its own, and an app started ahead for a flow that never runs is ended.
@Suite(.serialized)
struct PrelaunchTests {
    /// Runs `flows` (name → YAML) on one job and returns, for each flow as it finished, how many
    /// apps of this run were alive at that moment (its own app is ended before `onFinish`).
    private func appsAliveWhenEachFlowFinished(
        _ flows: [String: String], prelaunch: Bool, variables: [String: String] = FlowWorkspace.scheme.variables,
        jobs: Int = 1, retries: Int = 0
    ) throws -> (results: [FlowResult], alive: [Int]) {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        for (name, text) in flows {
            try workspace.write("Flows/\(name).yaml", text.replacingOccurrences(of: "WORKSPACE", with: workspace.folder.path))
        }
        let suite = try FlowSuite.load([workspace.folder.appendingPathComponent("Flows").path], catalog: WorkPhotosCatalog.catalog)
        let runner = SuiteRunner(
            scheme: FlowWorkspace.scheme, variables: variables, secrets: [], options: .init(jobs: jobs, retries: retries, prelaunch: prelaunch)
        )
        defer { runner.cleanUp() }
        let templates = try runner.prepare(fixtures: suite.fixtures) { _ in }
        let alive = Alive()
        let folder = runner.folder.path
        let results = runner.run(suite, templates: templates) { _ in alive.append(FlowRunTests.apps(matching: folder).count) }
        return (results, alive.counts)
    }

    private final class Alive: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []
        func append(_ count: Int) {
            lock.lock()
            values.append(count)
            lock.unlock()
        }
        var counts: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }

    static let flows = [
        "a": FlowWorkspace.passing("A"),
        "b": FlowWorkspace.passing("B"),
        "c": FlowWorkspace.passing("C"),
    ]

    @Test func theNextFlowsAppIsAlreadyUpWhenAFlowFinishes() throws {
        let run = try appsAliveWhenEachFlowFinished(Self.flows, prelaunch: true)
        #expect(run.results.count == 3 && run.results.allSatisfy(\.passed), "\(run.results.compactMap(\.failure))")
        // Each flow answers the permission alert, which writes to its store: had the app started
        // ahead shared the running flow's store (or been copied over it), a flow would fail.
        #expect(run.alive == [1, 1, 0], "the next flow's app runs while a flow ends; none is left after the last")
    }

    @Test func withoutPrelaunchNoOtherAppRunsWhenAFlowFinishes() throws {
        let run = try appsAliveWhenEachFlowFinished(Self.flows, prelaunch: false)
        #expect(run.results.count == 3 && run.results.allSatisfy(\.passed))
        #expect(run.alive == [0, 0, 0])
    }

    @Test func aFlowThatCannotStartFailsAtItsOwnTurnWhenItWasStartedAhead() throws {
        // The second flow needs the test account, which this run does not have: the failure found
        // while starting it ahead is its own, reported when it runs, and the first flow passes.
        let flows = [
            "a": "name: A\nsteps:\n  - Login.checkLoginScreen\n",
            "b": "name: B\nsteps:\n  - type: {secureTextField: Password, text: \"${test.password}\"}\n",
        ]
        let run = try appsAliveWhenEachFlowFinished(flows, prelaunch: true, variables: [:])
        let byName = Dictionary(uniqueKeysWithValues: run.results.map { ($0.flow.name, $0) })
        #expect(byName["A"]?.passed == true)
        let failure = try #require(byName["B"]?.failure)
        #expect(failure.description.contains(FlowExecutor.noCredentials), "\(failure)")
        #expect(run.alive == [0, 0], "no app was started for a flow without its credentials")
    }

    @Test func aFlowWithoutItsCredentialsNamesThePrivateSchemeInTheRunnersOwnFolder() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/b.yaml", "name: B\nsteps:\n  - type: {secureTextField: Password, text: \"${test.password}\"}\n")
        let suite = try FlowSuite.load([workspace.folder.appendingPathComponent("Flows").path], catalog: WorkPhotosCatalog.catalog)
        let flow = try #require(suite.flows.first)
        var environment = FlowEnvironment(scheme: FlowWorkspace.scheme, variables: [:], secrets: [], timeout: 5, folder: workspace.folder) { _ in
            Issue.record("nothing is seeded for a flow without its credentials")
            return ""
        }
        environment.recording.runner = RunnerIdentity(name: "app-flow", flows: "UITests/Flows")
        let failure = try #require(FlowExecutor(environment: environment).run(flow).failure)
        #expect(failure.description.contains("in a private scheme (UITests/Flows/schemes/default.private.yaml, or --scheme-file PATH)"), "\(failure)")
    }

    @Test func aFlowWithoutItsCredentialsIsTheSetupsFaultAndOneWhoseStoreCannotBeMadeWasNotStarted() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/b.yaml", "name: B\nsteps:\n  - type: {secureTextField: Password, text: \"${test.password}\"}\n")
        try workspace.write("Flows/c.yaml", FlowWorkspace.passing("C"))
        let suite = try FlowSuite.load([workspace.folder.appendingPathComponent("Flows").path], catalog: WorkPhotosCatalog.catalog)
        let flows = Dictionary(uniqueKeysWithValues: suite.flows.map { ($0.name, $0) })
        struct Full: Error, CustomStringConvertible { var description: String { "no space left on the device" } }
        let environment = FlowEnvironment(scheme: FlowWorkspace.scheme, variables: [:], secrets: [], timeout: 5, folder: workspace.folder) { _ in throw Full() }
        let (b, c) = (try #require(flows["B"]), try #require(flows["C"]))
        let noAccount = try #require(FlowExecutor(environment: environment).run(b).failure)
        #expect(noAccount.failure.cause == .badSetup, "flow run exits 2 for it")
        var withAccount = environment
        withAccount.variables = FlowWorkspace.scheme.variables
        let noStore = try #require(FlowExecutor(environment: withAccount).run(c).failure)
        #expect(noStore.failure.cause == .notStarted, "flow run exits 3 for it: \(noStore)")
        #expect(noStore.summary == "seed: seed default failed: no space left on the device")
    }

    @Test func aFlowRetriedWhileTheNextAppWaitsPassesAndSoDoesTheNext() throws {
        // The first flow fails its first try (the test drive's first upload fails) and passes the
        // retry, on a fresh copy in its own folder; the next flow's app, started ahead, waits.
        let flows = ["a": RetryTests.flakyUpload(marker: "WORKSPACE/marker"), "b": FlowWorkspace.passing("B")]
        let run = try appsAliveWhenEachFlowFinished(flows, prelaunch: true, retries: 1)
        #expect(run.results.map(\.flow.name) == ["Flaky upload", "B"])
        let allPassed = run.results.allSatisfy { $0.passed }
        #expect(allPassed, "\(run.results.compactMap(\.failure))")
        #expect(run.results.first?.earlierTries.count == 1, "the first try failed and is kept")
        #expect(run.alive == [1, 0], "the next flow's app was up all along")
    }

    @Test func aJobWithNothingLeftTakesOverAFlowStartedAheadBehindALongOne() throws {
        // Two jobs. Whichever runs the long flow starts the app of a short one ahead; the other
        // job, out of work, runs that short flow instead of leaving it to wait for the long one.
        // The long flow's upload takes 6 s on the test drive. What is checked is when each flow
        // starts, not when it ends: on a starved machine a short flow may outlast the long one,
        // but none may wait for it to end before starting.
        var flows = ["a-long": """
            name: Long
            onAlert: {PhotosPermission: OK}
            launch:
              defaults: {drive.delay: "6"}
            steps:
              - Login.login
              - Glance.reviewWorkPhotos
              - Photos.selectAll
              - Photos.upload
              - Photos.checkUploaded: {count: 8}
            """]
        for index in 1...3 { flows["b\(index)"] = "name: Short \(index)\nsteps:\n  - Login.checkLoginScreen\n" }
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        for (name, text) in flows { try workspace.write("Flows/\(name).yaml", text) }
        let suite = try FlowSuite.load([workspace.folder.appendingPathComponent("Flows").path], catalog: WorkPhotosCatalog.catalog)
        let runner = SuiteRunner(scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, secrets: [], options: .init(jobs: 2, prelaunch: true))
        defer { runner.cleanUp() }
        let templates = try runner.prepare(fixtures: suite.fixtures) { _ in }
        let events = Events()
        let results = runner.run(suite, templates: templates, onStart: { events.append("start \($0.name)") }) { events.append("end \($0.flow.name)") }
        #expect(results.count == 4 && results.allSatisfy(\.passed), "\(results.compactMap(\.failure))")
        let said = events.all
        let longEnds = said.firstIndex(of: "end Long") ?? -1
        for index in 1...3 {
            #expect((said.firstIndex(of: "start Short \(index)") ?? Int.max) < longEnds, "no short flow waits for the long one to end: \(said)")
        }
    }

    private final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String] = []
        func append(_ event: String) { lock.withLock { values.append(event) } }
        var all: [String] { lock.withLock { values } }
    }
}
