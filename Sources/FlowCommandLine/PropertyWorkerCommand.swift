import ArgumentParser
import FlowRunner

/// `RUNNER property-worker`: the runner started again by itself as the worker its app's properties
/// are checked in (FlowRunner's `PropertyWorker`), never by a person: hidden from the help. It
/// serves the catalog the runner was given, on its standard input and output, until its input ends.
struct PropertyWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: PropertyWorker.subcommand,
        abstract: "Checks the app's properties for the runner that started it (not for people to run).",
        shouldDisplay: false
    )

    @Option(help: "The page it marks which property it runs on.")
    var marker: String

    @Option(help: "The most memory its data may take, in bytes.")
    var memory: Int

    func run() throws {
        let code = PropertyWorker.serve(properties: RunnerSetup.current.catalog.properties, arguments: .init(marker: marker, memory: memory))
        throw ExitCode(code)
    }
}
