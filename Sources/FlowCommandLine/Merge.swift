import ArgumentParser
import Console
import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import LocatedYAML

extension FlowCommand {
    /// `flow merge`: the shards' JUnit files (and report folders) joined into one, with the check
    /// that together the shards ran each flow of the suite exactly once.
    ///
    /// A shard's output is a folder holding `junit.xml` (and, for `--report`, `report/`), as
    /// `flow run --shard I/N --junit out/I/junit.xml --report out/I/report` writes it, or the JUnit
    /// file itself (its report folder is then the `report/` beside it).
    struct Merge: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Join the shards' JUnit files and reports into one (check each flow ran exactly once), or the shards of an explore's walks.",
                discussion: """
                    Each shard output is a folder holding junit.xml (and report/ for --report), as written by \
                    \(flowRun) --shard I/N --junit out/I/junit.xml --report out/I/report, or a JUnit file (its report \
                    folder is the report/ beside it). The suite is what \(flowRun) would select with the same --flows, \
                    scheme and tag options; a testcase is matched to a flow by its file attribute. A flow no shard ran, \
                    or that two shards ran, is listed and the exit code is 1; so is a flow that failed. An input that \
                    is missing, not XML or not JUnit is a located error, exit 2, and nothing is written.
                    Given the folders of an explore's shards (\(RunnerSetup.current.name) explore --walks N --seed S --shard I/N --out DIR: each \
                    holds map.json), it joins them into --out instead: the maps, and one finding a problem across shards (the one \
                    one machine finds first), with every shard's paths; each shard's folder once, every shard there, all of one crawl \
                    (the same app, seed and walks), or exit 2. The exit code is explore's: 1 when there are findings.
                    \(RunnerExit.help([.passed: "every flow ran once and passed", .failed: "a flow missing, doubled or failed", .notMade: "the merged files could not be written"], leaving: [.interrupted]))
                    """
            )
        }

        /// `flow run`, with the runner's name: what wrote the shards' outputs.
        static var flowRun: String { "\(RunnerSetup.current.name) run" }

        @Argument(help: ArgumentHelp("Each shard's output: a folder holding junit.xml (and report/), or a JUnit file.", valueName: "shard-output"))
        var outputs: [String] = []

        @Option(help: ArgumentHelp("Write the merged JUnit XML here (atomically); for a run's shards.", valueName: "file"))
        var junit: String?

        @Option(help: ArgumentHelp("Write the merged map, report and findings' flows into this folder; for an explore's shards.", valueName: "dir"))
        var out: String?

        @Option(help: ArgumentHelp("Join the shards' report folders (the report/ of each shard output) into this folder.", valueName: "dir"))
        var report: String?

        @Option(help: ArgumentHelp("Write one HTML page of the merged run: every flow, its result, each failure's text, and the coverage check.", valueName: "file"))
        var html: String?

        @Option(name: .customLong("flows"),
                help: ArgumentHelp("A flow file or folder the shards ran, as given to \(Self.flowRun) (repeatable; default: \(RunnerSetup.current.flows)).", valueName: "path"))
        var flowPaths: [String] = []

        @OptionGroup var schemeOptions: SchemeOptions
        @OptionGroup var filters: FlowFilters

        func validate() throws {
            guard !outputs.isEmpty else {
                let tags = filters.includeTags.isEmpty && filters.excludeTags.isEmpty ? ""
                    : " (--include-tags and --exclude-tags take every word up to the next option: give the shard outputs before them)"
                throw ValidationError("give the shards' outputs: folders holding junit.xml (\(Self.flowRun) --junit DIR/junit.xml), or JUnit files" + tags)
            }
        }

        func run() throws {
            if let folders = exploreShards() { return try mergeExplore(folders) }
            guard let junit else {
                throw FlowCommandError.usage("give --junit FILE: where the merged JUnit XML goes (or the folders of an explore's shards, and --out DIR)")
            }
            if out != nil { throw FlowCommandError.usage("--out is for an explore's shards; these are a run's: give --junit, --report or --html") }
            let suite = try Selection.load(flowPaths.isEmpty ? [RunnerSetup.current.flows] : flowPaths, schemeOptions: schemeOptions, filters: filters, checkFixtures: false).suite
            // Every output is checked before anything is read or written: a bad path leaves nothing half-written.
            try checkOutputs(junit: junit)
            var (inputs, problems) = readOutputs()
            // The inputs that could be read are checked even when others could not: every problem at once.
            var merged: JUnitMerge?
            do {
                merged = try JUnitMerge.merge(inputs.map(\.shard), suite: suite.flows.map(\.file), runner: RunnerSetup.current.identity)
            } catch {
                problems += error.errors
            }
            guard problems.isEmpty, let merged else { throw FlowCommandError.diagnostics(Diagnostics(problems)) }
            try checkReportIsOutsideTheShards(inputs.compactMap(\.report))
            do {
                try MergeOutputs.write(merged, junit: junit, html: html, report: report.map { ($0, inputs.compactMap(\.report)) })
            } catch {
                throw FlowCommandError.notMade("\(error)")
            }
            // Names and files come from the shards' XML: a control character in them is shown, never sent.
            for failure in merged.failures { Console.output(TerminalText.oneLine("FAIL  \(failure.name)  \(failure.file)") + "\n") }
            for line in merged.shardLines { Console.output(TerminalText.oneLine(line) + "\n") }
            for line in merged.problemLines { Console.output(TerminalText.oneLine(line) + "\n") }
            Console.output(TerminalText.oneLine(merged.summary) + "\n")
            if !merged.succeeded { throw FlowCommandError.flowsFailed }
        }

        /// The shard outputs when every one is a folder holding an explore's map.json; nil for a run's.
        private func exploreShards() -> [String]? {
            let folders = outputs.filter { InputFile.kind($0) == .folder && InputFile.kind(PathText.joined($0, ExploreOutput.mapFile)) == .file }
            return !folders.isEmpty && folders.count == outputs.count ? folders : nil
        }

        /// Joins an explore's shards into `--out`: the maps, the findings, their flows.
        private func mergeExplore(_ folders: [String]) throws {
            guard let out else { throw FlowCommandError.usage("give --out DIR: where the merged map of the explore's shards goes") }
            if junit != nil || html != nil || report != nil { throw FlowCommandError.usage("--junit, --html and --report are for a run's shards; an explore's are merged into --out DIR") }
            do {
                try OutputFile.checkFolder(out)
            } catch {
                throw FlowCommandError.usage("--out \(out): \(error.explanation)")
            }
            var shards: [ExploreMerge.Shard] = []
            var problems: [LocatedError] = []
            for folder in folders {
                let file = PathText.joined(folder, ExploreOutput.mapFile)
                switch InputFile.read(file, limit: MergeOutputs.fileLimit) {
                case let .success(data):
                    do {
                        shards.append(ExploreMerge.Shard(folder: folder, map: try ExploreMap.read(data, file: file)))
                    } catch {
                        problems.append(.wholeFile(file, error.description.hasPrefix(file + ": ") ? String(error.description.dropFirst(file.count + 2)) : error.description))
                    }
                case let .failure(problem):
                    problems.append(.wholeFile(file, problem.description))
                }
            }
            let standard = folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            for (index, folder) in folders.enumerated() where standard[..<index].contains(standard[index]) {
                problems.append(.wholeFile(folder, "given twice: give each shard's folder once"))
            }
            guard problems.isEmpty else { throw FlowCommandError.diagnostics(Diagnostics(problems)) }
            let merged: (map: ExploreMap, flows: [(finding: ExploreMap.Finding, from: String?)])
            switch ExploreMerge.merge(shards) {
            case let .success(result): merged = result
            case let .failure(error): throw FlowCommandError.diagnostics(Diagnostics(error.problems.map { LocatedError.wholeFile("merge", $0) }))
            }
            let findings = PathText.joined(out, ExploreOutput.findingsFolder)
            var flows: [(entry: ExploreMap.Finding, file: String, text: String?, problem: String?)] = []
            for (index, item) in merged.flows.enumerated() {
                let file = PathText.joined(findings, ExploreOutput.flowName(index + 1, item.finding.kind, item.finding.title))
                guard let source = item.from else {
                    flows.append((item.finding, file, nil, nil))
                    continue
                }
                switch InputFile.read(source, limit: MergeOutputs.fileLimit) {
                case let .success(data): flows.append((item.finding, file, String(decoding: data, as: UTF8.self), nil))
                case let .failure(problem): flows.append((item.finding, file, nil, "cannot read \(source): \(problem.description)"))
                }
            }
            var map = merged.map
            let written = ExploreOutput.write(flows, into: out, map: &map, runner: RunnerSetup.current.name)
            Console.output("merged \(shards.count) shards of \(map.walks?.count ?? 0) walks (seed \(map.walks?.seed ?? "?"))\n")
            Console.output(ExploreOutput.stats(map, runner: RunnerSetup.current.name, folder: out))
            for problem in written.problems { Console.error(RunnerSetup.current.error(problem) + "\n") }
            if !written.files.isEmpty { Console.output("wrote " + written.files.joined(separator: ", ") + "\n") }
            if !written.problems.isEmpty { throw FlowCommandError.notWritten }
            if !map.findings.isEmpty { throw FlowCommandError.flowsFailed }
        }

        /// The JUnit file, the HTML page and the report folder can be written where they are named.
        private func checkOutputs(junit: String) throws(FlowCommandError) {
            do {
                try OutputFile.check(junit)
                if let html { try OutputFile.check(html) }
                if let report { try OutputFile.checkFolder(report) }
            } catch {
                throw .usage(error.description)
            }
        }

        /// Each shard output's JUnit text and report folder, and every problem with them (exit 2).
        private func readOutputs() -> (inputs: [(shard: JUnitMerge.Shard, report: String?)], problems: [LocatedError]) {
            var problems: [LocatedError] = []
            var inputs: [(JUnitMerge.Shard, String?)] = []
            for output in outputs {
                guard let kind = InputFile.kind(output) else {
                    problems.append(.wholeFile(output, "there is no such file or folder"))
                    continue
                }
                let isFolder = kind == .folder
                guard isFolder || kind == .file else {
                    problems.append(.wholeFile(output, "it is \(kind.description): a shard output is a folder holding junit.xml, or a JUnit file"))
                    continue
                }
                let file = isFolder ? (output as NSString).appendingPathComponent("junit.xml") : output
                let folder = isFolder ? output : PathText.parent(of: output)
                let reportFolder = (folder as NSString).appendingPathComponent("report")
                let data: Data
                switch InputFile.read(file, limit: MergeOutputs.fileLimit) {
                case let .success(read):
                    data = read
                case let .failure(problem):
                    problems.append(.wholeFile(file, isFolder && problem == .missing
                        ? "the shard output \(output) holds no junit.xml (\(Self.flowRun) --junit \(file))" : problem.description))
                    continue
                }
                // A problem with the report folder is said, and the JUnit file is still checked: every problem at once.
                if report != nil {
                    if InputFile.kind(reportFolder) != .folder {
                        problems.append(.wholeFile(reportFolder, "no report folder for --report: each shard output needs report/ beside its junit.xml "
                            + "(\(Self.flowRun) --junit \(file) --report \(reportFolder))"))
                    } else {
                        problems += MergeOutputs.reportProblems(in: reportFolder, writtenBy: Self.flowRun)
                    }
                }
                inputs.append((JUnitMerge.Shard(file: file, data: data), report == nil ? nil : reportFolder))
            }
            return (inputs, problems)
        }

        /// A `--report` folder inside a shard's report folder would be copied into itself, deeper each time.
        private func checkReportIsOutsideTheShards(_ folders: [String]) throws(FlowCommandError) {
            guard let report else { return }
            let destination = URL(fileURLWithPath: report).standardizedFileURL.path
            for folder in folders {
                let source = URL(fileURLWithPath: folder).standardizedFileURL.path
                if destination == source || destination.hasPrefix(source + "/") {
                    throw .usage("--report \(report) is inside the shard's report folder \(folder): give a folder outside every shard's output")
                }
            }
        }
    }
}
