import FlowKit
import Foundation
import LocatedYAML
import NameMatching
import Yams

/// A live session on the app: one app launched on a seeded copy of a fixture, the steps that ran
/// on it (each kept as the YAML it will be saved as), and its screen. `flow studio`,
/// `flow inspect` and `flow mcp` are its faces.
///
/// Every step is undoable by replay: the app is deterministic from its seeded store, so undoing
/// the last step is relaunching on a fresh copy and running the others again. A step that fails
/// is not kept, and the app is put back the same way, so what is kept is always what a saved flow
/// will do.
public final class FlowSession {
    /// What a session runs against.
    public struct Options: Sendable {
        /// The scheme: the app, its store and its launch settings.
        public var scheme: Scheme
        /// The variables the steps may use.
        public var variables: [String: String]
        /// The robots whose actions a line may name.
        public var catalog: RobotCatalog
        /// The fixture the session's store is seeded from.
        public var fixture: String
        /// The launch settings added to the scheme's, as a flow's `launch:` would be.
        public var launch: LaunchSettings
        /// Alerts answered whenever they are up, as a flow's `onAlert:` does: alert → button.
        public var onAlert: [(alert: String, button: String)]
        /// The folder `runFlow` paths are relative to (a saved flow's folder, or Flows).
        public var folder: String
        /// The app's safety-net timeout, for an app that hangs.
        public var timeout: TimeInterval

        /// Options for a session on `scheme`, seeded from `fixture`.
        public init(
            scheme: Scheme, variables: [String: String], catalog: RobotCatalog, fixture: String = "default", launch: LaunchSettings = LaunchSettings(),
            onAlert: [(alert: String, button: String)] = [], folder: String = "Flows", timeout: TimeInterval = 10
        ) {
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
    public struct Kept {
        /// The step as it will be saved.
        public let node: Node
        /// The step as it runs.
        public let step: Step
        /// How long it took.
        public let duration: Duration
        /// What secure text was typed as a literal that no secret variable holds: such a session
        /// cannot be saved until the step is undone.
        public let unsavedSecret: String?
        /// The step on one line, as `:steps` lists it (secrets masked).
        public let line: String
    }

    /// What running a line did.
    public enum Outcome {
        /// It ran and passed, and is kept.
        case kept(Kept)
        /// It ran and failed: it is not kept, and the app was put back by replaying the kept
        /// steps (how long that took).
        case failed(FlowRunFailure, restored: Duration)
        /// It is not a step: nothing ran.
        case refused(String)
    }

    /// What the session was started with.
    public let options: Options
    /// The steps that ran and are kept, in order: the flow a save writes.
    public private(set) var kept: [Kept] = []
    private let runner: SuiteRunner
    private var templates: [String: String] = [:]
    private var executor: FlowExecutor
    private let flow: Flow
    private let secrets: [String]

    /// Seeds the fixture and launches the app; throws when it cannot (no app, a fixture that does
    /// not seed, an app that does not start).
    public init(_ options: Options) throws(SessionError) {
        self.options = options
        secrets = options.scheme.secretValues(variables: options.variables)
        runner = SuiteRunner(scheme: options.scheme, variables: options.variables, secrets: secrets, options: .init(jobs: 1, timeout: options.timeout))
        flow = Flow(
            file: (options.folder as NSString).appendingPathComponent("(studio)"), name: "studio", tags: [], fixture: options.fixture,
            launch: options.launch, onAlert: options.onAlert, steps: [], variableUses: []
        )
        executor = FlowExecutor(environment: FlowEnvironment(scheme: options.scheme, variables: [:], secrets: [], timeout: 1, folder: runner.folder) { _ in "" })
        do {
            templates = try runner.prepare(fixtures: [options.fixture]) { _ in }
        } catch {
            runner.cleanUp()
            throw SessionError("\(error)")
        }
        executor = makeExecutor()
        let started = executor.start(flow)
        if let failure = started.failure {
            close()
            throw SessionError("the app did not start: \(failure)")
        }
    }

    deinit {
        close()
    }

    /// Ends the app and removes the session's stores.
    public func close() {
        executor.finish()
        runner.cleanUp()
    }

    /// The screen now, as data and as text.
    public var screen: ScreenSnapshot? { executor.app.latestSnapshot }
    /// The screen as text, secrets masked.
    public var renderedScreen: String? { executor.app.latestScreen.map(mask) }

    // MARK: - Steps

    /// Runs `line`: a YAML step (`tap: Login`, `Login.login`) or an app command (`3`, `tap Login`,
    /// `type Username test`, `back`), which is kept as the YAML step it means.
    public func run(_ line: String) -> Outcome {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .refused("an empty line: write a step such as tap: Login") }
        var yaml = text
        if let command = AppCommand.step(for: text, on: screen) {
            switch command {
            case let .failure(error): return .refused("error: " + error.message)
            case let .success(node): yaml = Self.line(node)
            }
        }
        let parser = FlowParser(catalog: options.catalog)
        guard let parsed = parser.step(text: yaml, file: flow.file) else {
            return .refused(Diagnostics(parser.problems).errors.map { typed($0).masking(secrets).description }.joined(separator: "\n"))
        }
        let single = Flow(file: flow.file, name: flow.name, tags: [], fixture: nil, launch: LaunchSettings(), onAlert: [], steps: [parsed.step],
                          variableUses: parsed.uses)
        do {
            try FlowSuite(flows: [single]).checkVariables(known: Set(options.variables.keys))
        } catch {
            return .refused(error.errors.map { typed($0).description }.joined(separator: "\n"))
        }
        if let fixture = parsed.step.action.seededFixture.map({ executor.resolve($0, [:]) }), templates[fixture] == nil {
            do {
                templates.merge(try runner.prepare(fixtures: [fixture]) { _ in }) { $1 }
            } catch {
                return .refused("error: \(error)")
            }
        }
        let (node, unsaved) = protectingSecrets(parsed.node, of: parsed.step)
        let start = ContinuousClock.now
        let outcome = executor.perform([parsed.step], in: flow)
        let duration = ContinuousClock.now - start
        if let failure = outcome.failure {
            return .failed(failure, restored: replay())
        }
        let kept = Kept(node: node, step: parsed.step, duration: duration, unsavedSecret: unsaved, line: mask(Self.line(node), unsaved))
        self.kept.append(kept)
        return .kept(kept)
    }

