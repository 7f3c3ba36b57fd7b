import FlowKit
@testable import FlowRunner
import Foundation
import LocatedYAML
import Testing
import WorkPhotosRobots

/// One flow on one executor, as the suite runner drives it: an app started ahead is the one the
/// flow runs on, a store that cannot be copied is the flow's failure at `seed`, screens are kept
/// only when asked, and a failure says the app's standard error.
@Suite(.serialized)
struct FlowExecutorTests {
    /// A workspace with `Flows/a.yaml` and `Flows/b.yaml` (passing), and a runner whose fixtures are seeded.
    private struct Setup {
        let workspace: FlowWorkspace
        let runner: SuiteRunner
        let flows: [Flow]
        let templates: [String: String]

        init() throws {
            workspace = try FlowWorkspace()
            try workspace.write("Flows/a.yaml", FlowWorkspace.passing("A"))
            try workspace.write("Flows/b.yaml", FlowWorkspace.passing("B"))
            let suite = try FlowSuite.load([workspace.folder.appendingPathComponent("Flows").path], catalog: WorkPhotosCatalog.catalog)
            flows = suite.flows
            runner = SuiteRunner(scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, secrets: [], options: .init(jobs: 1))
            templates = try runner.prepare(fixtures: suite.fixtures) { _ in }
        }

        /// An environment in a folder of its own; `launched` collects each app the executor starts.
        func environment(_ name: String, launched: Launches? = nil, template: (@Sendable (String) throws -> String)? = nil) -> FlowEnvironment {
            let templates = self.templates
            var environment = FlowEnvironment(
                scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, secrets: [], timeout: 10,
                folder: workspace.folder.appendingPathComponent("run-\(name)"), template: template ?? { fixture in templates[fixture] ?? "" }
            )
            if let launched { environment.onProcess = { pid in launched.append(pid) } }
            return environment
        }

        /// A flow named `name` with `onAlert`, its steps as `lines` read by the parser, given to the
        /// executor as it is (lint would refuse an alert the app does not declare).
        func flow(_ name: String, onAlert: [(alert: String, button: String)], lines: [String]) throws -> Flow {
            let parser = FlowParser(catalog: WorkPhotosCatalog.catalog)
            let steps = try lines.map { line in try #require(parser.step(text: line, file: "alert.yaml")?.step) }
            return Flow(
                file: workspace.folder.appendingPathComponent("Flows/alert.yaml").path, name: name, tags: [], fixture: nil,
                launch: LaunchSettings(), onAlert: onAlert, steps: steps, variableUses: []
            )
        }

        func remove() {
            runner.cleanUp()
            workspace.remove()
        }
    }

    /// What the executor said of its apps: each one's process when launched, nil when it ended.
    final class Launches: @unchecked Sendable {
        private let lock = NSLock()
        private var said: [Int32?] = []
        func append(_ pid: Int32?) { lock.withLock { said.append(pid) } }
        var events: [Int32?] { lock.withLock { said } }
        /// How many apps were launched.
        var count: Int { events.compactMap { $0 }.count }
    }

    @Test func aFlowStartedAheadRunsOnTheAppStartedForItAndAnotherFlowGetsItsOwn() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let (a, b) = (setup.flows[0], setup.flows[1])

        let same = Launches()
        let ahead = FlowExecutor(environment: setup.environment("same", launched: same))
        ahead.prelaunch(a)
        let result = ahead.run(a)
        #expect(result.passed, "\(result.failure.map(\.description) ?? "")")
        #expect(same.count == 1, "the app started ahead is the one the flow ran on")

        let other = Launches()
        let elsewhere = FlowExecutor(environment: setup.environment("other", launched: other))
        elsewhere.prelaunch(a)
        let resultB = elsewhere.run(b)
        #expect(resultB.passed && resultB.flow.name == "B", "\(resultB.failure.map(\.description) ?? "")")
        #expect(other.count == 2, "a flow that was not the one started ahead gets an app of its own")
        #expect(FlowRunTests.apps(matching: setup.workspace.folder.path).isEmpty, "no app is left running, the one started for nothing either")
    }

    /// After a failed step the rest are skipped; a session forgets the failure and goes on; the
    /// app's end is said (nil) once it is finished.
    @Test func afterAFailureTheRestIsSkippedUntilTheFailureIsForgotten() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let parser = FlowParser(catalog: WorkPhotosCatalog.catalog)
        func steps(_ lines: [String]) throws -> [Step] { try lines.map { try #require(parser.step(text: $0, file: "session.yaml")?.step) } }
        let launches = Launches()
        let executor = FlowExecutor(environment: setup.environment("session", launched: launches))
        let flow = setup.flows[0]
        #expect(executor.start(flow).failure == nil)
        let failed = executor.perform(try steps(["tap: Nowhere", "Login.checkLoginScreen"]), in: flow)
        #expect(failed.records.map(\.status) == [.failed, .skipped])
        #expect(failed.failure?.stepTitle == "tap")
        executor.forgetFailure()
        let next = executor.perform(try steps(["Login.checkLoginScreen"]), in: flow)
        #expect(next.records.map(\.status) == [.passed])
        #expect(next.failure == nil, "\(next.failure.map(\.description) ?? "")")
        executor.finish()
        #expect(launches.events.count == 2 && launches.events[0] != nil && launches.events[1] == nil, "launched, then ended: \(launches.events)")
    }

    @Test func aStoreThatCannotBeCopiedIsTheFlowsFailureAtSeed() throws {
        let setup = try Setup()
        defer { setup.remove() }
        struct Unseeded: Error, CustomStringConvertible { var description: String { "no such template" } }
        let environment = setup.environment("unseeded") { _ in throw Unseeded() }
        let failure = try #require(FlowExecutor(environment: environment).run(setup.flows[0]).failure)
        #expect(failure.stepTitle == "seed")
        #expect(failure.failure.step == "seed default")
        #expect(failure.failure.reason == "no such template")
    }

    @Test func screensAreKeptOnlyWhenAsked() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let plain = FlowExecutor(environment: setup.environment("plain")).run(setup.flows[0])
        #expect(plain.passed && !plain.steps.isEmpty)
        #expect(plain.steps.allSatisfy { $0.after == nil }, "by default a run keeps no screen, so a long run's memory stays flat")
        var environment = setup.environment("kept")
        environment.keepsScreens = true
        let kept = FlowExecutor(environment: environment).run(setup.flows[0])
        #expect(kept.steps.allSatisfy { $0.after?.contains("── ") == true }, "each step's screen after it, for the HTML report")
    }

