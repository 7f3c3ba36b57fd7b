import FlowKit
import FlowRunner
import Foundation
import Synchronization

/// The app as the explorer drives it: launched exactly as `flow run` launches a flow (the scheme,
/// a fresh copy of the fixture's seeded store, the launch settings), then the prefix run as a
/// flow's steps, then one action at a time, each answered with where it led.
final class AppDriver {
    /// What an action did.
    enum Outcome {
        /// The app is idle on this frame.
        case screen(Frame)
        /// The app answered with an error and did nothing.
        case refused(String)
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
    private let templates: [String: String]
    private var executor: FlowExecutor?
    /// The next launch's app, started ahead on a store of its own while this one is driven (as
    /// `flow run` starts a job's next flow): a relaunch then waits only for what is left of it.
    private var spare: FlowExecutor?
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

    /// Seeds what the flow needs once; throws what `flow run` would say when it cannot.
    init(scheme: Scheme, variables: [String: String], secrets: [String], timeout: TimeInterval, flow: Flow) throws {
        self.scheme = scheme
        self.variables = variables
        self.secrets = secrets
        self.timeout = timeout
        self.flow = flow
        runner = SuiteRunner(scheme: scheme, variables: variables, secrets: secrets, options: .init(jobs: 1, timeout: timeout))
        do {
            templates = try runner.prepare(fixtures: FlowSuite(flows: [flow]).fixtures) { _ in }
        } catch {
            runner.cleanUp()
            throw error
        }
    }

    /// Ends the apps and removes the stores.
    func close() {
        executor?.finish()
        spare?.finish()
        (executor, spare) = (nil, nil)
        runner.cleanUp()
    }

    /// The app, while one is launched.
    var app: FlowApp? { executor?.app }

    /// Launches the app afresh on a new copy of the store and runs the prefix: the idle frame it
    /// ends on, or why it could not.
    func relaunch() -> Result<Frame, StartFailure> {
        executor?.finish()
        let executor = spare ?? makeExecutor()
        self.executor = executor
        // The one after it starts now, on the other folder, while this one is driven.
        let next = makeExecutor()
        next.prelaunch(flow)
        spare = next
        launches += 1
        if let failure = executor.start(flow).failure { return .failure(.launch(failure.failure)) }
        var typed: [(String, String)] = []
        executor.app.commandObserver = { request in
            if request.action == .type, let target = request.target { typed.append((target, request.text ?? "")) }
        }
        let outcome = executor.perform(flow.steps, in: flow)
        executor.app.commandObserver = nil
        actionsSent += flow.steps.count
        typedByPrefix = typed
        if let failure = outcome.failure { return .failure(.prefix(failure)) }
        guard let frame = executor.app.idleFrame(sourceLocation: flow.launchSite.sourceLocation) else {
            return .failure(.launch(executor.app.failures.last ?? FlowFailure(step: "launch", reason: "the app is not idle", screen: nil, standardError: [], site: Self.site)))
        }
        return .success(frame)
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

    /// Takes `action` on the app as it is: where it led.
    func act(_ action: ExploreAction) -> Outcome {
        guard let app else { return .ended(FlowFailure(step: action.description, reason: "the app is not running", screen: nil, standardError: [], site: Self.site, cause: .notStarted)) }
        actionsSent += 1
        let attempt: FlowApp.Attempt
        switch action.verb {
        case .back: attempt = app.attempt(.back, target: nil, text: nil, sourceLocation: Self.site.sourceLocation)
        case .tap, .answer: attempt = app.attempt(.tap, target: action.identifier, text: nil, sourceLocation: Self.site.sourceLocation)
        case .type: attempt = app.attempt(.type, target: action.identifier, text: resolve(action.text ?? ""), sourceLocation: Self.site.sourceLocation)
        }
        switch attempt {
        case let .done(frame): return .screen(frame)
        case let .refused(reason): return .refused(reason)
        case let .failed(failure): return .ended(failure)
        }
    }

    /// The app's last lines of standard error, secrets masked.
    func standardErrorTail() -> [String] {
        (app?.failures.last?.standardError ?? []).map(mask)
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
public struct ExploreError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let description: String
    /// How the command ends for it: bad input (2), or a crawl that could not be made (3: no app
    /// built, seeding failed).
    public let exit: RunnerExit

    init(_ description: String, exit: RunnerExit = .badInput) {
        self.description = description
        self.exit = exit
    }
}

/// Ends a crawl's apps from another thread (Ctrl-C): each app's process, as it is started and
/// ended; `stop` kills those that run, so an action that waits on one returns at once.
public final class ExploreStopper: Sendable {
    private let pids = Mutex<[Int: Int32]>([:])

    init() {}

    func set(_ slot: Int, _ pid: Int32?) {
        pids.withLock { $0[slot] = pid }
    }

    /// Kills every app the crawl runs now.
    public func stop() {
        for pid in pids.withLock({ Array($0.values) }) where pid > 0 { kill(pid, SIGKILL) }
    }
}
