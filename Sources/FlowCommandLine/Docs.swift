import ArgumentParser
import Console
import FlowExplorer
import FlowMCP
import FlowRunner
import Foundation
import TextBytes

extension FlowCommand {
    /// `flow docs`: the step reference of docs/flows.md (the app's guide), from the step registry and the
    /// robots, and the MCP server's tools, from their declarations.
    struct Docs: ParsableCommand {
        static var configuration: CommandConfiguration {
            let section = RunnerSetup.current.guide.map { "\($0)'s generated sections" } ?? "Markdown, from the steps, the robots, the tools and the commands"
            return CommandConfiguration(abstract: "Print the step reference, the MCP tools and the commands' help (\(section)), or --update a file's.")
        }

        @Option(help: ArgumentHelp("Replace the reference, the tools and the commands' help between their markers in this file.", valueName: "file"))
        var update: String?

        func run() throws {
            let setup = RunnerSetup.current
            let reference = StepReference.markdown(catalog: setup.catalog, runner: setup.identity)
            let tools = MCPToolReference.markdown(catalog: setup.catalog, runner: setup.identity)
            let commands = CommandReference.markdown(runner: setup.identity)
            guard let update else {
                Console.output(reference + "\n" + tools + "\n" + commands)
                return
            }
            // Only a regular file is read (a FIFO would block); it is then written through OutputFile.
            let text: String
            switch InputFile.read(update, limit: 16 << 20) {
            case let .failure(problem):
                throw FlowCommandError.usage("cannot read \(update): \(problem)")
            case let .success(data):
                switch TextBytes.string(data, byteOrderMark: .allowedAtStart) {
                case let .success(read): text = read
                case let .failure(problem):
                    throw FlowCommandError.usage("cannot read \(update): " + problem.statement("it") + " at line \(problem.line), column \(problem.column); save it as UTF-8")
                }
            }
            // Each section goes where the file has its markers: a guide holds the step reference (and
            // may hold the tools and the commands' help), docs/explore.md the kinds of finding.
            let kinds = ExploreFinding.Kind.tableSection
            let kindsSection = kinds.begin(runner: setup.identity) + "\n" + ExploreFinding.Kind.table + kinds.end + "\n"
            var updated = text
            var also: [String] = []
            for (name, section, marked) in [
                ("the step reference", reference, StepReference.marked), ("the MCP tools", tools, MCPToolReference.marked),
                ("the commands' help", commands, CommandReference.marked), ("the kinds of finding", kindsSection, kinds),
            ] {
                guard let replaced = marked.replacing(in: updated, with: section) else { continue }
                updated = replaced
                also.append(name)
            }
            guard !also.isEmpty else {
                throw FlowCommandError.usage("\(update) has no step reference markers: put \(StepReference.begin(runner: setup.identity)) and \(StepReference.end) where it goes")
            }
            do {
                try OutputFile.write(updated, to: update)
            } catch {
                throw FlowCommandError.usage(error.description)
            }
            let updatedNames = also
            let said = updatedNames.dropLast().joined(separator: ", ") + (updatedNames.count > 1 ? " and " : "") + (updatedNames.last ?? "")
            Console.output("updated \(said) in \(update)\n")
        }
    }
}
