/// What a YAML step may call: the robots' actions, each with its parameters and what it leads to.
///
/// Robots declare their entries next to their methods; each entry's `perform` calls the very
/// method a Swift flow test calls, so a YAML step and a Swift robot call run the same code. The
/// same catalog drives `flow lint`, `flow schema` and the documentation of steps.
public struct RobotCatalog: Sendable {
    public let actions: [RobotAction]

    public init(_ actions: [RobotAction]) {
        self.actions = actions
    }

    /// The robots' names, in the order first declared.
    public var robots: [String] {
        var seen: [String] = []
        for action in actions where !seen.contains(action.robot) { seen.append(action.robot) }
        return seen
    }

    public func actions(of robot: String) -> [RobotAction] {
        actions.filter { $0.robot == robot }
    }

    public func action(_ robot: String, _ name: String) -> RobotAction? {
        actions.first { $0.robot == robot && $0.name == name }
    }
}

/// One robot action as YAML names it: `Login.login`, `Glance.checkCounts: {work: 8, other: 1}`.
public struct RobotAction: Sendable {
    public let robot: String
    public let name: String
    public let summary: String
    public let parameters: [Parameter]
    /// The robot of the screen the action leads to (nil: it stays on this screen).
    public let returns: String?
    let perform: @Sendable (FlowApp, StepArguments, CallSite) -> Void

    public init(
        robot: String, name: String, summary: String, parameters: [Parameter] = [], returns: String? = nil,
        perform: @escaping @Sendable (FlowApp, StepArguments, CallSite) -> Void
    ) {
        self.robot = robot
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.returns = returns
        self.perform = perform
    }

    /// `Login.login`.
    public var fullName: String { "\(robot).\(name)" }

    /// Runs the action on `app` as a step written at `site`.
    public func run(on app: FlowApp, with arguments: StepArguments, at site: CallSite) {
        perform(app, arguments, site)
    }
}

/// A parameter of a robot action.
public struct Parameter: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case string, integer, boolean
    }

    public let name: String
    public let kind: Kind
    public let isOptional: Bool
    /// Secret values are never printed: in steps, failures and reports they read `••••••••`.
    public let isSecret: Bool
    public let summary: String
    /// The variable the robot reads when the parameter is not given (`test.user`): a flow that
    /// leaves it out uses that variable, and lint and the runner treat it so.
    public let defaultVariable: String?

    public init(_ name: String, _ kind: Kind, optional: Bool = false, secret: Bool = false, summary: String = "", defaultVariable: String? = nil) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
        self.isSecret = secret
        self.summary = summary
        self.defaultVariable = defaultVariable
    }
}

/// A step's arguments, checked against the action's parameters when the flow was read.
public struct StepArguments: Sendable {
    public enum Value: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case boolean(Bool)
    }

    let values: [String: Value]

    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    public func string(_ name: String) -> String? {
        if case let .string(value)? = values[name] { return value }
        return nil
    }

    public func integer(_ name: String) -> Int? {
        if case let .integer(value)? = values[name] { return value }
        return nil
    }

    public func boolean(_ name: String) -> Bool? {
        if case let .boolean(value)? = values[name] { return value }
        return nil
    }
}
