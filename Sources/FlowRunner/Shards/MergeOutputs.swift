import FlowKit
import Foundation
import LocatedYAML
import TextBytes

/// What `flow merge` writes: the merged JUnit file, the HTML page and the joined report folder,
/// all of them or none as far as a file system allows, the JUnit file last. CI reads the JUnit
/// file as the merge's result, so it must never be there for a merge that failed: before, it was
/// written first, and a report copy that then failed (no space left, a file that could not be
/// read) left it behind, saying every flow ran.
///
/// What can be checked is checked before anything is written (`reportProblems`, and the command's
/// own checks of the paths); then every file is written to its temporary file (``OutputBatch``),
/// and only when all are written are they renamed into place, the JUnit file last.
package enum MergeOutputs {
    /// The largest file `flow merge` reads: a shard's JUnit file (a run of thousands of flows with
    /// their output writes tens of MB), or a file of a shard's report. The timings reader's limit.
    package static let fileLimit = FlowTimings.fileLimit

    /// Writes `merged` as JUnit XML to `junit`, its HTML page to `html`, and the shards' report
    /// `folders` joined into `report` (a name two shards wrote gets `-shard2`): all or none, the
    /// JUnit file last.
    package static func write(_ merged: JUnitMerge, junit: String, html: String?, report: (folder: String, shards: [String])?) throws {
        let batch = OutputBatch()
        defer { batch.discard() }
        if let report { try joinReports(report.shards, into: report.folder, in: batch) }
        if let html { try batch.add(MergedHTMLReport.html(merged), to: html) }
        try batch.add(merged.xml, to: junit)
        try batch.commit()
    }

    /// What in a shard's report folder cannot be copied, each a problem to say before anything is
    /// written: anything but files and folders (a FIFO would block the copy, a link could bring in
    /// any file of the machine), a name with a control character (it cannot be written), a file
    /// over `fileLimit` (it would not be read), and one that is not UTF-8 text (`TextBytes`: a
    /// report, a cast). `runner` is the command that writes a report
    /// folder, as the messages name it.
    package static func reportProblems(in folder: String, writtenBy runner: String = "flow run") -> [LocatedError] {
        InputFile.entries(below: folder).compactMap { entry in
            if entry.kind != .file && entry.kind != .folder {
                return .wholeFile(entry.path, "it is \(entry.kind): a report folder holds the text files and folders \(runner) --report writes")
            }
            if let control = TerminalText.firstControl(in: PathText.name(of: entry.path)) {
                return .wholeFile(TerminalText.oneLine(entry.path), "its name holds \(control): \(runner) --report never writes one")
            }
            guard entry.kind == .file else { return nil }
            // Read as any outside text is: a shard's report is copied, and the merged one is read as text.
            switch InputFile.read(entry.path, limit: fileLimit) {
            case let .failure(.tooLarge(size, limit)):
                return .wholeFile(entry.path, InputFile.Problem.tooLarge(size, limit: limit).description
                    + ": \(runner) --report writes text files of a few kilobytes")
            case let .failure(problem):
                return .wholeFile(entry.path, "cannot read it: \(problem)")
            case let .success(data):
                return TextBytes.firstProblem(in: data).map {
                    LocatedError(file: entry.path, notText: $0, subject: "the report file")
                }
            }
        }
    }

    /// Adds every file of `folders` to `batch`, joined into `destination` (made if missing; what
    /// is there stays, as with flow run --report), folders within them joined the same way. A
    /// name an earlier shard took (a flow two shards ran) gets the shard's number:
    /// `Flows_a-shard2.txt`. The folders were checked by `reportProblems`.
    static func joinReports(_ folders: [String], into destination: String, in batch: OutputBatch) throws {
        try batch.folder(destination)
        var taken: Set<String> = []
        for (index, folder) in folders.enumerated() {
            try copyContents(of: folder, into: destination, shard: index + 1, taken: &taken, relative: "", in: batch)
        }
    }

    /// One folder of `joinReports`: `relative` is where it is under the destination.
    private static func copyContents(
        of folder: String, into target: String, shard: Int, taken: inout Set<String>, relative: String, in batch: OutputBatch
    ) throws {
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            let source = (folder as NSString).appendingPathComponent(name)
            if InputFile.kind(source, following: false) == .folder {
                let inner = (target as NSString).appendingPathComponent(name)
                try batch.folder(inner)
                try copyContents(of: source, into: inner, shard: shard, taken: &taken, relative: relative + name + "/", in: batch)
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
            case let .success(data): try batch.add(Array(data), to: (target as NSString).appendingPathComponent(chosen))
            case let .failure(problem): throw LocatedError.wholeFile(source, problem.description)
            }
        }
    }
}
