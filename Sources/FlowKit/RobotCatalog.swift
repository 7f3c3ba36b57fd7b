/// What a YAML flow may call of the robots: every robot's actions, with their typed parameters and
/// the screen each leads to, and the system alerts the app can raise.
///
/// Each robot declares its actions in its own file, in a `RobotActions` table after its methods;
/// each entry calls the very method a Swift flow test calls, so a YAML step and a Swift
/// robot call run the same code. The flow runner reads this catalog, never the robots: its parser,
/// `flow lint`, `flow schema` and the step reference in docs/flows.md are all made from it.
public struct RobotCatalog: Sendable {
    /// Every robot's actions: robot by robot, in the order of the tables, each in the order declared.
    public let actions: [RobotAction]
    /// The alerts the app raises, for checking alert names in flows before anything runs.
    public let alerts: [AlertDeclaration]
    /// Robots renamed: old name → new name, so an old flow gets a did-you-mean, not a shrug.
    public let formerRobots: [String: String]
    /// What must always hold of the app (``AppProperty``): checked by `flow explore` on every state
    /// and after every action, by `flow run --properties` after each step (the action properties
    /// it triggered, then the invariants), and by `assertProperty`.
    public let properties: [AppProperty]
    let tables: [any RobotActionTable]

    /// A catalog of the robots' `tables` (one a robot), the `alerts` the app raises, the robots'
    /// former names, and the `properties` declared beside the robots (their ``RobotProperties``
    /// tables, and the app's ``AppProperties``).
    public init(
        _ tables: [any RobotActionTable], alerts: [AlertDeclaration] = [], formerRobots: [String: String] = [:], properties: [any PropertyTable] = []
    ) {
        self.tables = tables
        self.actions = tables.flatMap(\.actions)
        self.alerts = alerts
        self.formerRobots = formerRobots
        self.properties = properties.flatMap(\.properties)
    }

    /// The property named `name`, if the app declares one.
    public func property(named name: String) -> AppProperty? {
        properties.first { $0.name == name }
    }

    /// The names two properties share (each a mistake: `assertProperty` could not tell them apart).
    public var propertiesNamedTwice: [String] {
        var seen: Set<String> = []
        var twice: [String] = []
        for property in properties where !seen.insert(property.name).inserted && !twice.contains(property.name) { twice.append(property.name) }
        return twice
    }

    /// The robots' names, in the order declared.
    public var robots: [String] { tables.map(\.robot) }

    /// The actions of `robot` (its YAML name: `Login`), in the order declared.
    public func actions(of robot: String) -> [RobotAction] {
        actions.filter { $0.robot == robot }
    }

    /// The action a step names as `robot.name` (`Login`, `login`), or nil when there is none.
    public func action(_ robot: String, _ name: String) -> RobotAction? {
        actions.first { $0.robot == robot && $0.name == name }
    }

    /// The title of a robot's screen (`Glance` → `At a glance`).
    public func screenTitle(of robot: String) -> String? {
        tables.first { $0.robot == robot }?.screenTitle
    }

    /// How a removed action of `robot` is written now, if it was renamed or split.
    public func formerAction(_ robot: String, _ name: String) -> String? {
        formerActions(of: robot)[name]
    }

    /// The removed actions of `robot`: old name → how to write it now.
    public func formerActions(of robot: String) -> [String: String] {
        tables.first { $0.robot == robot }?.formerActions ?? [:]
    }

    /// A robot action to show in an example or a hint, as a step writes it: the first the catalog
    /// declares (`Login.login`), or `Robot.action` when it declares none.
    public var exampleAction: String {
        actions.first?.fullName ?? "Robot.action"
    }

    /// The alert with this identifier or title, if the app declares one.
    public func alert(named name: String) -> AlertDeclaration? {
        alerts.first { $0.identifier == name || $0.title == name }
    }
}

/// A system alert the app can raise: its identifier, its title when it is fixed, its buttons.
public struct AlertDeclaration: Sendable, Equatable {
    /// The identifier flows name it by (`PhotosPermission`).
    public let identifier: String
    /// Its title when the app always words it the same, so a flow may name it by that too; else nil.
    public let title: String?
    /// The titles of its buttons, so a flow that answers it with another is an error before it runs;
    /// none for an overlay that goes when its work ends.
    public let buttons: [String]

