import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A FIFO or a device where a flow, a scheme or a timings file is looked for, through the built
/// runner with a deadline: refused at once, named, exit 2, never waited on (a FIFO's open blocks
/// until a writer comes) nor read without end (/dev/zero).
struct SpecialFilesInFlowsTests {
    static let fifoInAFolder = "Flows/sub/x.yaml:1:1: error: cannot read the flow: it is a FIFO (named pipe), not a regular file\n"

    @Test(arguments: [["run", "Flows"], ["run"], ["list", "Flows"], ["list"], ["lint", "Flows"]])
    func aFIFONamedLikeAFlowInAFolderIsRefusedAtOnce(arguments: [String]) throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try Self.flow(arguments, in: workspace)
        #expect(!run.timedOut && !run.crashed, "\(run.stderr)")
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.hasPrefix(Self.fifoInAFolder), "\(run.stderr)")
        #expect(!run.stdout.contains("PASS"), "nothing ran")
    }

    @Test func runOnDevZeroIsRefusedAtOnce() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try Self.flow(["run", "/dev/zero"], in: workspace)
        #expect(!run.timedOut && !run.crashed, "\(run.stderr)")
        #expect(run.status == 2 && run.stderr.hasPrefix("/dev/zero:1:1: error: cannot read the flow: it is a character device, not a regular file\n"),
                "\(run.stderr)")
    }

    /// A timings file that is a FIFO was opened, and the run waited for a writer for ever.
    @Test(arguments: ["pipe.json", "/dev/zero"])
    func aTimingsFileThatIsAFIFOOrADeviceIsRefusedAtOnce(file: String) throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try FileManager.default.removeItem(atPath: workspace.folder.path + "/Flows/sub/x.yaml")  // the FIFO in the folder is the other test's
        let run = try Self.flow(["run", "--shard", "1/2", "--shard-by", "timings", "--timings", file, "Flows"], in: workspace)
        #expect(!run.timedOut && !run.crashed, "\(run.stderr)")
        let kind = file == "pipe.json" ? "a FIFO (named pipe)" : "a character device"
        #expect(run.status == 2 && run.stderr.hasPrefix("\(file):1:1: error: the timings file cannot be read: it is \(kind), not a regular file\n"),
                "\(run.stderr)")
    }

    /// A scheme that is a FIFO was said to be "not readable UTF-8 text".
    @Test func aSchemeThatIsAFIFOIsSaidToBeOne() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try #require(mkfifo(workspace.folder.path + "/Flows/schemes/other.yaml", 0o600) == 0)
        let run = try Self.flow(["list", "--scheme", "other", "Flows/a.yaml"], in: workspace)
        #expect(!run.timedOut && !run.crashed, "\(run.stderr)")
        #expect(run.status == 2 && run.stderr.hasPrefix("Flows/schemes/other.yaml:1:1: error: cannot read the scheme: it is a FIFO (named pipe), not a regular file\n"),
                "\(run.stderr)")
    }

    @Test func theMCPServersListAndRunOfAFolderWithAFIFOInItAnswerAtOnce() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        let listed = try #require(process.call("list_flows", #"{"paths":["Flows"]}"#), "an answer before the deadline")
        let ran = try #require(process.call("run_flows", #"{"paths":["Flows"]}"#), "an answer before the deadline")
        process.closeInput()
        #expect(process.waitForExit() == (0, false))
        for answer in [listed, ran] {
            #expect(answer.isError && answer.text.hasPrefix(Self.fifoInAFolder), "\(answer.text)")
        }
    }

    // MARK: - Helpers

    /// A workspace with a flow, `Flows/sub/x.yaml` a FIFO, and `pipe.json` a FIFO.
    static func workspace() throws -> FlowWorkspace {
        let workspace = try FlowWorkspace()
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - back\n")
        try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("Flows/sub"), withIntermediateDirectories: true)
        try #require(mkfifo(workspace.folder.path + "/Flows/sub/x.yaml", 0o600) == 0)
        try #require(mkfifo(workspace.folder.path + "/pipe.json", 0o600) == 0)
        return workspace
    }

    static func flow(_ arguments: [String], in workspace: FlowWorkspace) throws -> BoundedProcess.Output {
        try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, arguments, in: workspace.folder, seconds: 20)
    }
}
