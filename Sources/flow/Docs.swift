import ArgumentParser
import Console
import FlowRunner
import Foundation
import WorkPhotosRobots

extension FlowCommand {
    /// `flow docs`: the step reference of docs/flows.md, from the step registry and the robots.
    struct Docs: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the step reference (docs/flows.md's generated section), or --update a file's."
        )

        @Option(help: ArgumentHelp("Replace the reference between the markers in this file.", valueName: "file"))
        var update: String?

        func run() throws {
            let reference = StepReference.markdown(catalog: WorkPhotosCatalog.catalog)
            guard let update else {
                Console.output(reference)
                return
            }
            let text: String
            do {
                text = try String(contentsOfFile: update, encoding: .utf8)
            } catch {
                throw FlowCommandError.usage("cannot read \(update): \(error.localizedDescription)")
            }
            guard let updated = StepReference.replacing(in: text, with: reference) else {
                throw FlowCommandError.usage("\(update) has no step reference markers: put \(StepReference.begin) and \(StepReference.end) where it goes")
            }
            do {
                try updated.write(toFile: update, atomically: true, encoding: .utf8)
            } catch {
                throw FlowCommandError.usage("cannot write \(update): \(error.localizedDescription)")
            }
            Console.output("updated the step reference in \(update)\n")
        }
    }
}
