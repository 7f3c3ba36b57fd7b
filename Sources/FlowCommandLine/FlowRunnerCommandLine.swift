import Console
import FlowKit
import FlowRunner
import Foundation
import TextBytes

/// The flow runner's command line for any app: `run` (and `--watch`), `lint`, `list`, `merge`,
/// `studio`, `inspect`, `mcp`, `schema` and `docs`. An app's runner is an executable whose `main`
/// is one call to ``main(name:catalog:flows:schemes:guide:)`` with its robot catalog.
public enum FlowRunnerCommandLine {
    /// Runs the command line this process was given, with the app's robots and folders, and exits
    /// with its code: 0 every flow passed, 1 a flow failed, 2 bad input (nothing launched), 130
    /// interrupted (every app ended).
    ///
    /// - Parameters:
    ///   - name: the runner's name as its help and its errors show it (`flow: error: ...`): the
    ///     name of its executable.
    ///   - catalog: the app's robots and alerts: what a flow may call and name.
    ///   - flows: the folder of the flows a command reads when given no path.
    ///   - schemes: the folder of the schemes (`--scheme NAME` reads `NAME.yaml` and
    ///     `NAME.private.yaml` there); by default `schemes` in `flows`.
    ///   - guide: the document that teaches the app's testers to write flows, which the help
    ///     and the schema point to (and whose step reference `docs --update` rewrites); nil when
    ///     there is none. A guide that is not there (seen from the folder the runner runs in) is
    ///     not mentioned: the help says nothing of it, and the schema points to `NAME docs`.
    public static func main(name: String, catalog: RobotCatalog, flows: String = "Flows", schemes: String? = nil, guide: String? = nil) -> Never {
        // A runner copied from an example names the example's guide: never send a tester to a file that is not there.
        let guide = guide.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        let setup = RunnerSetup(name: name, catalog: catalog, flows: flows, schemes: schemes, guide: guide)
        if let refusal = setup.catalogRefusal {
            // Every command reads the catalog: one that cannot tell two properties apart serves none.
            Console.error(setup.error(refusal) + "\n")
            Foundation.exit(RunnerExit.badInput.rawValue)
        }
        let code = RunnerSetup.$current.withValue(setup) { FlowCommand.run(Array(CommandLine.arguments.dropFirst()), words: ArgumentText.processArguments) }
        Foundation.exit(code)
    }
}

/// What the app gave ``FlowRunnerCommandLine/main(name:catalog:flows:schemes:guide:)``: read by
/// the commands' help, defaults and messages.
///
/// ArgumentParser makes its commands from their types, so a command cannot be handed a value:
/// `main` binds this once, for the whole parse and run, as a task-local (a binding, never
/// mutated). It is read on the thread that bound it only: the runner's job threads and signal
/// handlers are given what they need as values.
struct RunnerSetup: Sendable {
    /// The runner's name (`flow`).
    let name: String
    /// The app's robots and alerts.
    let catalog: RobotCatalog
    /// The flows' folder (`Flows`).
    let flows: String
    /// The schemes' folder (`Flows/schemes`).
    let schemes: String
    /// Where the app's testers read how to write flows (`docs/flows.md`), if anywhere.
    let guide: String?

    /// The setup `main` was given; the schemes are in `flows` unless said otherwise.
    init(name: String, catalog: RobotCatalog, flows: String, schemes: String? = nil, guide: String? = nil) {
        self.name = name
        self.catalog = catalog
        self.flows = flows
        self.schemes = schemes ?? (flows as NSString).appendingPathComponent("schemes")
        self.guide = guide
    }

    /// The setup of the command line that runs: `main`'s. Outside `main` (nothing reads it there)
    /// a runner of no robots named `flow`.
    @TaskLocal static var current = RunnerSetup(name: "flow", catalog: RobotCatalog([]), flows: "Flows")

    /// The runner's name and folders as FlowRunner and FlowMCP take them, for their messages.
    var identity: RunnerIdentity {
        RunnerIdentity(name: name, flows: flows, schemes: schemes, guide: guide)
    }

    /// Why the catalog cannot be served: two properties of one name (`assertProperty`, a finding
    /// and the worker all name a property by it). Nil when it can.
    var catalogRefusal: String? {
        let twice = catalog.propertiesNamedTwice
        guard !twice.isEmpty else { return nil }
        let named = twice.map { name in
            let robots = catalog.properties.filter { $0.name == name }.map { $0.robot.map { "the \($0) robot's RobotProperties" } ?? "AppProperties" }
            return "\(name) (in \(robots.joined(separator: " and ")))"
        }
        return "the catalog declares two properties of one name: \(named.joined(separator: ", ")); give each property a name of its own"
    }

    /// The workers the app's properties are checked in, reading `variables`: this runner's own
    /// executable started again (nil when the app declares no property, or this process cannot
    /// find its executable).
    func propertyWorkers(variables: [String: String]) -> PropertyWorkers? {
        guard !catalog.properties.isEmpty, let launch = PropertyWorkerLaunch.thisRunner() else { return nil }
        return PropertyWorkers(launch: launch, properties: catalog.properties, variables: variables)
    }

    /// `NAME: error: text`, as every error of the runner begins.
    func error(_ text: String) -> String {
        "\(name): error: \(text)"
    }
}
