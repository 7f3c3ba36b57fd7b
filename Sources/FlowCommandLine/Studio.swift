import ArgumentParser
import Console
import FlowKit
import FlowRunner
import Foundation
import LocatedYAML
import NameMatching
import Yams

extension FlowCommand {
    /// `flow studio`: write a flow by using the app. Each line runs at once and is kept as a step;
    /// `:undo` takes the last back by replay; `:save` writes the flow, linted.
    struct Studio: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Write a flow by using the app: each step runs at once, is kept, and can be undone; :save writes the flow.",
                discussion: """
                    A line is a YAML step as a flow writes it (\(FlowSession.stepExamples(catalog: RunnerSetup.current.catalog)), \
                    assertVisible: {cell: item-3}) or a command as you type it to the app (\(FlowSession.appCommandExamples)); an \
                    app command is kept as the YAML step it means, naming the element by its identifier. The screen is shown \
                    after every step with each element's kind, identifier and state (:ids turns that off). Tab completes steps, \
                    robot actions, : commands, keys and the names on the screen.
                    :undo removes the last step (the app is relaunched on a fresh copy and the rest replayed), :steps lists \
                    them, :save FILE [--name "..."] writes the flow (linted first; a secret is never written), :quit ends.
                    Given a FLOW, studio runs it first (or its first --until N steps) and goes on from there.
                    """
            )
        }

        @OptionGroup var schemeOptions: SchemeOptions

        @Option(help: ArgumentHelp("The fixture to seed (default: the FLOW's, or default).", valueName: "name"))
        var fixture: String?

        @Option(help: ArgumentHelp("With a FLOW: run only its first N steps.", valueName: "n"))
        var until: Int?

        @Argument(help: "A flow to start from.")
        var flow: String?

        func run() throws {
            let (scheme, variables) = try schemeOptions.load()
            let catalog = RunnerSetup.current.catalog
            let start = try SessionStart.reading(flow, until: until, option: "--until", catalog: catalog, scheme: scheme, variables: variables)
            let session = try start.opening(scheme: scheme, variables: variables, catalog: catalog, fixture: fixture)
            defer { session.close() }
            var studio = StudioLoop(session: session, name: start.name)
            studio.say("\(RunnerSetup.current.name) studio: scheme \(schemeOptions.shown)\(scheme.shownFixture(session.options.fixture)). Type a step "
                + "(\(FlowSession.stepExamples(catalog: catalog))) or an app command (\(FlowSession.appCommandExamples)); :help lists the rest.")
            for (index, line) in start.steps.enumerated() {
                guard studio.step(line, showScreen: false) else {
                    studio.say("the flow stopped at its step \(index + 1); go on from here")
                    break
                }
            }
            studio.showScreen()
            studio.loop()
        }
    }
}

/// The studio's loop: read a line, run it, show what happened and the screen.
struct StudioLoop {
    let session: FlowSession
    var name: String
    var showsIdentifiers = true
    let editor: LineEditor

    init(session: FlowSession, name: String) {
        self.session = session
        self.name = name
        editor = LineEditor { line in
            // Names as shown (secrets masked); a completion that would only be the mask is none.
            Completion.lines(for: line, screen: session.shownScreen, catalog: session.options.catalog).filter { !$0.contains(Element.secureMask) }
        }
    }

    /// Everything studio prints goes through here, and through the session's mask: a secret typed
    /// anywhere (a file name, a name, a line that is not a step) is never echoed, nor is a control
    /// character typed in a line sent back to the terminal.
    func say(_ text: String) {
        Console.output(TerminalText.printable(session.masked(text)) + "\n")
    }

