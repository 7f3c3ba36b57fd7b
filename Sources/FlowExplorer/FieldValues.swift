import FlowKit
import FlowRunner

/// What the crawl types into each field: its pool. First the field's *valid* values (what the
/// prefix typed into it, what the project's flows type into it, directly or through a robot
/// action, and a variable named like it, as `${name}`), then short ordinary values (a letter, a
/// word, a small number), then nothing, blanks, a long text, other scripts and, into a secure
/// field, a would-be secret.
struct FieldValues {
    /// Values the prefix typed, by field: a field's valid value.
    private var typedByPrefix: [String: String] = [:]
    /// Values the flows type into fields (`type` steps), by the name (letters and digits,
    /// lowercased) of the field; and what robot actions' text parameters were seen to type, by the
    /// field they typed into.
    private let flowValues: [(name: String, text: String)]
    private let variables: [String: String]
    private let scheme: Scheme

    init(flowValues: [(name: String, text: String)], variables: [String: String], scheme: Scheme) {
        self.flowValues = flowValues
        self.variables = variables
        self.scheme = scheme
    }

    /// Learns what the prefix typed into fields, as a flow writes it (a variable's value as the variable).
    mutating func learn(typedByPrefix typed: [(target: String, text: String)]) {
        for (target, text) in typed {
            typedByPrefix[target] = written(text)
        }
    }

    /// The valid values for `field` (at most ``validLimit``): what the prefix typed into it, what
    /// the flows type into a field (or robot actions type into it) named like it, and a variable
    /// named like it (`test.user` for `Username`, as `${variable}`).
    func valid(for field: ElementSnapshot) -> [String] {
        var values: [String] = []
        func add(_ text: String) { if !values.contains(text), values.count < Self.validLimit { values.append(text) } }
        if let typed = typedByPrefix[field.identifier] { add(typed) }
        let names = [field.identifier, field.label].map(Self.letters)
        for value in flowValues where names.contains(value.name) { add(value.text) }
        for value in flowValues where Self.near(value.name, names) { add(value.text) }
        for name in variables.keys.sorted() where Self.near(Self.letters(String(name.split(separator: ".").last ?? "")), names) {
            add("${\(name)}")
        }
        return values
    }

    /// The most valid values typed into one field.
    static let validLimit = 12

    /// The whole pool of `field`: its valid values, then every other value it takes (the would-be
    /// secret into a secure field only), each with what it is.
    func pool(for field: ElementSnapshot) -> [(text: String, value: TypedValue)] {
        valid(for: field).map { ($0, TypedValue.valid) } + Self.others(for: field).map { ($0.literal, $0) }
    }

    /// The values besides the valid ones that `field` is typed with, in order.
    static func others(for field: ElementSnapshot) -> [TypedValue] {
        TypedValue.allCases.filter { $0 != .valid && ($0 != .wouldBeSecret || field.kind == .secureTextField) }
    }

    /// Whether `name` names one of `names` (`user` names `username`): the same, or one starts
    /// the other and is four letters or more.
    static func near(_ name: String, _ names: [String]) -> Bool {
        guard name.count >= 3 else { return false }
        return names.contains { $0 == name || ($0.hasPrefix(name) && name.count >= 4) || (name.hasPrefix($0) && $0.count >= 4) }
    }

    /// What the `type` steps of `flows` type, by the field's name as written (the first of each),
    /// nested steps included; a field named with a variable is left out. Robot actions' text
    /// parameters are not here: what field they type into is seen by running them
    /// (``RobotValues``).
    static func typedValues(in flows: [Flow]) -> [(name: String, text: String)] {
        var values: [(name: String, text: String)] = []
        func walk(_ steps: [Step]) {
            for step in steps {
                if let typing = step.action as? TypeText, typing.element.name.variables.isEmpty {
                    add(&values, name: typing.element.name.raw, text: typing.text.raw)
                }
                for inner in step.action.inner { walk(inner.steps) }
            }
        }
        for flow in flows { walk(flow.steps) }
        return values
    }

    /// Adds `text` for the field `name` unless it is there.
    static func add(_ values: inout [(name: String, text: String)], name: String, text: String) {
        let key = letters(name)
        guard !key.isEmpty, !text.isEmpty, !values.contains(where: { $0.name == key && $0.text == text }) else { return }
        values.append((key, text))
    }

