import ArgumentParser
import Console
import FlowExplorer
import FlowRunner

extension FlowCommand {
    /// `flow schema`: the JSON Schema of a flow file, from the step registry and the robots.
    struct Schema: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Print the JSON Schema of a flow file (\(RunnerSetup.current.flows)/flow.schema.json).",
                discussion: "With --map, the JSON Schema of the map explore writes (map.json), committed as \(RunnerSetup.current.flows)/\(ExploreMapSchemaFile.name); "
                    + "with --trace, that of a flow's trace (run --trace-out), committed as \(RunnerSetup.current.flows)/\(FlowTraceFile.schemaFileName)."
            )
        }

        @Flag(help: "Print the schema of the map explore writes (map.json) instead.")
        var map = false

        @Flag(help: "Print the schema of a flow's trace (run --trace-out) instead.")
        var trace = false

        func validate() throws {
            if map, trace { throw ValidationError("--map and --trace each print one schema: give one") }
        }

        func run() throws {
            Console.output(trace ? FlowTraceFile.schema
                : map ? ExploreMap.schema : FlowSchema.json(catalog: RunnerSetup.current.catalog, runner: RunnerSetup.current.identity))
        }
    }
}

/// The map schema's file name, committed beside the flow schema.
enum ExploreMapSchemaFile {
    static let name = "explore-map.schema.json"
}
