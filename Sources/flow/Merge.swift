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
            var (inputs, problems) = readOutputs()
            // The inputs that could be read are checked even when others could not: every problem at once.
            var merged: JUnitMerge?
            do {
                merged = try JUnitMerge.merge(inputs.map(\.shard), suite: suite.flows.map(\.file))
            } catch {
                problems += error.errors
            }
            guard problems.isEmpty, let merged else { throw FlowCommandError.diagnostics(Diagnostics(problems)) }
            do {
                try merged.xml.write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                throw FlowCommandError.setup("cannot write the JUnit file \(junit): \(error.localizedDescription)")
            }
            if let report {
                do {
                    try Self.mergeFolders(inputs.compactMap(\.report), into: report)
                } catch {
                    throw FlowCommandError.setup("cannot write the report to \(report): \(error.localizedDescription)")
                }
            }
            if let html {
                do {
                    try MergedHTMLReport.html(merged).write(toFile: html, atomically: true, encoding: .utf8)
                } catch {
                    throw FlowCommandError.setup("cannot write the HTML report \(html): \(error.localizedDescription)")
                }
            }
            for failure in merged.failures { Console.output("FAIL  \(failure.name)  \(failure.file)\n") }
            for line in merged.problemLines { Console.output(line + "\n") }
            Console.output(merged.summary + "\n")
            if !merged.succeeded { throw FlowCommandError.flowsFailed }
        }

        /// Each shard output's JUnit text and report folder, and every problem with them (exit 2).
        private func readOutputs() -> (inputs: [(shard: JUnitMerge.Shard, report: String?)], problems: [LocatedError]) {
            var problems: [LocatedError] = []
            var inputs: [(JUnitMerge.Shard, String?)] = []
            for output in outputs {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) else {
                    problems.append(.wholeFile(output, "there is no such file or folder"))
                    continue
                }
                let file = isFolder.boolValue ? (output as NSString).appendingPathComponent("junit.xml") : output
                let folder = isFolder.boolValue ? output : (output as NSString).deletingLastPathComponent
                let reportFolder = (folder as NSString).appendingPathComponent("report")
                guard let data = FileManager.default.contents(atPath: file) else {
                    problems.append(.wholeFile(file, isFolder.boolValue
                        ? "the shard output \(output) holds no junit.xml (flow run --junit \(file))" : "cannot read the file"))
                    continue
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    problems.append(.wholeFile(file, "not UTF-8 text: not a JUnit file"))
                    continue
                }
                if report != nil {
                    var isReportFolder: ObjCBool = false
                    if !FileManager.default.fileExists(atPath: reportFolder, isDirectory: &isReportFolder) || !isReportFolder.boolValue {
                        problems.append(.wholeFile(reportFolder, "no report folder for --report: each shard output needs report/ beside its junit.xml "
                            + "(flow run --junit \(file) --report \(reportFolder))"))
                        continue
                    }
                }
                inputs.append((JUnitMerge.Shard(file: file, text: text), report == nil ? nil : reportFolder))
            }
            return (inputs, problems)
        }

        /// Copies every file of `folders` into `destination` (made if missing; what is there stays,
        /// as with flow run --report), folders within them merged the same way. A name an earlier
        /// shard took (a flow two shards ran) gets the shard's number: `Flows_a-shard2.txt`.
        static func mergeFolders(_ folders: [String], into destination: String) throws {
            let files = FileManager.default
            try files.createDirectory(atPath: destination, withIntermediateDirectories: true)
            var taken: Set<String> = []
            for (index, folder) in folders.enumerated() {
                try copyContents(of: folder, into: destination, shard: index + 1, taken: &taken, relative: "")
            }
        }

        /// One folder of `mergeFolders`: `relative` is where it is under the destination.
        private static func copyContents(of folder: String, into target: String, shard: Int, taken: inout Set<String>, relative: String) throws {
            let files = FileManager.default
            for name in try files.contentsOfDirectory(atPath: folder).sorted() {
                let source = (folder as NSString).appendingPathComponent(name)
                var isFolder: ObjCBool = false
                _ = files.fileExists(atPath: source, isDirectory: &isFolder)
                if isFolder.boolValue {
                    let inner = (target as NSString).appendingPathComponent(name)
                    try files.createDirectory(atPath: inner, withIntermediateDirectories: true)
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
                let copy = (target as NSString).appendingPathComponent(chosen)
                if files.fileExists(atPath: copy) { try files.removeItem(atPath: copy) }
                try files.copyItem(atPath: source, toPath: copy)
            }
        }
    }
}
