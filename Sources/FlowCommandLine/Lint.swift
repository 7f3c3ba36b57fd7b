import ArgumentParser
import Console

extension FlowCommand {
    /// `flow lint`: every problem in every flow, the scheme and the fixtures, in one pass.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the flows without launching anything: every problem in every file, in one pass.",
            discussion: "Each problem is printed as FILE:LINE:COLUMN: error: ..., sorted, then N errors in M files (exit 2)."
        )

        @OptionGroup var selection: Selection

        func run() throws {
            let loaded = try selection.load()
            let count = loaded.suite.flows.count
            Console.output("\(count) flow\(count == 1 ? "" : "s") OK (scheme \(loaded.scheme.name))\n")
        }
    }
}
