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
}
