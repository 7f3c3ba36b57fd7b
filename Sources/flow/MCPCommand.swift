import ArgumentParser
import FlowMCP
import FlowRunner
import WorkPhotosRobots

extension FlowCommand {
    /// `flow mcp`: the session engine as a Model Context Protocol server over standard input and
    /// output, for an agent to explore the app and write flows.
    struct MCPServe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mcp",
            abstract: "Serve the session engine over MCP on standard input and output (tools: list_flows, start_session, run_step, "
                + "read_screen, list_steps, undo, save_flow, end_session, run_flows).",
            discussion: """
                One JSON-RPC 2.0 message a line. Every request read is answered, in order; at the end of the input (or when \
                the client closes the output) the session's app is ended and the server exits 0. A line over \
                \(FlowMCPServer.lineLimit >> 20) MiB is answered with an error and dropped.
                """
        )

        @OptionGroup var schemeOptions: SchemeOptions

        func run() throws {
            let (scheme, variables) = try schemeOptions.load()
            let server = FlowMCPServer(project: .init(scheme: scheme, variables: variables, catalog: WorkPhotosCatalog.catalog))
            switch server.serve() {
            case .endOfInput, .outputClosed:
                return
            case let .inputFailed(reason):
                throw FlowCommandError.setup("cannot read standard input (\(reason)): the MCP server stopped")
            }
        }
    }
}
