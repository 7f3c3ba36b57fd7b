import ArgumentParser
import Console
import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import NameMatching

extension FlowCommand {
    /// `flow explore`: the crawler. Every screen the app reaches with no flow written, each
    /// problem handed back as a minimal flow, the map as JSON, DOT and a picture, and (with
    /// `--against`) what a suite's flows exercise of it.
    struct Explore: ParsableCommand {
        static var configuration: CommandConfiguration {
            let name = RunnerSetup.current.name
            return CommandConfiguration(
                abstract: "Crawl the app: every screen it reaches, each problem as a minimal flow, the map, and a suite's UI coverage.",
                discussion: """
                    The app is launched as \(name) run launches a flow (the scheme, a fresh copy of the fixture's seeded store, the \
                    launch settings), after the --from prefix when one is given. On each idle screen every action a person could \
                    take is taken, breadth first and in the screen's order: each enabled button, a row of each list (the first, one \
                    between, the last), each field typed with a few values (one the prefix or the scheme gives, nothing, blanks, a \
                    long text, other scripts, a would-be secret), back, and each button of an alert. Screens are told apart by their \
                    structure, not their words (--same-screen-ignoring and --same-screen-by-text change that). It finds crashes, exits, hangs, refused actions, lines that are \
                    not frames, accessibility audit findings, dead ends, secrets shown and alerts no button takes away; each is shrunk \
                    to the fewest steps that still show it and written as a flow \(name) run fails on. The same problem met again \
                    (the same kind after the same action on a screen of the same title, or the same alert) is one finding, with \
                    the number of paths that met it.
                    Then seeded random walks, until --time is up (--walks N: N of them; --walks 0: none; --walks-only: no \
                    map): each from a fresh launch, at most --walk-length steps, each a control of the screen or a robot \
                    action of its robot with its arguments (Todos.add: {title: Ann}); each walk may use a random share of the \
                    classes of action, repeats the step before a quarter of the time, and otherwise chooses uniformly or what \
                    it tried least. They reach the states data makes (an item lent, then returned; a fourth one added); \
                    screens are then told apart by what their rows and fields hold too (--identity data, bounded), and the map \
                    leaves those states to them. A screen whose actions change what it holds is no dead end. The summary says \
                    what was searched and what was not. The seed is printed and written to map.json: --seed S with --walks N \
                    walks the same walks again, action for action; --shard I/N (or auto) walks one machine's share, and \
                    \(name) merge joins the shards' folders.
                    Written into --out: map.json (its schema: \(name) schema --map), map.dot, map.svg, report.html, junit.xml, and \
                    findings/*.yaml.
                    \(RunnerExit.help([.passed: "nothing found", .failed: "findings", .interrupted: "interrupted (Ctrl-C: what was found so far is written)"]))
                    """
            )
        }

        @OptionGroup var schemeOptions: SchemeOptions

        @Option(help: ArgumentHelp("Start after this: a step (a robot action such as \(RunnerSetup.current.catalog.exampleAction)) or a flow file, run as a flow's steps, to get past a sign-in.", valueName: "step|flow.yaml"))
        var from: String?

        @Option(help: ArgumentHelp("The fixture the store is seeded from (default: the --from flow's, else default).", valueName: "name"))
        var fixture: String?

        @Option(help: ArgumentHelp("Write the map, the report and the findings' flows into this folder.", valueName: "dir"))
        var out: String = "explore"

        @Option(name: .customLong("max-actions"), help: ArgumentHelp("The most actions tried, each once from its screen.", valueName: "n"))
        var maxActions: Int = ExploreOptions.defaultMaxActions

        @Option(name: .customLong("max-depth"), help: ArgumentHelp("The most actions from the first screen to a screen that is explored.", valueName: "n"))
        var maxDepth: Int = ExploreOptions.defaultMaxDepth

        @Option(name: .customLong("max-findings"), help: ArgumentHelp("Stop once this many problems are found (they are shrunk and written as ever): a run that fails fast.", valueName: "n"))
        var maxFindings: Int?

        @Option(parsing: .unconditional, help: ArgumentHelp("The most seconds the crawl takes, shrinking included.", valueName: "seconds"))
        var time: Double = ExploreOptions.defaultSeconds

