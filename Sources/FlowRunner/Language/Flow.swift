import FlowKit
import LocatedYAML
import Yams

/// A flow as read from its YAML file: what to seed, how to launch, and the steps.
package struct Flow: Sendable {
    /// The file, as given to the runner (relative to the current folder when below it).
    package let file: String
    /// The flow's `name:`, by which reports, JUnit and the timings file know it.
    package let name: String
    /// The flow's `tags:`, which `--include-tags` and `--exclude-tags` select on.
    package let tags: [String]
    /// The fixture to seed before the flow (nil: `default`).
    package let fixture: String?
    /// The flow's `launch:` settings, added to the scheme's when the app starts.
    package let launch: LaunchSettings
    /// Alerts answered whenever they are up before a step (but for the steps that read busy
    /// frames) and whenever they block an action: alert identifier or title → button.
    package let onAlert: [(alert: String, button: String)]
    /// The steps, in the order they run.
    package let steps: [Step]

    /// The `${name}` variables the flow uses anywhere (for lint), with where they are first used.
    package let variableUses: [VariableUse]
    /// Where `fixture:` is written, for lint to point at a fixture that does not exist.
    package var fixtureLocation: SourceLocation? = nil
    /// The accessibility rules the flow's audits leave out (`audit: {skip: [...]}`): its
    /// `assertAccessible` steps and `run --audit`.
    package var auditOff: [AuditRule] = []
    /// Where `launch:` is written: a launch that fails is reported there.
    package var launchLocation: SourceLocation? = nil

    /// Where the flow's first launch is said to be when it fails: its `launch:`, else its first
    /// step (the one the launch was for), else its first line.
    package var launchPlace: SourceLocation { launchLocation ?? steps.first?.location ?? .start(of: file) }
    /// ``launchPlace`` as FlowKit reports a failure's caller.
    package var launchSite: CallSite { launchPlace.site }

    /// `skip:` of the flow's `audit:` mapping, and of the `assertAccessible` step: rules left out.
    package static let auditSkip = FieldKey.words("skip", choices: AuditRule.allCases.map(\.rawValue), "accessibility rules to leave out")
}

/// Launch arguments, `-key value` defaults and environment, as a flow or a scheme gives them.
package struct LaunchSettings: Sendable, Equatable {
    /// Arguments passed to the app as written (they may hold `${variables}`).
    package var arguments: [Text]
    /// `-key value` pairs, the app's user defaults, in the order given.
    package var defaults: [(key: String, value: Text)]
    /// Environment variables for the app's process, in the order given.
    package var environment: [(key: String, value: Text)]

    /// Settings as given; each list may be empty.
    package init(arguments: [Text] = [], defaults: [(key: String, value: Text)] = [], environment: [(key: String, value: Text)] = []) {
        self.arguments = arguments
        self.defaults = defaults
        self.environment = environment
    }

    /// Equal when the lists are, pair by pair and in order (tuples are not `Equatable`).
    package static func == (a: LaunchSettings, b: LaunchSettings) -> Bool {
        a.arguments == b.arguments && a.defaults.map(\.key) == b.defaults.map(\.key) && a.defaults.map(\.value) == b.defaults.map(\.value)
            && a.environment.map(\.key) == b.environment.map(\.key) && a.environment.map(\.value) == b.environment.map(\.value)
    }
}

/// Text that may hold `${variables}`, resolved when the flow runs.
package struct Text: Sendable, Equatable, ExpressibleByStringLiteral {
    /// The text as written, `${variables}` unresolved.
    package let raw: String

    /// Text as written, to be resolved when the flow runs.
    package init(_ raw: String) {
        self.raw = raw
    }

    /// Lets a test or a default write text as a literal.
    package init(stringLiteral value: String) {
        self.raw = value
    }

    /// The names of the variables it uses, in order.
    package var variables: [String] {
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
package struct VariableUse: Sendable, Equatable {
    /// The variable's name, without `${` and `}`.
    package let name: String
    /// Where it is first used, for lint to point at.
    package let location: SourceLocation
}

/// One step of a flow, with where it is written.
package struct Step: Sendable {
    /// What the step does: a primitive from the registry, or a robot action.
    package let action: any StepAction
    /// Where the step is written: failures are reported at this line.
    package let location: SourceLocation
    /// The step as written (`Glance.checkCounts`, `tap`), for reports.
    package let title: String

    /// A step that runs `action`, reported as `title` at `location`.
    package init(action: any StepAction, location: SourceLocation, title: String) {
        self.action = action
        self.location = location
        self.title = title
    }
}

extension SourceLocation {
    /// The place as FlowKit reports a failure's caller: file and line.
    var site: CallSite { CallSite(file: file, line: line, column: column) }
}

extension YAMLReader {
    func location(of node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }
}

extension Flow {
    /// A flow made in code rather than read (a crawler's prefix, a session's steps): its file is
    /// where failures are said to be; `variableUses` are the `${name}` uses its steps make, which
    /// ``FlowSuite/checkVariables(known:credentials:)`` checks as it checks a read flow's.
    package init(
        file: String, name: String, tags: [String] = [], fixture: String?, launch: LaunchSettings = LaunchSettings(),
        onAlert: [(alert: String, button: String)] = [], steps: [Step], variableUses: [VariableUse] = []
    ) {
        self.init(file: file, name: name, tags: tags, fixture: fixture, launch: launch, onAlert: onAlert, steps: steps, variableUses: variableUses,
                  fixtureLocation: nil)
    }
}
