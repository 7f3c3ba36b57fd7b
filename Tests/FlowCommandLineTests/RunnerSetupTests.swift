import ArgumentParser
import FlowKit
import FlowRunner
import Foundation
import Testing

@testable import FlowCommandLine

/// Another app's runner says its own name and its own folders wherever a person reads them: the
/// help of every command, the errors, the defaults. (WorkPhotos' `flow` is run as a tester runs
/// it in FlowRunnerTests.)
struct RunnerSetupTests {
    /// A runner that is not WorkPhotos': another name, other folders, no guide.
    static let expenses = RunnerSetup(name: "expenses-flow", catalog: RobotCatalog([]), flows: "UITests/Flows", schemes: "UITests/Schemes")

    /// The root and every subcommand.
    static let commands: [any ParsableCommand.Type] = [FlowCommand.self] + FlowCommand.configuration.subcommands

    @Test func everyCommandsHelpNamesTheRunnerAsTheAppNamedIt() throws {
        // `flow run`, `flow studio`...: the name of WorkPhotos' runner, as a word of its own.
        let workPhotosName = try Regex(#"(^|[^\w-])flow (run|lint|list|snapshots|merge|studio|inspect|mcp|schema|docs)\b"#)
        RunnerSetup.$current.withValue(Self.expenses) {
            for command in Self.commands {
                let help = FlowCommand.helpMessage(for: command, columns: 10_000)
                #expect(help.contains("USAGE: expenses-flow"), "\(command): \(help)")
                let named = help.firstMatch(of: workPhotosName).map { String(help[$0.range]) }
                #expect(named == nil, "\(command) says \(named ?? ""): \(help)")
                for folder in ["Flows/", "default: Flows)", "docs/flows.md"] {
                    #expect(!help.replacingOccurrences(of: "UITests/Flows", with: "").contains(folder), "\(command) says \(folder): \(help)")
                }
            }
        }
    }

    @Test(arguments: [
        ("", "Flows are YAML files under UITests/Flows/. A scheme (UITests/Schemes/NAME.yaml) names the app, and its seeder and store when it keeps data"),
        ("", "(expenses-flow run -account.email alice)"),
        ("run", "-name value pairs (expenses-flow run -account.email alice"),
        ("run", "The scheme: UITests/Schemes/NAME.yaml."),
        ("lint", "Flow files or folders (default: UITests/Flows)."),
        ("merge", "as written by expenses-flow run --shard I/N"),
        ("merge", "as given to expenses-flow run (repeatable; default: UITests/Flows)"),
        ("schema", "Print the JSON Schema of a flow file (UITests/Flows/flow.schema.json)."),
        ("docs", "Print the step reference, the MCP tools and the commands' help (Markdown, from the steps, the robots, the tools and the commands), or --update a file's."),
    ])
    func theHelpSaysTheAppsFoldersAndName(command: String, text: String) throws {
        let help = try RunnerSetup.$current.withValue(Self.expenses) {
            let type = try #require(Self.commands.first { command.isEmpty ? $0 == FlowCommand.self : $0._commandName == command })
            return FlowCommand.helpMessage(for: type, columns: 10_000)
        }
        #expect(help.contains(text), "\(help)")
    }

    @Test func theRootHelpOfWorkPhotosShapedRunnerReadsAsItAlwaysHas() {
        let flow = RunnerSetup(name: "flow", catalog: RobotCatalog([]), flows: "Flows", guide: "docs/flows.md")
        let help = RunnerSetup.$current.withValue(flow) { FlowCommand.helpMessage(columns: 10_000) }
        #expect(help.contains("""
            Flows are YAML files under Flows/ (see docs/flows.md). A scheme (Flows/schemes/NAME.yaml) names the app, and its seeder and store \
            when it keeps data, and gives launch arguments and variables. Variables can also be given as -name value (flow run -account.email alice) or --var name=value.
            """), "\(help)")
        #expect(help.contains("USAGE: flow <subcommand>"), "\(help)")
    }

    @Test func theSchemesAreInTheFlowsFolderUnlessTheAppSaysOtherwise() {
        #expect(RunnerSetup(name: "x", catalog: RobotCatalog([]), flows: "UITests/Flows").schemes == "UITests/Flows/schemes")
        #expect(RunnerSetup(name: "x", catalog: RobotCatalog([]), flows: "UITests/Flows/").schemes == "UITests/Flows/schemes")
        #expect(Self.expenses.schemes == "UITests/Schemes")
    }

    @Test func anErrorBeginsWithTheRunnersName() {
        RunnerSetup.$current.withValue(Self.expenses) {
            #expect(FlowCommandError.usage("something is wrong").message == "expenses-flow: error: something is wrong")
            #expect(FlowCommandError.notMade("no app").message == "expenses-flow: error: no app")
        }
    }

    @Test func aBadOptionSaysTheRunnersNameAndItsUsage() throws {
        let outcome = RunnerSetup.$current.withValue(Self.expenses) {
            do {
                _ = try FlowCommand.parseAsRoot(["lint", "--no-such-option"])
                return (text: String?.none, code: Int32(0))
            } catch {
                return FlowCommand.outcome(of: error)
            }
        }
        let text = try #require(outcome.text)
        #expect(outcome.code == 2)
        #expect(text.hasPrefix("expenses-flow: error: Unknown option '--no-such-option'"), "\(text)")
        #expect(text.contains("Usage: expenses-flow lint") && text.contains("See 'expenses-flow lint --help'"), "\(text)")
    }

    @Test func aMissingSchemeIsLookedForInTheAppsSchemesFolder() throws {
        let message = try RunnerSetup.$current.withValue(Self.expenses) { () throws -> String in
            let options = try SchemeOptions.parse(["--scheme", "nightly"])
            do {
                _ = try options.load()
                return ""
            } catch let error as FlowCommandError {
                return error.message
            }
        }
        #expect(message == #"expenses-flow: error: no scheme "nightly": there is no UITests/Schemes/nightly.yaml"#)
    }

    @Test func aNewStudioSessionRunsFlowsFromTheAppsFolder() throws {
        let start = try RunnerSetup.$current.withValue(Self.expenses) {
            try SessionStart.reading(nil, until: nil, option: "--until", catalog: Self.expenses.catalog, scheme: Scheme(name: "default"), variables: [:])
        }
        #expect(start.folder == "UITests/Flows")
    }

    @Test func theFlowsAreTheAppsFolderWhenNoPathIsGiven() throws {
        let paths = try RunnerSetup.$current.withValue(Self.expenses) { try FlowCommand.List.parse([]).selection.flowPaths }
        #expect(paths == ["UITests/Flows"])
        let given = try RunnerSetup.$current.withValue(Self.expenses) { try FlowCommand.List.parse(["Smoke"]).selection.flowPaths }
        #expect(given == ["Smoke"])
    }
}
