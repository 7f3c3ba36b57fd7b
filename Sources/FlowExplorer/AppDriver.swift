import FlowKit
import FlowRunner
import Foundation
import Synchronization

/// What a crawl needs of an app: a fresh launch (the prefix run), then one action at a time, each
/// answered with where it led. ``AppDriver`` drives a real app's process; a test gives a model.
protocol ExploreApp: AnyObject {
    /// Launches the app afresh on a new copy of the store and runs the prefix: the idle frame it
    /// ends on, or why it could not.
    func relaunch() -> Result<Frame, AppDriver.StartFailure>
    /// Takes `action` on the app as it is, waiting for an idle frame at most `wait` seconds (nil:
    /// the crawl's wait): where it led.
    func act(_ action: ExploreAction, wait: TimeInterval?) -> AppDriver.Outcome
    /// Actions sent so far (the prefix's included).
    var actionsSent: Int { get }
    /// Launches so far.
    var launches: Int { get }
    /// What the last prefix typed: each field and its text.
    var typedByPrefix: [(target: String, text: String)] { get }
    /// `text` with every secret replaced by the mask.
    func mask(_ text: String) -> String
    /// What the app wrote to standard error up to `failure` (its last lines), secrets not yet masked.
    func errorLines(of failure: FlowFailure) -> [String]
    /// Ends the app now running, if one is.
    func terminate()
    /// Ends every app and removes what the crawl made.
    func close()
    /// What each of `flows` told the app to type when run from a fresh launch, by flow file.
    func typed(by flows: [Flow]) -> [String: [(target: String, text: String)]]
    /// `${name}` replaced from the variables.
    func resolve(_ text: String) -> String
    /// What ends the apps from another thread (Ctrl-C).
    var running: ExploreStopper { get }
    /// The last action taken, as properties read it: the screen before, every frame after it, the
    /// idle screen it left; for a robot action each command it sent, then the robot action itself
    /// (none when it did not leave the app idle).
    var lastActions: [ObservedAction] { get }
}

/// The app as the explorer drives it: launched exactly as `flow run` launches a flow (the scheme,
/// a fresh copy of the fixture's seeded store, the launch settings), then the prefix run as a
/// flow's steps, then one action at a time, each answered with where it led.
final class AppDriver: ExploreApp {
    /// What an action did.
    enum Outcome {
        /// The app is idle on this frame.
        case screen(Frame)
        /// The app answered with an error and did nothing.
        case refused(String)
        /// A robot action failed on the screen it was offered on (a check of its own, a control
        /// it looks for), and the app is idle on this frame, where its commands left it.
        case skipped(Frame)
        /// The app ended (crashed, exited, hung and was killed): the failure as recorded.
        case ended(FlowFailure)
    }

    /// Why the app could not be put on its first screen.
    enum StartFailure: Error {
        /// The app did not start, or did not become idle (its failure).
        case launch(FlowFailure)
        /// The prefix failed (its failure).
        case prefix(FlowRunFailure)
    }

    let scheme: Scheme
    let variables: [String: String]
    let secrets: [String]
    let timeout: TimeInterval
    /// The flow every launch starts: the fixture, the launch settings, the prefix's steps.
    let flow: Flow
    private let runner: SuiteRunner
    private var templates: [String: String]
    private var executor: FlowExecutor?
    /// The next launch, made ready on a thread of its own while this one is driven: its app
    /// started on a store of its own and the prefix run (as `flow run --jobs 2` runs two flows at
    /// once), so a relaunch waits only for what is left of it. A walk of 50 actions on WorkPhotos
    /// spent a quarter of its time on its launch and its sign-in before.
    private var spare: Prepared?
    /// Which of the two folders the next executor's store goes in.
    private var nextFolder = 0
    /// The apps running now, by folder: what Ctrl-C ends.
    let running = ExploreStopper()
    /// Launches so far.
    private(set) var launches = 0
    /// Actions sent so far (the prefix's included).
    private(set) var actionsSent = 0
    /// Commands of the last prefix: each `type` target and its text, for the valid value of a field.
    private(set) var typedByPrefix: [(target: String, text: String)] = []

