import FlowKit
import FlowRunner

/// The MCP server's tools as a reference for the app's guide (docs/flows.md), made from the tools'
/// own declarations: what the server tells an agent first, then every tool with what it does and
/// its arguments (kind, whether required, what for). `flow docs` prints it beside the step
/// reference and `flow docs --update FILE` puts it between its markers; a test fails when the
/// committed guide is stale, so a tool's words change in one place.
package enum MCPToolReference {
    /// Where the reference goes in a file: between its markers.
    package static let marked = GeneratedSection(name: "MCP tools", source: "the MCP server's tool declarations")

    /// The reference as Markdown, markers included, worded for `runner` and `catalog`'s robots.
    package static func markdown(catalog: RobotCatalog, runner: RunnerIdentity = .standard) -> String {
        var lines = [marked.begin(runner: runner), "", "## The MCP server's tools", ""]
        lines += ["`\(runner.name) mcp` answers `initialize` with these instructions for the agent:", ""]
        lines += ["> " + FlowMCPServer.instructions(catalog: catalog), ""]
        lines += ["It speaks MCP " + FlowMCPServer.protocolVersions.joined(separator: ", ") + "; its methods are "
            + FlowMCPServer.methods.map { "`\($0)`" }.joined(separator: ", ") + ".", ""]
        for tool in FlowMCPServer.tools(for: runner) {
            lines += ["#### `\(tool.name)`", "", tool.summary, ""]
            if tool.arguments.isEmpty {
                lines += ["No arguments.", ""]
                continue
            }
            for argument in tool.arguments {
                lines.append("- `\(argument.name)` (\(argument.kind.described)\(argument.required ? ", required" : "")): \(argument.summary)")
            }
            lines.append("")
        }
        lines.append(marked.end)
        return lines.joined(separator: "\n") + "\n"
    }
}
