import Console
import DeskRobots
import FlowCommandLine
import Foundation

/// The toolkit's runner for the explore sample's lending desk, with the desk catalog DESK_CATALOG
/// names (DeskRobots): what the tests of properties run, and start again as its property worker,
/// as an app's own runner is.
@main
enum DeskFlow {
    static func main() {
        // DESK_WORKER_CATALOG, for a test: the runner's worker serves another catalog than the
        // runner (a worker that is not this runner's, which the runner refuses to start).
        var environment = ProcessInfo.processInfo.environment
        if CommandLine.arguments.dropFirst().first == "property-worker", let other = environment["DESK_WORKER_CATALOG"] { environment[DeskCatalog.variable] = other }
        switch DeskCatalog.chosen(in: environment) {
        case let .success(catalog):
            FlowRunnerCommandLine.main(name: "desk-flow", catalog: catalog)
        case let .failure(problem):
            Console.error("desk-flow: error: \(problem)\n")
            exit(2)
        }
    }
}
