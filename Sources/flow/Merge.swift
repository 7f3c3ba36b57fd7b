import ArgumentParser
import Console
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
        static let configuration = CommandConfiguration(
            abstract: "Join the shards' JUnit files and reports into one; check each flow ran exactly once.",
            discussion: """
                Each shard output is a folder holding junit.xml (and report/ for --report), as written by \
                flow run --shard I/N --junit out/I/junit.xml --report out/I/report, or a JUnit file (its report \
                folder is the report/ beside it). The suite is what flow run would select with the same --flows, \
                scheme and tag options; a testcase is matched to a flow by its file attribute. A flow no shard ran, \
                or that two shards ran, is listed and the exit code is 1; so is a flow that failed. An input that \
                is missing, not XML or not JUnit is a located error, exit 2, and nothing is written.
                Exit codes: 0 every flow ran once and passed, 1 a flow missing, doubled or failed, 2 bad input.
                """
        )

        @Argument(help: ArgumentHelp("Each shard's output: a folder holding junit.xml (and report/), or a JUnit file.", valueName: "shard-output"))
        var outputs: [String] = []

        @Option(help: ArgumentHelp("Write the merged JUnit XML here (atomically).", valueName: "file"))
        var junit: String

        @Option(help: ArgumentHelp("Join the shards' report folders (the report/ of each shard output) into this folder.", valueName: "dir"))
        var report: String?

        @Option(help: ArgumentHelp("Write one HTML page of the merged run: every flow, its result, each failure's text, and the coverage check.", valueName: "file"))
        var html: String?

        @Option(name: .customLong("flows"),
                help: ArgumentHelp("A flow file or folder the shards ran, as given to flow run (repeatable; default: Flows).", valueName: "path"))
        var flowPaths: [String] = []

        @OptionGroup var filters: FlowFilters

        func validate() throws {
            guard !outputs.isEmpty else {
                let tags = filters.includeTags.isEmpty && filters.excludeTags.isEmpty ? ""
                    : " (--include-tags and --exclude-tags take every word up to the next option: give the shard outputs before them)"
                throw ValidationError("give the shards' outputs: folders holding junit.xml (flow run --junit DIR/junit.xml), or JUnit files" + tags)
            }
        }

        func run() throws {
            let suite = try Selection.load(flowPaths.isEmpty ? ["Flows"] : flowPaths, filters: filters, checkFixtures: false).suite
            // Every output is checked before anything is read or written: a bad path leaves nothing half-written.
            try checkOutputs()
            var (inputs, problems) = readOutputs()
            // The inputs that could be read are checked even when others could not: every problem at once.
            var merged: JUnitMerge?
            do {
                merged = try JUnitMerge.merge(inputs.map(\.shard), suite: suite.flows.map(\.file))
            } catch {
                problems += error.errors
            }
            guard problems.isEmpty, let merged else { throw FlowCommandError.diagnostics(Diagnostics(problems)) }
            try checkReportIsOutsideTheShards(inputs.compactMap(\.report))
            do {
                try OutputFile.write(merged.xml, to: junit)
                if let report { try Self.mergeFolders(inputs.compactMap(\.report), into: report) }
                if let html { try OutputFile.write(MergedHTMLReport.html(merged), to: html) }
            } catch {
                throw FlowCommandError.setup("\(error)")
            }
            // Names and files come from the shards' XML: a control character in them is shown, never sent.
            for failure in merged.failures { Console.output(TerminalText.oneLine("FAIL  \(failure.name)  \(failure.file)") + "\n") }
            for line in merged.problemLines { Console.output(TerminalText.oneLine(line) + "\n") }
            Console.output(TerminalText.oneLine(merged.summary) + "\n")
            if !merged.succeeded { throw FlowCommandError.flowsFailed }
        }

        /// The JUnit file, the HTML page and the report folder can be written where they are named.
        private func checkOutputs() throws(FlowCommandError) {
            do {
                try OutputFile.check(junit)
                if let html { try OutputFile.check(html) }
                if let report { try OutputFile.checkFolder(report) }
            } catch {
                throw .usage(error.description)
            }
        }

        /// The largest JUnit file read: a run of thousands of flows with their output writes tens of MB.
        static let fileLimit = 256 << 20

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
                switch InputFile.read(file, limit: Self.fileLimit) {
                case let .success(read):
                    data = read
                case let .failure(problem):
                    problems.append(.wholeFile(file, isFolder && problem == .missing
                        ? "the shard output \(output) holds no junit.xml (flow run --junit \(file))" : problem.description))
                    continue
                }
                // A problem with the report folder is said, and the JUnit file is still checked: every problem at once.
                if report != nil {
                    if InputFile.kind(reportFolder) != .folder {
                        problems.append(.wholeFile(reportFolder, "no report folder for --report: each shard output needs report/ beside its junit.xml "
                            + "(flow run --junit \(file) --report \(reportFolder))"))
                    } else {
                        problems += Self.reportProblems(in: reportFolder)
                    }
                }
                inputs.append((JUnitMerge.Shard(file: file, data: data), report == nil ? nil : reportFolder))
            }
            return (inputs, problems)
        }

        /// What in a shard's report folder cannot be copied: anything but files and folders (a
        /// FIFO would block the copy, a link could bring in any file of the machine), and a name
        /// with a control character (it cannot be written, and would leave the copy half done).
        static func reportProblems(in folder: String) -> [LocatedError] {
            InputFile.entries(below: folder).compactMap { entry in
                if entry.kind != .file && entry.kind != .folder {
                    return .wholeFile(entry.path, "it is \(entry.kind): a report folder holds the text files and folders flow run --report writes")
                }
                if let control = PathText.name(of: entry.path).unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                    return .wholeFile(TerminalText.oneLine(entry.path), "its name holds a control character (U+\(String(format: "%04X", control.value))): "
                        + "flow run --report never writes one")
                }
                return nil
            }
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

        /// Copies every file of `folders` into `destination` (made if missing; what is there stays,
        /// as with flow run --report), folders within them merged the same way. A name an earlier
        /// shard took (a flow two shards ran) gets the shard's number: `Flows_a-shard2.txt`. The
        /// folders were checked to hold only files and folders, with names that can be written (`reportProblems`).
        static func mergeFolders(_ folders: [String], into destination: String) throws {
            try OutputFile.folder(destination)
            var taken: Set<String> = []
            for (index, folder) in folders.enumerated() {
                try copyContents(of: folder, into: destination, shard: index + 1, taken: &taken, relative: "")
            }
        }

        /// One folder of `mergeFolders`: `relative` is where it is under the destination.
        private static func copyContents(of folder: String, into target: String, shard: Int, taken: inout Set<String>, relative: String) throws {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                let source = (folder as NSString).appendingPathComponent(name)
                if InputFile.kind(source, following: false) == .folder {
                    let inner = (target as NSString).appendingPathComponent(name)
                    try OutputFile.folder(inner)
                    try copyContents(of: source, into: inner, shard: shard, taken: &taken, relative: relative + name + "/")
                    continue
                }
                var chosen = name
                if taken.contains(relative + chosen) {
                    let ext = (name as NSString).pathExtension, stem = (name as NSString).deletingPathExtension
                    var number = 0
                    repeat {
                        chosen = stem + "-shard\(shard)" + (number > 0 ? "-\(number)" : "") + (ext.isEmpty ? "" : "." + ext)
                        number += 1
                    } while taken.contains(relative + chosen)
                }
                taken.insert(relative + chosen)
                switch InputFile.read(source, limit: fileLimit) {
                case let .success(data): try OutputFile.write(Array(data), to: (target as NSString).appendingPathComponent(chosen))
                case let .failure(problem): throw LocatedError.wholeFile(source, problem.description)
                }
            }
        }
    }
}