    /// `onAlert` answers the alert it names, by identifier or by its title, and no other. (Lint
    /// lets a flow name only the alerts the app declares; the executor is given the flow itself.)
    @Test(arguments: [
        ("PhotosPermission", true), (#""WorkPhotos" Would Like to Access Your Photos"#, true), ("PhotosDelete", false),
    ])
    func onAlertAnswersTheAlertItNamesByIdentifierOrTitleAndNoOther(alert: String, answers: Bool) throws {
        let setup = try Setup()
        defer { setup.remove() }
        let flow = try setup.flow("Answered", onAlert: [(alert, "OK")], lines: ["Login.login", "Glance.checkCounts: {work: 8, other: 1}"])
        let result = FlowExecutor(environment: setup.environment("alert")).run(flow)
        #expect(result.passed == answers, "\(result.failure.map(\.description) ?? "passed")")
        if !answers { #expect(result.failure?.description.contains("Would Like to Access Your Photos") == true, "the alert left unanswered is on the screen: \(result.failure.map(\.description) ?? "")") }
    }

    /// One step that signs in and goes on at once, as a robot's action may: the permission alert
    /// comes up between its actions, so only the interruption monitor `onAlert` adds can answer it
    /// (alerts up before a step are answered before it, by the same names).
    struct SignInAndReview: StepAction {
        func run(in context: StepContext) {
            context.app.textFields["Username"].replaceText("test")
            context.app.secureTextFields["Password"].replaceText("1234")
            context.app.buttons["Login"].tap()
            context.app.buttons["Review work photos"].tap()
        }
    }

    @Test(arguments: [
        ("PhotosPermission", true), (#""WorkPhotos" Would Like to Access Your Photos"#, true), ("PhotosDelete", false),
    ])
    func anAlertThatComesUpWithinAStepIsAnsweredByTheOnAlertThatNamesIt(alert: String, answers: Bool) throws {
        let setup = try Setup()
        defer { setup.remove() }
        let file = setup.workspace.folder.appendingPathComponent("Flows/within.yaml").path
        let flow = Flow(
            file: file, name: "Within a step", tags: [], fixture: nil, launch: LaunchSettings(), onAlert: [(alert, "OK")],
            steps: [Step(action: SignInAndReview(), location: SourceLocation(file: file, line: 3, column: 5), title: "sign in and review")],
            variableUses: []
        )
        let result = FlowExecutor(environment: setup.environment("within")).run(flow)
        #expect(result.passed == answers, "\(result.failure.map(\.description) ?? "passed")")
    }

    /// `onAlert` answers its alert before each step, a check included (a check is never blocked,
    /// so no interruption monitor would act); not before `answerAlert`, which answers it itself.
    @Test func onAlertAnswersBeforeEveryStepAChecksToo() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/gone.yaml", """
            name: Gone before the check
            onAlert: {PhotosPermission: OK}
            steps:
              - Login.login
              - assertNotVisible: {alert: PhotosPermission}
            """)
        try workspace.write("Flows/own.yaml", """
            name: Answered by the flow itself
            onAlert: {PhotosPermission: OK}
            steps:
              - Login.login
              - answerAlert: OK
              - Glance.checkCounts: {work: 8, other: 1}
            """)
        let run = try workspace.flow(["run", "Flows/gone.yaml", "Flows/own.yaml", "--jobs", "1"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("2 passed, 0 failed\n"), "\(run.stdout)")
    }

    /// An `onAlert` button the alert lacks fails the step that met the alert, naming the button.
    @Test func anOnAlertButtonTheAlertLacksFailsSayingSo() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let flow = try setup.flow("Wrong button", onAlert: [("PhotosPermission", "Maybe Later")], lines: ["Login.login", "Glance.checkCounts: {work: 8, other: 1}"])
        let failure = try #require(FlowExecutor(environment: setup.environment("button")).run(flow).failure)
        #expect(failure.failure.step.contains(#"button "Maybe Later""#), "\(failure)")
    }

    @Test func aFailureSaysTheAppsStandardErrorAfterTheScreen() {
        let failure = FlowRunFailure(
            location: SourceLocation(file: "Flows/a.yaml", line: 4, column: 5), stepTitle: "tap", via: [SourceLocation(file: "Flows/top.yaml", line: 2, column: 5)],
            failure: FlowFailure(step: "tap button \"Go\"", reason: "no element \"Go\"", screen: "── Login ──", standardError: ["one", "two"], site: CallSite())
        )
        #expect(failure.description == """
            Flows/a.yaml:4:5: error: tap: tap button "Go" failed: no element "Go"
            Flows/top.yaml:2:5: note: in runFlow

            The screen was:
            ── Login ──

            The app's standard error (last 2 lines):
            one
            two
            """)
    }
}
