import FlowKit
import Foundation
import Testing
import WorkPhotosRobots

/// `Flows/flow.schema.json` is made from the robots' catalog; committed, it must be current.
struct FlowSchemaFileTests {
    @Test func theCommittedSchemaIsCurrent() throws {
        let file = FlowWorkspace.repository.appendingPathComponent("Flows/flow.schema.json")
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            committed == FlowSchema.json(catalog: WorkPhotosCatalog.catalog),
            "Flows/flow.schema.json is stale: regenerate it with: .build/debug/flow schema > Flows/flow.schema.json"
        )
    }

    @Test func everyCommittedFlowPointsEditorsAtTheSchemaAndLints() throws {
        let flows = try FlowSuite.files(in: [FlowWorkspace.repository.appendingPathComponent("Flows").path])
        #expect(flows.count >= 8)
        for file in flows {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.hasPrefix("# yaml-language-server: $schema="), "\(file)")
        }
        let suite = try FlowSuite.load([FlowWorkspace.repository.appendingPathComponent("Flows").path], catalog: WorkPhotosCatalog.catalog)
        try suite.checkVariables(known: ["test.user", "test.password"])
    }

    @Test func everyStepInTheDocsIsAValidStep() throws {
        let docs = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent("docs/flows.md"), encoding: .utf8)
        var steps: [String] = []
        var inBlock = false
        for line in docs.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            // Comments stay: YAML reads them as comments, as it would in a flow.
            if inBlock, line.hasPrefix("- ") { steps.append(String(line)) }
        }
        #expect(steps.count >= 40)
        // As if it were a flow in Flows/photos/, so that runFlow's relative path resolves.
        let file = FlowWorkspace.repository.appendingPathComponent("Flows/photos/docs-example.yaml").path
        let flow = try FlowParser(catalog: WorkPhotosCatalog.catalog).parse(
            text: "name: Docs\nsteps:\n" + steps.map { "  " + $0 }.joined(separator: "\n") + "\n", file: file
        )
        #expect(flow.steps.count == steps.count)
    }
}
