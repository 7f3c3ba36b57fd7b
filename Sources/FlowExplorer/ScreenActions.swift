import FlowKit
import FlowRunner

/// What a person can do on a screen, worked out in one place for the map and the walks: each
/// button of the alert on top while one is up; else each enabled button and row, each enabled
/// field (what it is typed with is chosen after), and back. And what the app's robots can do on
/// it: the actions of the robot whose screen it is (``RobotSteps``).
enum ScreenActions {
    /// The controls of `screen`, in its order, each as an action (a field's typing nothing: its
    /// value is chosen by the strategy).
    static func controls(on screen: ScreenSnapshot) -> [ExploreAction] {
        if let alert = screen.topAlert {
            return alert.children.filter { $0.kind == .button && $0.isEnabled && !$0.identifier.isEmpty }
                .map { ExploreAction(.answer, kind: .button, identifier: $0.identifier, alert: alert.identifier) }
        }
        var actions: [ExploreAction] = []
        for element in screen.elements where element.isEnabled && !element.identifier.isEmpty {
            switch element.kind {
            case .button, .cell: actions.append(ExploreAction(.tap, kind: element.kind, identifier: element.identifier))
            case .textField, .secureTextField: actions.append(ExploreAction(.type, kind: element.kind, identifier: element.identifier, text: "", value: .empty))
            case .staticText, .image, .alert: continue
            }
        }
        actions.append(.back)
        return actions
    }

    /// The class of `action`: its verb and its control, rows (and any control whose identifier
    /// carries a number) by their class (`tap cell todo-#`), a robot action by its name: what a
    /// swarm walk leaves in or out, and what the map taps three of.
    static func actionClass(of action: ExploreAction) -> String {
        action.problemControl
    }
}

/// The robot actions a walk may take on a screen, each with arguments drawn for it: the actions of
/// the robot whose screen it is (by its title), its checks left out (a robot's check, named
/// `check...`, is a step that asserts, not one that does), none while an alert is up.
struct RobotSteps {
    let catalog: RobotCatalog
    /// What the project's flows give each text parameter (`Todos.add title`): its valid values.
    let given: [RobotValues.Parameter: [String]]
    /// The variables a value may be written with.
    let variables: [String: String]
    let scheme: Scheme

    /// The robot steps of a crawl of `catalog`, with the values `flows` give their parameters.
    init(catalog: RobotCatalog, flows: [Flow], variables: [String: String], scheme: Scheme) {
        self.catalog = catalog
        var given: [RobotValues.Parameter: [String]] = [:]
        for flow in flows {
            for (parameter, text) in RobotValues.arguments(in: flow.steps) where !(given[parameter] ?? []).contains(text.raw) {
                given[parameter, default: []].append(text.raw)
            }
        }
        self.given = given
        self.variables = variables
        self.scheme = scheme
    }

    /// None: a crawl of an app whose catalog declares no robot action.
    static let none = RobotSteps(catalog: RobotCatalog([]), flows: [], variables: [:], scheme: Scheme(name: "none"))

    /// The robot actions offered on `screen`, in the order declared.
    func offered(on screen: ScreenSnapshot) -> [RobotAction] {
        guard screen.topAlert == nil else { return [] }
        return catalog.actions.filter { !$0.isCheck && catalog.screenTitle(of: $0.robot) == screen.title }
    }

    /// `action` on `screen` with arguments drawn by `random`: a text from the parameter's pool (what
    /// the flows give it first, then ordinary values three times as often as blank, long, foreign
    /// or secret ones), a position among the rows shown, a small number, true or false; a parameter
    /// a step may leave out is left out. Nil when one cannot be filled (a position, and no row shown).
    func call(_ action: RobotAction, on screen: ScreenSnapshot, random: inout SeededRandom) -> ExploreAction? {
        var arguments: [ExploreAction.RobotArgument] = []
        let rows = screen.elements.filter { $0.kind == .cell }.count
        for parameter in action.parameters where !parameter.isOptional {
            switch parameter.kind {
            case .text:
                let pool = textPool(for: action, parameter)
                guard let chosen = random.pick(weights: pool.map { $0.typed.isOrdinary ? 3 : 1 }) else { return nil }
                arguments.append(ExploreAction.RobotArgument(name: parameter.name, value: .text(pool[chosen].text), typed: pool[chosen].typed))
            case .integer:
                let least = parameter.minimum ?? 0
                if Self.isPosition(parameter) {
                    guard rows >= least, rows > 0 else { return nil }
                    arguments.append(ExploreAction.RobotArgument(name: parameter.name, value: .integer(max(least, 1) + Int(random.next() % UInt64(rows)))))
                } else {
                    arguments.append(ExploreAction.RobotArgument(name: parameter.name, value: .integer(least + Int(random.next() % Self.smallNumbers))))
                }
            case .boolean:
                arguments.append(ExploreAction.RobotArgument(name: parameter.name, value: .boolean(random.next() % 2 == 0)))
            case .integers:
                guard rows > 0 else { return nil }
                let first = 1 + Int(random.next() % UInt64(rows))
                let second = 1 + Int(random.next() % UInt64(rows))
                arguments.append(ExploreAction.RobotArgument(name: parameter.name, value: .integers(first == second ? [first] : [min(first, second), max(first, second)])))
            }
        }
        return ExploreAction(robot: action.fullName, arguments: arguments)
    }

    /// How many small numbers a count is drawn among, from its least.
    static let smallNumbers: UInt64 = 6

    /// Whether `parameter` names a row: a position from 1.
    static func isPosition(_ parameter: ActionParameter) -> Bool {
        parameter.kind == .integer && (parameter.name.lowercased().contains("position") || parameter.name.lowercased().contains("row"))
    }

    /// The texts a parameter is given: what the flows give it, then every other value of a field's
    /// pool (a secret one only the would-be secret, and what the flows give it).
    func textPool(for action: RobotAction, _ parameter: ActionParameter) -> [(text: String, typed: TypedValue)] {
        let valid = (given[RobotValues.Parameter(action: action.fullName, name: parameter.name)] ?? []).map { ($0, TypedValue.valid) }
        if parameter.isSecret { return valid + [(TypedValue.wouldBeSecretText, .wouldBeSecret)] }
        return valid + TypedValue.allCases.filter { $0 != .valid && $0 != .wouldBeSecret }.map { ($0.literal, $0) }
    }
}
