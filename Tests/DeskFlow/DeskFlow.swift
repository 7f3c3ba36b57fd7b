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
        switch DeskCatalog.chosen() {
        case let .success(catalog):
            FlowRunnerCommandLine.main(name: "desk-flow", catalog: catalog)
        case let .failure(problem):
            Console.error("desk-flow: error: \(problem)\n")
            exit(2)
        }
    }
}
