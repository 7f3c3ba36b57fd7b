import ArgumentParser
import FlowMCP
import FlowRunner
import Foundation

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
                \(RunnerExit.help([.passed: "the input ended", .notMade: "standard input or output failed", .interrupted: "SIGTERM or Ctrl-C (once the tool that runs has finished; the app ended)"], leaving: [.failed]))
                """
        )

        @OptionGroup var schemeOptions: SchemeOptions

        func run() throws {
            let (scheme, variables) = try schemeOptions.load()
            let server = FlowMCPServer(project: .init(scheme: scheme, variables: variables, catalog: RunnerSetup.current.catalog, runner: RunnerSetup.current.identity,
                                                        propertyWorker: PropertyWorkerLaunch.thisRunner()))
            // SIGTERM (how an MCP client ends a server that outlives its input) and Ctrl-C end the
            // app and remove the session's files, as at the end of input, not the process alone.
            var interruption: [Int32] = [-1, -1]
            guard pipe(&interruption) == 0 else { throw FlowCommandError.notMade("cannot make a pipe for signals (\(String(cString: strerror(errno))))") }
            for fd in interruption { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // not the app's to inherit
            let signalled = interruption[1]
            let interrupt = Run.onInterrupt {
                var byte: UInt8 = 1
                _ = write(signalled, &byte, 1)
            }
            defer { interrupt.cancel() }
            switch server.serve(interruption: interruption[0]) {
            case .endOfInput, .outputClosed:
                return
            case .interrupted:
                throw FlowCommandError.interrupted
            case let .inputFailed(reason):
                throw FlowCommandError.notMade("cannot read standard input (\(reason)): the MCP server stopped")
            case let .outputFailed(reason):
                throw FlowCommandError.notMade("cannot write standard output (\(reason)): the MCP server stopped")
            }
        }
    }
}
