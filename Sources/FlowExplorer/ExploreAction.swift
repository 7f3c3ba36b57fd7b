import FlowKit
import FlowRunner
import Synchronization
import Yams

/// One thing a person can do on a screen, as the explorer tries it and a flow writes it: tap a
/// button or a row, type into a field, go back, or answer the alert on top with one of its buttons.
package struct ExploreAction: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What the action does.
    package enum Verb: String, Hashable, Sendable, Codable {
        /// Tap a button or a row (`tap: {button: Save}`).
        case tap
        /// Replace a field's text (`type: {textField: Name, text: ...}`).
        case type
        /// Go back (`back`).
        case back
        /// Tap a button of the alert on top (`answerAlert: OK`).
        case answer
        /// A robot action with its arguments (`Todos.add: {title: Ann}`): one step of the
        /// domain's own, which may send several commands.
        case robot
    }

    /// A robot action's argument, as a step gives it.
    package enum Argument: Hashable, Sendable, Codable {
        /// A text (a title, a name), as typed.
        case text(String)
        /// A whole number (a count, a position from 1).
        case integer(Int)
        /// True or false.
        case boolean(Bool)
        /// Positions from 1 (the rows to select).
        case integers([Int])

        /// The YAML node of it.
        var node: Node {
            switch self {
            case let .text(text): Node(text, .implicit, .doubleQuoted)
            case let .integer(number): Node(String(number))
            case let .boolean(flag): Node(flag ? "true" : "false")
            case let .integers(numbers): .sequence(Node.Sequence(numbers.map { Node(String($0)) }, .implicit, .flow))
            }
        }

        /// How the map shows it.
        var shown: String {
            switch self {
            case let .text(text): ElementTree.quoted(text)
            case let .integer(number): String(number)
            case let .boolean(flag): flag ? "true" : "false"
            case let .integers(numbers): "[" + numbers.map(String.init).joined(separator: ", ") + "]"
            }
        }
    }

    /// What the action does.
    package let verb: Verb
    /// The element's kind (nil for `back`).
    package let kind: ElementSnapshot.Kind?
    /// The element's identifier: what the action names it by (nil for `back`).
    package let identifier: String?
    /// The alert the button is in, for `answer`.
    package let alert: String?
    /// What `type` types, as a flow writes it: a literal, or `${variable}` for a value a variable
    /// holds (a secret is only ever written so).
    package let text: String?
    /// Which of the explorer's values `type` types, for the map and for shrinking.
    package let value: TypedValue?
    /// For a robot action: its arguments by parameter, in the order its parameters are declared
    /// (its full name, `Todos.add`, is the ``identifier``).
    package let arguments: [RobotArgument]?

    /// A robot action's argument for one parameter.
    package struct RobotArgument: Hashable, Sendable, Codable {
        /// The parameter's name.
        package let name: String
        /// What is given.
        package let value: Argument
        /// Which of the explorer's values a text is (an ordinary one, a blank one, ...).
        package let typed: TypedValue?

        /// `value` for the parameter `name`; `typed`, which of the explorer's values a text is.
        package init(name: String, value: Argument, typed: TypedValue? = nil) {
            self.name = name
            self.value = value
            self.typed = typed
        }
    }

    /// An action on `identifier` (of `kind`).
    package init(_ verb: Verb, kind: ElementSnapshot.Kind? = nil, identifier: String? = nil, alert: String? = nil, text: String? = nil, value: TypedValue? = nil) {
        self.verb = verb
        self.kind = kind
        self.identifier = identifier
        self.alert = alert
        self.text = text
        self.value = value
        arguments = nil
    }

    /// The robot action `fullName` (`Todos.add`) with `arguments`.
    package init(robot fullName: String, arguments: [RobotArgument]) {
        verb = .robot
        kind = nil
        identifier = fullName
        alert = nil
        text = nil
        value = nil
        self.arguments = arguments
    }

    /// `back`.
    package static let back = ExploreAction(.back)

    /// The step as a flow writes it, on one line: `tap: {button: Save}`. The map, the walks'
    /// digests and every transition key ask for it after each action, and Yams takes far longer
    /// to write a line than a step takes: each action's line is written once and kept.
    package var yaml: String {
        if let line = Self.lines.withLock({ $0[self] }) { return line }
        let line = FlowSession.line(of: node)
        Self.lines.withLock { lines in
            // The same few actions come back again and again; a crawl of typed values could make
            // many: kept to a bound, so the cache never grows with the length of a run.
            if lines.count >= Self.linesKept { lines.removeAll(keepingCapacity: true) }
            lines[self] = line
        }
        return line
    }

    /// How many actions' lines are kept (``yaml``).
    static let linesKept = 4096
    private static let lines = Mutex<[ExploreAction: String]>([:])
    /// How many lines are kept now (for the tests of the bound).
    static var linesCached: Int { lines.withLock { $0.count } }

    /// The step as a YAML node.
    package var node: Node {
        switch verb {
        case .back:
            return Node("back")
        case .tap:
            return Self.step("tap", [(Node(kind?.rawValue ?? "element"), Node(identifier ?? ""))])
        case .type:
            return Self.step("type", [(Node(kind?.rawValue ?? "textField"), Node(identifier ?? "")), (Node("text"), Node(text ?? "", .implicit, .doubleQuoted))])
        case .answer:
            // The alert on top, whatever its name: an app's runner need not declare it for the flow to pass lint.
            return .mapping(Node.Mapping([(Node("answerAlert"), Node(identifier ?? ""))]))
        case .robot:
            let given = arguments ?? []
            guard !given.isEmpty else { return Node(identifier ?? "") }
            return .mapping(Node.Mapping([(Node(identifier ?? ""), .mapping(Node.Mapping(given.map { (Node($0.name), $0.value.node) }, .implicit, .flow)))]))
        }
    }

    private static func step(_ keyword: String, _ pairs: [(Node, Node)]) -> Node {
        .mapping(Node.Mapping([(Node(keyword), .mapping(Node.Mapping(pairs, .implicit, .flow)))]))
    }

    /// How a person reads it in the map: `tap Save`, `type "" into Name`, `answer OK`, `back`.
    package var description: String {
        switch verb {
        case .back: "back"
        case .tap: "tap " + (identifier ?? "")
        case .type: "type " + (value?.shown(text ?? "") ?? ElementTree.quoted(text ?? "")) + " into " + (identifier ?? "")
        case .answer: "answer " + (identifier ?? "")
        case .robot: (identifier ?? "") + ((arguments ?? []).isEmpty ? "" : " " + (arguments ?? []).map { "\($0.name): \($0.value.shown)" }.joined(separator: ", "))
        }
    }

    /// Whether it is a robot action.
    var isRobot: Bool { verb == .robot }

    /// The texts it types: what `type` types, a robot action's text arguments.
    var typedTexts: [String] {
        typedValues.map(\.text)
    }

    /// Each text it types, with which of the explorer's values it is (nil: not said): what `type`
    /// types, then a robot action's text arguments in their order.
    var typedValues: [(text: String, value: TypedValue?)] {
        switch verb {
        case .type: [(text ?? "", value)]
        case .robot: (arguments ?? []).compactMap { if case let .text(text) = $0.value { (text, $0.typed) } else { nil } }
        case .tap, .back, .answer: []
        }
    }

    /// The same action with its `index`th typed text (of ``typedValues``) made `text`, of the explorer's
    /// `value`: what a field is typed with, or a robot action's text argument.
    func retyping(_ index: Int, as text: String, value: TypedValue) -> ExploreAction {
        switch verb {
        case .type:
            return typing(text, value: value)
        case .robot:
            var texts = -1
            return ExploreAction(robot: identifier ?? "", arguments: (arguments ?? []).map { argument in
                guard case .text = argument.value else { return argument }
                texts += 1
                return texts == index ? RobotArgument(name: argument.name, value: .text(text), typed: value) : argument
            })
        case .tap, .back, .answer:
            return self
        }
    }

    /// What a walk counts it by on a screen: its verb and its control (`tap button Save`,
    /// `type textField Name`), whatever it types.
    var control: String {
        [verb.rawValue, kind?.rawValue, identifier].compactMap { $0 }.joined(separator: " ")
    }

    /// The action's part of a problem's identity: its verb and control, a row (or any control whose
    /// identifier carries a number) by its class, and
    /// for an answer the alert and its button (what it types does not count).
    var problemControl: String {
        let control = identifier.map(ScreenIdentity.rowClass(of:))
        return [verb.rawValue, alert, control].compactMap { $0 }.joined(separator: " ")
    }

    /// The same action typing `value` (written `text`) instead.
    func typing(_ text: String, value: TypedValue) -> ExploreAction {
        ExploreAction(.type, kind: kind, identifier: identifier, text: text, value: value)
    }
}

