import FlowKit
import FlowMCP
import FlowRunner
import Foundation
import MCP
import SystemPackage
import Testing
import WorkPhotosRobots

/// The built `flow mcp` through the SDK's own client and stdio transport, over pipes, as an agent
/// runs it: it lists the tools, starts a session, runs Login.login, reads the glance and saves a
/// flow that lint accepts; mistakes come back as errors. A real MCP client works with our server.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct FlowMCPTests {
    @Test func anAgentWritesAFlowThatLintAccepts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await ServerOverPipes()

        let (tools, _) = try await server.client.listTools()
        #expect(Set(tools.map(\.name)) == ["list_flows", "start_session", "run_step", "read_screen", "list_steps", "undo", "save_flow", "end_session", "run_flows", "explore_app"])
        let saveFlow = try #require(tools.first { $0.name == "save_flow" })
        #expect(saveFlow.inputSchema.objectValue?["required"] == .array(["file", "name"]), "the schema comes from the declared arguments")

        let started = try await server.call("start_session", [:])
        #expect(!started.isError && started.text.contains("── Login ─"), "\(started.text)")
        let login = try await server.call("run_step", ["step": "Login.login"])
        #expect(!login.isError && login.text.hasPrefix("✓ Login.login"), "\(login.text)")
        let answered = try await server.call("run_step", ["step": "tap OK"])
        #expect(answered.text.hasPrefix("✓ tap: {button: OK, in: PhotosPermission}"), "\(answered.text)")
        let screen = try await server.call("read_screen", [:])
        #expect(screen.text.contains("── At a glance ─") && screen.text.contains(#"staticText       "workPhotoCount"  label "8 work photos""#), "\(screen.text)")

        let wrong = try await server.call("run_step", ["step": "Glance.checkCounts: {work: 9, other: 1}"])
        #expect(wrong.isError && wrong.text.contains("not kept"), "a check that fails is an error for the agent: \(wrong.text)")
        let misspelt = try await server.call("run_step", ["step": "Glance.chekCounts: {work: 8, other: 1}"])
        #expect(misspelt.isError && misspelt.text.contains(#"(did you mean "checkCounts"?)"#), "\(misspelt.text)")
        let mistyped = try await server.call("run_step", ["step": 3])
        #expect(mistyped.isError && mistyped.text.contains(#"run_step: "step" is a number (3): give a string"#), "\(mistyped.text)")
        _ = try await server.call("run_step", ["step": "Glance.checkCounts: {work: 8, other: 1}"])

        let file = folder.appendingPathComponent("glance.yaml").path
        let saved = try await server.call("save_flow", ["file": .string(file), "name": "The glance after signing in"])
        #expect(!saved.isError, "\(saved.text)")
        let flow = try #require(FlowParser(catalog: WorkPhotosCatalog.catalog).parse(file: file), "the saved flow lints")
        #expect(flow.steps.map(\.title) == ["Login.login", "tap", "Glance.checkCounts"])

        let ended = try await server.call("end_session", [:])
        #expect(!ended.isError)
        let afterEnd = try await server.call("run_step", ["step": "back"])
        #expect(afterEnd.isError && afterEnd.text.contains("start_session"))
        #expect(await server.finish() == (0, false))
    }

    @Test func runFlowsAnswersWithEachFlowAndTheTally() async throws {
        let server = try await ServerOverPipes()
        let answer = try await server.call("run_flows", ["paths": .array([.string(FlowWorkspace.repository.appendingPathComponent("Flows/login").path)])])
        #expect(!answer.isError, "\(answer.text)")
        #expect(answer.text.hasSuffix("3 passed, 0 failed"), "\(answer.text)")
        let bad = try await server.call("list_flows", ["paths": .array([.string("/nonexistent")])])
        #expect(bad.isError && bad.text.contains("there is no such file or folder"))
        #expect(await server.finish() == (0, false))
    }

    @Test func anUnknownToolIsTheClientsErrorWithTheNearestName() async throws {
        let server = try await ServerOverPipes()
        await #expect {
            _ = try await server.client.callTool(name: "run_stpe", arguments: [:])
        } throws: { error in
            guard case let .invalidParams(message)? = error as? MCPError else { return false }
            return message?.contains(#"unknown tool "run_stpe" (did you mean "run_step"?)"#) == true
        }
        #expect(await server.finish() == (0, false))
    }
}

/// `flow mcp` in a workspace of its own, its standard input and output given to the SDK's
/// StdioTransport as file descriptors, and the SDK's Client connected (initialize done).
private final class ServerOverPipes: @unchecked Sendable {
    let client = Client(name: "flow-tests", version: "1.0")
    private let workspace: FlowWorkspace
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init() async throws {
        workspace = try FlowWorkspace()
        process.executableURL = FlowWorkspace.binaries.appendingPathComponent("flow")
        process.arguments = ["mcp"]
        process.currentDirectoryURL = workspace.folder
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let transport = StdioTransport(
            input: FileDescriptor(rawValue: output.fileHandleForReading.fileDescriptor),
            output: FileDescriptor(rawValue: input.fileHandleForWriting.fileDescriptor)
        )
        _ = try await client.connect(transport: transport)
    }

    /// Calls `tool` and returns its text and whether it is an error.
    func call(_ tool: String, _ arguments: [String: Value]) async throws -> (text: String, isError: Bool) {
        let (content, isError) = try await client.callTool(name: tool, arguments: arguments)
        let text = content.compactMap { item -> String? in
            if case let .text(text, _, _) = item { return text }
            return nil
        }.joined(separator: "\n")
        return (text, isError ?? false)
    }

    /// Disconnects, closes the server's input, and waits for it to exit.
    func finish() async -> (status: Int32, signaled: Bool) {
        await client.disconnect()
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        workspace.remove()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }
}
