import ArgumentParser
import Console
import FlowRunner
import Foundation

extension FlowCommand {
    /// `flow docs`: the step reference of docs/flows.md (the app's guide), from the step registry and the robots.
    struct Docs: ParsableCommand {
        static var configuration: CommandConfiguration {
            let section = RunnerSetup.current.guide.map { "\($0)'s generated section" } ?? "Markdown, from the steps and the robots"
            return CommandConfiguration(abstract: "Print the step reference (\(section)), or --update a file's.")
        }

        @Option(help: ArgumentHelp("Replace the reference between the markers in this file.", valueName: "file"))
        var update: String?

        func run() throws {
            let reference = StepReference.markdown(catalog: RunnerSetup.current.catalog, runner: RunnerSetup.current.identity)
            guard let update else {
                Console.output(reference)
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
            guard let updated = StepReference.replacing(in: text, with: reference) else {
                throw FlowCommandError.usage("\(update) has no step reference markers: put \(StepReference.begin(runner: RunnerSetup.current.identity)) and \(StepReference.end) where it goes")
            }
            do {
                try OutputFile.write(updated, to: update)
            } catch {
                throw FlowCommandError.usage(error.description)
            }
            Console.output("updated the step reference in \(update)\n")
        }
    }
}
