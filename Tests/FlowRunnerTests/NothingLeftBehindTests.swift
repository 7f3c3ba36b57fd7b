import FlowRunner
import Foundation
import Testing

/// The runner's commands leave nothing in the temporary folder: each is run with `TMPDIR` set to
/// a folder of the test's own, which must be empty after. (`make test` left five
/// `TemporaryDirectory.*` folders in /tmp each time: SwiftPM's and the Swift driver's own, which
/// the Makefile now gives a folder of their own; this keeps the runner's side clean too.)
@Suite(.serialized)
struct NothingLeftBehindTests {
    @Test func aRunAStudioSaveAMergeAnInspectAndADocsUpdateLeaveNothingBehind() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let temporary = workspace.folder.appendingPathComponent("own-tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try workspace.write("Flows/a.yaml", FlowWorkspace.passing("A"))
        try workspace.write("docs.md", StepReference.begin + "\nold\n" + StepReference.end + "\n")
        let commands: [(arguments: [String], input: String)] = [
            (["run", "--junit", "out/junit.xml", "--html", "out/page.html", "--report", "out/report", "--timings-out", "out/timings.json"], ""),
            (["studio"], "Login.login\n:save saved/flow.yaml --name Saved\n:quit\n"),
            (["merge", "--junit", "merged/junit.xml", "--html", "merged/page.html", "--report", "merged/report", "out"], ""),
            (["inspect", "Flows/a.yaml", "--step", "1"], ""),
            (["docs", "--update", "docs.md"], ""),
        ]
        for command in commands {
            let run = try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, command.arguments, input: Data(command.input.utf8),
                                             in: workspace.folder, temporary: temporary.path)
            #expect(run.status == 0 && !run.timedOut, "\(command.arguments): \(run.stdout)\(run.stderr)")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? ["(unreadable)"]
            #expect(left.isEmpty, "\(command.arguments.first ?? "") left \(left)")
        }
        #expect(InputFile.kind(workspace.folder.path + "/saved/flow.yaml") == .file)
        #expect(InputFile.kind(workspace.folder.path + "/merged/junit.xml") == .file)
    }

    /// The Makefile's scripts/own-tmpdir.sh: what SwiftPM leaves in its TMPDIR (a
    /// `TemporaryDirectory.*` folder, as `swift build` does) goes with the folder it was given, the
    /// command's exit code comes back, and the folder the make command was given stays empty.
    @Test func theMakefilesSwiftCommandsLeaveNoTemporaryDirectoryBehind() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let temporary = workspace.folder.appendingPathComponent("own-tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let script = FlowWorkspace.repository.appendingPathComponent("scripts/own-tmpdir.sh").path
        let leaves = #"mkdir "$TMPDIR/TemporaryDirectory.x1" && touch "$TMPDIR/TemporaryDirectory.x1/f" && exit 3"#
        let run = try BoundedProcess.run(script, ["/bin/sh", "-c", leaves], in: workspace.folder, temporary: temporary.path)
        #expect(run.status == 3 && !run.timedOut, "the command's own exit code: \(run.status) \(run.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? ["(unreadable)"]
        #expect(left.isEmpty, "left \(left)")
    }
}