    /// An alert the app raises, as flows may name and answer it.
    public init(identifier: String, title: String? = nil, buttons: [String]) {
        self.identifier = identifier
        self.title = title
        self.buttons = buttons
    }

    /// The names a flow may use for it: the identifier, and the title when it is fixed.
    public var names: [String] { [identifier] + (title.map { [$0] } ?? []) }
}

/// One robot action as YAML names it: `Login.login`, `Glance.checkCounts: {work: 8, other: 1}`.
public struct RobotAction: Sendable {
    /// The robot's YAML name (`Login`).
    public let robot: String
    /// The action's name (`login`).
    public let name: String
    /// One sentence for the step reference and the schema.
    public let summary: String
    /// Its parameters, in the order the robot method takes them.
    public let parameters: [ActionParameter]
    /// The robot of the screen the action leads to (nil: it stays on this screen). The action
    /// checks that it arrived there.
    public let returns: String?
    /// Parameters renamed: old name → new name.
    public let formerParameters: [String: String]
    let perform: @Sendable (FlowApp, ActionArguments, CallSite) -> Void

    /// `Login.login`.
    public var fullName: String { "\(robot).\(name)" }

    /// Whether it is a check, not an action: named `check...` (`checkCounts`), it asserts what the
    /// screen shows and does nothing to it. `flow explore` takes a robot's actions as steps of its
    /// walks, never its checks.
    package var isCheck: Bool {
        guard name.hasPrefix("check") else { return false }
        guard let next = name.dropFirst(5).first else { return true }
        return next.isUppercase
    }

    /// Runs the action on `app` as a step written at `site`: its failures are reported there.
    public func run(on app: FlowApp, with arguments: ActionArguments, at site: CallSite) {
        CallSite.$step.withValue(site) { perform(app, arguments, site) }
    }
}

/// What a parameter of a robot action is, whatever its Swift type: for the parser, the schema
/// and the docs.
public struct ActionParameter: Sendable, Equatable {
    /// The YAML value a parameter takes.
    public enum Kind: String, Sendable, CaseIterable {
        /// Text, which may hold `${variables}`.
        case text
        /// A whole number.
        case integer
        /// `true` or `false`.
        case boolean
        /// A YAML list of whole numbers: `[1, 3]`.
        case integers

        /// How lint and the docs name it.
        public var description: String {
            switch self {
            case .text: "text"
            case .integer: "a whole number"
            case .boolean: "true or false"
            case .integers: "a list of whole numbers"
            }
        }
    }

    /// Its name in YAML (`work`, `password`).
    public let name: String
    /// The YAML value it takes.
    public let kind: Kind
    /// A step may leave it out: the robot method then gets nil, or the robot reads ``defaultVariable``.
    public let isOptional: Bool
    /// Secret values are never printed: in steps, failures and reports they read `••••••••`.
    public let isSecret: Bool
    /// A short phrase for the step reference and the schema (`the username to type`).
    public let summary: String
    /// The variable the robot reads when the parameter is not given (`test.user`): a flow that
    /// leaves it out uses that variable, and lint and the runner treat it so.
    public let defaultVariable: String?
    /// The smallest whole number it takes (for `integer` and `integers`).
    public let minimum: Int?

    init(_ name: String, _ kind: Kind, optional: Bool = false, secret: Bool = false, summary: String, defaultVariable: String? = nil, minimum: Int? = nil) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
        self.isSecret = secret
        self.summary = summary
        self.defaultVariable = defaultVariable
        self.minimum = minimum
    }
}

/// A typed parameter: what YAML must give (`spec`) and the Swift value the robot method receives.
public struct Parameter<Value: Sendable>: Sendable {
    /// What the parser, the schema and the step reference know of it.
    public let spec: ActionParameter
    /// The Swift value from the step's argument (nil when it is not given); nil again when a
    /// required argument is missing.
    let convert: @Sendable (ActionArguments.Value?) -> Value?
}

