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
}
