import FlowKit
import LocatedYAML
import Yams

/// A flow as read from its YAML file: what to seed, how to launch, and the steps.
public struct Flow: Sendable {
    /// The file, as given to the runner (relative to the current folder when below it).
    public let file: String
    public let name: String
    public let tags: [String]
    /// The fixture to seed before the flow (nil: `default`).
    public let fixture: String?
    public let launch: LaunchSettings
    /// Alerts answered whenever they are up before a step (but for the steps that read busy
    /// frames) and whenever they block an action: alert identifier or title → button.
    public let onAlert: [(alert: String, button: String)]
    public let steps: [Step]

    /// The `${name}` variables the flow uses anywhere (for lint), with where they are first used.
    public let variableUses: [VariableUse]
    /// Where `fixture:` is written, for lint to point at a fixture that does not exist.
    public var fixtureLocation: SourceLocation? = nil
}

/// Launch arguments, `-key value` defaults and environment, as a flow or a scheme gives them.
public struct LaunchSettings: Sendable, Equatable {
    public var arguments: [Text]
    public var defaults: [(key: String, value: Text)]
    public var environment: [(key: String, value: Text)]

    public init(arguments: [Text] = [], defaults: [(key: String, value: Text)] = [], environment: [(key: String, value: Text)] = []) {
        self.arguments = arguments
        self.defaults = defaults
        self.environment = environment
    }

    public static func == (a: LaunchSettings, b: LaunchSettings) -> Bool {
        a.arguments == b.arguments && a.defaults.map(\.key) == b.defaults.map(\.key) && a.defaults.map(\.value) == b.defaults.map(\.value)
            && a.environment.map(\.key) == b.environment.map(\.key) && a.environment.map(\.value) == b.environment.map(\.value)
    }
}

/// A place in a flow file.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    var site: CallSite { CallSite(file: file, line: line) }
}

/// Text that may hold `${variables}`, resolved when the flow runs.
public struct Text: Sendable, Equatable, ExpressibleByStringLiteral {
    public let raw: String

    public init(_ raw: String) {
        self.raw = raw
    }

    public init(stringLiteral value: String) {
        self.raw = value
    }

    /// The names of the variables it uses, in order.
    public var variables: [String] {
        var names: [String] = []
        var rest = raw[...]
        while let open = rest.range(of: "${") {
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
            names.append(String(rest[open.upperBound..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

/// A `${name}` in a flow, and where.
public struct VariableUse: Sendable, Equatable {
    public let name: String
    public let location: SourceLocation
}

/// One step of a flow, with where it is written.
public struct Step: Sendable {
    /// What the step does: a primitive from the registry, or a robot action.
    public let action: any StepAction
    public let location: SourceLocation
    /// The step as written (`Glance.checkCounts`, `tap`), for reports.
    public let title: String

    public init(action: any StepAction, location: SourceLocation, title: String) {
        self.action = action
        self.location = location
        self.title = title
    }
}

extension YAMLReader {
    func location(of node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }
}
