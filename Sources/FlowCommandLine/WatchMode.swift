import Console
import FlowKit
import FlowRunner
import Foundation
import TextBytes
#if canImport(Glibc)
import Glibc
#endif

/// `flow run --watch`: runs the flows once, as `flow run` does, then waits and runs again only
/// the flows a change affects, until `q` (exit 0) or Ctrl-C (every app ended, exit 130).
///
/// It waits on inotify events on the folders involved, on standard input and on Ctrl-C at once
/// (one `poll`, no timeout): nothing polls the disk or sleeps. A burst of events (an editor's
/// write and rename) makes one round: after the first, whatever else is readable is read too.
/// Each round reads every flow and the scheme again; a lint error is printed and the round waits
/// for the fix, and the changes it held are run then.
final class WatchMode {
    private let options: FlowCommand.Run
    private let watcher: FileWatcher
    private let interruption: Interruption
    /// The runner of the current scheme; a new one when the scheme or the seeder changes.
    private var runner: SuiteRunner?
    /// The fixtures `runner` seeded: name → template store.
    private var templates: [String: String] = [:]
    /// The scheme of the last good round (its seeds folder, app and seeder are watched).
    private var scheme: Scheme?
    /// The flow files of the last good round: a file not among them is new, and runs.
    private var known: Set<String> = []
    /// Every flow file the selected flows are made of (their own and those they include).
    private var included: Set<String> = []
    private var watchedCount = 0
    /// What changed and is not yet run (kept over a lint error until it is fixed).
    private var pending = WatchPlan.Changes()
    /// Enter was pressed since the last round.
    private var requested = false
    /// False once standard input ended (or failed): it is not read again, and the watch goes on.
    private var readingInput = true
    private var inputBuffer: [UInt8] = []

    /// The longest line read from standard input; a longer one is dropped.
    static let inputLimit = 64 * 1024

    init(options: FlowCommand.Run) throws(FlowCommandError) {
        if options.repeatCount > 1 {
            throw .usage("--watch runs each flow a change affects once; --repeat cannot go with it (hunt flakes with \(RunnerSetup.current.name) run --repeat N)")
        }
        if options.shard != nil {
            throw .usage("--watch runs the flows a change affects on this machine; --shard cannot go with it (it splits one whole run between machines)")
        }
        if options.junit != nil {
            throw .usage("--watch has no end to write JUnit at; --junit cannot go with it (--report writes each round's flows again)")
        }
        self.options = options
        do {
            watcher = try FileWatcher(runner: RunnerSetup.current.identity)
        } catch {
            throw .notMade(error.description)
        }
        interruption = try Interruption()
    }

    /// The first round, then a round for each change, until `q` or Ctrl-C.
    func run() throws(FlowCommandError) {
        let interruption = interruption
        let stop = FlowCommand.Run.onInterrupt { interruption.interrupt() }
        defer {
            stop.cancel()
            runner?.cleanUp()
        }
        pending.everything = true
        pending.reseedAll = true
        try round(first: true)
        while true {
            watchDirectories()
            Console.output("watching \(Self.count(watchedCount, "flow")) (Enter re-runs all, q quits)\n")
            guard try waitForChanges() else { return }
            try round(first: false)
        }
    }

    // MARK: - A round

