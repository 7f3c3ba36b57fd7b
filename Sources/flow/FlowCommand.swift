import ArgumentParser
import Console
import FlowKit
import Foundation
import LocatedYAML
import NameMatching
import WorkPhotosRobots

/// `flow`: runs, checks and lists the YAML flows in `Flows/`. Exit codes: 0 every flow passed,
/// 1 a flow failed, 2 bad input (a flow, a scheme, an option): nothing was launched.
@main
struct FlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flow",
        abstract: "Run WorkPhotos' YAML flows against the app, as a black box.",
        discussion: """
            Flows are YAML files under Flows/ (see docs/flows.md). A scheme (Flows/schemes/NAME.yaml) says which \
            app and seeder to use and gives launch arguments and variables. Variables can also be given as \
            -name value (flow run -test.user alice) or --var name=value.
            Exit codes: 0 all passed, 1 a flow failed, 2 bad input (nothing launched).
            """,
        subcommands: [Run.self, Lint.self, List.self, Schema.self],
        defaultSubcommand: Run.self
    )

    /// The runner's own `-name value` launch defaults (Foundation's argument domain), which
    /// ArgumentParser does not know: taken out of the command line before it parses.
    nonisolated(unsafe) static var launchDefaults: [String: String] = [:]

    static func main() {
        Console.ignoreBrokenPipes()
        let (arguments, defaults) = splitLaunchDefaults(Array(CommandLine.arguments.dropFirst()))
        switch defaults {
        case let .failure(error):
            fail(error.description, code: 2)
        case let .success(values):
            launchDefaults = values
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            fail(message, code: 2)
        }
    }

    /// `-test.user alice` pairs (one dash, then a letter) are launch defaults; `--options` are not.
    static func splitLaunchDefaults(_ arguments: [String]) -> (arguments: [String], defaults: Result<[String: String], UsageError>) {
        var rest: [String] = []
        var pairs: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2, argument.dropFirst().first?.isLetter == true {
                guard index + 1 < arguments.count else {
                    return (rest, .failure(UsageError(description: "\(argument) needs a value: \(argument) VALUE")))
                }
                pairs += [argument, arguments[index + 1]]
                index += 2
                continue
            }
            rest.append(argument)
            index += 1
        }
        // Foundation parsed these into its argument domain; read them there, as strings.
        let domain = UserDefaults.standard.volatileDomain(forName: UserDefaults.argumentDomain)
        var values: [String: String] = [:]
        for position in stride(from: 0, to: pairs.count, by: 2) {
            let key = String(pairs[position].dropFirst())
            guard values[key] == nil else { return (rest, .failure(UsageError(description: "-\(key) is given twice"))) }
            values[key] = (domain[key] as? String) ?? pairs[position + 1]
        }
        return (rest, .success(values))
    }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static func fail(_ message: String, code: Int32) -> Never {
        Console.error("flow: error: \(message)\n")
        Foundation.exit(code)
    }
}

