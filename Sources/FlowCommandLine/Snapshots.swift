import ArgumentParser
import Console
import FlowKit
import FlowRunner
import Foundation
import NameMatching

extension FlowCommand {
    /// `flow snapshots`: the golden screens (`assertScreen`): list them, prune the unused, accept the pending.
    struct Snapshots: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "The golden screens the flows check (assertScreen): list them, prune the unused ones, accept pending ones.",
                discussion: """
                    A golden screen is a text file in the \(GoldenScreenFile.folderName) folder beside the flow that checks it. A run that \
                    finds a screen different from its golden fails and writes the screen beside it (NAME.txt\(GoldenScreenFile.pendingSuffix)); \
                    review writes a page that shows each pending screen beside its golden; accept puts it in place. Only accept and \
                    \(RunnerSetup.current.name) run --record rewrite a golden.
                    """,
                subcommands: [List.self, Review.self, Prune.self, Accept.self],
                defaultSubcommand: List.self
            )
        }

        /// The flows and the golden screens under the paths (the flows' folder by default).
        static func survey(_ paths: [String]) throws(FlowCommandError) -> GoldenScreenCatalog {
            try surveyed(paths).catalog
        }

        /// The golden screens under the paths (the flows' folder by default), and the flows read there.
        static func surveyed(_ paths: [String]) throws(FlowCommandError) -> (catalog: GoldenScreenCatalog, suite: FlowSuite) {
            let paths = paths.isEmpty ? [RunnerSetup.current.flows] : paths
            for path in paths where InputFile.kind(path) == nil {
                throw .usage("there is no flow file or folder \(Suggestion.shown(path))")
            }
            let suite: FlowSuite
            do {
                suite = try FlowSuite.load(paths, catalog: RunnerSetup.current.catalog)
            } catch {
                // Which goldens a broken flow checks is not known: nothing is said unused while one is.
                throw .diagnostics(error)
            }
            return (GoldenScreenCatalog.survey(paths, suite: suite), suite)
        }

        /// `flow snapshots list`: every golden screen, which flows check it, and what waits to be accepted.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the golden screens: which flows check each, which are pending, which no flow checks.")

            @Argument(help: ArgumentHelp("Flow files or folders (default: \(RunnerSetup.current.flows))."))
            var paths: [String] = []

            func run() throws {
                let catalog = try Snapshots.survey(paths)
                let runner = RunnerSetup.current.name
                for entry in catalog.entries {
                    var line = TerminalText.oneLine(entry.path)
                    if !entry.exists {
                        line += "  not recorded yet (its flow's next run records it)"
                    } else if entry.isSwiftTests {
                        line += "  checked by a Swift test"
                    } else if entry.checkedBy.isEmpty {
                        line += "  UNUSED: no flow checks it (\(runner) snapshots prune)"
                    } else {
                        line += "  checked by " + entry.checkedBy.map(TerminalText.oneLine).joined(separator: ", ")
                    }
                    if let pending = entry.pending { line += "\n  PENDING: \(TerminalText.oneLine(pending)) (\(runner) snapshots accept \(entry.screen))" }
                    Console.output(line + "\n")
                }
                let pending = catalog.entries.filter { $0.pending != nil }.count
                let unused = catalog.entries.filter(\.isUnused).count
                let recorded = catalog.entries.filter(\.exists).count
                Console.output("\(recorded) golden screen\(recorded == 1 ? "" : "s"), \(pending) pending, \(unused) unused\n")
            }
        }

        /// `flow snapshots review`: one HTML page with every pending screen beside its golden.
        struct Review: ParsableCommand {
            static var configuration: CommandConfiguration {
                let name = RunnerSetup.current.name
                return CommandConfiguration(
                    abstract: "Write one HTML page to review the pending screens: each beside its golden, the changes marked, and the command that accepts it.",
                    discussion: """
                        The page (self-contained: open it in any browser) shows every pending screen under the paths beside its golden, line by \
                        line: the lines that differ are marked, and in a changed line the characters. With each: the screen's name, the \
                        golden's file, the flows and the assertScreen steps (file:line:column) that check it, and the command that accepts \
                        it (\(name) snapshots accept NAME), with a copy button. A golden that is missing, unreadable or not a golden screen is \
                        shown with a note. The page's path is printed; with nothing pending the page says so. By default it is \
                        \(GoldenReviewPage.defaultPath), in the build folder; \(name) run --html report.html writes one beside its report \
                        (report.golden-review.html, linked from the report) when a golden did not match.
                        \(RunnerExit.help([.passed: "the page was written (pending screens or none)", .badInput: "bad input (a path that is not there, a flow that cannot be read)",
                                           .notMade: "the page could not be written"], leaving: [.failed, .interrupted]))
                        """
                )
            }

            @Argument(help: ArgumentHelp("Flow files or folders (default: \(RunnerSetup.current.flows))."))
            var paths: [String] = []

            @Option(help: ArgumentHelp("Write the page here (in the build folder by default).", valueName: "file"))
            var out: String = GoldenReviewPage.defaultPath

            func run() throws {
                let (catalog, suite) = try Snapshots.surveyed(paths)
                let runner = RunnerSetup.current.identity
                let items = GoldenReviewPage.items(catalog, suite: suite, runner: runner)
                do {
                    try OutputFile.write(GoldenReviewPage.html(items, runner: runner, looked: paths.isEmpty ? [runner.flows] : paths), to: out)
                } catch {
                    Console.error(RunnerSetup.current.error("cannot write the review page \(TerminalText.oneLine(out)): \(error.explanation)") + "\n")
                    throw FlowCommandError.notWritten
                }
                Console.output(items.isEmpty ? "nothing is pending: every golden screen matched at its last run\n"
                    : "\(items.count) pending golden screen\(items.count == 1 ? "" : "s") to review\n")
                Console.output(Self.shown(out) + "\n")
            }

            /// The page as a `file://` URL (absolute, so a terminal opens it from anywhere).
            static func shown(_ path: String) -> String {
                URL(fileURLWithPath: path).standardizedFileURL.absoluteString
            }

            /// `run --html FILE`'s review page, beside the report, when a golden did not match in
            /// `results`: the report's link to it (nil when none did, or the page could not be
            /// written: then said on standard error, and `written` is false, so the run exits 3).
            static func writePage(for results: [FlowResult], besideReport report: String, written: inout Bool) -> GoldenReviewPage.Link? {
                let runner = RunnerSetup.current.identity
                let items = GoldenReviewPage.items(of: results, runner: runner)
                guard !items.isEmpty else { return nil }
                let path = GoldenReviewPage.path(besideReport: report)
                do {
                    try OutputFile.write(GoldenReviewPage.html(items, runner: runner, looked: []), to: path)
                } catch {
                    Console.error(RunnerSetup.current.error("cannot write the golden review page \(TerminalText.oneLine(path)): \(error.explanation)") + "\n")
                    written = false
                    return nil
                }
                Console.output("\(items.count) golden screen\(items.count == 1 ? "" : "s") changed: review \(items.count == 1 ? "it" : "them") in \(shown(path))\n")
                return GoldenReviewPage.Link(file: PathText.name(of: path), count: items.count)
            }
        }

        /// `flow snapshots prune`: the golden screens no flow checks; `--delete` removes them.
        struct Prune: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "List the golden screens no flow checks; with --delete, remove them (and their pending files).",
                discussion: "A golden that a Swift test beside its folder checks (OWNER.swift) is left alone. Nothing is removed while a flow has a problem."
            )

            @Argument(help: ArgumentHelp("Flow files or folders (default: \(RunnerSetup.current.flows))."))
            var paths: [String] = []

            @Flag(help: "Remove them: without it, prune only lists what it would remove.")
            var delete = false

            func run() throws {
                let unused = try Snapshots.survey(paths).entries.filter(\.isUnused)
                guard !unused.isEmpty else {
                    Console.output("no unused golden screen: every one is checked by a flow\n")
                    return
                }
                var failed = false
                for entry in unused {
                    guard delete else {
                        Console.output("would remove \(TerminalText.oneLine(entry.path))\n")
                        continue
                    }
                    do {
                        for path in [entry.path] + (entry.pending.map { [$0] } ?? []) { try FileManager.default.removeItem(atPath: path) }
                        Console.output("removed \(TerminalText.oneLine(entry.path))\n")
                    } catch {
                        failed = true
                        Console.error(RunnerSetup.current.error("cannot remove \(TerminalText.oneLine(entry.path)): \(error.localizedDescription)") + "\n")
                    }
                }
                if !delete {
                    Console.output("\(unused.count) unused golden screen\(unused.count == 1 ? "" : "s"); nothing removed: "
                        + "\(RunnerSetup.current.name) snapshots prune --delete removes \(unused.count == 1 ? "it" : "them")\n")
                }
                if failed { throw FlowCommandError.usage("some unused golden screens could not be removed (above)") }
            }
        }

        /// `flow snapshots accept`: pending screens put in place of their goldens.
        struct Accept: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Put pending screens in place of their golden screens: all of them, or those named.",
                discussion: "Name screens (home), golden or pending files, flow files or folders; with none, every pending screen under the flows' folder."
            )

            @Argument(help: ArgumentHelp("Screen names, or files and folders to look in (default: every pending screen under \(RunnerSetup.current.flows)).", valueName: "screen-or-path"))
            var targets: [String] = []

            func run() throws {
                // A target that is a path says where to look; one that is not names screens.
                let paths = targets.filter { InputFile.kind($0) != nil }.map { GoldenScreenFile.golden(ofPending: $0) ?? $0 }
                let names = targets.filter { InputFile.kind($0) == nil }
                let catalog = try Snapshots.survey(paths.map { GoldenScreenFile.parts(ofGolden: PathText.name(of: $0)) != nil ? PathText.parent(of: PathText.parent(of: $0)) : $0 })
                var chosen = catalog.entries.filter { $0.pending != nil }
                let goldenFiles = paths.filter { GoldenScreenFile.parts(ofGolden: PathText.name(of: $0)) != nil }.map(FlowParser.key)
                if !goldenFiles.isEmpty { chosen = chosen.filter { goldenFiles.contains(FlowParser.key($0.path)) } }
                for name in names {
                    if let problem = GoldenScreenFile.problem(withName: name) {
                        throw FlowCommandError.usage("\(Suggestion.shown(name)) is neither a file nor a folder, nor a screen's name: \(problem)")
                    }
                    guard chosen.contains(where: { $0.screen == name }) else {
                        let pending = Array(Set(chosen.map(\.screen))).sorted()
                        let known = catalog.entries.contains { $0.screen == name }
                        throw FlowCommandError.usage((known ? "the screen \"\(name)\" has nothing pending: its golden matched at the last run, or it was accepted"
                            : "no golden screen is named \"\(Suggestion.shown(name))\"" + Suggestion.didYouMean(name, in: Array(Set(catalog.entries.map(\.screen)))))
                            + (pending.isEmpty ? "; nothing is pending" : "; pending: " + pending.joined(separator: ", ")))
                    }
                }
                if !names.isEmpty { chosen = chosen.filter { names.contains($0.screen) } }
                guard !chosen.isEmpty else {
                    Console.output("nothing is pending: every golden screen matched at its last run\n")
                    return
                }
                var failed = false
                for entry in chosen {
                    do {
                        try GoldenScreenCatalog.accept(entry)
                        Console.output("accepted \(TerminalText.oneLine(entry.pending ?? "")) as \(TerminalText.oneLine(entry.path))\n")
                    } catch {
                        failed = true
                        Console.error(RunnerSetup.current.error("cannot accept \(error)") + "\n")
                    }
                }
                if failed { throw FlowCommandError.usage("some pending screens were not accepted (above)") }
            }
        }
    }
}