    /// `scheme` with Swift's backtracer off. A crash symbolicated by it costs the app a tenth of a
    /// second, and a crawl may meet one crash many times: its fatal error and a plain stack trace
    /// are enough here (`flow run` of the finding's flow shows the whole backtrace). A scheme that
    /// sets it wins.
    static func withoutBacktraces(_ scheme: Scheme) -> Scheme {
        var scheme = scheme
        if !scheme.launch.environment.contains(where: { $0.key == Self.backtraceVariable }) {
            scheme.launch.environment.append((Self.backtraceVariable, Text("enable=no")))
        }
        return scheme
    }

    /// The robot actions a step may name (what a walk's robot steps are read with).
    let catalog: RobotCatalog
    /// Whether the last action was a robot action (its commands are then the step's).
    private var lastWasRobot = false
    /// The robot steps read so far, by their YAML: a walk takes the same step (`Todos.add: {title:
    /// Ann}`) many times, and reading one is a parse.
    private var robotSteps: [String: Step] = [:]
    /// The most robot steps kept read.
    private static let robotStepsKept = 4096

    /// Seeds what the flow needs once; throws what `flow run` would say when it cannot.
    init(scheme: Scheme, variables: [String: String], secrets: [String], timeout: TimeInterval, flow: Flow, catalog: RobotCatalog = RobotCatalog([])) throws {
        self.catalog = catalog
        self.scheme = Self.withoutBacktraces(scheme)
        self.variables = variables
        self.secrets = secrets
        self.timeout = timeout
        self.flow = flow
        runner = SuiteRunner(scheme: scheme, variables: variables, secrets: secrets, options: .init(jobs: 1, timeout: timeout))
        // A fixture that does not seed throws; the runner, let go, removes its folder.
        templates = try runner.prepare(fixtures: FlowSuite(flows: [flow]).fixtures) { _ in }
    }

    /// Swift's backtracer's setting.
    static let backtraceVariable = "SWIFT_BACKTRACE"

    /// Ends the apps and removes the stores.
    func close() {
        executor?.finish()
        // Its thread is done with it first (a hung prefix ends at the launch's timeout, or at
        // once when Ctrl-C killed its app).
        spare?.ready().executor.finish()
        (executor, spare) = (nil, nil)
        runner.cleanUp()
    }

    /// The folder of the crawl's stores (and of its seeded fixtures): ``close()`` removes it.
    var folder: URL { runner.folder }

    /// The app, while one is launched.
    var app: FlowApp? { executor?.app }

    /// Launches the app afresh on a new copy of the store and runs the prefix: the idle frame it
    /// ends on, or why it could not.
    func relaunch() -> Result<Frame, StartFailure> {
        executor?.finish()
        let ready = spare?.ready() ?? Self.prepare(makeExecutor(), flow: flow)
        executor = ready.executor
        // The one after it is made ready now, on the other folder, while this one is driven.
        spare = Prepared(makeExecutor(), flow: flow)
        launches += 1
        actionsSent += ready.sent
        typedByPrefix = ready.typed
        return ready.result
    }

    /// A launch made ready: the executor, what its start and prefix came to, the prefix's
    /// commands sent and what it typed.
    struct Ready {
        let executor: FlowExecutor
        let result: Result<Frame, StartFailure>
        let sent: Int
        let typed: [(target: String, text: String)]
    }

    /// Starts the app of `executor` and runs the prefix on it: what `relaunch` hands back.
    static func prepare(_ executor: FlowExecutor, flow: Flow) -> Ready {
        if let failure = executor.start(flow).failure { return Ready(executor: executor, result: .failure(.launch(failure.failure)), sent: 0, typed: []) }
        let (outcome, typed) = performWatchingTyped(flow, on: executor)
        let sent = flow.steps.count
        if let failure = outcome.failure { return Ready(executor: executor, result: .failure(.prefix(failure)), sent: sent, typed: typed) }
        guard let frame = executor.app.idleFrame(sourceLocation: flow.launchSite.sourceLocation) else {
            let failure = executor.app.failures.last ?? FlowFailure(step: "launch", reason: "the app is not idle", screen: nil, standardError: [], site: Self.site)
            return Ready(executor: executor, result: .failure(.launch(failure)), sent: sent, typed: typed)
        }
        return Ready(executor: executor, result: .success(frame), sent: sent, typed: typed)
    }

