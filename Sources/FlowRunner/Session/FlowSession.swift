import FlowKit
import Foundation
import LocatedYAML
import NameMatching
import Synchronization
import Yams

/// A live session on the app: one app launched on a seeded copy of a fixture, the steps that ran
/// on it (each kept as the YAML it will be saved as), and its screen. `flow studio`,
/// `flow inspect` and `flow mcp` are its faces.
///
/// Every step is undoable by replay: the app is deterministic from its seeded store, so undoing
/// the last step is relaunching on a fresh copy and running the others again. A step that fails
/// is not kept, and the app is put back the same way, so what is kept is always what a saved flow
/// will do.
package final class FlowSession {
    /// What a session runs against.
    package struct Options: Sendable {
        /// The scheme: the app, its store and its launch settings.
        package var scheme: Scheme
        /// The variables the steps may use.
        package var variables: [String: String]
        /// The robots whose actions a line may name.
        package var catalog: RobotCatalog
        /// The fixture the session's store is seeded from.
        package var fixture: String
        /// The launch settings added to the scheme's, as a flow's `launch:` would be.
        package var launch: LaunchSettings
        /// Alerts answered whenever they are up, as a flow's `onAlert:` does: alert → button.
        package var onAlert: [(alert: String, button: String)]
        /// The folder `runFlow` paths are relative to (a saved flow's folder, or Flows).
        package var folder: String
        /// The app's safety-net timeout, for an app that hangs.
        package var timeout: TimeInterval
        /// The runner the session is a part of: its refusals say where its private scheme goes.
        package var runner: RunnerIdentity
        /// The workers `assertProperty` checks the catalog's properties in (nil: none).
        package var propertyWorkers: PropertyWorkers?

        /// Options for a session on `scheme`, seeded from `fixture`.
        package init(
            scheme: Scheme, variables: [String: String], catalog: RobotCatalog, fixture: String = "default", launch: LaunchSettings = LaunchSettings(),
            onAlert: [(alert: String, button: String)] = [], folder: String = "Flows", timeout: TimeInterval = 10,
            runner: RunnerIdentity = .standard, propertyWorkers: PropertyWorkers? = nil
        ) {
            self.runner = runner
            self.propertyWorkers = propertyWorkers
            self.scheme = scheme
            self.variables = variables
            self.catalog = catalog
            self.fixture = fixture
            self.launch = launch
            self.onAlert = onAlert
            self.folder = folder
            self.timeout = timeout
        }
    }

    /// A step that ran and is kept.
    package struct Kept {
        /// The step as it will be saved.
        package let node: Node
        /// The step as it runs.
        package let step: Step
        /// How long it took.
        package let duration: Duration
        /// The secret in the step that a saved flow cannot hold (a literal typed into a secure
        /// field that no variable holds, say): such a session cannot be saved until the step is
        /// undone.
        package let unsavedSecret: UnsavedSecret?
        /// The step on one line, as `:steps` lists it (secrets masked).
        package let line: String
    }

    /// A secret in a kept step that no `${variable}` can stand in for in a saved flow, said
    /// without its value.
    package struct UnsavedSecret: Sendable, Equatable, CustomStringConvertible {
        /// What it is and why no variable stands in: `the text typed into secure text field
        /// "Password", a secret no variable of the scheme holds`.
        package let problem: String
        /// Whether a variable in a private scheme would hold it (else only undoing the step helps).
        package let privateSchemeHelps: Bool

        /// A literal no variable holds, where it was given.
        static func unheld(_ what: String) -> UnsavedSecret {
            UnsavedSecret(problem: "\(what), a secret no variable of the scheme holds", privateSchemeHelps: true)
        }

        static let whereNoVariableCanStand = UnsavedSecret(
            problem: "a secret's value where no ${variable} can stand in for it (a number, a flow file's name)", privateSchemeHelps: false
        )

        static let overlapping = UnsavedSecret(
            problem: "the values of secrets that overlap, which no ${variables} end to end can stand in for", privateSchemeHelps: false
        )

        /// What to do, in a word: for a note beside the kept step.
        package var remedy: String { privateSchemeHelps ? "use a private scheme's variable" : ":undo the step" }

        /// The problem, as a refusal says it.
        package var description: String { problem }
    }

    /// What running a line did.
    package enum Outcome {
        /// It ran and passed, and is kept.
        case kept(Kept)
        /// It ran and failed: it is not kept, and the app was put back by replaying the kept
        /// steps (how that went).
        case failed(FlowRunFailure, restored: Replay)
        /// It is not a step: nothing ran.
        case refused(String)
    }

    /// How the app was put back, after a failed step or an undo: relaunched on a fresh copy of
    /// the store, and the kept steps run again.
    package struct Replay: Sendable {
        /// How many kept steps there are to run again.
        package let steps: Int
        /// How long relaunching and running them took.
        package let duration: Duration
        /// A kept step that failed when run again, masked (it passed when it was kept, but an
        /// app that does not do the same twice can fail it now): the steps after it did not run,
        /// and the app is as that step left it.
        package let failure: FlowRunFailure?

        /// How it went, as studio and the MCP server say it after "the app": `was put back by
        /// replaying 2 steps (12.3 ms)`, or the step that failed.
        package var said: String {
            guard let failure else {
                return "was put back by replaying \(steps) step\(steps == 1 ? "" : "s") (\(String(format: "%.1f", duration / .milliseconds(1))) ms)"
            }
            return "could not be put back: replaying the kept steps, \(failure.summary); the app is as that step left it"
        }
    }

    /// What the session was started with.
    package let options: Options
    /// The steps that ran and are kept, in order: the flow a save writes.
    package private(set) var kept: [Kept] = []
    private let runner: SuiteRunner
    /// The seeded store of each fixture seeded so far, which every relaunch copies.
    private let templates = SeededFixtures()
    private var executor: FlowExecutor
    private let flow: Flow
    /// The scheme's secrets, and the values of the session's own launch defaults with a secret name.
    private let secrets: [String]
    /// Literal secure values typed this session that no variable holds: never shown, never saved.
    private var unsavedValues: [String] = []
    /// Everything masked in what the session shows: the secrets and the unsaved literals.
    private var secretMask: SecretMask { SecretMask(secrets + unsavedValues) }

    /// Seeds the fixture and launches the app; throws when it cannot (no app, a fixture that does
    /// not seed, an app that does not start).
    package init(_ options: Options) throws(SessionError) {
        self.options = options
        secrets = options.scheme.secretValues(variables: options.variables)
            + options.launch.defaults.filter { Scheme.isSecretName($0.key) && $0.value.variables.isEmpty }.map(\.value.raw)
        runner = SuiteRunner(scheme: options.scheme, variables: options.variables, secrets: secrets, options: .init(jobs: 1, timeout: options.timeout))
        flow = Flow(
            file: (options.folder as NSString).appendingPathComponent("(studio)"), name: "studio", tags: [], fixture: options.fixture,
            launch: options.launch, onAlert: options.onAlert, steps: [], variableUses: []
        )
        executor = FlowExecutor(environment: FlowEnvironment(scheme: options.scheme, variables: [:], secrets: [], timeout: 1, folder: runner.folder) { _ in "" })
        // A session that throws ends what it began as it goes: its runner removes its folder and
        // its app is killed when they are let go (SuiteRunner's and AppConnection's deinit).
        do {
            templates.add(try runner.prepare(fixtures: [options.fixture]) { _ in })
        } catch {
            throw SessionError("\(error)")
        }
        executor = makeExecutor()
        let started = executor.start(flow)
        if let failure = started.failure { throw SessionError("the app did not start: \(failure)") }
    }

    /// Where the session's stores live (the seeded fixture and the app's copy): removed when the
    /// session closes, or is let go.
    package var folder: URL { runner.folder }

    /// Ends the app (its input closed, then killed if it lingers) and removes the session's
    /// stores. A session let go without it ends the same way, its app killed.
    package func close() {
        executor.finish()
        runner.cleanUp()
    }

    /// The screen now, as data, as the app sent it: for finding elements, never for showing.
    package var screen: ScreenSnapshot? { executor.app.latestSnapshot }
    /// The screen now, as data, secrets masked: for showing, encoding or completing names.
    package var shownScreen: ScreenSnapshot? { screen.map(secretMask.mask) }
    /// The screen as text, secrets masked.
    package var renderedScreen: String? { executor.app.latestScreen.map(masked) }
    /// The screen's element tree (FlowKit's `ElementTree`), secrets masked.
    package var elementTree: String? { shownScreen.map(ElementTree.text) }
    /// The screen as the automation protocol's JSON, pretty-printed, keys sorted, its secrets
    /// masked field by field before it is encoded (one JSON writes escaped is masked too): what
    /// `flow inspect --json` and the MCP server's `read_screen` print.
    package var shownScreenJSON: String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return shownScreen.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Answers the alerts the session's `onAlert` answers, as the runner does before a step: the
    /// screen is then the one the next step sees (`flow inspect` shows that one).
    package func answerAlertsAsTheNextStepWould() {
        executor.answerAlerts(at: SourceLocation.start(of: flow.file))
    }

    // MARK: - Steps

    /// Runs `line`: a YAML step (`tap: Login`, `Login.login`) or an app command (`3`, `tap Login`,
    /// `type Username test`, `back`), which is kept as the YAML step it means.
    package func run(_ line: String) -> Outcome {
        switch attempt(line) {
        case let .refused(message): .refused(masked(message))
        case let .failed(failure, restored): .failed(masked(failure), restored: restored)
        case .kept(let kept): .kept(kept)
        }
    }

    /// The longest line a step may be: a step is a line, and a screen's worth of text to type is
    /// far below this; a 10 MB line took seconds to refuse or to type.
    package static let lineLimit = 16 * 1024

    private func attempt(_ line: String) -> Outcome {
        guard line.utf8.count <= Self.lineLimit else {
            return .refused("error: the line is \(line.utf8.count) bytes, over the limit of \(Self.lineLimit) for a step: a step is one line")
        }
        var text = line.trimmingCharacters(in: .whitespaces)
        // A step copied from a flow file, list dash and all.
        if text.hasPrefix("- ") { text = String(text.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
        guard !text.isEmpty else { return .refused("an empty line: write a step such as tap: Continue") }
        var yaml = text
        if let command = AppCommand.step(for: text, on: screen) {
            switch command {
            case let .failure(error): return .refused("error: " + error.message)
            case let .success(node): yaml = Self.line(node)
            }
        } else if let words = notAStep(text) {
            return .refused(words)
        }
        let parser = FlowParser(catalog: options.catalog)
        guard let parsed = parser.step(text: yaml, file: flow.file) else {
            return .refused(Diagnostics(parser.problems).errors.map { typed($0, in: yaml).masking(secretMask.values).description }.joined(separator: "\n"))
        }
        let single = Flow(file: flow.file, name: flow.name, tags: [], fixture: nil, launch: LaunchSettings(), onAlert: [], steps: [parsed.step],
                          variableUses: parsed.uses)
        do {
            try FlowSuite(flows: [single]).checkVariables(known: Set(options.variables.keys))
        } catch {
            return .refused(error.errors.map { typed($0, in: yaml).description }.joined(separator: "\n"))
        }
        if let fixture = parsed.step.action.seededFixture.map({ executor.resolve($0, [:]) }), templates.path(of: fixture) == nil {
            do {
                templates.add(try runner.prepare(fixtures: [fixture]) { _ in })
            } catch {
                return .refused("error: \(error)")
            }
        }
        let (node, unsaved) = protectingSecrets(parsed.node, of: parsed.step, uses: parsed.uses.count)
        let start = ContinuousClock.now
        let outcome = executor.perform([parsed.step], in: flow)
        let duration = ContinuousClock.now - start
        if let failure = outcome.failure {
            return .failed(failure, restored: replay())
        }
        let kept = Kept(node: node, step: parsed.step, duration: duration, unsavedSecret: unsaved, line: masked(Self.line(node)))
        self.kept.append(kept)
        return .kept(kept)
    }

    /// Plain words (`hello world`, `tpa Login`): a line with no `:` whose first word is no step,
    /// robot action or app command is neither kind of line; said as such, not as an unknown step.
    private func notAStep(_ text: String) -> String? {
        let words = text.split(separator: " ")
        guard words.count > 1, !text.contains(":"), let first = words.first.map(String.init), !first.contains(".") else { return nil }
        let known = ["tap", "type", "back"] + StepRegistry.keywords
        guard !known.contains(first) else { return nil }
        return "error: not a step: \"\(Suggestion.shown(first))\" is neither a YAML step nor an app command"
            + Suggestion.format(NameMatcher.nearest(to: first, in: known))
            + "; write a YAML step (\(Self.stepExamples(catalog: options.catalog))) or an app command (\(Self.appCommandExamples))"
    }

    /// YAML steps as a session's messages and help show them: a tap and one of the app's robot
    /// actions (`tap: Continue, Login.login`).
    package static func stepExamples(catalog: RobotCatalog) -> String {
        "tap: Continue, \(catalog.exampleAction)"
    }

    /// App commands as a session's messages and help show them, each kind once.
    package static let appCommandExamples = "3, tap Continue, type Email TEXT, back"

    private func masked(_ failure: FlowRunFailure) -> FlowRunFailure {
        let inner = failure.failure
        return FlowRunFailure(
            location: failure.location, stepTitle: masked(failure.stepTitle), via: failure.via,
            failure: FlowFailure(step: masked(inner.step), reason: masked(inner.reason), screen: inner.screen.map(masked),
                                 standardError: inner.standardError.map(masked), site: inner.site, cause: inner.cause)
        )
    }

    /// An error in the line typed is located in it (`step:1:5`), not in a file; one the YAML
    /// reader places at or past the line's end (an unclosed `{`) is put at its end, and said so.
    private func typed(_ error: LocatedError, in line: String) -> LocatedError {
        guard error.file == flow.file else { return error }
        guard error.line > 1 || error.column > line.count else {
            return LocatedError(file: "step", line: error.line, column: error.column, message: error.message, sourceLine: error.sourceLine)
        }
        var message = error.message
        for (open, close) in [("{", "}"), ("[", "]")] where line.filter({ String($0) == open }).count > line.filter({ String($0) == close }).count {
            message = "the line ends inside \(open) \(close): close it with \(close)"
            break
        }
        return LocatedError(file: "step", line: 1, column: line.count + 1, message: message, sourceLine: line)
    }

    /// Removes the last kept step: the app is relaunched on a fresh copy and the others run
    /// again. Returns how that went, or nil when there is nothing to undo.
    package func undo() -> Replay? {
        guard !kept.isEmpty else { return nil }
        kept.removeLast()
        return replay()
    }

    /// Relaunches on a fresh copy of the store and runs the kept steps again. A step that fails
    /// now is said, and forgotten: the next step runs on the app as it is.
    @discardableResult
    package func replay() -> Replay {
        let start = ContinuousClock.now
        executor.finish()
        executor = makeExecutor()
        var failure = executor.start(flow).failure
        if failure == nil { failure = executor.perform(kept.map(\.step), in: flow).failure }
        executor.forgetFailure()
        return Replay(steps: kept.count, duration: ContinuousClock.now - start, failure: failure.map(masked))
    }

    private func makeExecutor() -> FlowExecutor {
        // The fixtures seeded when a step asks, not when the executor was made: a `seed:` step
        // seeds its fixture just before it runs.
        let templates = self.templates
        var environment = FlowEnvironment(
            scheme: options.scheme, variables: options.variables, secrets: secrets, timeout: options.timeout,
            folder: runner.folder.appendingPathComponent("session")
        ) { fixture in
            guard let path = templates.path(of: fixture) else { throw SessionError("the fixture \"\(fixture)\" was not seeded for this session") }
            return path
        }
        environment.propertyWorkers = options.propertyWorkers
        let executor = FlowExecutor(environment: environment)
        executor.watchPropertiesForSession()
        return executor
    }

    // MARK: - Secrets

    /// What a kept step holds of a secret. A secure value typed as a literal is kept as the secret
    /// variable that holds it (`${test.password}`); so is a secret's value anywhere else in the
    /// step (`assertVisible: {textField: Username, value: hunter2}`). Text typed as the value of
    /// one of the scheme's credentials (`test` for `${test.user}`) is kept as that variable too,
    /// so the flow signs in with whatever account a private scheme gives. A secret no variable
    /// holds, or one where a variable cannot stand (a number, a key), is remembered, so that
    /// saving refuses it; a literal typed into a secure field is masked from then on.
    private func protectingSecrets(_ node: Node, of step: Step, uses: Int) -> (Node, UnsavedSecret?) {
        var node = node
        var replaced = 0
        var unsaved: UnsavedSecret?
        let before = standIns
        for literal in secureLiterals(of: step) where before.variable(holding: literal.value) == nil {
            unsaved = .unheld(literal.what)
            unsavedValues.append(literal.value)
        }
        if let typing = step.action as? TypeText, typing.text.variables.isEmpty, !typing.text.raw.isEmpty,
           let credential = options.scheme.credentials.sorted().first(where: { options.variables[$0] == typing.text.raw }) {
            (node, replaced) = Self.replacing(typing.text.raw, with: "${\(credential)}", in: node)
        }
        let stoodIn = standIns.standIn(node)
        node = stoodIn.value
        replaced += stoodIn.replaced
        if stoodIn.overlapping, unsaved == nil { unsaved = .overlapping }
        if stoodIn.unheld, unsaved == nil { unsaved = .unheld("a secret's value") }
        // Each stand-in must be read back as a variable: in a number or a flow file's name it is not.
        if replaced > 0, unsaved == nil, FlowParser(catalog: options.catalog).step(text: Self.line(node), file: flow.file)?.uses.count != uses + replaced {
            unsaved = .whereNoVariableCanStand
        }
        return (node, unsaved)
    }

    /// The secrets, with the variables that stand in for them in a saved flow.
    private var standIns: SecretStandIns {
        SecretStandIns(secrets: secrets + unsavedValues, variables: options.variables, scheme: options.scheme)
    }

    /// Literal text a step gives where a secret goes: typed into a secure field, or a robot's secret parameter.
    private func secureLiterals(of step: Step) -> [(value: String, what: String)] {
        var literals: [(value: String, what: String)] = []
        if let typing = step.action as? TypeText, typing.text.variables.isEmpty, isSecure(typing.element) {
            literals.append((typing.text.raw, "the text typed into \(typing.element)"))
        }
        if let robot = step.action as? RobotStep {
            for parameter in robot.action.parameters where parameter.isSecret {
                if case let .text(text)? = robot.arguments[parameter.name], text.variables.isEmpty {
                    literals.append((text.raw, "the \(parameter.name) given to \(robot.action.fullName)"))
                }
            }
        }
        return literals.filter { !$0.value.isEmpty }
    }

    private func isSecure(_ selector: ElementSelector) -> Bool {
        if selector.kind == .secureTextField { return true }
        let name = executor.resolve(selector.name, [:])
        return screen?.allElements.contains { $0.isSecure && ($0.identifier == name || $0.label == name) } ?? false
    }

    /// `node` with every scalar that is `value` replaced, and how many were.
    private static func replacing(_ value: String, with replacement: String, in node: Node) -> (Node, Int) {
        switch node {
        case let .scalar(scalar):
            return scalar.string == value ? (Node(replacement, .implicit, .doubleQuoted), 1) : (node, 0)
        case let .mapping(mapping):
            var count = 0
            let pairs = mapping.map { pair -> (Node, Node) in
                let (replaced, times) = replacing(value, with: replacement, in: pair.value)
                count += times
                return (pair.key, replaced)
            }
            return (.mapping(Node.Mapping(pairs, mapping.tag, mapping.style)), count)
        case let .sequence(sequence):
            let items = sequence.map { replacing(value, with: replacement, in: $0) }
            return (.sequence(Node.Sequence(items.map(\.0), sequence.tag, sequence.style)), items.map(\.1).reduce(0, +))
        case .alias:
            return (node, 0)
        }
    }

    /// `text` with every secret the session knows masked (the scheme's, and literals typed into
    /// secure fields): what a face of the session prints goes through this.
    package func masked(_ text: String) -> String {
        secretMask.mask(text)
    }

    // MARK: - Saving

    /// The kept steps as a flow file: its name, its fixture, its own launch settings and
    /// `onAlert`, and the steps; linted before it is returned. No secret is ever in it: each is
    /// written as the variable that holds it (`${test.password}`), and a flow that would hold one
    /// no variable holds (or one in its name, its fixture, its `onAlert`, a key) is refused with
    /// where it is, never what it is. A name that is empty (or blank) or holds a control character
    /// is refused too. These are the rules of every face: studio's `:save` and MCP's `save_flow`
    /// check nothing of their own.
    package func flowText(name: String, file: String) throws(SessionError) -> String {
        guard !kept.isEmpty else { throw SessionError("there are no steps to save yet") }
        let standIns = self.standIns
        let never = "and a secret is never written to a flow"
        if let index = kept.firstIndex(where: { $0.unsavedSecret != nil }), let unsaved = kept[index].unsavedSecret {
            guard unsaved.privateSchemeHelps else { throw SessionError("step \(index + 1) has \(unsaved.problem), \(never): :undo the step") }
            // The scheme's own credential names the variable when it has one (the last: the secret of a pair).
            let variable = options.scheme.credentials.last ?? "account.password"
            throw SessionError("step \(index + 1) has \(unsaved.problem), \(never): put it in a private scheme "
                + "(\(options.runner.scheme("\(options.scheme.name).private.yaml")): variables: {\(variable): {secret: ...}}) "
                + "and write ${\(variable)} instead, or :undo the step")
        }
        // A literal typed into a secure field after a step was kept may be a value that step holds.
        if let index = kept.firstIndex(where: { standIns.reveals(in: $0.node) }) {
            throw SessionError("step \(index + 1) has in it the value of a secret typed later as a literal, \(never): :undo back to it")
        }
        guard !name.allSatisfy(\.isWhitespace) else { throw SessionError("the flow's name is empty: give one that says what the flow checks") }
        if let control = TerminalText.firstControl(in: name) {
            throw SessionError("the flow's name holds \(control): give a name without one")
        }
        for (what, value) in [("name", name), ("fixture", options.fixture)] where standIns.reveals(value) {
            throw SessionError("the flow's \(what) holds the value of a secret\(Self.held(value, standIns)), \(never): give it another \(what)")
        }
        if options.onAlert.contains(where: { standIns.reveals($0.alert) || standIns.reveals($0.button) }) {
            throw SessionError("the flow's onAlert holds the value of a secret, \(never)")
        }
        var pairs: [(Node, Node)] = [(Node("name"), Node(name)), (Node("fixture"), Node(options.fixture))]
        if let launch = Self.node(options.launch) {
            let stoodIn = standIns.standIn(launch)
            guard !stoodIn.unheld else { throw SessionError("the flow's launch settings hold the value of a secret that no variable holds, \(never)") }
            pairs.append((Node("launch"), stoodIn.value))
        }
        if !options.onAlert.isEmpty {
            pairs.append((Node("onAlert"), .mapping(Node.Mapping(options.onAlert.map { (Node($0.alert), Node($0.button)) }, .implicit, .flow))))
        }
        pairs.append((Node("steps"), .sequence(Node.Sequence(kept.map { Self.flowStyled($0.node) }))))
        let body: String
        do {
            body = try Yams.serialize(node: .mapping(Node.Mapping(pairs)), width: -1, allowUnicode: true)
        } catch {
            throw SessionError("cannot write the flow as YAML: \(error)")
        }
        let text = Self.schemaComment(for: file) + body
        // The last word: whatever the rules above missed, a secret is not written.
        if standIns.reveals(text) || ((try? Yams.compose(yaml: text)) ?? nil).map(standIns.reveals(in:)) == true {
            throw SessionError("the flow would hold the value of a secret, \(never)")
        }
        let parser = FlowParser(catalog: options.catalog)
        guard let saved = parser.parse(text: text, file: file) else {
            throw SessionError("the flow would not pass lint:\n" + masked(Diagnostics(parser.problems).description))
        }
        do {
            try FlowSuite(flows: [saved]).checkVariables(known: Set(options.variables.keys), credentials: Set(options.scheme.credentials))
        } catch {
            throw SessionError("the flow would not pass lint:\n" + masked(error.description))
        }
        return text
    }

    /// ` (that of ${test.password})`, or nothing when no variable holds it.
    private static func held(_ text: String, _ standIns: SecretStandIns) -> String {
        // The longest secret in it: one that holds a shorter is the one it shows.
        let found = standIns.holders.filter { SecretMask([$0.value]).reveals(text) }.max { $0.value.utf8.count < $1.value.utf8.count }
        return found?.variable.map { " (that of ${\($0)})" } ?? ""
    }

    /// Writes the flow (see `flowText`) to `file`, whole or not at all, through ``OutputFile``: a
    /// folder, a FIFO or a device there is refused, never replaced.
    package func save(to file: String, name: String) throws(SessionError) {
        let text = try flowText(name: name, file: file)
        do {
            try OutputFile.write(text, to: file)
        } catch {
            throw SessionError(error.description)
        }
    }

    /// `- tap: {button: Login}`: a step's own mapping in block style, everything inside it in
    /// flow style, as flows in this repository are written.
    package static func flowStyled(_ node: Node) -> Node {
        func inner(_ node: Node) -> Node {
            switch node {
            case let .mapping(mapping): return .mapping(Node.Mapping(mapping.map { ($0.key, inner($0.value)) }, mapping.tag, .flow))
            case let .sequence(sequence): return .sequence(Node.Sequence(sequence.map(inner), sequence.tag, .flow))
            case .scalar, .alias: return node
            }
        }
        guard case let .mapping(mapping) = node else { return node }
        return .mapping(Node.Mapping(mapping.map { ($0.key, inner($0.value)) }, mapping.tag, .block))
    }

    /// The steps of a flow file as lines, as written (for a session that starts from a flow).
    package static func stepLines(ofFile file: String) -> [String] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8), let root = try? LocatedYAML.compose(text, file: file),
              let items = root.mapping?["steps"]?.sequence else { return [] }
        return items.map { line($0) }
    }

    /// A step node on one line, as studio lists it and reads it back.
    package static func line(of node: Node) -> String { line(node) }

    /// A step on one line.
    static func line(_ node: Node) -> String {
        ((try? Yams.serialize(node: flowStyled(node), width: -1, allowUnicode: true)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A flow's `launch:` mapping, for a flow written from code; nil when it sets nothing.
    package static func node(_ launch: LaunchSettings) -> Node? {
        var pairs: [(Node, Node)] = []
        if !launch.arguments.isEmpty { pairs.append((Node("arguments"), .sequence(Node.Sequence(launch.arguments.map { Node($0.raw) }, .implicit, .flow)))) }
        for (key, values) in [("defaults", launch.defaults), ("environment", launch.environment)] where !values.isEmpty {
            pairs.append((Node(key), .mapping(Node.Mapping(values.map { (Node($0.key), Node($0.value.raw, .implicit, .doubleQuoted)) }, .implicit, .flow))))
        }
        return pairs.isEmpty ? nil : .mapping(Node.Mapping(pairs))
    }

    /// `# yaml-language-server: $schema=../flow.schema.json` when the file is below a folder that
    /// holds the schema.
    package static func schemaComment(for file: String) -> String {
        var folder = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent()
        var up = ""
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("flow.schema.json").path) {
                return "# yaml-language-server: $schema=\(up)flow.schema.json\n"
            }
            folder.deleteLastPathComponent()
            up += "../"
        }
        return ""
    }
}

/// Why a session cannot start, or cannot save.
package struct SessionError: Error, CustomStringConvertible {
    /// What went wrong, as the command prints it.
    package let description: String

    /// An error that says `description`.
    package init(_ description: String) {
        self.description = description
    }
}

/// The seeded store of each fixture a session has seeded: added to as a `seed:` step needs one,
/// and read by the session's executors whenever they relaunch the app.
private final class SeededFixtures: Sendable {
    private let paths = Mutex<[String: String]>([:])

    func path(of fixture: String) -> String? {
        paths.withLock { $0[fixture] }
    }

    func add(_ seeded: [String: String]) {
        paths.withLock { $0.merge(seeded) { $1 } }
    }
}