    /// An error in the line typed is located in it (`step:1:5`), not in a file.
    private func typed(_ error: LocatedError) -> LocatedError {
        guard error.file == flow.file else { return error }
        return LocatedError(file: "step", line: error.line, column: error.column, message: error.message, sourceLine: error.sourceLine)
    }

    /// Removes the last kept step: the app is relaunched on a fresh copy and the others run
    /// again. Returns how long that took, or nil when there is nothing to undo.
    public func undo() -> Duration? {
        guard !kept.isEmpty else { return nil }
        kept.removeLast()
        return replay()
    }

    /// Relaunches on a fresh copy of the store and runs the kept steps again.
    @discardableResult
    public func replay() -> Duration {
        let start = ContinuousClock.now
        executor.finish()
        executor = makeExecutor()
        if executor.start(flow).failure == nil {
            _ = executor.perform(kept.map(\.step), in: flow)
        }
        executor.forgetFailure()
        return ContinuousClock.now - start
    }

    private func makeExecutor() -> FlowExecutor {
        let templates = self.templates
        let environment = FlowEnvironment(
            scheme: options.scheme, variables: options.variables, secrets: secrets, timeout: options.timeout,
            folder: runner.folder.appendingPathComponent("session")
        ) { fixture in
            guard let path = templates[fixture] else { throw SessionError("the fixture \"\(fixture)\" was not seeded for this session") }
            return path
        }
        return FlowExecutor(environment: environment)
    }

    // MARK: - Secrets

    /// A secure value typed as a literal is kept as the secret variable that holds it
    /// (`${test.password}`); any other is remembered, so that saving refuses it. Text typed as the
    /// value of one of the scheme's credentials (`test` for `${test.user}`) is kept as that
    /// variable too, so the flow signs in with whatever account a private scheme gives.
    private func protectingSecrets(_ node: Node, of step: Step) -> (Node, String?) {
        var literals: [(value: String, what: String)] = []
        var node = node
        if let typing = step.action as? TypeText, typing.text.variables.isEmpty {
            if isSecure(typing.element) {
                literals.append((typing.text.raw, "the text typed into \(typing.element)"))
            } else if let credential = options.scheme.credentials.sorted().first(where: {
                !typing.text.raw.isEmpty && options.variables[$0] == typing.text.raw
            }) {
                node = Self.replacing(typing.text.raw, with: "${\(credential)}", in: node)
            }
        }
        if let robot = step.action as? RobotStep {
            for parameter in robot.action.parameters where parameter.isSecret {
                if case let .text(text)? = robot.arguments[parameter.name], text.variables.isEmpty {
                    literals.append((text.raw, "\(robot.action.fullName) \(parameter.name)"))
                }
            }
        }
        var unsaved: String?
        for literal in literals where !literal.value.isEmpty {
            let holders = options.variables.filter { options.scheme.isSecret($0.key) && $0.value == literal.value }.map(\.key).sorted()
            if let variable = holders.first {
                node = Self.replacing(literal.value, with: "${\(variable)}", in: node)
            } else {
                unsaved = literal.what
                unsavedValues.append(literal.value)
            }
        }
        return (node, unsaved)
    }

