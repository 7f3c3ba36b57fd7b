import ArgumentParser
import Console
import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import Synchronization

extension FlowCommand {
    /// `flow run`: seed, then run the flows; lint first, and launch nothing if it finds a problem.
    struct Run: ParsableCommand, FlowSelecting {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Seed, then run the flows (the default).",
                discussion: """
                    Variables for the flows come from the scheme, then -name value pairs (\(RunnerSetup.current.name) run -account.email alice \
                    -account.password secret), then --var name=value. A secret variable (*.password, *.secret, *.token, or \
                    marked {secret: ...} in a scheme) is never printed.
                    Every flow is linted first: any problem is printed and nothing is launched (exit 2). A filter that \
                    selects no flow is an error too (exit 2) unless --allow-empty is given.
                    \(RunnerExit.help([.interrupted: "interrupted by Ctrl-C (every app is ended and the tally so far printed)"])) \
                    A report that cannot be written is 3 even when a flow failed: CI did not get the results.
                    """
            )
        }

        @Argument(help: Selection.pathsHelp) var paths: [String] = []
        @OptionGroup var schemeOptions: SchemeOptions
        @OptionGroup var filters: FlowFilters

        @Option(help: ArgumentHelp("Flows run at once, each with its own store and app (default: the number of cores).", valueName: "n"))
        var jobs: Int?

        @Option(help: ArgumentHelp("Run this machine's share of the flows: I/N, for N machines; or auto, from the CI engine's variables.", valueName: "i/n|auto"))
        var shard: String?

        @Option(name: .customLong("shard-by"), help: ArgumentHelp("How --shard splits: by a hash of each file path, or balanced by the times in --timings.", valueName: "method"))
        var shardBy: Sharding.Method = .hash

        @Option(help: ArgumentHelp("An earlier run's JUnit (--junit) or timings (--timings-out) file, for --shard-by timings (repeatable).", valueName: "file"))
        var timings: [String] = []

        @Option(name: .customLong("timings-out"), help: ArgumentHelp("Write this run's timings here (JSON: each flow's seconds, each fixture's seeding).", valueName: "file"))
        var timingsOut: String?

        @Option(name: .customLong("repeat"), help: ArgumentHelp("Run each flow this many times, and list every flow that ever failed.", valueName: "n"))
        var repeatCount: Int = 1

        @Option(help: ArgumentHelp("Run a failing flow again, from a fresh copy of its store, up to this many times; one that passes on a retry is reported FLAKY, never passed.", valueName: "n"))
        var retries: Int = 0

        @Flag(inversion: .prefixedNo, help: "Start each job's next app while its current flow runs (on the next flow's own store), so a flow begins on an app that is up. Turn it off for an app whose launches must not overlap.")
        var prelaunch = true

        @Flag(name: .customLong("fail-on-flaky"), help: "Fail the run (exit 1) when a flow passed only on a retry.")
        var failOnFlaky = false

        @Option(help: ArgumentHelp("Write JUnit XML here.", valueName: "file"))
        var junit: String?

        @Option(help: ArgumentHelp("Write a text report per flow into this folder.", valueName: "dir"))
        var report: String?

        @Option(help: ArgumentHelp("Write one self-contained HTML page here: every flow, every step's screen, the failures.", valueName: "file"))
        var html: String?

        @Option(name: .customLong("trace"), help: ArgumentHelp(
            "Keep a trace of every step (the screen before and after, what it waited for, the app's standard error) in the HTML report and --trace-out: for every flow, only for the flows that failed (the default), or none (as fast as can be).",
            valueName: "on|on-failure|off"))
        var traceMode: TraceMode?

        /// `--trace`, or its default: the failed flows' traces, where there is a place to show them.
        var trace: TraceMode { traceMode ?? .onFailure }

        @Option(name: .customLong("trace-out"), help: ArgumentHelp(
            "Write each traced flow run's trace here as JSON (\(RunnerSetup.current.flows)/\(FlowTraceFile.schemaFileName) is its schema); default: a traces folder beside --html.",
            valueName: "dir"))
        var traceOut: String?

        @Option(help: ArgumentHelp("The longest any step waits for the app, in seconds (a safety net for an app that hangs).", valueName: "seconds"))
        var timeout: Double = 10

        @Flag(help: "Write every golden screen the flows check (assertScreen) again, matching or not; without it a golden is written only when it is missing, and one that differs fails the flow.")
        var record = false

        @Option(name: .customLong("record-casts"), help: ArgumentHelp("Write every run of a flow into this folder as an asciicast v2 file: every frame with its time, each step as a marker (asciinema play FILE).", valueName: "dir"))
        var recordCasts: String?

        @Flag(help: "Audit every screen every flow shows for accessibility, as assertAccessible does (each distinct screen once per flow); a finding fails the flow.")
        var audit = false

        @Flag(help: "Check the app's properties (declared beside its robots) after every step: the invariants on the screen it left, the action properties its actions trigger; one that does not hold fails the flow there.")
        var properties = false

        @Option(help: ArgumentHelp("An explore map (map.json, from explore --out): say which of its screens, controls and transitions the flows exercise, and draw it on the map beside it.", valueName: "map.json"))
        var coverage: String?

        @Flag(help: "Keep watching: run again the flows a change affects (a flow file, the scheme, a fixture, the app); Enter re-runs all, q quits.")
        var watch = false

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs \(jobs): give at least 1") }
            guard (1...Self.maximumRepeat).contains(repeatCount) else {
                throw ValidationError("--repeat \(repeatCount): give 1 to \(Self.maximumRepeat)")
            }
            guard (0...100).contains(retries) else { throw ValidationError("--retries \(retries): give 0 to 100") }
            if failOnFlaky, retries == 0 { throw ValidationError("--fail-on-flaky goes with --retries N: without retries nothing can be flaky") }
            if properties, RunnerSetup.current.catalog.properties.isEmpty {
                throw ValidationError("--properties: this app declares no property (a robot's RobotProperties, given to the runner's catalog, declares them)")
            }
            guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout \(timeout): give a number of seconds above 0") }
            if let shard, shard != "auto" { _ = try Self.parseShard(shard) }
            try Sharding.validate(shard: shard, by: shardBy, timings: timings)
            if watch, timingsOut != nil { throw ValidationError("--watch has no end to write timings at; --timings-out cannot go with it") }
            if watch, record { throw ValidationError("--record writes every golden screen again; --watch would rewrite them at every change: run it once without --watch") }
            if watch, recordCasts != nil { throw ValidationError("--record-casts goes with one run; --watch cannot go with it") }
            if watch, coverage != nil { throw ValidationError("--coverage counts one run; --watch cannot go with it") }
            if let recordCasts {
                do {
                    try OutputFile.checkFolder(recordCasts)
                } catch {
                    throw ValidationError("--record-casts \(recordCasts): \(error.explanation)")
                }
            }
            if let traceOut {
                if trace == .off { throw ValidationError("--trace-out \(traceOut) goes with --trace on or on-failure: --trace off keeps no trace to write") }
                if watch { throw ValidationError("--trace-out goes with one run; --watch cannot go with it") }
            }
            if let traceMode, traceMode != .off, traceOut == nil, html == nil {
                throw ValidationError("--trace \(traceMode.rawValue) keeps traces for the HTML report or the trace files: give --html FILE or --trace-out DIR")
            }
            // --trace-out is checked before anything runs; the folder beside --html, like the
            // report itself, when it is written (a run whose report or traces were not written exits 3).
            if let traceOut {
                do {
                    try OutputFile.checkFolder(traceOut)
                } catch {
                    throw ValidationError("--trace-out \(traceOut): \(error.explanation)")
                }
            }
        }

        /// Where the traces' JSON files go: --trace-out, else a `traces` folder beside --html; nil
        /// when neither is given, or when nothing is traced.
        var traceFolder: String? {
            guard trace != .off, !watch else { return nil }
            return traceOut ?? html.map { PathText.joined(PathText.parent(of: $0), "traces") }
        }

        /// The most runs of each flow `--repeat` takes: a flake hunt is hundreds, and every run is
        /// planned before the first starts.
        static let maximumRepeat = 100_000

        static func parseShard(_ text: String) throws -> (Int, Int) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
                throw ValidationError("--shard \(text): expected I/N with 1 ≤ I ≤ N, such as 1/2, or auto")
            }
            if let problem = Sharding.problem(count: count) { throw ValidationError("--shard \(text): \(problem)") }
            return (index, count)
        }

        func run() throws {
            if watch { return try WatchMode(options: self).run() }
            let coverageMap = try coverage.map(CoverageMap.read)
            let loaded = try selection.load()
            var suite = loaded.suite
            let scheme = loaded.scheme
            var shown = shard
            if let shard {
                let choice = try Sharding.select(suite, shard: shard, by: shardBy, timings: timings)
                (suite, shown) = (choice.suite, choice.shard)
            }
            let jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            let secrets = scheme.secretValues(variables: loaded.variables)
            let colour = Console.isTerminal(STDOUT_FILENO)
            let progress = Console.isTerminal(STDERR_FILENO)
            var options = runnerOptions(jobs: jobs, repeatCount: repeatCount, retries: retries, keepsScreens: html != nil, variables: loaded.variables)
            defer { options.propertyWorkers?.close() }
            let recorder = coverageMap.map { CoverageRecorder(rules: ExploreCoverage.rules(of: $0.map)) }
            options.recording.coverage = recorder
            let runner = SuiteRunner(scheme: scheme, variables: loaded.variables, secrets: secrets, options: options)
            let templates: [String: String]
            do {
                templates = try runner.prepare(fixtures: suite.fixtures) { Console.output("\($0)\n") }
            } catch {
                runner.cleanUp()
                throw (error as? SuiteRunner.SetupError).map(FlowCommandError.setup) ?? .notMade("\(error)")
            }
            defer { runner.cleanUp() }
            if properties, let error = options.propertyWorkers?.start() {
                // A run that cannot check what it was asked to check must not pass for green.
                throw FlowCommandError.notMade("--properties: the property worker could not be started: \(error)")
            }
            let total = suite.flows.count * repeatCount
            let workers = min(jobs, max(total, 1))
            Console.output("running \(total) flow\(total == 1 ? "" : "s") with \(workers) job\(workers == 1 ? "" : "s"), scheme \(schemeOptions.shown)\(loaded.leftOutNote)\n")
            let state = RunState(total: total)
            // A cast or report that could not be written: the run then exits 3 (CI must not read
            // a run whose results it did not get as green).
            let unwritten = Mutex(false)
            let start = ContinuousClock.now
            // Ctrl-C (or a kill) stops the run; the runner then returns at once, and this thread
            // says so and exits 130 below. No other thread prints or exits, so nothing races.
            let interrupt = Self.onInterrupt { runner.interrupt() }
            let results = runner.run(suite, templates: templates) { result in
                state.finish(result) { tally, done in
                    if progress { Console.error("\r\u{1B}[K") }
                    Console.output(ConsoleReport.line(result, colour: colour, repeated: repeatCount > 1, tries: retries + 1) + "\n")
                    for earlier in result.earlierTries { if let failure = earlier.failure { Console.output("\ntry \(earlier.tryNumber): \(failure)\n\n") } }
                    if let failure = result.failure { Console.output("\n\(failure)\n\n") }
                    switch writeTraces(of: result) {
                    case let .written(paths): for path in paths { Console.output("  trace: \(TerminalText.oneLine(path))\n") }
                    case .failed: unwritten.withLock { $0 = true }
                    }
                    for note in result.steps.flatMap(\.notes) { Console.output((colour ? "  \u{1B}[33mnote:\u{1B}[0m " : "  note: ") + note + "\n") }
                    if !writeCasts(of: result) { unwritten.withLock { $0 = true } }
                    if progress, done < total { Console.error("[\(done)/\(total)] \(tally.failed) failed") }
                }
            }
            interrupt.cancel()
            if progress { Console.error("\r\u{1B}[K") }
            let duration = ContinuousClock.now - start
            // Written on Ctrl-C too, with the flows that finished and those that did not: a stale
            // file from an earlier run must never be read as this run's.
            let notRun = runner.wasInterrupted ? runner.notRun(of: suite, results: results) : []
            let tally = state.tally(of: total)
            if !runner.wasInterrupted, let coverageMap, let recorder,
               !coverageMap.write(ExploreCoverage.of(coverageMap.map, recorder: recorder, flows: flowPathsShown)) {
                unwritten.withLock { $0 = true }
            }
            // How the run ends, decided once: the JUnit file (written last) records it, and the
            // run exits with it. An app no process could be started for, or a file the run should
            // have written and did not, outweighs a failed flow: the run was not made.
            let notStarted = results.filter { $0.failure?.failure.cause == .notStarted }.count
            let badSetup = results.filter { $0.failure?.failure.cause == .badSetup }.count
            func ending() -> RunnerExit {
                if runner.wasInterrupted { return .interrupted }
                if notStarted > 0 || unwritten.withLock({ $0 }) { return .notMade }
                if badSetup > 0 { return .badInput }
                return tally.failed > 0 || (failOnFlaky && !tally.flaky.isEmpty) ? .failed : .passed
            }
            if !writeReports(results, notRun: notRun, loaded: loaded, duration: duration, shard: shown, runner: runner, exit: ending()) {
                unwritten.withLock { $0 = true }
            }
            if runner.wasInterrupted {
                Console.output("interrupted: every app was ended\n")
                Console.output(tally.line + "\n")
                runner.cleanUp()
                throw FlowCommandError.interrupted
            }
            if repeatCount > 1, !tally.everFailed.isEmpty {
                Console.output("flows that failed at least once: " + tally.everFailed.joined(separator: ", ") + "\n")
            }
            if !tally.flaky.isEmpty {
                Console.output("\(tally.flaky.count) flaky (passed only on a retry): " + tally.flaky.joined(separator: ", ")
                    + (failOnFlaky ? " (--fail-on-flaky: the run fails)" : "") + "\n")
            }
            let recorded = results.flatMap(\.steps).flatMap(\.notes).filter { $0.contains("recorded golden screen") }.count
            if recorded > 0 {
                Console.output("\(recorded) golden screen\(recorded == 1 ? "" : "s") recorded: review \(recorded == 1 ? "it" : "them") "
                    + "(\(RunnerSetup.current.name) snapshots lists them) and commit \(recorded == 1 ? "it" : "them")\n")
            }
            // Without --html, where the review page is written beside the report: where to see them.
            let changed = results.flatMap(\.steps).filter { $0.screenDiff != nil }.count
            if html == nil, changed > 0 {
                Console.output("\(changed) golden screen\(changed == 1 ? "" : "s") changed: \(RunnerSetup.current.name) snapshots review shows "
                    + "\(changed == 1 ? "it" : "each") beside its golden, with the command that accepts it\n")
            }
            Console.output(tally.line + "\n")
            switch ending() {
            case .notMade where notStarted > 0:
                throw FlowCommandError.notMade("the app could not be started for \(notStarted) flow\(notStarted == 1 ? "" : "s") (above): the run was not made")
            case .notMade: throw FlowCommandError.notWritten
            case .badInput:
                throw FlowCommandError.usage("\(badSetup) flow\(badSetup == 1 ? "" : "s") could not run with what the run was given (above): nothing was launched for \(badSetup == 1 ? "it" : "them")")
            case .failed: throw FlowCommandError.flowsFailed
            case .passed, .interrupted: return
            }
        }

        /// The runner's options from the command line's: how many at once, how often, and what it
        /// records and audits.
        func runnerOptions(jobs: Int, repeatCount: Int, retries: Int, keepsScreens: Bool, variables: [String: String]) -> SuiteRunner.Options {
            var options = SuiteRunner.Options(jobs: jobs, repeatCount: repeatCount, timeout: timeout, retries: retries, keepsScreens: keepsScreens, prelaunch: prelaunch)
            options.recording = RecordingOptions(runner: RunnerSetup.current.identity)
            options.recording.recordsGoldens = record
            options.recording.recordsCasts = recordCasts != nil
            options.recording.audits = audit
            // The app's properties are checked in workers (never in the runner): with --properties after
            // every step, else where a flow asserts one.
            options.propertyWorkers = RunnerSetup.current.propertyWorkers(variables: variables)
            options.checksProperties = properties
            // Traced only where a trace is shown: the HTML report, or the trace files.
            options.trace = traceFolder == nil ? .off : trace
            return options
        }

        /// What writing a flow's traces did: the files written for its failed tries (to say beside
        /// its failure), or a file that could not be written (said on standard error).
        enum TracesWritten {
            case written([String])
            case failed
        }

        /// Writes the traces `result` kept (its earlier tries' too) as JSON into ``traceFolder``.
        private func writeTraces(of result: FlowResult) -> TracesWritten {
            guard let folder = traceFolder else { return .written([]) }
            let tries = result.earlierTries + [result]
            var failedPaths: [String] = []
            for (index, attempt) in tries.enumerated() where attempt.steps.contains(where: { $0.trace != nil }) {
                let name = FlowTraceFile.fileName(attempt.flow, iteration: attempt.iteration, earlierTry: index < tries.count - 1 ? index + 1 : nil)
                let path = PathText.joined(folder, name)
                do {
                    try OutputFile.write(FlowTraceFile.json(attempt, tryNumber: index + 1, tries: tries.count), to: path)
                } catch {
                    Console.error(RunnerSetup.current.error("cannot write the trace \(path): \(error.explanation)") + "\n")
                    return .failed
                }
                if !attempt.passed { failedPaths.append(path) }
            }
            return .written(failedPaths)
        }

        /// Writes `result`'s cast (and its earlier tries') into the `--record-casts` folder; a file
        /// that cannot be written is said on standard error, and false returned (the run exits 3).
        private func writeCasts(of result: FlowResult) -> Bool {
            guard let folder = recordCasts else { return true }
            var written = true
            let casts = result.earlierTries.enumerated().map { ($1.cast, AsciiCast.fileName($1.flow, iteration: $1.iteration, earlierTry: $0 + 1)) }
                + [(result.cast, AsciiCast.fileName(result.flow, iteration: result.iteration))]
            for case let (cast?, name) in casts {
                let path = (folder as NSString).appendingPathComponent(name)
                do {
                    try OutputFile.write(cast.text, to: path)
                } catch {
                    Console.error(RunnerSetup.current.error("cannot write the cast \(path): \(error.explanation)") + "\n")
                    written = false
                }
            }
            return written
        }

        /// JUnit, the text report and the HTML report, as asked; a file that cannot be written is
        /// said on standard error, the others are still written, and false is returned (exit 3).
        private func writeReports(
            _ results: [FlowResult], notRun: [NotRun], loaded: Selection.Loaded, duration: Duration, shard: String?, runner: SuiteRunner, exit: RunnerExit
        ) -> Bool {
            let scheme = loaded.scheme
            var written = true
            // Each through OutputFile: folders made if missing (out/1/junit.xml on a fresh CI
            // machine), anything but a regular file refused, never replaced.
            if let report {
                do {
                    try FolderReport.write(results, notRun: notRun, to: report)
                } catch {
                    Console.error(RunnerSetup.current.error("cannot write the report to \(report): \(error.explanation(below: report))") + "\n")
                    written = false
                }
            }
            if let html {
                do {
                    var summary = HTMLReport.Summary(
                        scheme: schemeOptions.shown, duration: duration, includeTags: loaded.includeTags, excludeTags: loaded.excludeTags, shard: shard,
                        notRun: notRun
                    )
                    // A golden that did not match: its review page beside the report, and a link to it.
                    summary.goldenReview = Snapshots.Review.writePage(for: results, besideReport: html, written: &written)
                    try OutputFile.write(HTMLReport.html(results, summary: summary), to: html)
                } catch {
                    Console.error(RunnerSetup.current.error("cannot write the HTML report \(html): \(error.explanation)") + "\n")
                    written = false
                }
            }
            if let timingsOut {
                do {
                    try FlowTimings(results: results, seeding: runner.seedingTimes, interrupted: runner.wasInterrupted).write(to: timingsOut)
                } catch {
                    Console.error(RunnerSetup.current.error("cannot write the timings file \(timingsOut): \(error.explanation)") + "\n")
                    written = false
                }
            }
            // JUnit last, with the code the run ends with: 3 if another file was not written.
            if let junit {
                do {
                    try OutputFile.write(JUnitReport.xml(results, suiteName: "flows (\(scheme.name))", duration: duration, notRun: notRun, exit: written ? exit : .notMade), to: junit)
                } catch {
                    Console.error(RunnerSetup.current.error("cannot write the JUnit file \(junit): \(error.explanation)") + "\n")
                    written = false
                }
            }
            return written
        }

        /// Ctrl-C (and a `kill`) stops the run: `handler` ends every app and prints the tally.
        static func onInterrupt(_ handler: @escaping @Sendable () -> Void) -> DispatchWorkItem {
            let sources = [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler(handler: handler)
                source.resume()
                return source
            }
            return DispatchWorkItem { sources.forEach { $0.cancel() } }
        }
    }
}

