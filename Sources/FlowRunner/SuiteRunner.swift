import Console
import FlowKit
import Foundation

/// Runs a suite of flows: seeds each fixture once into the run's cache, then runs the flows on
/// `jobs` workers, each with its own folder (its own store, its own app), and reports each flow
/// as it finishes. Ctrl-C (`interrupt()`) ends every app and leaves no process behind.
public final class SuiteRunner: @unchecked Sendable {
    /// How a run runs its flows: how many at once, how often, how patiently, and what it keeps.
    public struct Options: Sendable {
        /// How many flows run at once, each on its own app (`--jobs`; by default one a core).
        public var jobs: Int
        /// How many times each flow runs (`--repeat`).
        public var repeatCount: Int
        /// The apps' safety-net timeout, only for an app that hangs.
        public var timeout: TimeInterval
        /// How many times a failing flow is run again, each time from a fresh copy of its store.
        public var retries: Int
        /// Keep the screen after every step (the HTML report shows them all).
        public var keepsScreens: Bool
        /// Start each job's next app while its current flow runs its steps (`--no-prelaunch` turns
        /// it off): the next flow then begins on an app that is already up, on its own store.
        public var prelaunch: Bool

        /// Options with one job a core, each flow run once, no retries, no screens kept, and the next app started ahead.
        public init(
            jobs: Int = ProcessInfo.processInfo.activeProcessorCount, repeatCount: Int = 1, timeout: TimeInterval = 10, retries: Int = 0,
            keepsScreens: Bool = false, prelaunch: Bool = true
        ) {
            self.prelaunch = prelaunch
            self.jobs = jobs
            self.repeatCount = repeatCount
            self.timeout = timeout
            self.retries = retries
            self.keepsScreens = keepsScreens
        }
    }

    /// Why a run could not start: the app or the seeder is missing, or a fixture cannot be seeded.
    public struct SetupError: Error, CustomStringConvertible {
        /// What went wrong, as `flow run` prints it.
        public let description: String
    }

    private let scheme: Scheme
    private let variables: [String: String]
    private let secrets: [String]
    private let options: Options
    private let lock = NSLock()
    // Guarded by `lock`.
    private var running: [Int: Int32] = [:]  // a job's slot (job × 2 + slot) → its app's process
    private var stopped = false
    private var nextWork = 0
    private var results: [FlowResult] = []
    /// The run's own folder: the fixture cache and the jobs' folders. Removed at the end.
    public let folder: URL
    /// How long each fixture took to seed, once `prepare` seeded it (for `--timings-out`).
    public private(set) var seedingTimes: [String: Duration] = [:]

    /// A runner for flows under `scheme`; nothing is seeded or launched before `prepare` and `run`.
    public init(scheme: Scheme, variables: [String: String], secrets: [String], options: Options) {
        self.scheme = scheme
        self.variables = variables
        self.secrets = secrets
        self.options = options
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flow-run-\(getpid())-\(UUID().uuidString.prefix(8))")
    }

    deinit {
        cleanUp()
    }