    /// A name as fields are matched by: its letters and digits, lowercased.
    static func letters(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// `text` as a flow writes it: `${name}` when a variable holds it (a secret one first), else as it is.
    func written(_ text: String) -> String {
        Self.written(text, variables: variables, scheme: scheme)
    }

    /// `text` as a flow writes it under `scheme` and `variables`.
    static func written(_ text: String, variables: [String: String], scheme: Scheme) -> String {
        let holders = variables.filter { $0.value == text && !text.isEmpty }.map(\.key).sorted()
        if let name = holders.first(where: scheme.isSecret) ?? holders.first(where: scheme.credentials.contains) ?? holders.first { return "${\(name)}" }
        return text
    }
}

/// What robot actions type, and where: a flow's `Lend.typeBorrower: {name: Bob}` types `Bob` into
/// whatever field the robot's method types its `name` into (`Borrower`), which no name tells. It
/// is seen by running one flow for each such parameter and watching the app's `type` commands: a
/// command whose text is the step's argument is that parameter's field; then every value any flow
/// gives that parameter goes to that field.
enum RobotValues {
    /// A robot action's text parameter: `Lend.typeBorrower name`.
    struct Parameter: Hashable {
        let action: String
        let name: String
    }

    /// Every text argument of a robot step in `steps` (nested steps included), as written.
    static func arguments(in steps: [Step]) -> [(parameter: Parameter, text: Text)] {
        var found: [(Parameter, Text)] = []
        for step in steps {
            if let robot = step.action as? RobotStep {
                for name in robot.arguments.keys.sorted() {
                    if case let .text(text)? = robot.arguments[name], !text.raw.isEmpty { found.append((Parameter(action: robot.action.fullName, name: name), text)) }
                }
            }
            for inner in step.action.inner { found += arguments(in: inner.steps) }
        }
        return found
    }

    /// The fewest of `flows` that give every robot text parameter an argument: the first flow for
    /// each, at most `limit`; each up to its last step that gives one (what comes after it, such as
    /// checks and waits, types nothing the watch needs, and only costs time).
    static func flowsToWatch(_ flows: [Flow], limit: Int = 20) -> [Flow] {
        var covered: Set<Parameter> = []
        var chosen: [Flow] = []
        for flow in flows where chosen.count < limit {
            let parameters = Set(arguments(in: flow.steps).map(\.parameter))
            if !parameters.isSubset(of: covered) {
                chosen.append(flow)
                covered.formUnion(parameters)
            }
        }
        return chosen.map(watchedPart)
    }

    /// `flow` up to its last step that gives a robot text parameter an argument.
    static func watchedPart(of flow: Flow) -> Flow {
        guard let last = flow.steps.lastIndex(where: { !arguments(in: [$0]).isEmpty }) else { return flow }
        var cut = Flow(file: flow.file, name: flow.name, tags: flow.tags, fixture: flow.fixture, launch: flow.launch, onAlert: flow.onAlert,
                       steps: Array(flow.steps[...last]), variableUses: flow.variableUses)
        // What the read flow carries beside its init's fields: the audit rules it turns off, and where it says its fixture and launch.
        (cut.auditOff, cut.fixtureLocation, cut.launchLocation) = (flow.auditOff, flow.fixtureLocation, flow.launchLocation)
        return cut
    }

    /// Each parameter's field, from what the app was told to type while each flow ran (`typed`,
    /// by flow file), matched by the argument's text once its variables are resolved.
    static func fields(of flows: [Flow], typed: [String: [(target: String, text: String)]], resolve: (String) -> String) -> [Parameter: String] {
        var fields: [Parameter: String] = [:]
        for flow in flows {
            guard let commands = typed[flow.file] else { continue }
            for (parameter, text) in arguments(in: flow.steps) where fields[parameter] == nil {
                let resolved = resolve(text.raw)
                if let command = commands.first(where: { $0.text == resolved }) { fields[parameter] = command.target }
            }
        }
        return fields
    }

    /// Every argument the flows give a parameter whose field is known, as that field's value.
    static func values(in flows: [Flow], fields: [Parameter: String]) -> [(name: String, text: String)] {
        var values: [(name: String, text: String)] = []
        for flow in flows {
            for (parameter, text) in arguments(in: flow.steps) {
                if let field = fields[parameter] { FieldValues.add(&values, name: field, text: text.raw) }
            }
        }
        return values
    }
}
