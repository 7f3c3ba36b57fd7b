import ArgumentParser
import Console
import FlowMCP
import FlowRunner
import Foundation

extension FlowCommand {
    /// `flow docs`: the step reference of docs/flows.md (the app's guide), from the step registry and the
    /// robots, and the MCP server's tools, from their declarations.
    struct Docs: ParsableCommand {
        static var configuration: CommandConfiguration {
            let section = RunnerSetup.current.guide.map { "\($0)'s generated sections" } ?? "Markdown, from the steps, the robots and the tools"
            return CommandConfiguration(abstract: "Print the step reference and the MCP tools (\(section)), or --update a file's.")
        }

        @Option(help: ArgumentHelp("Replace the reference and the tools between their markers in this file.", valueName: "file"))
        var update: String?

        func run() throws {
            let setup = RunnerSetup.current
            let reference = StepReference.markdown(catalog: setup.catalog, runner: setup.identity)
            let tools = MCPToolReference.markdown(catalog: setup.catalog, runner: setup.identity)
            guard let update else {
                Console.output(reference + "\n" + tools)
                return
            }
            // Only a regular file is read (a FIFO would block); it is then written through OutputFile.
            let text: String
            switch InputFile.read(update, limit: 16 << 20) {
            case let .failure(problem):
                throw FlowCommandError.usage("cannot read \(update): \(problem)")
            case let .success(data):
                guard let read = String(validating: data, as: UTF8.self) else { throw FlowCommandError.usage("cannot read \(update): it is not UTF-8 text") }
                text = read
            }
            guard var updated = StepReference.replacing(in: text, with: reference) else {
                throw FlowCommandError.usage("\(update) has no step reference markers: put \(StepReference.begin(runner: setup.identity)) and \(StepReference.end) where it goes")
            }
            // The MCP tools go where the file has their markers; a guide may leave them out.
            let withTools = MCPToolReference.marked.replacing(in: updated, with: tools)
            updated = withTools ?? updated
            do {
                try OutputFile.write(updated, to: update)
            } catch {
                throw FlowCommandError.usage(error.description)
            }
            Console.output("updated the step reference\(withTools == nil ? "" : " and the MCP tools") in \(update)\n")
        }
    }
}
