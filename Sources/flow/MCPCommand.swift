import ArgumentParser
import FlowMCP
import FlowRunner
import Foundation
import MCP
import WorkPhotosRobots

extension FlowCommand {
    /// `flow mcp`: the session engine as a Model Context Protocol server over standard input and
    /// output, for an agent to explore the app and write flows.
    struct MCPServe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mcp",
            abstract: "Serve the session engine over MCP on standard input and output (tools: list_flows, start_session, run_step, "
                + "read_screen, list_steps, undo, save_flow, end_session, run_flows)."
        )

        @OptionGroup var schemeOptions: SchemeOptions

        func run() throws {
            let (scheme, variables) = try schemeOptions.load()
            let server = FlowMCPServer(project: .init(scheme: scheme, variables: variables, catalog: WorkPhotosCatalog.catalog))
            let done = DispatchSemaphore(value: 0)
            Task {
                do {
                    try await server.serve(on: StdioTransport())
                    await server.server.waitUntilCompleted()
                } catch {
                    FileHandle.standardError.write(Data("flow: error: the MCP server stopped: \(error)\n".utf8))
                }
                await server.stop()
                done.signal()
            }
            done.wait()
        }
    }
}
