import FlowKit
import FlowMCP
import FlowRunner
import Foundation
import MCP
import Testing
import WorkPhotosRobots

/// `flow mcp` through the SDK's own client: an agent lists the tools, starts a session, runs
/// Login.login, reads the glance and saves a flow that lint accepts; mistakes come back as errors.
@Suite(.serialized)
struct FlowMCPTests {
    @Test func anAgentWritesAFlowThatLintAccepts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (client, server) = try await connect()

        let (tools, _) = try await client.listTools()
        #expect(Set(tools.map(\.name)) == ["list_flows", "start_session", "run_step", "read_screen", "list_steps", "undo", "save_flow", "end_session", "run_flows"])

        let started = try await call(client, "start_session", [:])
        #expect(!started.isError && started.text.contains("── Login ─"), "\(started.text)")
        let login = try await call(client, "run_step", ["step": "Login.login"])
        #expect(!login.isError && login.text.hasPrefix("✓ Login.login"), "\(login.text)")
        let answered = try await call(client, "run_step", ["step": "tap OK"])
        #expect(answered.text.hasPrefix("✓ tap: {button: OK, in: PhotosPermission}"), "\(answered.text)")
        let screen = try await call(client, "read_screen", [:])
        #expect(screen.text.contains("── At a glance ─") && screen.text.contains(#"staticText       "workPhotoCount"  label "8 work photos""#), "\(screen.text)")

        let wrong = try await call(client, "run_step", ["step": "Glance.checkCounts: {work: 9, other: 1}"])
        #expect(wrong.isError && wrong.text.contains("not kept"), "a check that fails is an error for the agent: \(wrong.text)")
        let misspelt = try await call(client, "run_step", ["step": "Glance.chekCounts: {work: 8, other: 1}"])
        #expect(misspelt.isError && misspelt.text.contains(#"(did you mean "checkCounts"?)"#), "\(misspelt.text)")
        _ = try await call(client, "run_step", ["step": "Glance.checkCounts: {work: 8, other: 1}"])

        let file = folder.appendingPathComponent("glance.yaml").path
        let saved = try await call(client, "save_flow", ["file": .string(file), "name": "The glance after signing in"])
        #expect(!saved.isError, "\(saved.text)")
        let flow = try #require(FlowParser(catalog: WorkPhotosCatalog.catalog).parse(file: file), "the saved flow lints")
        #expect(flow.steps.map(\.title) == ["Login.login", "tap", "Glance.checkCounts"])

        let ended = try await call(client, "end_session", [:])
        #expect(!ended.isError)
        let afterEnd = try await call(client, "run_step", ["step": "back"])
        #expect(afterEnd.isError && afterEnd.text.contains("start_session"))
        await server.stop()
    }

    @Test func runFlowsAnswersWithEachFlowAndTheTally() async throws {
        let (client, server) = try await connect()
        let answer = try await call(client, "run_flows", ["paths": .array([.string(FlowWorkspace.repository.appendingPathComponent("Flows/login").path)])])
        #expect(!answer.isError, "\(answer.text)")
        #expect(answer.text.hasSuffix("3 passed, 0 failed"), "\(answer.text)")
        let bad = try await call(client, "list_flows", ["paths": .array([.string("/nonexistent")])])
        #expect(bad.isError && bad.text.contains("there is no such file or folder"))
        await server.stop()
    }

    // MARK: - Helpers

    private func connect() async throws -> (Client, FlowMCPServer) {
        let server = FlowMCPServer(project: .init(scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, catalog: WorkPhotosCatalog.catalog))
        let (clientTransport, serverTransport) = await InMemoryTransport.createConnectedPair()
        try await server.serve(on: serverTransport)
        let client = Client(name: "flow-tests", version: "1.0")
        _ = try await client.connect(transport: clientTransport)
        return (client, server)
    }

    private func call(_ client: Client, _ tool: String, _ arguments: [String: Value]) async throws -> (text: String, isError: Bool) {
        let (content, isError) = try await client.callTool(name: tool, arguments: arguments)
        let text = content.compactMap { item -> String? in
            if case let .text(text, _, _) = item { return text }
            return nil
        }.joined(separator: "\n")
        return (text, isError ?? false)
    }
}