    /// Removes the run's folder (the fixture cache and every job's store). Call it before the
    /// process exits: a runner still referenced then is never deinitialised.
    public func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Checks that the app and the seeder exist, then seeds each fixture once. Says what it seeded.
    public func prepare(fixtures: [String], say: (String) -> Void) throws -> [String: String] {
        for (what, path) in [("app", scheme.app), ("seeder", scheme.seeder)] where !FileManager.default.isExecutableFile(atPath: path) {
            throw SetupError(description: "the \(what) \(path) (scheme \(scheme.name)) is not there or not executable: build it first with swift build (make flows does)")
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
        var templates: [String: String] = [:]
        for fixture in fixtures {
            let path = folder.appendingPathComponent("fixtures/\(fixture.replacingOccurrences(of: "/", with: "_")).sqlite").path
            let start = ContinuousClock.now
            let result = try ChildProcess.run(scheme.seeder, ["--store", path, "--seeds", scheme.seeds, fixture])
            guard result.status == 0, !result.signaled else {
                throw SetupError(description: "cannot seed the fixture \"\(fixture)\": "
                    + result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            templates[fixture] = path
            let took = ContinuousClock.now - start
            seedingTimes[fixture] = took
            let seconds = took / .seconds(1)
            say("seeded \(fixture) once for this run (\(String(format: "%.2f", seconds)) s); each flow starts from its own copy")
        }
        return templates
    }

    /// Runs every flow (`repeatCount` times each) and returns the results in the order they
    /// finished. `onFinish` is called for each, one at a time.
    public func run(
        _ suite: FlowSuite, templates: [String: String], onStart: @escaping @Sendable (Flow) -> Void = { _ in },
        onFinish: @escaping @Sendable (FlowResult) -> Void
    ) -> [FlowResult] {
        let work = (1...max(1, options.repeatCount)).flatMap { iteration in suite.flows.map { ($0, iteration) } }
        lock.lock()
        nextWork = 0
        results = []
        lock.unlock()
        let jobs = max(1, min(options.jobs, work.count))
        let done = DispatchSemaphore(value: 0)
        let seeded = templates
        for job in 0..<jobs {
            let thread = Thread { [self] in
                let jobFolder = folder.appendingPathComponent("job-\(job + 1)")
                // Two slots a job: the flow running, and the next one, whose app is started while
                // the first runs its steps. Each slot is its own folder, so its own store.
                var slot = 0
                func executor() -> FlowExecutor {
                    var environment = FlowEnvironment(
                        scheme: scheme, variables: variables, secrets: secrets, timeout: options.timeout,
                        folder: jobFolder.appendingPathComponent("slot-\(slot + 1)")
                    ) { fixture in
                        guard let path = seeded[fixture] else {
                            throw SetupError(description: "the fixture \"\(fixture)\" was not seeded for this run (a seed step with a variable?)")
                        }
                        return path
                    }
                    let key = job * 2 + slot
                    environment.onProcess = { [weak self] pid in self?.register(key, pid: pid) }
                    environment.keepsScreens = options.keepsScreens
                    slot = 1 - slot
                    return FlowExecutor(environment: environment)
                }
                func claim() -> (flow: Flow, iteration: Int)? {
                    lock.lock()
                    defer { lock.unlock() }
                    guard !stopped, nextWork < work.count else { return nil }
                    nextWork += 1
                    return work[nextWork - 1]
                }
                var ahead: (executor: FlowExecutor, flow: Flow, iteration: Int)?
                while true {
                    let current: (executor: FlowExecutor, flow: Flow, iteration: Int)
                    if let next = ahead {
                        current = next
                        ahead = nil
                    } else if let (flow, iteration) = claim() {
                        current = (executor(), flow, iteration)
                    } else {
                        break
                    }
                    if isStopped {
                        current.executor.finish()  // an app started ahead for a flow that will not run
                        break
                    }
                    onStart(current.flow)
                    var result = current.executor.run(current.flow, iteration: current.iteration) {
                        guard options.prelaunch, let (flow, iteration) = claim() else { return }
                        let next = executor()
                        next.prelaunch(flow)
                        ahead = (next, flow, iteration)
                    }
                    // A failing flow runs again from a fresh copy; the failed tries are kept.
                    var tries: [FlowResult] = []
                    while !result.passed, tries.count < options.retries, !isStopped {
                        tries.append(result)
                        result = FlowExecutor(environment: current.executor.environment).run(current.flow, iteration: current.iteration)
                    }
                    result.earlierTries = tries
                    lock.lock()
                    let keep = !stopped
                    if keep { results.append(result) }
                    lock.unlock()
                    if keep { onFinish(result) }
                }
                ahead?.executor.finish()
                done.signal()
            }
            thread.name = "flow-job-\(job + 1)"
            thread.start()
        }
        for _ in 0..<jobs { done.wait() }
        lock.lock()
        defer { lock.unlock() }
        return results
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// True once `interrupt()` was called.
    public var wasInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Stops the run: no new flow starts, and every running app is killed at once; `run` then
    /// returns promptly, without the results of the flows that were cut short.
    public func interrupt() {
        lock.lock()
        stopped = true
        let pids = Array(running.values)
        lock.unlock()
        for pid in pids { kill(pid, SIGKILL) }
    }

    private func register(_ slot: Int, pid: Int32?) {
        lock.lock()
        running[slot] = pid
        let late = stopped
        lock.unlock()
        if late, let pid { kill(pid, SIGKILL) }
    }
}