    /// Reads the flows and the scheme again, seeds what the changes call for and runs the flows
    /// they affect. A lint error (and, after the first round, any problem that stops a run
    /// starting) is printed, and the changes wait for the next round.
    private func round(first: Bool) throws(FlowCommandError) {
        watchDirectories()
        let changes = pending
        let loaded: Selection.Loaded
        do {
            loaded = try options.selection.load()
        } catch {
            if case .diagnostics = error {} else if first { throw error }
            if !first { Console.output(describe(changes) + "\n") }
            _ = FlowCommand.report(error)
            if watchedCount == 0 { watchedCount = (try? FlowSuite.files(in: options.selection.flowPaths))?.count ?? 0 }
            return
        }
        scheme = loaded.scheme
        included = loaded.suite.flows.reduce(into: []) { $0.formUnion(WatchPlan.files(of: $1)) }
        watchDirectories()
        let runner: SuiteRunner
        if let current = self.runner, !changes.reseedAll {
            runner = current
        } else {
            self.runner?.cleanUp()
            runner = SuiteRunner(
                scheme: loaded.scheme, variables: loaded.variables, secrets: loaded.scheme.secretValues(variables: loaded.variables),
                options: options.runnerOptions(jobs: jobs, repeatCount: 1, retries: 0, keepsScreens: false, variables: loaded.variables)
            )
            self.runner = runner
            templates = [:]
            interruption.use(runner)
        }
        let plan = WatchPlan.affected(by: changes, in: loaded.suite, seeded: Set(templates.keys), known: known)
        if !first {
            Console.output(describe(changes) + " → " + (plan.flows.isEmpty ? "no flow to run" : "running \(Self.count(plan.flows.count, "flow"))") + "\n")
        }
        do {
            let seeded = try runner.prepare(fixtures: plan.fixtures) { Console.output("\($0)\n") }
            templates.merge(seeded) { $1 }
        } catch {
            try stopIfInterrupted(tally: nil)
            let said = (error as? SuiteRunner.SetupError).map(FlowCommandError.setup) ?? .notMade("\(error)")
            if first { throw said }
            _ = FlowCommand.report(said)
            return
        }
        try stopIfInterrupted(tally: nil)
        pending = WatchPlan.Changes()
        requested = false
        known = Set(loaded.suite.flows.map { WatchPlan.key($0.file) })
        watchedCount = loaded.suite.flows.count
        guard !plan.flows.isEmpty else { return }
        try runFlows(FlowSuite(flows: plan.flows), on: runner, scheme: loaded.scheme, first: first)
    }

    /// Runs `suite` and prints it as `flow run` does: a line per flow as it ends, a failure in
    /// full, then the tally of this round.
    private func runFlows(_ suite: FlowSuite, on runner: SuiteRunner, scheme: Scheme, first: Bool) throws(FlowCommandError) {
        let total = suite.flows.count
        if first {
            let workers = min(jobs, max(total, 1))
            Console.output("running \(Self.count(total, "flow")) with \(Self.count(workers, "job")), scheme \(options.selection.schemeOptions.shown)\n")
        }
        let colour = Console.isTerminal(STDOUT_FILENO)
        let progress = Console.isTerminal(STDERR_FILENO)
        let state = RunState(total: total)
        let results = runner.run(suite, templates: templates) { result in
            state.finish(result) { tally, done in
                if progress { Console.error("\r\u{1B}[K") }
                Console.output(ConsoleReport.line(result, colour: colour, repeated: false) + "\n")
                if let failure = result.failure { Console.output("\n\(failure)\n\n") }
                if progress, done < total { Console.error("[\(done)/\(total)] \(tally.failed) failed") }
            }
        }
        if progress { Console.error("\r\u{1B}[K") }
        try stopIfInterrupted(tally: state.tally(of: total))
        if let report = options.report {
            do {
                try FolderReport.write(results, to: report)
            } catch {
                Console.error(RunnerSetup.current.error("cannot write the report to \(report): \(error.explanation(below: report))") + "\n")
            }
        }
        Console.output(state.tally(of: total).line + "\n")
    }

    /// After Ctrl-C: says so (with the tally of the round cut short, if one was running) and
    /// ends the watch with exit 130. The runner has killed every app already.
    private func stopIfInterrupted(tally: RunTally?) throws(FlowCommandError) {
        guard interruption.happened else { return }
        Console.output("interrupted: every app was ended\n")
        if let tally { Console.output(tally.line + "\n") }
        runner?.cleanUp()
        throw .interrupted
    }