    /// Runs `flow`'s steps on the app `executor` started, and says what they told it to type:
    /// each `type` command's field and text, watched beside what else watches the app's commands
    /// (the record properties read).
    static func performWatchingTyped(_ flow: Flow, on executor: FlowExecutor) -> (outcome: (records: [StepRecord], failure: FlowRunFailure?), typed: [(target: String, text: String)]) {
        var typed: [(target: String, text: String)] = []
        let watching = executor.app.commandObserver
        executor.app.commandObserver = { request in
            watching?(request)
            if request.action == .type, let target = request.target { typed.append((target, request.text ?? "")) }
        }
        let outcome = executor.perform(flow.steps, in: flow)
        executor.app.commandObserver = watching
        return (outcome, typed)
    }

    /// A launch being made ready on a thread of its own. The executor is that thread's until
    /// ``ready()`` returns, then the caller's alone: never used by two threads at once.
    final class Prepared: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let executor: FlowExecutor
        private let flow: Flow
        private var made: Ready?

        init(_ executor: FlowExecutor, flow: Flow) {
            self.executor = executor
            self.flow = flow
            let thread = Thread { [self] in
                made = AppDriver.prepare(self.executor, flow: self.flow)
                done.signal()
            }
            thread.name = "explore-next-launch"
            thread.start()
        }

