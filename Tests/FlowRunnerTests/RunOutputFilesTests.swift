import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `flow run`'s report files go through the one writer: a one-letter path is written (it crashed),
/// and a folder or a FIFO where a report goes is said and left as it is, the run's exit code kept.
@Suite(.serialized)
struct RunOutputFilesTests {
    @Test func reportsAreWrittenToOneLetterPaths() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", FlowWorkspace.passing("A"))
        let run = try flow(workspace, ["run", "--junit", "j", "--html", "h", "--timings-out", "t", "--report", "r"])
        #expect(!run.crashed && run.status == 0, "NSString's deletingLastPathComponent trapped on \"j\": \(run.stderr)")
        for name in ["j", "h", "t"] { #expect(InputFile.kind(workspace.folder.path + "/" + name) == .file, "\(name)") }
        #expect(InputFile.kind(workspace.folder.path + "/r") == .folder)
    }

    @Test func aFolderOrAFIFOWhereAReportGoesIsSaidAndLeftAsItIs() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", FlowWorkspace.passing("A"))
        try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("taken"), withIntermediateDirectories: true)
        try #require(mkfifo(workspace.folder.path + "/pipe", 0o600) == 0)
        try workspace.write("file", "a file\n")
        let run = try flow(workspace, ["run", "--junit", "taken", "--timings-out", "pipe", "--html", "pipe", "--report", "file"])
        #expect(!run.timedOut && run.status == 3, "the flows passed, but their reports were not written: the run was not made: \(run.stderr)")
        #expect(run.stderr == """
            flow: error: cannot write the report to file: it is a regular file, not a folder: give a folder's path
            flow: error: cannot write the HTML report pipe: it is a FIFO (named pipe), not a regular file, and would be replaced: give a file's path
            flow: error: cannot write the timings file pipe: it is a FIFO (named pipe), not a regular file, and would be replaced: give a file's path
            flow: error: cannot write the JUnit file taken: it is a folder, not a regular file, and would be replaced: give a file's path inside it

            """, "\(run.stderr)")
        #expect(InputFile.kind(workspace.folder.path + "/taken") == .folder && InputFile.kind(workspace.folder.path + "/pipe") == .fifo)
        #expect(try workspace.read("file") == "a file\n")
    }

    private func flow(_ workspace: FlowWorkspace, _ arguments: [String]) throws -> BoundedProcess.Output {
        try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, arguments, in: workspace.folder, seconds: 60)
    }
}
