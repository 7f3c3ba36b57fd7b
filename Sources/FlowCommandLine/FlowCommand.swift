import ArgumentParser
import Console
import FlowRunner
import Foundation
import NameMatching
import TextBytes

/// The runner's root command: runs, checks and lists the YAML flows in the flows' folder, and
/// merges sharded runs' results. Its name, folders and robots are the app's (``RunnerSetup``).
///
/// Exit codes, decided in one place (`run`), as ``RunnerExit`` declares them: 0 every flow
/// passed, 1 a flow failed, 2 bad input, 3 the run could not be made, 130 interrupted.
struct FlowCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let setup = RunnerSetup.current
        return CommandConfiguration(
            commandName: setup.name,
            abstract: "Run YAML flows against the app, as a black box.",
            discussion: """
                Flows are YAML files under \(setup.flows)/\(setup.guide.map { " (see \($0))" } ?? ""). A scheme \
                (\(setup.schemes)/NAME.yaml) names the app, and its seeder and store when it keeps data, and gives launch arguments and variables. \
                Variables can also be given as -name value (\(setup.name) run -account.email alice) or --var name=value.
                \(RunnerExit.help())
                """,
            version: FlowRunnerVersion.current,
            subcommands: [
                Run.self, Lint.self, List.self, Snapshots.self, Merge.self, Studio.self, Inspect.self, Explore.self, MCPServe.self, Schema.self, Docs.self, New.self,
                PropertyWorkerCommand.self,
            ],
            defaultSubcommand: Run.self
        )
    }

    /// Parses and runs `arguments` (the command line without the program's name) and returns
    /// the exit code, every error printed. `words` are the same words as the process was given
    /// them (the program's name first), checked to be text before anything is read.
    static func run(_ arguments: [String], words: [[UInt8]]? = nil) -> Int32 {
        Console.ignoreBrokenPipes()
        do {
            if let words { try checkText(of: words) }
            let split = try LaunchDefaults.split(arguments)
            try checkCommandName(split.arguments)
            var command = try parseAsRoot(split.arguments)
            try command.run()
            return 0
        } catch {
            return report(error)
        }
    }

    /// Prints `error` as it should read and returns the exit code that goes with it.
    static func report(_ error: any Error) -> Int32 {
        let outcome = outcome(of: error)
        if let text = outcome.text {
            if outcome.code == 0 { Console.output(text + "\n") } else { Console.error(text + "\n") }
        }
        return outcome.code
    }

    /// The line `error` prints (on standard output for a success such as `--help`, else on
    /// standard error; nil: nothing) and the exit code that goes with it.
    static func outcome(of error: any Error) -> (text: String?, code: Int32) {
        switch error {
        case let error as FlowCommandError:
            // A run that printed why it ended (a failed flow, a report not written) adds nothing.
            return (error.message.isEmpty ? nil : error.message, error.code)
        case let error as ExitCode:
            return (nil, error.rawValue)
        default:
            var message = fullMessage(for: error)
            if exitCode(for: error) == .success { return (message, 0) }
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            return (RunnerSetup.current.error(message), 2)
        }
    }

    /// Every word of the command line is text: `CommandLine.arguments` reads a byte that is not
    /// UTF-8 as U+FFFD, so a path would name another file. A word that may be a secret (a
    /// variable whose name says password, secret or token, or its value) is said without a byte of it.
    static func checkText(of words: [[UInt8]]) throws(FlowCommandError) {
        guard let bad = ArgumentText.firstProblem(in: words), bad.index > 0 else { return }
        let shown = words.map { String(decoding: $0, as: UTF8.self).lowercased() }
        let secret = [shown[bad.index], shown[bad.index - 1]].contains { word in ["password", "secret", "token"].contains { word.contains($0) } }
        let subject = "argument \(bad.index)"
        throw .usage((secret ? bad.problem.maskedStatement(subject) : bad.problem.statement(subject) + " (at byte \(bad.problem.offset + 1))")
            + "; give it as UTF-8")
    }

    /// `flow rnu` is a mistyped command, not a flow file called rnu: said so when there is no such
    /// file and the word is near a command's name.
    static func checkCommandName(_ arguments: [String]) throws(FlowCommandError) {
        guard let first = arguments.first, !first.hasPrefix("-"), !first.contains("/"), !first.contains("."),
              !FileManager.default.fileExists(atPath: first) else { return }
        let names = configuration.subcommands.map { $0._commandName }
        guard !names.contains(first) else { return }
        if let nearest = NameMatcher.nearest(to: first, in: names) {
            throw .usage("unknown command \"\(Suggestion.shown(first))\" (did you mean \(nearest)?); commands are "
                + names.joined(separator: ", ") + ", or flow files and folders for run")
        }
    }
}

/// Every way the runner ends other than success, with its exit code (``RunnerExit``): declared
/// once, printed in one place.
enum FlowCommandError: Error {
    /// A bad option or command line: `flow: error: ...` (the runner's name), exit 2.
    case usage(String)
    /// Problems in flows, schemes or fixtures, each located: exit 2.
    case diagnostics(Diagnostics)
    /// The run could not be made (no app built, a fixture that does not seed, no pipe): exit 3.
    case notMade(String)
    /// What the run made could not all be written (a report, the JUnit file): exit 3, the run
    /// printed why.
    case notWritten
    /// A step failed where the command needed it to pass (inspect): exit 1, with why.
    case failed(String)
    /// Some flow failed: exit 1 (the run printed why).
    case flowsFailed
    /// Ctrl-C or a kill: every app was ended: exit 130.
    case interrupted

    /// The error a run's setup error is: bad input, or a run that could not be made.
    static func setup(_ error: SuiteRunner.SetupError) -> FlowCommandError {
        error.isBadInput ? .usage(error.description) : .notMade(error.description)
    }

    /// How the command ends.
    var exit: RunnerExit {
        switch self {
        case .usage, .diagnostics: .badInput
        case .notMade, .notWritten: .notMade
        case .failed, .flowsFailed: .failed
        case .interrupted: .interrupted
        }
    }

    var code: Int32 { exit.rawValue }

    var message: String {
        switch self {
        case let .usage(text), let .notMade(text), let .failed(text): RunnerSetup.current.error(text)
        case let .diagnostics(diagnostics): diagnostics.description
        case .notWritten, .flowsFailed, .interrupted: ""
        }
    }
}
