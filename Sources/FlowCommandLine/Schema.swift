import ArgumentParser
import Console
import FlowRunner

extension FlowCommand {
    /// `flow schema`: the JSON Schema of a flow file, from the step registry and the robots.
    struct Schema: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: "Print the JSON Schema of a flow file (\(RunnerSetup.current.flows)/flow.schema.json).")
        }

        func run() throws {
            Console.output(FlowSchema.json(catalog: RunnerSetup.current.catalog, runner: RunnerSetup.current.identity))
        }
    }
}
