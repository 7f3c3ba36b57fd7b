import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `flow merge` writes its JUnit file, its HTML page and its report folder all or none, the JUnit
/// file last: CI reads the JUnit file as the merge's result, and it used to be written first, so
/// a report copy that failed after it (no space, a file too large, one that could not be read)
/// left a merged result of a merge that failed.
struct MergeAllOrNothingTests {
    /// A report file the merge cannot write (over `ulimit -f`, as on a full disk): exit 2, said in
    /// words, and nothing of the merge is there; a report folder that was there is as it was.
    @Test func aReportThatCannotBeWrittenLeavesNoJUnitFileNorAnythingElse() throws {
        let workspace = try MergeFuzzTests.workspace()
        defer { workspace.remove() }
        try workspace.write("good/report/Flows_b.txt", String(repeating: "a line of the report\n", count: 10_000))  // 210 KB
        try workspace.write("merged-report/old.txt", "from an earlier merge\n")
        // 64 blocks of 512 bytes (dash's unit): the JUnit file and the page fit, the large report does not.
        // SIGXFSZ ignored, as a shell's trap leaves it for the program: the write fails with EFBIG instead.
        let flow = FlowWorkspace.binaries.appendingPathComponent("flow").path
        let run = try BoundedProcess.run("/bin/sh", ["-c", #"ulimit -f 64 && trap '' XFSZ && exec "$0" "$@""#, flow, "merge", "--junit", "out/merged.xml",
                                                     "--html", "out/merged.html", "--report", "merged-report", "good"],
                                         in: workspace.folder, seconds: 60)
        #expect(!run.timedOut && !run.crashed, "\(run.stderr)")
        #expect(run.status == 3, "a merge that could not be written was not made: \(run.stdout)\(run.stderr)")
        #expect(run.stderr == "flow: error: cannot write merged-report/Flows_b.txt: the file would be larger than the system allows (ulimit -f)\n",
                "\(run.stderr)")
        #expect(InputFile.kind(workspace.folder.path + "/out") == nil, "no JUnit file, no page, not even their folder")
        #expect(Self.names(workspace, "merged-report") == ["old.txt"], "the report folder as it was: no copy, no temporary file")
        #expect(try workspace.read("merged-report/old.txt") == "from an earlier merge\n")
    }

    /// A report file over the read limit was found only while copying, after the JUnit file was
    /// written; it is a problem found before anything is written now.
    @Test func aReportFileTooLargeToCopyIsRefusedBeforeAnythingIsWritten() throws {
        let workspace = try MergeFuzzTests.workspace()
        defer { workspace.remove() }
        let large = workspace.folder.path + "/good/report/huge.txt"
        try #require(FileManager.default.createFile(atPath: large, contents: Data()) && truncate(large, off_t(MergeOutputs.fileLimit + 1)) == 0)  // sparse
        let run = try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path,
                                         ["merge", "--junit", "merged.xml", "--report", "merged-report", "good"], in: workspace.folder, seconds: 60)
        #expect(!run.timedOut && !run.crashed, "\(run.stderr)")
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.hasPrefix("good/report/huge.txt:1:1: error: it is 268435457 bytes, over the limit of 268435456: flow run --report writes text files"),
                "\(run.stderr)")
        #expect(InputFile.kind(workspace.folder.path + "/merged.xml") == nil && InputFile.kind(workspace.folder.path + "/merged-report") == nil)
    }

    /// In process: a batch that fails while writing leaves none of its files, temporary files or
    /// folders; one that is committed renames every file, the last added last.
    @Test func aBatchIsWrittenWholeOrNotAtAll() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try OutputFile.write("a file\n", to: folder.path("plain"))
        let failing = OutputBatch()
        try failing.folder(folder.path("report/empty"))
        try failing.add("a\n", to: folder.path("report/a.txt"))
        #expect(throws: OutputFileError.self) { try failing.add("x", to: folder.path("plain/x")) }
        #expect(folder.names("report").contains { $0.hasSuffix(".tmp") }, "written, not yet renamed")
        failing.discard()
        #expect(folder.names("") == ["plain"], "nothing is left: no file, no temporary file, no folder made")

        let batch = OutputBatch()
        try batch.add("report\n", to: folder.path("report/a.txt"))
        try batch.add("junit\n", to: folder.path("junit.xml"))
        #expect(InputFile.kind(folder.path("junit.xml")) == nil, "nothing appears before the commit")
        try batch.commit()
        #expect(try String(contentsOfFile: folder.path("junit.xml"), encoding: .utf8) == "junit\n")
        #expect(folder.names("report") == ["a.txt"])
        #expect(folder.names("") == ["junit.xml", "plain", "report"])
    }

    static func names(_ workspace: FlowWorkspace, _ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: workspace.folder.path + "/" + folder)) ?? []).sorted()
    }
}
