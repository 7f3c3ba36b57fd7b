import Console
import Foundation
import Testing

/// The help and the schema point testers to the runner's guide only when it is there: a runner
/// copied from an example keeps naming the example's guide, which the new app may not have.
struct RunnerGuideTests {
    @Test func theHelpAndTheSchemaNameTheGuideWhereItIs() throws {
        let flow = FlowWorkspace.binaries.appendingPathComponent("flow").path
        let help = try ChildProcess.run(flow, ["--help"], currentDirectory: FlowWorkspace.repository.path)
        #expect(help.stdout.contains("Flows are YAML files under Flows/ (see docs/flows.md)."), "\(help.stdout)")
        let schema = try ChildProcess.run(flow, ["schema"], currentDirectory: FlowWorkspace.repository.path)
        #expect(schema.stdout.contains("A YAML flow for the flow runner: see docs/flows.md."), "\(schema.stdout)")
    }

    @Test func theHelpAndTheSchemaSayNothingOfAGuideThatIsNotThere() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let help = try workspace.flow(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Flows are YAML files under Flows/. A scheme"), "\(help.stdout)")
        #expect(!help.stdout.contains("docs/flows.md"), "\(help.stdout)")
        let schema = try workspace.flow(["schema"])
        #expect(schema.stdout.contains("A YAML flow for the flow runner: see flow docs."), "\(schema.stdout)")
    }
}