/// Options every subcommand that reads flows shares.
struct Selection: ParsableArguments {
    @Argument(help: "Flow files or folders (default: Flows).")
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("The scheme: Flows/schemes/NAME.yaml.", valueName: "name"))
    var scheme: String = "default"

    @Option(name: .customLong("scheme-file"), help: ArgumentHelp("A scheme file kept anywhere, merged over --scheme.", valueName: "path"))
    var schemeFile: String?

    @Option(name: .customLong("include-tags"), parsing: .upToNextOption, help: "Run only flows with one of these tags (replaces the scheme's tag filters).")
    var includeTags: [String] = []

    @Option(name: .customLong("exclude-tags"), parsing: .upToNextOption, help: "Leave out flows with any of these tags (replaces the scheme's tag filters).")
    var excludeTags: [String] = []

    @Option(name: .customLong("var"), help: ArgumentHelp("A variable for the flows: name=value (repeatable).", valueName: "name=value"))
    var variables: [String] = []

    var flowPaths: [String] { paths.isEmpty ? ["Flows"] : paths }

    func validate() throws {
        for variable in variables where !variable.contains("=") || variable.hasPrefix("=") {
            throw ValidationError("--var \(Suggestion.shown(variable)): expected name=value")
        }
    }

    /// The scheme, the selected flows and the variables; exits 2 with a located error if any is bad.
    func load() -> (Scheme, FlowSuite, [String: String]) {
        let scheme = loadScheme()
        let suite: FlowSuite
        do {
            suite = try FlowSuite.load(flowPaths, catalog: WorkPhotosCatalog.catalog)
        } catch {
            FlowCommand.fail(error.description, code: 2)
        }
        var values = scheme.variables
        for (key, value) in FlowCommand.launchDefaults { values[key] = value }
        for variable in variables {
            let parts = variable.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            values[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        do {
            try suite.checkVariables(known: Set(values.keys))
        } catch {
            FlowCommand.fail(error.description, code: 2)
        }
        // Tags given on the command line replace the scheme's tag filters.
        let overridden = !includeTags.isEmpty || !excludeTags.isEmpty
        let selected = overridden
            ? suite.filtered(include: includeTags, exclude: excludeTags)
            : suite.filtered(include: scheme.includeTags, exclude: scheme.excludeTags)
        return (scheme, selected, values)
    }

    /// The shared scheme `Flows/schemes/NAME.yaml`, then the private `NAME.private.yaml` beside it,
    /// then `--scheme-file`, each merged over the one before.
    private func loadScheme() -> Scheme {
        let folder = "Flows/schemes"
        let shared = "\(folder)/\(scheme).yaml", privateFile = "\(folder)/\(scheme).private.yaml"
        let layers = [shared, privateFile].filter { FileManager.default.fileExists(atPath: $0) } + (schemeFile.map { [$0] } ?? [])
        if !FileManager.default.fileExists(atPath: shared), !FileManager.default.fileExists(atPath: privateFile), schemeFile == nil || scheme != "default" {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".yaml") && !$0.contains(".private.") }.map { String($0.dropLast(5)) }.sorted()
            FlowCommand.fail("no scheme \"\(Suggestion.shown(scheme))\": there is no \(shared)" + Suggestion.didYouMean(scheme, in: names)
                + (names.isEmpty ? "" : "; schemes: " + names.joined(separator: ", ")), code: 2)
        }
        PrivateSchemeGuard.warnIfTracked(extra: schemeFile)
        var loaded = Scheme(name: scheme)
        for file in layers {
            do {
                loaded = try Scheme.load(file: file, name: scheme, over: loaded)
            } catch {
                FlowCommand.fail(error.description, code: 2)
            }
        }
        return loaded
    }
}

/// A private scheme holds real credentials: if git tracks one, say so loudly (it is not fatal:
/// the harm is done already, and the run may be what shows it).
enum PrivateSchemeGuard {
    static func warnIfTracked(extra: String?) {
        var files: [String] = []
        if let listed = try? ChildProcess.run("/usr/bin/env", ["git", "ls-files", "--", "*.private.yaml", "*.private.yml", "Flows/schemes/private"]),
           listed.status == 0 {
            files += listed.stdout.split(separator: "\n").map(String.init)
        }
        if let extra, let listed = try? ChildProcess.run("/usr/bin/env", ["git", "ls-files", "--error-unmatch", "--", extra]),
           listed.status == 0, !files.contains(extra) {
            files.append(extra)
        }
        for file in files {
            Console.error("""
                flow: warning: \(file) is a private scheme and git tracks it: its secrets are in the repository's history.
                  Untrack it (git rm --cached \(file)), keep it out with .gitignore, and change every password it holds.

                """)
        }
    }
}

extension FlowCommand {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Seed, then run the flows (the default).")

        @OptionGroup var selection: Selection

        @Option(help: "Flows run at once, each with its own store and app (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @Option(help: ArgumentHelp("Run this machine's share of the flows: I/N, for N machines.", valueName: "i/n"))
        var shard: String?

        @Option(name: .customLong("repeat"), help: "Run each flow this many times, and list every flow that ever failed.")
        var repeatCount: Int = 1

        @Option(help: ArgumentHelp("Write JUnit XML here.", valueName: "file"))
        var junit: String?

        @Option(help: ArgumentHelp("Write a text report per flow into this folder.", valueName: "dir"))
        var report: String?

        @Option(help: "The longest any step waits for the app, in seconds (a safety net for an app that hangs).")
        var timeout: Double = 10

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs \(jobs): give at least 1") }
            guard repeatCount >= 1 else { throw ValidationError("--repeat \(repeatCount): give at least 1") }
            guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout \(timeout): give a number of seconds above 0") }
            if let shard { _ = try Self.parseShard(shard) }
        }

