import Console
import Foundation

/// The built `expenses-flow`, run as a tester runs it: in the example's folder, to its end.
enum ExpensesRunner {
    /// The example's package folder, where its runner runs.
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `expenses-flow arguments` in the example's folder, with `input` on its standard input.
    static func run(_ arguments: [String], input: String = "") throws -> ChildProcess.Output {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("expenses-flow").path
        return try ChildProcess.run(executable, arguments, input: input, currentDirectory: example.path)
    }
}
