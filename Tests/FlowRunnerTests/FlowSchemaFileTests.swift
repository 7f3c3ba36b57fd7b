import Console
import FlowKit
import FlowRunner
@testable import FlowMCP
import Foundation
import Testing
import WorkPhotosRobots

/// What is generated from the step registry and the robots' catalog is committed, and must be
/// current: the schema, and the step reference in docs/flows.md. Both directions: every step is
/// in them, and nothing is in them that does not exist.
struct FlowSchemaFileTests {
    @Test func theCommittedSchemaIsCurrent() throws {
        let file = FlowWorkspace.repository.appendingPathComponent("Flows/flow.schema.json")
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            committed == FlowSchema.json(catalog: WorkPhotosCatalog.catalog, runner: RunnerIdentity(name: "flow", flows: "Flows", guide: "docs/flows.md")),
            "Flows/flow.schema.json is stale: regenerate it with: .build/debug/flow schema > Flows/flow.schema.json"
        )
    }

    @Test func theCommittedStepReferenceIsCurrent() throws {
        let docs = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent("docs/flows.md"), encoding: .utf8)
        let committed = try #require(StepReference.section(in: docs), "docs/flows.md has the step reference markers")
        #expect(
            committed == StepReference.markdown(catalog: WorkPhotosCatalog.catalog),
            "docs/flows.md's step reference is stale: regenerate it with: .build/debug/flow docs --update docs/flows.md"
        )
    }

    @Test func theCommittedMCPToolReferenceIsCurrent() throws {
        let docs = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent("docs/flows.md"), encoding: .utf8)
        let committed = try #require(MCPToolReference.marked.section(in: docs), "docs/flows.md has the MCP tools markers")
        let runner = RunnerIdentity(name: "flow", flows: "Flows", guide: "docs/flows.md")
        #expect(
            committed == MCPToolReference.markdown(catalog: WorkPhotosCatalog.catalog, runner: runner),
            "docs/flows.md's MCP tools are stale: regenerate them with: .build/debug/flow docs --update docs/flows.md"
        )
        // Every tool and every argument is there, and the instructions the agent is told first.
        for tool in FlowMCPServer.tools(for: runner) {
            #expect(committed.contains("#### `\(tool.name)`\n\n\(tool.summary)\n"), "\(tool.name)")
            for argument in tool.arguments { #expect(committed.contains("- `\(argument.name)` ("), "\(tool.name) \(argument.name)") }
        }
        #expect(committed.contains("> " + FlowMCPServer.instructions(catalog: WorkPhotosCatalog.catalog) + "\n"))
    }

    /// The commands' help in docs/flows.md is what the built runner prints now (`flow docs`, run
    /// from the repository as a person runs it): a command's words change in its declaration only.
    @Test func theCommittedCommandReferenceIsCurrent() throws {
        let docs = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent("docs/flows.md"), encoding: .utf8)
        let marked = GeneratedSection.commandReference
        let committed = try #require(marked.section(in: docs), "docs/flows.md has the command reference markers")
        let printed = try ChildProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["docs"], currentDirectory: FlowWorkspace.repository.path)
        #expect(printed.status == 0, "\(printed.stderr)")
        let current = try #require(marked.section(in: printed.stdout), "flow docs prints the command reference")
        #expect(committed == current, "docs/flows.md's command reference is stale: regenerate it with: .build/debug/flow docs --update docs/flows.md")
        for command in ["flow run", "flow studio", "flow snapshots accept", "flow mcp", "flow docs"] {
            #expect(committed.contains("#### `\(command)`\n\n```text\n"), "\(command) is in it")
        }
    }

    @Test func theSchemaAndTheReferenceNameEveryStepAndNoOther() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(FlowSchema.json(catalog: WorkPhotosCatalog.catalog).utf8)) as? [String: Any]
        let step = try #require((schema?["definitions"] as? [String: Any])?["step"] as? [String: Any])
        let forms = try #require(step["oneOf"] as? [[String: Any]])
        let named = Set(forms.dropFirst().compactMap { ($0["required"] as? [String])?.first })
        let expected = Set(StepRegistry.keywords + WorkPhotosCatalog.catalog.actions.map(\.fullName))
        #expect(named == expected)
        let reference = StepReference.markdown(catalog: WorkPhotosCatalog.catalog)
        let headings = Set(reference.split(separator: "\n").filter { $0.hasPrefix("#### `") }.map { String($0.dropFirst(6).dropLast()) })
        #expect(headings == Set(StepRegistry.keywords))
        let rows = Set(reference.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            let name = String(line[line.index(line.startIndex, offsetBy: 3)..<end])
            return name.contains(".") && !name.contains(" ") && !name.contains(":") ? name : nil
        })
        let actions = Set(WorkPhotosCatalog.catalog.actions.map(\.fullName))
        #expect(actions.isSubset(of: rows), "every action is documented")
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

    /// The steps the guide's prose shows are WorkPhotos' and lint clean with its robots. (The
    /// generated step reference's examples name no app: the registry's test reads them, and the
    /// `theCommittedStepReferenceIsCurrent` that the section is what `flow docs` makes.)
    @Test func everyStepInTheDocsIsAValidStep() throws {
        let text = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent("docs/flows.md"), encoding: .utf8)
        let docs = try #require(StepReference.replacing(in: text, with: ""), "docs/flows.md has the step reference markers")
        var steps: [String] = []
        var inBlock = false
        var isYAML = false
        for line in docs.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                // A block marked as another language (a golden screen's ```diff) holds no steps.
                isYAML = ["", "yaml"].contains(line.dropFirst(3))
                continue
            }
            // Comments stay: YAML reads them as comments, as it would in a flow.
            if inBlock, isYAML, line.hasPrefix("- ") { steps.append(String(line)) }
        }
        #expect(steps.count >= 10)
        // As if it were a flow in Flows/photos/, so that runFlow's relative path resolves.
        let file = FlowWorkspace.repository.appendingPathComponent("Flows/photos/docs-example.yaml").path
        let flow = try FlowParser(catalog: WorkPhotosCatalog.catalog).flow(
            text: "name: Docs\nsteps:\n" + steps.map { "  " + $0 }.joined(separator: "\n") + "\n", file: file
        )
        #expect(flow.steps.count == steps.count)
    }
}