    private var jobs: Int { options.jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    // MARK: - Waiting

    /// Waits for file events, a line of input or Ctrl-C. True when something changed that calls
    /// for a round; false for `q`. After the first event that matters, everything else already
    /// readable is read (poll with no wait) before it returns, so a burst makes one round.
    /// Changes held over a lint error wait for a new change (or Enter): an unrelated event does
    /// not start a round.
    private func waitForChanges() throws(FlowCommandError) -> Bool {
        var draining = false
        while true {
            var descriptors = [pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: interruption.descriptor, events: Int16(POLLIN), revents: 0)]
            if readingInput { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), draining ? 0 : -1)
            try stopIfInterrupted(tally: nil)
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .notMade("cannot wait for changes: poll failed: \(String(cString: strerror(errno)))")
            }
            // Nothing more is readable: the burst is over.
            if ready == 0 { return true }
            if descriptors[0].revents != 0 {
                for event in watcher.read() { if take(event) { draining = true } }
            }
            if descriptors.count > 2, descriptors[2].revents != 0 {
                switch readInput() {
                case .quit: return false
                case .runAll: draining = true
                case .nothing: break
                }
            }
        }
    }

    /// Sorts a file event into `pending`: true when it matters to the watch. A folder that appears
    /// is watched at once (with the folders inside it), so files written into it next are seen.
    private func take(_ event: FileWatcher.Event) -> Bool {
        if event.isDirectory, event.kind != .removed { watchDirectories() }
        return targets.record(event.path, kind: event.kind, isDirectory: event.isDirectory, into: &pending)
    }

    /// What a line of standard input asks for.
    private enum Request {
        case runAll, quit, nothing
    }

    /// Reads what standard input holds: an empty line runs every flow, `q` quits. At its end (or
    /// on an error) standard input is left alone, and the watch goes on.
    private func readInput() -> Request {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno != EINTR, errno != EAGAIN { readingInput = false }
            return .nothing
        }
        if count == 0 {
            readingInput = false
            return .nothing
        }
        inputBuffer += bytes[..<count]
        var request = Request.nothing
        while let newline = inputBuffer.firstIndex(of: UInt8(ascii: "\n")) {
            let read = TextBytes.string(inputBuffer[..<newline])
            inputBuffer.removeSubrange(...newline)
            guard case let .success(text) = read else {
                if case let .failure(problem) = read { Console.output(problem.maskedStatement("the line") + "; it was ignored (is the terminal set to UTF-8?)\n") }
                continue
            }
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch line.lowercased() {
            case "":
                requested = true
                pending.everything = true
                request = .runAll
            case "q", "quit":
                return .quit
            default:
                Console.output("press Enter to run every flow again, or type q to quit\n")
            }
        }
        if inputBuffer.count > Self.inputLimit { inputBuffer.removeAll() }
        return request
    }

    // MARK: - What is watched

    /// The flow folders, the scheme files, and once a scheme was read its seeds folder (a scheme
    /// with no seeder has no fixtures to watch), app and seeder, and the folders of included
    /// flows. The scheme's files are the ones `SchemeOptions` reads.
    private var targets: WatchTargets {
        let selection = options.selection
        let seeds = scheme?.seeder == nil ? nil : scheme?.seeds
        return WatchTargets(flowRoots: selection.flowPaths, schemeFiles: selection.schemeOptions.files, seeds: seeds, app: scheme?.app,
                            seeder: scheme?.seeder, includedFlows: included)
    }

    /// Adds a watch on every directory involved that is not watched yet.
    private func watchDirectories() {
        for directory in targets.directories() { watcher.watch(directory) }
    }

    /// Why a round runs: `changed: Flows/a.yaml, Seeds/large.yaml (removed)` (relative to the
    /// current folder), `Enter`, or both.
    private func describe(_ changes: WatchPlan.Changes) -> String {
        let base = WatchPlan.key(FileManager.default.currentDirectoryPath) + "/"
        var names = changes.paths.map { path in
            (path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path) + (FileManager.default.fileExists(atPath: path) ? "" : " (removed)")
        }
        if names.count > 4 { names = names.prefix(3) + ["and \(names.count - 3) more"] }
        if names.isEmpty, changes.everything, !requested { names.append("too many files at once to tell which (events were lost)") }
        var line = names.isEmpty ? "" : "changed: " + names.joined(separator: ", ")
        if requested { line += line.isEmpty ? "Enter" : "; Enter" }
        return line
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Ctrl-C, from the signal's queue to the waiting thread: ends the running apps at once and
    /// makes `descriptor` readable, so a `poll` that waits wakes.
    private final class Interruption: @unchecked Sendable {
        private let lock = NSLock()
        private var runner: SuiteRunner?  // guarded by lock
        private var interrupted = false  // guarded by lock
        /// Readable once interrupted.
        let descriptor: Int32
        private let writeEnd: Int32

        init() throws(FlowCommandError) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw .notMade("cannot make a pipe: \(String(cString: strerror(errno)))") }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
            descriptor = ends[0]
            writeEnd = ends[1]
        }

        deinit {
            close(descriptor)
            close(writeEnd)
        }

        var happened: Bool {
            lock.lock()
            defer { lock.unlock() }
            return interrupted
        }

        /// The runner whose apps Ctrl-C ends (it is interrupted at once if Ctrl-C came already).
        func use(_ runner: SuiteRunner) {
            lock.lock()
            self.runner = runner
            let late = interrupted
            lock.unlock()
            if late { runner.interrupt() }
        }

        func interrupt() {
            lock.lock()
            interrupted = true
            let runner = self.runner
            lock.unlock()
            runner?.interrupt()
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }
}