        /// Waits until the launch is ready: the executor and what its start and prefix came to.
        func ready() -> Ready {
            // The semaphore orders the thread's write before this read; signalled again, so a
            // second call returns at once.
            done.wait()
            defer { done.signal() }
            guard let made else { preconditionFailure("a prepared launch signalled before it was made") }
            return made
        }
    }

    /// Runs each of `flows` from a fresh launch on a store of its own (its fixture seeded first)
    /// and says what each told the app to type: each `type` command's field and text, by flow file.
    /// A flow that fails is watched up to where it failed; a fixture that does not seed leaves
    /// its flows out.
    func typed(by flows: [Flow]) -> [String: [(target: String, text: String)]] {
        var typed: [String: [(target: String, text: String)]] = [:]
        for flow in flows {
            let fixtures = FlowSuite(flows: [flow]).fixtures.filter { templates[$0] == nil }
            if !fixtures.isEmpty {
                guard let seeded = try? runner.prepare(fixtures: fixtures, say: { _ in }) else { continue }
                templates.merge(seeded) { old, _ in old }
            }
            let executor = makeExecutor()
            defer { executor.finish() }
            if executor.start(flow).failure != nil { continue }
            typed[flow.file] = Self.performWatchingTyped(flow, on: executor).typed
        }
        return typed
    }

    /// An executor whose store is in the folder after the last one's.
    private func makeExecutor() -> FlowExecutor {
        let templates = self.templates
        nextFolder = 1 - nextFolder
        var environment = FlowEnvironment(
            scheme: scheme, variables: variables, secrets: secrets, timeout: timeout, folder: runner.folder.appendingPathComponent("explore-\(nextFolder)")
        ) { fixture in
            guard let path = templates[fixture] else { throw ExploreError("the fixture \"\(fixture)\" was not seeded for this crawl") }
            return path
        }
        let (running, slot) = (self.running, nextFolder)
        environment.onProcess = { pid in running.set(slot, pid) }
        return FlowExecutor(environment: environment)
    }

    /// Where a crawl's own actions are said to be: they were written by no one.
    static let site = CallSite(file: "explore", line: 1)

    func act(_ action: ExploreAction, wait: TimeInterval?) -> Outcome {
        guard let app else { return .ended(FlowFailure(step: action.description, reason: "the app is not running", screen: nil, standardError: [], site: Self.site, cause: .notStarted)) }
        actionsSent += 1
        lastWasRobot = action.isRobot
        if action.isRobot, let executor { return robotStep(action, on: executor) }
        if let wait, wait < app.timeout {
            let timeout = app.timeout
            app.timeout = wait
            defer { app.timeout = timeout }
            return attempt(action, on: app)
        }
        return attempt(action, on: app)
    }

    private func attempt(_ action: ExploreAction, on app: FlowApp) -> Outcome {
        let attempt: FlowApp.Attempt
        switch action.verb {
        case .back: attempt = app.attempt(.back, target: nil, text: nil, sourceLocation: Self.site.sourceLocation)
        case .tap, .answer: attempt = app.attempt(.tap, target: action.identifier, text: nil, sourceLocation: Self.site.sourceLocation)
        case .type: attempt = app.attempt(.type, target: action.identifier, text: resolve(action.text ?? ""), sourceLocation: Self.site.sourceLocation)
        case .robot: return .refused("a robot action is not a command of the app")
        }
        switch attempt {
        case let .done(frame): return .screen(frame)
        case let .refused(reason): return .refused(reason)
        case let .failed(failure): return .ended(failure)
        }
    }

    func errorLines(of failure: FlowFailure) -> [String] {
        app?.standardErrorTail(lines: 400) ?? failure.standardError
    }

    func terminate() {
        app?.terminate()
    }

    var lastActions: [ObservedAction] {
        guard let executor else { return [] }
        if lastWasRobot { return executor.lastStepActions }
        return executor.commands.step.last.flatMap { CommandLog.observed([$0]).first }.map { [$0] } ?? []
    }

    /// Runs the robot action `action` as a flow's step on the app of `executor`: the idle frame it
    /// left; the app's end; or, when the action failed on this screen (a check of its own, a
    /// control it looks for) with the app still idle, skipped where it left the app.
    private func robotStep(_ action: ExploreAction, on executor: FlowExecutor) -> Outcome {
        let yaml = action.yaml
        let step: Step
        if let read = robotSteps[yaml] {
            step = read
        } else {
            guard let parsed = FlowParser(catalog: catalog).step(text: yaml, file: "explore") else {
                return .skipped(executor.app.latestFrame ?? Frame(seq: 0, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: "", elements: []), text: ""))
            }
            if robotSteps.count >= Self.robotStepsKept { robotSteps.removeAll(keepingCapacity: true) }
            robotSteps[yaml] = parsed.step
            step = parsed.step
        }
        let outcome = executor.perform([step], in: flow)
        if let failure = outcome.failure?.failure {
            switch failure.cause {
            case .crashed, .hung, .brokeProtocol, .exited:
                return .ended(failure)
            case .check, .refused, .notStarted, .badSetup:
                executor.forgetFailure()
            }
        }
        guard executor.app.state == .running, let frame = executor.app.idleFrame(sourceLocation: Self.site.sourceLocation) else {
            return .ended(executor.app.failures.last ?? FlowFailure(step: action.description, reason: "the app is not idle", screen: nil, standardError: [],
                                                                     site: Self.site, cause: .hung))
        }
        return outcome.failure == nil ? .screen(frame) : .skipped(frame)
    }

    /// `${name}` replaced from the variables.
    func resolve(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            result += rest[..<open.lowerBound]
            result += variables[String(rest[open.upperBound..<close])] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// `text` with every secret replaced by the mask.
    func mask(_ text: String) -> String {
        SecretMask(secrets).mask(text)
    }
}

/// Why a crawl could not be made, said as the runner says it.
package struct ExploreError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package let description: String
    /// How the command ends for it: bad input (2), or a crawl that could not be made (3: no app
    /// built, seeding failed).
    package let exit: RunnerExit

    init(_ description: String, exit: RunnerExit = .badInput) {
        self.description = description
        self.exit = exit
    }
}

/// Ends a crawl's apps from another thread (Ctrl-C): each app's process, as it is started and
/// ended; `stop` kills those that run, so an action that waits on one returns at once.
package final class ExploreStopper: Sendable {
    private let pids = Mutex<[Int: Int32]>([:])

    init() {}

    func set(_ slot: Int, _ pid: Int32?) {
        pids.withLock { $0[slot] = pid }
    }

    /// The process of every app the crawl runs now.
    var processes: [Int32] {
        pids.withLock { Array($0.values) }
    }

    /// Kills every app the crawl runs now.
    package func stop() {
        for pid in processes where pid > 0 { kill(pid, SIGKILL) }
    }
}