extension Parameter where Value == String {
    /// Text the step must give.
    public static func text(_ name: String, _ summary: String, secret: Bool = false) -> Self {
        Self(spec: ActionParameter(name, .text, secret: secret, summary: summary)) { value in
            if case let .text(text)? = value { text } else { nil }
        }
    }
}

extension Parameter where Value == String? {
    /// Text the step may leave out; the robot then reads `defaultVariable`.
    public static func text(_ name: String, _ summary: String, secret: Bool = false, defaultVariable: String) -> Self {
        Self(spec: ActionParameter(name, .text, optional: true, secret: secret, summary: summary, defaultVariable: defaultVariable)) { value in
            if case let .text(text)? = value { .some(text) } else { .some(nil) }
        }
    }
}

extension Parameter where Value == Int {
    /// A whole number the step must give, at least `minimum`.
    public static func integer(_ name: String, _ summary: String, minimum: Int = 0) -> Self {
        Self(spec: ActionParameter(name, .integer, summary: summary, minimum: minimum)) { value in
            if case let .integer(number)? = value { number } else { nil }
        }
    }

    /// `count`: how many, the one name every count has.
    public static func count(_ summary: String) -> Self { integer("count", summary) }

    /// `position`: a row from 1.
    public static func position(_ summary: String = "the row, from 1") -> Self { integer("position", summary, minimum: 1) }
}

extension Parameter where Value == Int? {
    /// A whole number the step may leave out (the robot method then gets nil).
    public static func integer(_ name: String, _ summary: String, minimum: Int = 0) -> Self {
        Self(spec: ActionParameter(name, .integer, optional: true, summary: summary, minimum: minimum)) { value in
            if case let .integer(number)? = value { .some(number) } else { .some(nil) }
        }
    }
}

extension Parameter where Value == Bool? {
    /// True or false, or left out (the robot method then gets nil).
    public static func boolean(_ name: String, _ summary: String) -> Self {
        Self(spec: ActionParameter(name, .boolean, optional: true, summary: summary)) { value in
            if case let .boolean(flag)? = value { .some(flag) } else { .some(nil) }
        }
    }
}

extension Parameter where Value == Bool {
    /// True or false, which the step must give.
    public static func boolean(_ name: String, _ summary: String) -> Self {
        Self(spec: ActionParameter(name, .boolean, summary: summary)) { value in
            if case let .boolean(flag)? = value { flag } else { nil }
        }
    }
}

extension Parameter where Value == [Int] {
    /// A YAML list of rows from 1: `[1, 3]`.
    public static func positions(_ name: String = "positions", _ summary: String = "rows, from 1: [1, 3]") -> Self {
        Self(spec: ActionParameter(name, .integers, summary: summary, minimum: 1)) { value in
            if case let .integers(numbers)? = value { numbers } else { nil }
        }
    }
}

extension Parameter where Value == [Int]? {
    /// A YAML list of rows from 1, or left out (the robot method then gets nil).
    public static func positions(_ name: String = "positions", _ summary: String = "rows, from 1: [1, 3]") -> Self {
        Self(spec: ActionParameter(name, .integers, optional: true, summary: summary, minimum: 1)) { value in
            if case let .integers(numbers)? = value { .some(numbers) } else { .some(nil) }
        }
    }
}

/// A step's arguments, checked against the action's parameters when the flow was read.
public struct ActionArguments: Sendable {
    /// One argument, of the kind its parameter takes.
    public enum Value: Sendable, Equatable {
        /// Text, its `${variables}` already replaced by the runner.
        case text(String)
        /// A whole number.
        case integer(Int)
        /// True or false.
        case boolean(Bool)
        /// A list of whole numbers.
        case integers([Int])
    }

    let values: [String: Value]

    /// Arguments by parameter name, as the parser checked them (a test may build them by hand).
    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    /// The Swift value of `parameter`, or nil when a required one is missing.
    public subscript<V>(_ parameter: Parameter<V>) -> V? {
        parameter.convert(values[parameter.spec.name])
    }
}

/// A robot's table of YAML actions: the robot's name, its screen, and its actions.
public protocol RobotActionTable: Sendable {
    /// The robot's YAML name (`Login`).
    var robot: String { get }
    /// The title of the robot's screen (`Login`; `At a glance` for `Glance`).
    var screenTitle: String { get }
    /// The robot's actions, in the order declared.
    var actions: [RobotAction] { get }
    /// Removed actions: old name → how to write it now.
    var formerActions: [String: String] { get }
}

