import TextBytes

/// The adapter for a person at a terminal: prints each screen with numbered controls and reads
/// commands (`tap Login`, `type Username alice`, `3`, `back`, `help`, `quit`).
///
/// Tapping a field (by number or name) asks for its text on the next line; for a secure field the
/// terminal's echo is turned off while it is typed, so the password is never on the screen.
@MainActor
public final class InteractiveShell: Adapter {
    private let session: Session
    private let output: TextOutput
    private let terminal: TerminalControlling?
    private let drawsPictures: Bool
    private var pendingField: Element?
    /// The controls as last shown, by identifier, and the screen's title: to say when the numbers
    /// a person was looking at now mean other controls.
    private var shownControls: (title: String, identifiers: [String])?
    /// The screen as last drawn. Only a change to it draws it again (or `show`): background work
    /// that ends leaving it as it was is news to a script (idle), not to a person.
    private var drawn: Screen?

    /// A shell that carries out what a person types on `session` and prints to `output`.
    ///
    /// - Parameters:
    ///   - session: the session the commands are carried out on.
    ///   - output: where screens, errors and prompts are written.
    ///   - terminal: the terminal when standard input is one; nil when input is piped, in which
    ///     case no prompts are printed.
    ///   - drawsPictures: the output is a true-colour terminal: pictures are drawn in half blocks
    ///     under their descriptions (see `TerminalColour`).
    public init(session: Session, output: TextOutput, terminal: TerminalControlling?, drawsPictures: Bool = false) {
        self.session = session
        self.output = output
        self.terminal = terminal
        self.drawsPictures = drawsPictures
    }

    /// What `help` prints: every command a person can type.
    public static let helpText = """
        Commands:
          <number>                 tap the control with that number (a field asks for its text)
          tap <name|number>        tap a button, cell or field, by identifier, label or number
          type <field> <text>      replace the text of a field
          back                     go back to the previous screen
          more, scroll <where>     page a long list: more, scroll up|down|top|bottom|<row>
          show                     show the screen again
          help                     this list
          quit                     leave the app
        """

    /// Prints the first screen, says how to get help, and prompts.
    public func start() {
        showScreen()
        output.write("Type help for the commands.\n")
        prompt()
    }

    /// Carries out one typed line, or takes it as the text of the field tapped just before; false on
    /// `quit`. A mistake is printed as an error, and the shell carries on.
    public func handle(_ line: String) -> Bool {
        if let field = pendingField {
            stopAsking(for: field)
            perform(.type(field.identifier, text: line), naming: .script)  // the field was resolved already
            return true
        }
        let command: Command
        do {
            command = try CommandParser.parse(line)
        } catch {
            report(error)
            return true
        }
        switch command {
        case .quit:
            return false
        case .help:
            output.write(Self.helpText + "\n")
            prompt()
        case .show:
            showScreen()
            prompt()
        case let .tap(target):
            if let field = try? session.resolve(target, naming: .person), field.kind.isField, field.isEnabled {
                askForText(of: field)
            } else {
                perform(command, naming: .person)
            }
        case .type, .back, .scroll:
            perform(command, naming: .person)
        }
        return true
    }

    /// Says a line was too long and was ignored; a field that was waiting for its text stops waiting
    /// (and a secure field's echo comes back on).
    public func handleOverlong(bytes: Int) {
        if let field = pendingField { stopAsking(for: field) }
        report(.lineTooLong(bytes: bytes, limit: InputLoop.lineLimit))
    }

    /// Says a line was not text and was ignored, naming its bad byte and where unless it may be a
    /// secret (the text of a secure field asked for, or a `type` into one); a field that was
    /// waiting for its text stops waiting.
    public func handleNotText(_ problem: TextProblem) {
        let secret = pendingField?.isSecure ?? false
        if let field = pendingField { stopAsking(for: field) }
        report(.notText(problem, masked: secret || mayTypeASecret(problem)))
    }

    /// Whether the line `problem` is in (read with U+FFFD for its bad bytes) may be a secret: a
    /// `type` into a secure field, or no command at all (a stray line may be a password).
    private func mayTypeASecret(_ problem: TextProblem) -> Bool {
        guard problem.sourceLineColumn == 1, let command = try? CommandParser.parse(problem.sourceLine) else { return true }
        guard case let .type(target, _) = command else { return false }
        return (try? session.resolve(target, naming: .person))?.isSecure ?? true
    }

    /// Prints the screen again when background work changed it, with a note when the control
    /// numbers a person was looking at moved; work that ends leaving the screen as it was prints
    /// nothing (it did, when the app went idle on a screen drawn while busy).
    public func settle() {
        guard session.stage.screen != drawn else { return }
        output.write("\n")
        showScreen()
        // A field still waiting for its text is asked for again under the new drawing, not
        // hidden behind a prompt for a command; one that went away stops waiting.
        if let field = pendingField {
            if session.stage.screen.controls.contains(where: { $0.identifier == field.identifier && $0.isEnabled }) {
                return askForText(of: field)
            }
            stopAsking(for: field)
            output.write("note: \(Renderer.visible(field.label)) is no longer there to type into\n")
        }
        prompt()
    }

    /// The field tapped just before waits for its text no more (and a secure one's echo is back).
    private func stopAsking(for field: Element) {
        pendingField = nil
        if field.isSecure {
            terminal?.setEcho(true)
            output.write("\n")
        }
    }

    private func perform(_ command: Command, naming: Session.Naming) {
        do {
            try session.perform(command, naming: naming)
            showScreen()
            prompt()
        } catch {
            report(error)
        }
    }

    private func askForText(of field: Element) {
        pendingField = field
        if field.isSecure {
            terminal?.setEcho(false)
            output.write("\(field.label) (hidden): ")
        } else {
            output.write("\(field.label): ")
        }
    }

    private func report(_ error: CommandError) {
        output.write("error: \(error)\n")
        prompt()
    }

    private func showScreen() {
        let screen = session.makeFrame().screen
        drawn = screen
        output.write(render(screen) + "\n")
        noteMovedNumbers(on: screen)
    }

    /// On the same screen, a number that now means another control is said plainly (after
    /// Select, [1] is Done and the photos start further down): a person typing the number they
    /// saw a moment ago must not tap something else unawares.
    private func noteMovedNumbers(on screen: Screen) {
        let controls = screen.controls
        defer { shownControls = (screen.title, controls.map(\.identifier)) }
        guard let shown = shownControls, shown.title == screen.title else { return }
        let moved = controls.indices.filter { shown.identifiers.indices.contains($0) && shown.identifiers[$0] != controls[$0].identifier }
        guard !moved.isEmpty else { return }
        let said = moved.prefix(3).map { "[\($0 + 1)] is now \(Renderer.visible(controls[$0].label))" }.joined(separator: ", ")
        output.write("note: the numbers moved: \(said)\(moved.count > 3 ? ", …" : "")\n")
    }

    private func render(_ screen: Screen) -> String {
        guard drawsPictures, let controller = session.stage.topController else { return Renderer.render(screen) }
        return Renderer.render(screen, pictures: { controller.picture($0) })
    }

    private func prompt() {
        if terminal != nil { output.write("> ") }
    }
}
