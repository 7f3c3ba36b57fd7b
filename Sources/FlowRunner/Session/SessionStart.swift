import FlowKit
import Foundation

/// What a session starts from: nothing, or a flow's settings and its first steps. `flow studio`,
/// `flow inspect` and the MCP server's `start_session` read a flow the same way, here.
package struct SessionStart {
    /// The flow's name, or "New flow".
    package private(set) var name = "New flow"
    /// The flow's fixture, or `default`.
    package private(set) var fixture = "default"
    /// The flow's own launch settings.
    package private(set) var launch = LaunchSettings()
    /// The flow's `onAlert` answers.
    package private(set) var onAlert: [(alert: String, button: String)] = []
    /// The folder its `runFlow` paths are relative to.
    package private(set) var folder = "Flows"
    /// The steps to run first, as written, one line each (the first `until` when given).
    package private(set) var steps: [String] = []
    /// How many steps the flow has in all.
    package private(set) var stepCount = 0

    /// Reads `flow` (nil: start from nothing, `runFlow` paths relative to `folder`, the app's
    /// flows). `until` keeps only its first N steps; it needs a flow and may not be more than the
    /// flow has. Problems in the flow are lint's located errors, with the scheme's secrets masked.
    package init(
        flow: String?, until: Int? = nil, catalog: RobotCatalog, scheme: Scheme, variables: [String: String], folder: String = "Flows"
    ) throws(SessionStartError) {
        if let until, until < 0 { throw .until(.negative(until)) }
        self.folder = folder
        guard let flow else {
            if let until { throw .until(.withoutFlow(until)) }
            return
        }
        let parser = FlowParser(catalog: catalog)
        guard let parsed = parser.parse(file: flow) else {
            throw .diagnostics(Diagnostics(parser.problems.map { $0.masking(scheme.secretValues(variables: variables)) }))
        }
        name = parsed.name
        fixture = parsed.fixture ?? "default"
        launch = parsed.launch
        onAlert = parsed.onAlert
        self.folder = PathText.parent(of: flow)
        // The steps as written, one line each (read again from the file: the parser keeps no text).
        let lines = FlowSession.stepLines(ofFile: flow)
        stepCount = lines.count
        if let until, until > lines.count { throw .until(.beyondSteps(until, flow: flow, steps: lines.count)) }
        steps = Array(lines.prefix(until ?? lines.count))
    }

    /// A session set up as the flow's header says (`fixture` overrides its fixture): the fixture
    /// seeded and the app launched. The steps are not run: the caller runs them and says how each
    /// went. `runner` is the runner the session is part of, as its messages name it.
    package func open(
        scheme: Scheme, variables: [String: String], catalog: RobotCatalog, fixture: String? = nil, runner: RunnerIdentity = .standard,
        propertyWorkers: PropertyWorkers? = nil
    ) throws(SessionError) -> FlowSession {
        try FlowSession(.init(
            scheme: scheme, variables: variables, catalog: catalog, fixture: fixture ?? self.fixture,
            launch: launch, onAlert: onAlert, folder: folder, runner: runner, propertyWorkers: propertyWorkers
        ))
    }
}

/// Why a session cannot start from what it was given.
package enum SessionStartError: Error, Sendable {
    /// The flow does not pass lint: every problem, located.
    case diagnostics(Diagnostics)
    /// The number of steps to run first is wrong.
    case until(UntilProblem)

    /// What is wrong with a number of steps to run first.
    package enum UntilProblem: Sendable, Equatable {
        /// Below zero.
        case negative(Int)
        /// Given without a flow.
        case withoutFlow(Int)
        /// More than the flow has.
        case beyondSteps(Int, flow: String, steps: Int)
    }
}

extension SessionStartError.UntilProblem {
    /// The problem in words, the option named as the caller's user typed it (`--until`, `until`).
    package func message(option: String) -> String {
        switch self {
        case let .negative(value): "\(option) \(value): give 0 or more"
        case .withoutFlow: "\(option) goes with a flow to start from"
        case let .beyondSteps(value, flow, steps): "\(option) \(value): \(flow) has \(steps) step\(steps == 1 ? "" : "s")"
        }
    }
}