/// The YAML actions of robot `R`, declared in the robot's own file:
///
/// ```swift
/// static let yaml = RobotActions<GlanceRobot> {
///     $0.action("checkCounts", "The counts of work photos and other photos.", .integer("work", "..."), .integer("other", "...")) {
///         $0.checkCounts(work: $1, other: $2)
///     }
///     $0.move("reviewWorkPhotos", to: PhotosRobot.self, "Opens the list of work photos.") { $0.reviewWorkPhotos() }
/// }
/// ```
///
/// Each parameter is typed, so a closure receives `Int`, `[Int]`, `String` or `String?` as the
/// robot method wants it; a required argument the parser let through missing fails the step.
public struct RobotActions<R: Robot>: RobotActionTable {
    /// The robot's YAML name: `R.name`.
    public let robot: String
    /// The title of its screen: `R.screenTitle`.
    public let screenTitle: String
    /// The actions declared, in order.
    public private(set) var actions: [RobotAction] = []
    /// Renamed or split actions: old name → how to write it now.
    public private(set) var formerActions: [String: String] = [:]

    /// A table for `R`, filled in by `declare` with ``action(_:_:_:formerParameters:perform:)``,
    /// ``move(_:to:_:_:formerParameters:perform:)`` and ``formerly(_:now:)``.
    public init(_ declare: (inout Self) -> Void) {
        robot = R.name
        screenTitle = R.screenTitle
        declare(&self)
    }

    /// An action that stays on this screen (a check, or a change on it).
    public mutating func action<each P: Sendable>(
        _ name: String, _ summary: String, _ parameters: repeat Parameter<each P>, formerParameters: [String: String] = [:],
        perform: @escaping @Sendable (R, repeat each P) -> Void
    ) {
        add(name, summary, returns: nil, formerParameters: formerParameters, parameters: repeat each parameters) { robot, values in
            perform(robot, repeat each values)
        }
    }

    /// An action that leads to the screen of `Next`: the robot method checks it arrived.
    public mutating func move<Next: Robot, each P: Sendable>(
        _ name: String, to: Next.Type, _ summary: String, _ parameters: repeat Parameter<each P>, formerParameters: [String: String] = [:],
        perform: @escaping @Sendable (R, repeat each P) -> Next
    ) {
        add(name, summary, returns: Next.name, formerParameters: formerParameters, parameters: repeat each parameters) { robot, values in
            _ = perform(robot, repeat each values)
        }
    }

    /// An action that was renamed or split: a flow using `name` is told to write `now`.
    public mutating func formerly(_ name: String, now: String) {
        formerActions[name] = now
    }

    /// The argument of `parameter`, which the caller checked is there.
    private static func given<V>(_ parameter: Parameter<V>, in arguments: ActionArguments) -> V {
        guard let value = arguments[parameter] else { preconditionFailure("\(parameter.spec.name) was checked to be given") }
        return value
    }

    private mutating func add<each P: Sendable>(
        _ name: String, _ summary: String, returns: String?, formerParameters: [String: String],
        parameters: repeat Parameter<each P>, perform: @escaping @Sendable (R, (repeat each P)) -> Void
    ) {
        var specs: [ActionParameter] = []
        for parameter in repeat each parameters { specs.append(parameter.spec) }
        let typed = (repeat each parameters)
        let fullName = "\(robot).\(name)"
        actions.append(RobotAction(
            robot: robot, name: name, summary: summary, parameters: specs, returns: returns, formerParameters: formerParameters
        ) { app, arguments, site in
            var missing: [String] = []
            for parameter in repeat each typed {
                if arguments[parameter] == nil { missing.append(parameter.spec.name) }
            }
            guard missing.isEmpty else {
                app.fail(fullName, "it needs \(missing.map { "\"\($0)\"" }.joined(separator: ", ")), and the step does not give it", site: site)
                return
            }
            perform(R(app: app), (repeat Self.given(each typed, in: arguments)))
        })
    }
}

