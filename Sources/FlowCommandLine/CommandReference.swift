import ArgumentParser
import FlowRunner

/// Every command's help, as `RUNNER COMMAND --help` prints it, for the app's guide (docs/flows.md):
/// made from the commands' own declarations by `flow docs`, so a command's words are written once
/// and the guide never drifts from them (a test fails when the committed reference is stale).
enum CommandReference {
    /// Where the reference goes in a file: between its markers.
    static let marked = GeneratedSection.commandReference

    /// The width the help is laid out at: the same on every machine, whatever the terminal.
    static let columns = 100

    /// The reference as Markdown, markers included, for the runner `main` set up.
    static func markdown(runner: RunnerIdentity) -> String {
        var lines = [marked.begin(runner: runner), "", "## Command reference", "", "What `\(runner.name) COMMAND --help` prints, for every command:", ""]
        for (words, command) in commands() {
            lines += ["#### `\(([runner.name] + words).joined(separator: " "))`", "", "```text"]
            lines += FlowCommand.helpMessage(for: command, columns: columns).split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0.reversed().drop { $0 == " " }.reversed())  // no trailing spaces in the Markdown
            }
            while lines.last == "" { lines.removeLast() }
            lines += ["```", ""]
        }
        lines.append(marked.end)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The root, then every subcommand depth first, each with the words that name it.
    static func commands() -> [(words: [String], command: ParsableCommand.Type)] {
        func walk(_ command: ParsableCommand.Type, _ words: [String]) -> [([String], ParsableCommand.Type)] {
            // A hidden command (the property worker the runner starts itself) is no one's to type.
            [(words, command)] + command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.flatMap { walk($0, words + [$0._commandName]) }
        }
        return walk(FlowCommand.self, [])
    }
}