/// The tally so far, shared by the jobs' callbacks and Ctrl-C.
final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var tally = RunTally()
    private let total: Int

    init(total: Int) {
        self.total = total
    }

    /// Adds `result` and prints under the lock, so lines never interleave.
    func finish(_ result: FlowResult, print: (RunTally, Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        tally.add(result)
        print(tally, tally.passed + tally.failed)
    }

    /// The tally of a run of `total` flow runs: those without a result were not run (interrupted).
    func tally(of total: Int) -> RunTally {
        lock.lock()
        defer { lock.unlock() }
        var copy = tally
        copy.notRun = max(0, total - tally.passed - tally.failed)
        return copy
    }
}

extension FlowCommand.Run {
    /// The flow paths as given, for the coverage's words.
    var flowPathsShown: [String] { paths.isEmpty ? [RunnerSetup.current.flows] : paths }
}

/// `run --coverage MAP`: the map read before anything runs, and the coverage written on it after.
struct CoverageMap {
    let file: String
    let map: ExploreMap

    /// The map at `file`, or a usage error (exit 2) saying why it is not one.
    static func read(_ file: String) throws -> CoverageMap {
        switch InputFile.read(file, limit: 64 << 20) {
        case let .failure(problem):
            throw FlowCommandError.usage("--coverage \(file): \(problem)")
        case let .success(data):
            do {
                return CoverageMap(file: file, map: try ExploreMap.read(data, file: file))
            } catch {
                throw FlowCommandError.usage("--coverage \(error)")
            }
        }
    }

    /// Says the coverage, and writes the map with it (and its picture and page) beside the map file.
    /// Writes the map with `coverage` on it, its picture and its page; false when one could not be
    /// written (said on standard error; the run then exits 3).
    func write(_ coverage: ExploreMap.Coverage) -> Bool {
        var written = true
        var map = self.map
        map.coverage = coverage
        Console.output("coverage on \(file): screens \(coverage.screens), controls \(coverage.controls), transitions \(coverage.transitions)\n")
        for line in ExploreOutput.untestedScreens(map) { Console.output(line + "\n") }
        let folder = PathText.parent(of: file)
        let files = [(file, map.json), ((folder as NSString).appendingPathComponent(ExploreOutput.svgFile), MapPicture.svg(map)),
                     ((folder as NSString).appendingPathComponent(ExploreOutput.reportFile), ExploreReport.html(map, runner: RunnerSetup.current.name, folder: folder))]
        for (path, text) in files {
            do {
                try OutputFile.write(text, to: path)
            } catch {
                Console.error(RunnerSetup.current.error("cannot write \(path): \(error.explanation)") + "\n")
                written = false
            }
        }
        return written
    }
}