        static func parseShard(_ text: String) throws -> (Int, Int) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
                throw ValidationError("--shard \(Suggestion.shown(text)): expected I/N with 1 ≤ I ≤ N, such as 1/2")
            }
            return (index, count)
        }

        func run() throws {
            var (scheme, suite, variables) = selection.load()
            if let shard, let (index, count) = try? Self.parseShard(shard) { suite = suite.shard(index, of: count) }
            let secrets = scheme.secretValues(variables: variables)
            let colour = Console.isTerminal(STDOUT_FILENO)
            let progress = Console.isTerminal(STDERR_FILENO)
            let runner = FlowRunner(
                scheme: scheme, variables: variables, secrets: secrets,
                options: .init(jobs: jobs, repeatCount: repeatCount, timeout: timeout)
            )
            let templates: [String: String]
            do {
                templates = try runner.prepare(fixtures: suite.fixtures) { Console.output("\($0)\n") }
            } catch {
                runner.cleanUp()
                FlowCommand.fail("\(error)", code: 2)
            }
            defer { runner.cleanUp() }
            let total = suite.flows.count * repeatCount
            let workers = min(jobs, max(total, 1))
            Console.output("running \(total) flow\(total == 1 ? "" : "s") with \(workers) job\(workers == 1 ? "" : "s"), scheme \(scheme.name)\n")
            let state = RunState(total: total)
            let start = ContinuousClock.now
            // Ctrl-C (or a kill) stops the run; the runner then returns at once, and this thread
            // says so and exits 130 below. No other thread prints or exits, so nothing races.
            let interrupt = Self.onInterrupt { runner.interrupt() }
            let results = runner.run(suite, templates: templates) { result in
                state.finish(result) { tally, done in
                    if progress { Console.error("\r\u{1B}[K") }
                    Console.output(ConsoleReport.line(result, colour: colour, repeated: repeatCount > 1) + "\n")
                    if let failure = result.failure { Console.output("\n\(failure)\n\n") }
                    if progress, done < total { Console.error("[\(done)/\(total)] \(tally.failed) failed") }
                }
            }
            interrupt.cancel()
            if progress { Console.error("\r\u{1B}[K") }
            if runner.wasInterrupted {
                Console.output("interrupted: every app was ended\n")
                Console.output(state.tally(skippingTo: total).line + "\n")
                runner.cleanUp()
                throw ExitCode(130)
            }
            let duration = ContinuousClock.now - start
            if let junit {
                do {
                    try JUnitReport.xml(results, suiteName: "flows (\(scheme.name))", duration: duration)
                        .write(toFile: junit, atomically: true, encoding: .utf8)
                } catch {
                    Console.error("flow: error: cannot write the JUnit file \(junit): \(error.localizedDescription)\n")
                }
            }
            if let report {
                do {
                    try FolderReport.write(results, to: report)
                } catch {
                    Console.error("flow: error: cannot write the report to \(report): \(error.localizedDescription)\n")
                }
            }
            let tally = state.tally(skippingTo: total)
            if repeatCount > 1, !tally.everFailed.isEmpty {
                Console.output("flows that failed at least once: " + tally.everFailed.joined(separator: ", ") + "\n")
            }
            Console.output(tally.line + "\n")
            if tally.failed > 0 { throw ExitCode(1) }
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

    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check the flows without launching anything.")

        @OptionGroup var selection: Selection

        func run() throws {
            let (scheme, suite, _) = selection.load()
            let seeds = scheme.seeds
            for fixture in suite.fixtures where !FileManager.default.fileExists(atPath: "\(seeds)/\(fixture).yaml") {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: seeds)) ?? []).filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
                let user = suite.flows.first { $0.fixture == fixture }?.file ?? "a flow"
                FlowCommand.fail("\(user): fixture \"\(fixture)\" is not in \(seeds)/" + Suggestion.didYouMean(fixture, in: names), code: 2)
            }
            Console.output("\(suite.flows.count) flow\(suite.flows.count == 1 ? "" : "s") OK (scheme \(scheme.name))\n")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the flows: name, tags and file, after filters.")

        @OptionGroup var selection: Selection

        func run() throws {
            let (_, suite, _) = selection.load()
            for flow in suite.flows {
                Console.output("\(flow.name)\t[\(flow.tags.joined(separator: ", "))]\t\(flow.file)\n")
            }
        }
    }

    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the JSON Schema of a flow file (Flows/flow.schema.json).")

        func run() throws {
            Console.output(FlowSchema.json(catalog: WorkPhotosCatalog.catalog))
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

    func tally(skippingTo total: Int) -> RunTally {
        lock.lock()
        defer { lock.unlock() }
        var copy = tally
        copy.skipped = max(0, total - tally.passed - tally.failed)
        return copy
    }
}
