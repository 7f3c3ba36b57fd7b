import Console
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A runner killed with SIGKILL runs none of its own code: its folder in the temporary folder
/// (`flow-run-PID-XXXXXXXX`, the fixture cache and the flows' stores) stayed there for ever. The
/// next runner removes it when it starts; a folder whose process is alive is never touched.
@Suite(.timeLimit(.minutes(5)))
struct LeftoverRunFolderTests {
    @Test(arguments: ["run", "studio", "mcp"])
    func theFolderOfAKilledRunnerIsRemovedByTheNextOne(command: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let temporary = workspace.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try workspace.write("Flows/long.yaml", "name: Long\nsteps:\n  - repeat:\n      times: 10000\n      steps:\n        - type: {textField: Username, text: x}\n")
        try workspace.write("Flows/quick.yaml", "name: Quick\nsteps:\n  - Login.checkLoginScreen\n")
        // Folders of live processes (init's, and this test's own) stay; so does what only looks
        // like a gone runner's folder: a link to a folder (not followed), and a file.
        let alive = ["flow-run-1-0123ABCD", "flow-run-\(getpid())-4567CDEF"]
        for name in alive { try workspace.write("tmp/\(name)/fixtures/default.sqlite", "kept") }
        try workspace.write("elsewhere/fixtures/default.sqlite", "kept")
        try FileManager.default.createSymbolicLink(atPath: temporary.path + "/flow-run-4194305-89ABCDEF", withDestinationPath: workspace.folder.path + "/elsewhere")
        try workspace.write("tmp/flow-run-4194305-01234567", "a file")
        let kept = alive + ["flow-run-4194305-89ABCDEF", "flow-run-4194305-01234567"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path

        let killed = try Self.start(command, in: workspace, environment: environment)
        let prefix = "flow-run-\(killed.process.processIdentifier)-"
        // Started: its folder holds the seeded fixture, and its app runs on a copy of it.
        try #require(killed.output.untilTrue(seconds: 60) {
            Self.names(in: temporary).contains { $0.hasPrefix(prefix) && Self.isSeeded(temporary, $0) } && !FlowRunTests.apps(matching: prefix).isEmpty
        }, "the \(command) runner's folder with its fixture, and its app")
        let apps = FlowRunTests.apps(matching: prefix)
        kill(killed.process.processIdentifier, SIGKILL)
        killed.process.waitUntilExit()
        #expect(killed.process.terminationReason == .uncaughtSignal)
        for app in apps { #expect(Self.waitForExit(of: app), "the app \(app) ends once its runner is gone") }
        try #require(Self.names(in: temporary).filter { $0.hasPrefix(prefix) }.count == 1, "SIGKILL left the folder behind")

        let next = try ChildProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["run", "Flows/quick.yaml"],
                                        environment: environment, currentDirectory: workspace.folder.path)
        #expect(next.status == 0, "\(next.stdout)\(next.stderr)")
        #expect(!Self.names(in: temporary).contains { $0.hasPrefix(prefix) }, "the killed runner's folder is removed by the next runner")
        #expect(Self.names(in: temporary) == kept.sorted(), "the folders of live processes stay; the next run's own is removed at its end")
        for name in alive + ["flow-run-4194305-89ABCDEF"] { #expect(try workspace.read("tmp/\(name)/fixtures/default.sqlite") == "kept") }
    }

    // MARK: - Helpers

    /// `flow COMMAND` started, its standard input kept open (studio and the MCP server wait on it),
    /// the MCP server asked to start a session.
    static func start(_ command: String, in workspace: FlowWorkspace, environment: [String: String]) throws -> (process: Process, output: LineWaiter, input: Pipe) {
        let process = Process()
        process.executableURL = FlowWorkspace.binaries.appendingPathComponent("flow")
        process.arguments = command == "run" ? ["run", "Flows/long.yaml"] : [command]
        process.currentDirectoryURL = workspace.folder
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        if command == "mcp" {
            let call = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start_session","arguments":{}}}"# + "\n"
            input.fileHandleForWriting.write(Data(call.utf8))
        }
        return (process, LineWaiter(output.fileHandleForReading), input)
    }

    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func isSeeded(_ temporary: URL, _ name: String) -> Bool {
        names(in: temporary.appendingPathComponent(name).appendingPathComponent("fixtures")).contains { $0.hasSuffix(".sqlite") }
    }

    /// Waits on a pidfd (no sleeping) until `pid` has ended, for 20 s at most: the app is the
    /// killed runner's child, not this process's, so there is no waitpid for it.
    static func waitForExit(of pid: Int32) -> Bool {
        // glibc 2.36+ has pidfd_open; the program's own handle finds it in libc.
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "pidfd_open") else { return kill(pid, 0) != 0 }
        let pidfdOpen = unsafeBitCast(symbol, to: (@convention(c) (pid_t, UInt32) -> Int32).self)
        let fd = pidfdOpen(pid, 0)
        guard fd >= 0 else { return errno == ESRCH }
        defer { close(fd) }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 20_000) == 1
    }
}
