import ArgumentParser
import Console

extension FlowCommand {
    /// `flow list`: the flows a run would run.
    struct List: ParsableCommand, FlowSelecting {
        static let configuration = CommandConfiguration(abstract: "List the flows: name, tags and file, after filters.")

        @Argument(help: Selection.pathsHelp) var paths: [String] = []
        @OptionGroup var schemeOptions: SchemeOptions
        @OptionGroup var filters: FlowFilters

        func run() throws {
            for flow in try selection.load(checkFixtures: false).suite.flows {
                Console.output("\(flow.name)\t[\(flow.tags.joined(separator: ", "))]\t\(flow.file)\n")
            }
        }
    }
}
