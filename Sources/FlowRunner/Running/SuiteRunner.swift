import Console
import FlowKit
import Foundation

/// Runs a suite of flows: seeds each fixture once into the run's cache, then runs the flows on
/// `jobs` workers, each flow in its own folder (its own store, its own app; a worker starts its
/// next flow's app while the current one runs), and reports each flow as it finishes. Ctrl-C
/// (`interrupt()`) ends every app and leaves no process behind.
package final class SuiteRunner: @unchecked Sendable {
    /// How a run runs its flows: how many at once, how often, how patiently, and what it keeps.
    package struct Options: Sendable {
        /// How many flows run at once, each on its own app (`--jobs`; by default one a core).
        package var jobs: Int
        /// How many times each flow runs (`--repeat`).
        package var repeatCount: Int
        /// The apps' safety-net timeout, only for an app that hangs.
        package var timeout: TimeInterval
        /// How many times a failing flow is run again, each time from a fresh copy of its store.
        package var retries: Int
        /// Keep the screen after every step (the HTML report shows them all).
        package var keepsScreens: Bool
        /// Start each job's next app while its current flow runs its steps (`--no-prelaunch` turns
        /// it off): the next flow then begins on an app that is already up, on its own store.
        package var prelaunch: Bool
        /// Golden screens re-recorded (`--record`), casts (`--record-casts`), the audit (`--audit`).
        package var recording = RecordingOptions()
        /// Which flows keep a trace of every step (`--trace`): none unless set.
        package var trace = TraceMode.off
        /// The run's property workers (nil: the app declares no property).
        package var propertyWorkers: PropertyWorkers?
        /// Check the properties after every step (`--properties`): off unless set.
        package var checksProperties = false

        /// Options with one job a core, each flow run once, no retries, no screens kept, and the next app started ahead.
        package init(
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
    package struct SetupError: Error, CustomStringConvertible {
        /// What went wrong, as `flow run` prints it.
        package let description: String
        /// Whether the input was at fault (a scheme that lacks a part, a fixture it cannot seed),
        /// which is exit 2, rather than the run (no app built, the seeder failed), exit 3.
        package var isBadInput = false

        /// The run could not be made because `description`.
        package init(description: String, isBadInput: Bool = false) {
            self.description = description
            self.isBadInput = isBadInput
        }

        /// The code the command exits with.
        package var exit: RunnerExit { isBadInput ? .badInput : .notMade }
    }

    private let scheme: Scheme
    private let variables: [String: String]
    private let secrets: [String]
    private let options: Options
    /// Guards what follows; a job out of work waits on it for an app another job is starting ahead.
    private let lock = NSCondition()
    // Guarded by `lock`.
    private var running: [Int: Int32] = [:]  // a flow's executor (its slot number) → its app's process
    private var nextSlot = 0
    /// Apps started for a job's next flow, which it has not begun yet.
    private var startedAhead: [Int: (executor: FlowExecutor, flow: Flow, iteration: Int)] = [:]
    /// Flows claimed to be started ahead whose apps are not in `startedAhead` yet.
    private var startingAhead = 0
    private var stopped = false
    private var nextWork = 0
    private var results: [FlowResult] = []
    /// The run's own folder: the fixture cache and the jobs' folders. Removed at the end.
    package let folder: URL
    /// How long each fixture took to seed, once `prepare` seeded it (for `--timings-out`).
    package private(set) var seedingTimes: [String: Duration] = [:]

    /// A runner for flows under `scheme`; nothing is seeded or launched before `prepare` and `run`.
    package init(scheme: Scheme, variables: [String: String], secrets: [String], options: Options) {
        self.scheme = scheme
        self.variables = variables
        self.secrets = secrets
        self.options = options
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(Leftovers.runFolderName())
    }

    deinit {
        cleanUp()
    }

    /// Removes the run's folder (the fixture cache and every job's store). Call it before the
    /// process exits: a runner still referenced then is never deinitialised.
    package func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Checks that the app and the seeder exist, then seeds each fixture once. Says what it seeded.
    /// Under a scheme with no seeder nothing is seeded: `default` (the app as it is launched)
    /// needs nothing, and any other fixture is refused.
    package func prepare(fixtures: [String], say: (String) -> Void) throws -> [String: String] {
        // A scheme made in code is not read by the command line's check: a seeder without a store would seed for nothing.
        if let incompleteness = scheme.incompleteness() { throw SetupError(description: incompleteness, isBadInput: true) }
        for (what, path) in [("app", scheme.app)] + (scheme.seeder.map { [("seeder", $0)] } ?? []) where !FileManager.default.isExecutableFile(atPath: path) {
            throw SetupError(description: "the \(what) \(path) (scheme \(scheme.name)) is not there or not executable: build it first with \(scheme.build ?? "swift build (make flows does)")")
        }
        guard let seeder = scheme.seeder else {
            if let refusal = fixtures.lazy.compactMap(scheme.cannotSeed).first { throw SetupError(description: refusal, isBadInput: true) }
            return [:]
        }
        // The folders killed runners left (once per process): cleanUp never ran for them.
        Leftovers.removeRunFolders(in: folder.deletingLastPathComponent())
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
        var templates: [String: String] = [:]
        for fixture in fixtures {
            let path = folder.appendingPathComponent("fixtures/\(fixture.replacingOccurrences(of: "/", with: "_")).sqlite").path
            let start = ContinuousClock.now
            let result = try ChildProcess.run(seeder, ["--store", path, "--seeds", scheme.seeds, fixture])
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
    package func run(
        _ suite: FlowSuite, templates: [String: String], onStart: @escaping @Sendable (Flow) -> Void = { _ in },
        onFinish: @escaping @Sendable (FlowResult) -> Void
    ) -> [FlowResult] {
        let work = work(suite)
        lock.lock()
        nextWork = 0
        results = []
        lock.unlock()
        let jobs = max(1, min(options.jobs, work.count))
        let done = DispatchSemaphore(value: 0)
        let seeded = templates
        for job in 0..<jobs {
            let thread = Thread { [self] in
                /// An executor of its own for each flow: its own folder (so its own store) and its
                /// own key for Ctrl-C, so the app started ahead never shares either with the one running.
                func executor() -> FlowExecutor {
                    lock.lock()
                    nextSlot += 1
                    let slot = nextSlot
                    lock.unlock()
                    var environment = FlowEnvironment(
                        scheme: scheme, variables: variables, secrets: secrets, timeout: options.timeout,
                        folder: folder.appendingPathComponent("flow-\(slot)")
                    ) { fixture in
                        guard let path = seeded[fixture] else {
                            throw SetupError(description: "the fixture \"\(fixture)\" was not seeded for this run (a seed step with a variable?)")
                        }
                        return path
                    }
                    environment.onProcess = { [weak self] pid in self?.register(slot, pid: pid) }
                    environment.keepsScreens = options.keepsScreens
                    environment.recording = options.recording
                    environment.trace = options.trace
                    environment.propertyWorkers = options.propertyWorkers
                    environment.checksProperties = options.checksProperties
                    return FlowExecutor(environment: environment)
                }
                while let current = nextFlow(for: job, work: work, makeExecutor: executor) {
                    onStart(current.flow)
                    var result = current.executor.run(current.flow, iteration: current.iteration) {
                        // This flow's app is up: start the next flow's on a store of its own. Any
                        // job that runs out of work takes it over rather than wait behind this one.
                        guard options.prelaunch, let (flow, iteration) = claim(work, toStartAhead: true) else { return }
                        let next = executor()
                        next.prelaunch(flow)
                        lock.lock()
                        startedAhead[job] = (next, flow, iteration)
                        startingAhead -= 1
                        lock.broadcast()
                        lock.unlock()
                    }
                    // A failing flow runs again from a fresh copy; the failed tries are kept.
                    var tries: [FlowResult] = []
                    while !result.passed, tries.count < options.retries, !isStopped {
                        tries.append(result)
                        result = FlowExecutor(environment: current.executor.environment).run(current.flow, iteration: current.iteration)
                    }
                    try? FileManager.default.removeItem(at: current.executor.environment.folder)
                    result.earlierTries = tries
                    lock.lock()
                    let keep = !stopped
                    if keep { results.append(result) }
                    lock.unlock()
                    if keep { onFinish(result) }
                }
                done.signal()
            }
            thread.name = "flow-job-\(job + 1)"
            thread.start()
        }
        for _ in 0..<jobs { done.wait() }
        // Apps started ahead for flows a stopped run will not begin.
        lock.lock()
        let left = startedAhead.values.map(\.executor)
        startedAhead = [:]
        lock.unlock()
        for executor in left { executor.finish() }
        lock.lock()
        defer { lock.unlock() }
        return results
    }

    /// The next flow for `job`: the one it started ahead, else one not yet claimed, else one another
    /// job started ahead and has not begun (it is busy with a longer flow); nil when there is none
    /// or the run is stopped.
    private func nextFlow(
        for job: Int, work: [(Flow, Int)], makeExecutor: () -> FlowExecutor
    ) -> (executor: FlowExecutor, flow: Flow, iteration: Int)? {
        lock.lock()
        if stopped {
            lock.unlock()
            return nil
        }
        if let own = startedAhead.removeValue(forKey: job) {
            lock.unlock()
            return own
        }
        lock.unlock()
        if let (flow, iteration) = claim(work) { return (makeExecutor(), flow, iteration) }
        lock.lock()
        defer { lock.unlock() }
        // A flow another job is starting ahead is claimed before its app is up: wait for the app
        // rather than end, which would leave that flow to wait behind the other job's longer one.
        while !stopped, startedAhead.isEmpty, startingAhead > 0 { lock.wait() }
        guard !stopped, let other = startedAhead.keys.sorted().first else { return nil }
        return startedAhead.removeValue(forKey: other)
    }

    /// Every flow run of `suite`, in the order the jobs take them: each flow, `repeatCount` times.
    private func work(_ suite: FlowSuite) -> [(Flow, Int)] {
        (1...max(1, options.repeatCount)).flatMap { iteration in suite.flows.map { ($0, iteration) } }
    }

    /// The flow runs of `suite` that `results` (an interrupted run's) do not hold: those not
    /// started, and those cut short, in the order they would have run.
    package func notRun(of suite: FlowSuite, results: [FlowResult]) -> [NotRun] {
        let finished = Set(results.map { "\($0.iteration) \($0.flow.file)" })
        return work(suite).filter { !finished.contains("\($0.1) \($0.0.file)") }.map { NotRun(flow: $0.0, iteration: $0.1) }
    }

    /// The next flow no job has claimed, or nil; counted as starting ahead (in the same hold of
    /// the lock, so no job finds it neither claimable nor started) when `toStartAhead`.
    private func claim(_ work: [(Flow, Int)], toStartAhead: Bool = false) -> (Flow, Int)? {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped, nextWork < work.count else { return nil }
        nextWork += 1
        if toStartAhead { startingAhead += 1 }
        return work[nextWork - 1]
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// True once `interrupt()` was called.
    package var wasInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Stops the run: no new flow starts, and every running app is killed at once; `run` then
    /// returns promptly, without the results of the flows that were cut short.
    package func interrupt() {
        lock.lock()
        stopped = true
        let pids = Array(running.values)
        lock.broadcast()
        lock.unlock()
        // An app that ended on its own may have left its number to another process by now: only
        // a process whose command line names this run's folder is one of ours.
        for pid in pids where Self.isApp(pid, of: folder) { kill(pid, SIGKILL) }
    }

    /// Whether process `pid` is an app of the run whose folder is `folder`: its command line names
    /// that folder (the store it was given is in there).
    package static func isApp(_ pid: Int32, of folder: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(folder.path)
    }

    private func register(_ slot: Int, pid: Int32?) {
        lock.lock()
        running[slot] = pid
        let late = stopped
        lock.unlock()
        if late, let pid { kill(pid, SIGKILL) }
    }
}