        @Option(help: ArgumentHelp("The longest an action waits for the app to be idle before it is said to hang, in seconds.", valueName: "seconds"))
        var wait: Double = ExploreOptions.defaultWait

        @Option(name: .customLong("same-screen-ignoring"), help: ArgumentHelp("An identifier that does not tell screens apart (repeatable): an element that comes and goes by itself.", valueName: "id"))
        var ignoring: [String] = []

        @Option(name: .customLong("same-screen-by-text"), help: ArgumentHelp("An identifier whose label and value tell screens apart too (repeatable).", valueName: "id"))
        var byText: [String] = []

        @Option(name: .customLong("audit-skip"), help: ArgumentHelp("An accessibility rule left out of each screen's audit (repeatable): \(AuditRule.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "rule"))
        var auditSkip: [String] = []

        @Flag(name: .customLong("no-shrink"), help: "Write each finding's flow as it was found, not shrunk to the fewest steps.")
        var noShrink = false

        @Flag(name: .customLong("no-properties"), help: "Leave the app's properties out: judge only what is wrong with any app.")
        var noProperties = false

        @Option(help: ArgumentHelp("Run these flows (files or folders, repeatable) on the map and draw what they exercise: screens, controls, transitions.", valueName: "path"))
        var against: [String] = []

        @Option(help: ArgumentHelp("Seeded random walks after the map, each from a fresh launch (0: none). Default: one after another until the time is up "
                                   + "(a fifth of it left to shrink what they found).", valueName: "n"))
        var walks: Int?

        @Option(name: .customLong("walk-length"), help: ArgumentHelp("The most actions a walk takes after its launch.", valueName: "n"))
        var walkLength: Int = WalkOptions.defaultLength

        @Option(parsing: .unconditional,
                help: ArgumentHelp("The walks' seed, a whole number from 0: the same seed walks the same walks again (default: one chosen at random, and printed).",
                                   valueName: "n"))
        var seed: String?

        @Flag(name: .customLong("walks-only"), help: "Walk without making the breadth-first map first.")
        var walksOnly = false

        @Option(help: ArgumentHelp("What tells screens apart: structure, or data (what rows and fields hold too, a few states a structure). Default: data with walks, structure with --walks 0.", valueName: "structure|data"))
        var identity: ScreenIdentity.Rules.Mode?

        @Option(help: ArgumentHelp("Walk this machine's share of the walks, I/N (walk k is shard k mod N + 1's), or auto from the CI engine's variables; needs --seed.", valueName: "I/N|auto"))
        var shard: String?

        @OptionGroup var filters: FlowFilters

        func validate() throws {
            guard maxActions >= 1 else { throw ValidationError("--max-actions \(maxActions): give at least 1") }
            guard maxDepth >= 1 else { throw ValidationError("--max-depth \(maxDepth): give at least 1") }
            if let maxFindings, maxFindings < 1 { throw ValidationError("--max-findings \(maxFindings): give at least 1") }
            guard time > 0, time.isFinite else { throw ValidationError("--time \(time): give a number of seconds above 0") }
            guard wait > 0, wait.isFinite, wait <= 3600 else { throw ValidationError("--wait \(wait): give a number of seconds above 0, an hour at most") }
            for rule in auditSkip where AuditRule(rawValue: rule) == nil {
                throw ValidationError("--audit-skip \(rule): not a rule" + Suggestion.didYouMean(rule, in: AuditRule.allCases.map(\.rawValue))
                    + "; rules: " + AuditRule.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if let walks {
                guard walks >= 0 else { throw ValidationError("--walks \(walks): give 0 or more") }
                guard walks <= Self.mostWalks else { throw ValidationError("--walks \(walks): give at most \(Self.mostWalks)") }
            }
            guard walkLength >= 1 else { throw ValidationError("--walk-length \(walkLength): give at least 1") }
            _ = try walkSeed()
            if walks == 0 {
                if walksOnly { throw ValidationError("--walks-only walks instead of making the map: --walks 0 walks none") }
                if seed != nil { throw ValidationError("--seed chooses the walks, and --walks 0 walks none: leave one of them out") }
            }
            if let shard {
                guard walks != 0 else { throw ValidationError("--shard splits the walks between machines: --walks 0 walks none") }
                guard walks != nil else { throw ValidationError("--shard \(shard): every shard must walk the same walks: give --walks N too") }
                guard seed != nil else { throw ValidationError("--shard \(shard): every shard must walk from the same seed: give --seed N too (the CI run's number, say)") }
                if shard != "auto" { _ = try FlowCommand.Run.parseShard(shard) }
            }
            do {
                try OutputFile.checkFolder(out)
            } catch {
                throw ValidationError("--out \(out): \(error.explanation)")
            }
        }

        /// The most walks one crawl takes: a million, at a thousand actions a second, is most of a week.
        static let mostWalks = 1_000_000

        /// The seed `--seed` gives, read as a whole number from 0 to UInt64's largest (nil: none given).
        func walkSeed() throws -> UInt64? {
            guard let seed else { return nil }
            guard let number = UInt64(seed) else {
                throw ValidationError("--seed \(seed): give a whole number from 0 to \(UInt64.max)")
            }
            return number
        }

        func run() throws {
            let (scheme, variables) = try schemeOptions.load()
            let prefix: ExplorePrefix
            if let from {
                prefix = from.hasSuffix(".yaml") || from.hasSuffix(".yml") || from.contains("/") ? .flow(from) : .step(from)
                if case .flow = prefix, !FileManager.default.fileExists(atPath: from) { throw FlowCommandError.usage("--from \(from): there is no such flow file") }
            } else {
                prefix = .none
            }
            var walkShard: ExploreShard?
            if let shard {
                let (index, count) = try shard == "auto" ? Self.autoShard() : FlowCommand.Run.parseShard(shard)
                walkShard = ExploreShard(index: index, count: count)
            }
            let walkOptions = WalkOptions(count: walks, length: walkLength, seed: try walkSeed() ?? UInt64.random(in: 0..<(1 << 32)), shard: walkShard)
            var options = ExploreOptions(
                maxActions: maxActions, maxDepth: maxDepth, time: .milliseconds(Int64((time * 1000).rounded())), wait: wait,
                rules: ScreenIdentity.Rules(ignoring: ignoring, byText: byText, mode: identity ?? (walkOptions.walks ? .data : .structure)),
                auditSkipping: Set(auditSkip.compactMap(AuditRule.init(rawValue:))), shrinks: !noShrink, walks: walkOptions, maps: !walksOnly
            )
            options.checksProperties = !noProperties
            options.maxFindings = maxFindings
            let explorer: Explorer
            do {
                // The project's own flows give each field they type into a valid value.
                let flows = Self.projectFlows()
                explorer = try Explorer(scheme: scheme, variables: variables, catalog: RunnerSetup.current.catalog, options: options, prefix: prefix,
                                        fixture: fixture, valuesFrom: flows, runner: RunnerSetup.current.identity, propertyWorker: PropertyWorkerLaunch.thisRunner())
            } catch {
                throw error.exit == .notMade ? FlowCommandError.notMade(error.description) : .usage(error.description)
            }
            defer { explorer.close() }
            let interruption = Interruption()
            let stopper = explorer.stopper
            // Ctrl-C ends the apps at once: an action waiting on one (a hang's wait) returns now.
            let stop = Run.onInterrupt {
                interruption.set()
                stopper.stop()
            }
            let live = Console.isTerminal(STDERR_FILENO)
            Console.output("exploring \(scheme.app) (scheme \(schemeOptions.shown)\(scheme.shownFixture(explorer.fixture)))" + (prefix == .none ? "" : " from \(from ?? "")") + "\n")
            if walkOptions.walks {
                let share = walkShard.map { " (shard \($0.index)/\($0.count): \(walkOptions.mine.count) of them)" } ?? ""
                let map = options.makesMap ? " after the map" : walksOnly ? "" : " (shard 1 makes the map)"
                let how = walks.map { "\($0) walks" } ?? "walks until the time is up (\(Int(time)) s in all; --walks N walks N)"
                Console.output("walking \(how) of at most \(walkLength) actions\(share)\(map), seed \(walkOptions.seed), "
                    + "screens told apart by \(options.rules.mode.rawValue)\n")
            }
            let result: ExploreResult
            do {
                result = try explorer.run(progress: { progress in
                    if live { Console.error("\r\u{1B}[K" + progress.line) }
                }, interrupted: { interruption.isSet })
            } catch {
                stop.cancel()
                if live { Console.error("\r\u{1B}[K") }
                throw error.exit == .notMade ? FlowCommandError.notMade(error.description) : .usage(error.description)
            }
            stop.cancel()
            if live { Console.error("\r\u{1B}[K") }
            var map = result.map
            if !against.isEmpty, !interruption.isSet {
                let recorder = try CoverageRun.run(against, schemeOptions: schemeOptions, filters: filters, rules: options.rules)
                map.coverage = ExploreCoverage.of(map, recorder: recorder.recorder, flows: against)
                if recorder.failed > 0 { Console.output("note: \(recorder.failed) of the flows failed; what they did before is counted\n") }
            }
            let written = ExploreOutput.write(result, into: out, map: &map, runner: RunnerSetup.current.name)
            Console.output(ExploreOutput.stats(map, runner: RunnerSetup.current.name, folder: out))
            for problem in written.problems + result.problems { Console.error(RunnerSetup.current.error(problem) + "\n") }
            if !written.files.isEmpty { Console.output("wrote " + written.files.joined(separator: ", ") + "\n") }
            if interruption.isSet { throw FlowCommandError.interrupted }
            // What the crawl found did not all reach the folder, or it could not check what it was
            // asked to: the crawl was not made (3).
            if !written.problems.isEmpty || !result.problems.isEmpty { throw FlowCommandError.notWritten }
            if !map.findings.isEmpty { throw FlowCommandError.flowsFailed }
        }
    }
}

extension FlowCommand.Explore {
    /// This machine's shard as the CI engine says (`--shard auto`), said as `run` says it.
    static func autoShard(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (Int, Int) {
        do {
            let source = try ShardSource.detect(in: environment)
            if let problem = Sharding.problem(count: source.count) { throw FlowCommandError.usage("--shard auto: \(source): \(problem)") }
            Console.output("\(source)\n")
            return (source.index, source.count)
        } catch let error as FlowCommandError {
            throw error
        } catch {
            throw FlowCommandError.usage("\(error)")
        }
    }
}

extension ScreenIdentity.Rules.Mode: ExpressibleByArgument {}

/// Ctrl-C, seen by the crawl between actions.
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    func set() {
        lock.lock()
        flag = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return flag
    }
}

/// A suite run only to see what it exercises of a map: its flows, under the scheme, with a
/// `CoverageRecorder` watching every app.
enum CoverageRun {
    /// Runs the flows under `paths` (as `run` selects them) and returns what they did, and how many failed.
    static func run(
        _ paths: [String], schemeOptions: SchemeOptions, filters: FlowFilters, rules: ScreenIdentity.Rules
    ) throws -> (recorder: CoverageRecorder, failed: Int) {
        let loaded = try Selection.load(paths, schemeOptions: schemeOptions, filters: filters)
        let recorder = CoverageRecorder(rules: ScreenIdentity.Rules(ignoring: rules.ignoring, byText: rules.byText))
        var options = SuiteRunner.Options()
        options.recording = RecordingOptions(runner: RunnerSetup.current.identity)
        options.recording.coverage = recorder
        // A flow that asserts a property checks it, as `run` would.
        options.propertyWorkers = RunnerSetup.current.propertyWorkers(variables: loaded.variables)
        defer { options.propertyWorkers?.close() }
        let runner = SuiteRunner(scheme: loaded.scheme, variables: loaded.variables, secrets: loaded.scheme.secretValues(variables: loaded.variables), options: options)
        defer { runner.cleanUp() }
        let templates: [String: String]
        do {
            templates = try runner.prepare(fixtures: loaded.suite.fixtures) { _ in }
        } catch {
            throw (error as? SuiteRunner.SetupError).map(FlowCommandError.setup) ?? .notMade("\(error)")
        }
        let results = runner.run(loaded.suite, templates: templates) { _ in }
        return (recorder, results.filter { !$0.passed }.count)
    }
}