/// The values the explorer types into each field (its pool), in the order it tries them: one the
/// flows or the scheme give for it (when one does), short ordinary values (a letter, a word, a
/// small number: what a form takes, so the states behind it are reached), nothing, blanks, a long
/// text, text in other scripts, and a would-be secret. What breaks on them is what a person
/// typing would break.
package enum TypedValue: String, Hashable, Sendable, Codable, CaseIterable {
    /// A value the `--from` flow typed into the field, one the flows type into it (or give a
    /// robot action that types it there), or a scheme variable named like it.
    case valid
    /// One letter.
    case letter
    /// A short word.
    case word
    /// A small whole number.
    case number
    /// Nothing.
    case empty
    /// Blanks only.
    case whitespace
    /// A word with blanks around it: what a form that trims takes as the word.
    case padded
    /// A text of ``longLength`` characters.
    case long
    /// Letters of other scripts, marks, an emoji, right-to-left text.
    case nonASCII
    /// A made-up secret: typed into a secure field, it must never be shown.
    case wouldBeSecret

    /// Whether it is a value a form takes as a person fills it: a valid one, a letter, a word, a number.
    var isOrdinary: Bool {
        switch self {
        case .valid, .letter, .word, .number: true
        case .empty, .whitespace, .padded, .long, .nonASCII, .wouldBeSecret: false
        }
    }

    /// How long the long value is.
    package static let longLength = 512

    /// The text of every value but `valid` (which the field's own value gives).
    package var literal: String {
        switch self {
        case .valid, .empty: ""
        case .letter: "a"
        case .word: "Ann"
        case .number: "7"
        case .whitespace: "   "
        case .padded: "  Ann  "
        case .long: String(repeating: "Wide text ", count: Self.longLength / 10) + "ab"
        case .nonASCII: "Zoë Ångström 日本語 ☕️ مرحبا"
        case .wouldBeSecret: Self.wouldBeSecretText
        }
    }

    /// The would-be secret: made up, so it can be shown in a report, but never on the app's screen
    /// once typed into a secure field.
    package static let wouldBeSecretText = "explore-pw-7Qx!"

    /// The value as the map shows it: `""`, `"   "`, `long text (512 characters)`.
    func shown(_ text: String) -> String {
        switch self {
        case .long: "a long text (\(text.count) characters)"
        case .valid, .letter, .word, .number, .empty, .whitespace, .padded, .nonASCII, .wouldBeSecret: ElementTree.quoted(text)
        }
    }
}

extension ScreenSnapshot {
    /// Whether this screen offers `action`: back always, and a robot action offered on it (its
    /// robot's screen, which the crawl checked); else an enabled element of the action's kind and
    /// identifier (a button of the alert on top, for an answer).
    func offers(_ action: ExploreAction) -> Bool {
        guard !action.isRobot, let identifier = action.identifier else { return true }
        let elements = action.verb == .answer ? (topAlert?.children ?? []) : allElements
        return elements.contains { $0.identifier == identifier && $0.isEnabled && (action.kind == nil || $0.kind == action.kind) }
    }
}
