import Console
import DeskRobots
import FlowRunner
import Foundation

/// A property worker for the desk's catalogs alone (DESK_CATALOG names one), without the runner's
/// command line: what the crawler's tests in process check properties in, so that a change of the
/// crawler rebuilds no runner (the mutation run builds once a mutant). It is started as a runner's
/// worker is: `desk-worker property-worker --marker PATH --memory BYTES`.
@main
enum DeskWorker {
    static func main() {
        let words = Array(CommandLine.arguments.dropFirst())
        guard words.first == PropertyWorker.subcommand, let arguments = PropertyWorker.Arguments(words: Array(words.dropFirst())) else {
            Console.error("usage: desk-worker \(PropertyWorker.subcommand) --marker PATH --memory BYTES\n")
            exit(2)
        }
        switch DeskCatalog.chosen() {
        case let .success(catalog):
            exit(PropertyWorker.serve(properties: catalog.properties, arguments: arguments))
        case let .failure(problem):
            Console.error("desk-worker: error: \(problem)\n")
            exit(2)
        }
    }
}
