import ArgumentParser
import Console
import FlowRunner
import WorkPhotosRobots

extension FlowCommand {
    /// `flow schema`: the JSON Schema of a flow file, from the step registry and the robots.
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the JSON Schema of a flow file (Flows/flow.schema.json).")

        func run() throws {
            Console.output(FlowSchema.json(catalog: WorkPhotosCatalog.catalog))
        }
    }
}