    /// Literal secure values typed this session that no variable holds: never shown, never saved.
    private var unsavedValues: [String] = []

    private func isSecure(_ selector: ElementSelector) -> Bool {
        if selector.kind == .secureTextField { return true }
        let name = executor.resolve(selector.name, [:])
        return screen?.allElements.contains { $0.isSecure && ($0.identifier == name || $0.label == name) } ?? false
    }

    private static func replacing(_ value: String, with replacement: String, in node: Node) -> Node {
        switch node {
        case let .scalar(scalar):
            return scalar.string == value ? Node(replacement, .implicit, .doubleQuoted) : node
        case let .mapping(mapping):
            return .mapping(Node.Mapping(mapping.map { ($0.key, replacing(value, with: replacement, in: $0.value)) }, mapping.tag, mapping.style))
        case let .sequence(sequence):
            return .sequence(Node.Sequence(sequence.map { replacing(value, with: replacement, in: $0) }, sequence.tag, sequence.style))
        case .alias:
            return node
        }
    }

    private func mask(_ text: String) -> String {
        (secrets + unsavedValues).filter { !$0.isEmpty }.reduce(text) { $0.replacingOccurrences(of: $1, with: Element.secureMask) }
    }

    private func mask(_ text: String, _ unsaved: String?) -> String { mask(text) }

    // MARK: - Saving

    /// The kept steps as a flow file: its name, its fixture, its own launch settings and
    /// `onAlert`, and the steps; linted before it is returned. Refused while a step holds a secret
    /// no variable holds.
    public func flowText(name: String, file: String) throws(SessionError) -> String {
        guard !kept.isEmpty else { throw SessionError("there are no steps to save yet") }
        if let index = kept.firstIndex(where: { $0.unsavedSecret != nil }), let what = kept[index].unsavedSecret {
            throw SessionError("step \(index + 1) types a secret (\(what)) that no variable of the scheme holds, and a secret is never written "
                + "to a flow: put it in a private scheme (Flows/schemes/\(options.scheme.name).private.yaml: variables: {test.password: {secret: ...}}) "
                + "and type ${test.password} instead, or :undo the step")
        }
        var pairs: [(Node, Node)] = [(Node("name"), Node(name)), (Node("fixture"), Node(options.fixture))]
        if let launch = Self.node(options.launch) { pairs.append((Node("launch"), launch)) }
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
        let parser = FlowParser(catalog: options.catalog)
        guard let saved = parser.parse(text: text, file: file) else {
            throw SessionError("the flow would not pass lint:\n" + Diagnostics(parser.problems).description)
        }
        do {
            try FlowSuite(flows: [saved]).checkVariables(known: Set(options.variables.keys), credentials: Set(options.scheme.credentials))
        } catch {
            throw SessionError("the flow would not pass lint:\n" + error.description)
        }
        return text
    }

    /// Writes the flow (see `flowText`) to `file`, whole or not at all.
    public func save(to file: String, name: String) throws(SessionError) {
        let text = try flowText(name: name, file: file)
        do {
            let folder = (file as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            throw SessionError("cannot write \(file): \(error.localizedDescription)")
        }
    }

    /// `- tap: {button: Login}`: a step's own mapping in block style, everything inside it in
    /// flow style, as flows in this repository are written.
    static func flowStyled(_ node: Node) -> Node {
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
    public static func stepLines(ofFile file: String) -> [String] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8), let root = try? LocatedYAML.compose(text, file: file),
              let items = root.mapping?["steps"]?.sequence else { return [] }
        return items.map { line($0) }
    }

    /// A step node on one line, as studio lists it and reads it back.
    public static func line(of node: Node) -> String { line(node) }

    /// A step on one line.
    static func line(_ node: Node) -> String {
        ((try? Yams.serialize(node: flowStyled(node), width: -1, allowUnicode: true)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func node(_ launch: LaunchSettings) -> Node? {
        var pairs: [(Node, Node)] = []
        if !launch.arguments.isEmpty { pairs.append((Node("arguments"), .sequence(Node.Sequence(launch.arguments.map { Node($0.raw) }, .implicit, .flow)))) }
        for (key, values) in [("defaults", launch.defaults), ("environment", launch.environment)] where !values.isEmpty {
            pairs.append((Node(key), .mapping(Node.Mapping(values.map { (Node($0.key), Node($0.value.raw, .implicit, .doubleQuoted)) }, .implicit, .flow))))
        }
        return pairs.isEmpty ? nil : .mapping(Node.Mapping(pairs))
    }

    /// `# yaml-language-server: $schema=../flow.schema.json` when the file is below a folder that
    /// holds the schema.
    private static func schemaComment(for file: String) -> String {
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
public struct SessionError: Error, CustomStringConvertible {
    /// What went wrong, as the command prints it.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) {
        self.description = description
    }
}
