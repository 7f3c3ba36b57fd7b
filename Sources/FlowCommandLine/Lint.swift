import ArgumentParser
import Console
import FlowRunner

extension FlowCommand {
    /// `flow lint`: every problem in every flow, the scheme and the fixtures, in one pass.
    struct Lint: ParsableCommand, FlowSelecting {
        static let configuration = CommandConfiguration(
            abstract: "Check the flows without launching anything: every problem in every file, in one pass.",
            discussion: "Each problem is printed as FILE:LINE:COLUMN: error: ..., sorted, then N errors in M files (exit 2). "
                + RunnerExit.help([.passed: "no problem", .badInput: "problems, or bad usage"], leaving: [.failed, .notMade, .interrupted])
        )

        @Argument(help: Selection.pathsHelp) var paths: [String] = []
        @OptionGroup var schemeOptions: SchemeOptions
        @OptionGroup var filters: FlowFilters

        func run() throws {
            let loaded = try selection.load()
            let count = loaded.suite.flows.count
            Console.output("\(count) flow\(count == 1 ? "" : "s") OK (scheme \(schemeOptions.shown))\n")
        }
    }
}