    mutating func loop() {
        while let read = editor.readLine(prompt: "step> ") {
            guard case let .success(line) = read else {
                if case let .failure(problem) = read {
                    // No byte of it is named: the line may type a secret.
                    say(problem.maskedStatement("the line") + " at column \(problem.column); it was ignored (is the terminal set to UTF-8?)")
                }
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix(":") {
                guard meta(trimmed) else { return }
            } else {
                _ = step(trimmed, showScreen: true)
            }
        }
    }

    /// Runs a step and says how it went; false when it did not pass.
    func step(_ line: String, showScreen: Bool) -> Bool {
        switch session.run(line) {
        case let .kept(kept):
            say("✓ \(kept.line)  \(Self.milliseconds(kept.duration))")
            if let unsaved = kept.unsavedSecret {
                say("  note: this step has \(unsaved.problem): it is masked, and :save will refuse it (\(unsaved.remedy))")
            }
            if showScreen { self.showScreen() }
            return true
        case let .failed(failure, restored):
            say("✗ \(failure.summary)")
            if !failure.failure.standardError.isEmpty {
                say("  the app's standard error: " + failure.failure.standardError.suffix(3).joined(separator: " | "))
            }
            say("  not kept; the app \(restored.said)")
            if showScreen { self.showScreen() }
            return false
        case let .refused(message):
            say(message)
            return false
        }
    }

    func showScreen() {
        if let screen = session.renderedScreen { say(screen) }
        if showsIdentifiers, let tree = session.elementTree {
            say("elements (kind, identifier, label, value, state):")
            say(tree.split(separator: "\n").dropFirst().joined(separator: "\n"))
        }
    }

    /// A `:command`; false to end the session.
    mutating func meta(_ line: String) -> Bool {
        let words = Self.words(line)
        switch words.first ?? "" {
        case ":quit", ":q", ":exit":
            return false
        case ":ids":
            showsIdentifiers.toggle()
            say("identifiers \(showsIdentifiers ? "shown" : "hidden")")
            showScreen()
        case ":screen":
            showScreen()
        case ":steps":
            if session.kept.isEmpty { say("no steps yet") }
            for (index, kept) in session.kept.enumerated() { say("\(index + 1). \(kept.line)") }
        case ":undo":
            guard let last = session.kept.last, let replay = session.undo() else {
                say("nothing to undo")
                return true
            }
            say("undid \(last.line): the app \(replay.said)")
            showScreen()
        case ":save":
            save(Array(words.dropFirst()))
        case ":help":
            say("""
                a YAML step: tap: Continue · \(session.options.catalog.exampleAction) · assertVisible: {button: Continue, enabled: false}
                an app command: 3 · tap Continue · type Email TEXT · back (kept as the YAML step it means)
                :undo  take the last step back (relaunch and replay)     :steps  list the steps
                :save FILE [--name "..."]  write the flow, linted         :ids    show or hide identifiers
                :screen  show the screen again                           :quit   end (the app is ended)
                Tab completes steps, actions, : commands, keys and the names on the screen.
                """)
        case ":":
            say("a : command needs its name: \(Completion.commands.joined(separator: ", ")) (:help says what each does)")
        default:
            let word = words.first ?? line
            say("unknown command \(Suggestion.shown(word))" + Suggestion.format(NameMatcher.nearest(to: word, in: Completion.commands))
                + "; the commands are \(Completion.commands.joined(separator: ", ")), and a line without : is a step")
        }
        return true
    }

    private mutating func save(_ arguments: [String]) {
        // The name sticks for the next :save only once a save with it went through.
        var name = self.name
        var file: String?
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--name" {
                guard index + 1 < arguments.count else {
                    say("error: --name needs the flow's name: :save FILE --name \"What it checks\"")
                    return
                }
                name = arguments[index + 1]
                index += 2
            } else if file == nil {
                file = arguments[index]
                index += 1
            } else {
                say("error: :save FILE [--name \"...\"]: unexpected \(arguments[index])")
                return
            }
        }
        guard var file else {
            say("error: :save needs a file: :save \(RunnerSetup.current.flows)/new.yaml --name \"What it checks\"")
            return
        }
        // As a shell would: ~/x.yaml is in $HOME, not in a folder named ~.
        if file == "~" || file.hasPrefix("~/") {
            file = (ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + file.dropFirst()
        }
        do {
            try session.save(to: file, name: name)
            self.name = name
            say("saved \(session.kept.count) step\(session.kept.count == 1 ? "" : "s") to \(file) (it passes lint); run it with: \(RunnerSetup.current.name) run \(Self.shellQuoted(file))")
        } catch {
            say("error: not saved: \(error.description)")
        }
    }

    /// `file` as a shell reads it back: bare when it is plain, else in single quotes.
    static func shellQuoted(_ file: String) -> String {
        ShellWord.quoted(file)
    }

    /// Words, with "quoted text" as one.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == " ", !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f ms", duration / .milliseconds(1))
    }
}

extension SessionStart {
    /// Reads a session's start as the command line gives it (a new session's `runFlow` paths are
    /// relative to the app's flows): a bad flow is lint's errors and a bad number of steps a usage
    /// error naming `option`, both exit 2.
    static func reading(
        _ flow: String?, until: Int?, option: String, catalog: RobotCatalog, scheme: Scheme, variables: [String: String]
    ) throws(FlowCommandError) -> SessionStart {
        do {
            return try SessionStart(flow: flow, until: until, catalog: catalog, scheme: scheme, variables: variables, folder: RunnerSetup.current.flows)
        } catch {
            switch error {
            case let .diagnostics(diagnostics): throw .diagnostics(diagnostics)
            case let .until(problem): throw .usage(problem.message(option: option))
            }
        }
    }

    /// The session opened, or the command's setup error (seeding, launch), exit 3.
    func opening(scheme: Scheme, variables: [String: String], catalog: RobotCatalog, fixture: String?) throws(FlowCommandError) -> FlowSession {
        do {
            return try open(scheme: scheme, variables: variables, catalog: catalog, fixture: fixture, runner: RunnerSetup.current.identity,
                            propertyWorkers: RunnerSetup.current.propertyWorkers(variables: variables))
        } catch {
            throw .notMade(error.description)
        }
    }
}
