import FlowKit

/// `assertWayOut`: a person on the idle screen can leave it.
package struct AssertWayOut: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "assertWayOut"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "A person can leave the idle screen, or go on on it: back, one of its enabled buttons, a row of each of its "
        + "lists, or (when an alert is up) one of the alert's buttons leads to another screen, as flow explore tells screens apart, or "
        + "changes what the screen holds (a row added, a row's value; not what a field holds). Each is tried "
        + "in turn from where the one before left the app, which stays where the way out led; none, and the step fails with what each did. "
        + "flow explore writes it for a dead end, and for an alert no button takes away."
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.fields([ignoring.field, byText.field], shorthand: nil)
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["assertWayOut", "assertWayOut: {ignoring: [clock]}"]

    /// Identifiers that do not tell screens apart (see FlowKit's `ScreenIdentity`).
    static let ignoring = FieldKey.words("ignoring", "identifiers that do not tell screens apart (an element that comes and goes by itself)")
    /// Identifiers whose words tell screens apart.
    static let byText = FieldKey.words("byText", "identifiers whose label and value tell screens apart too")

    /// What tells screens apart for this step.
    package let rules: ScreenIdentity.Rules

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        rules = ScreenIdentity.Rules(ignoring: input.optional(Self.ignoring) ?? [], byText: input.optional(Self.byText) ?? [])
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        let sourceLocation = context.site.sourceLocation
        guard let frame = context.app.idleFrame(sourceLocation: sourceLocation) else { return }
        let here = ScreenIdentity(frame.screen, rules: rules)
        var said: [String] = []
        for way in Self.ways(out: frame.screen) {
            switch context.app.attempt(way.action, target: way.target, text: nil, sourceLocation: sourceLocation) {
            case let .done(after):
                if ScreenIdentity(after.screen, rules: rules) != here || after.screen.differsInData(from: frame.screen) { return }
                said.append("\(way.name) leaves it as it is")
            case let .refused(reason):
                said.append("\(way.name) is refused (\(reason))")
            case .failed:
                return  // the app crashed or hung: that is the step's failure, recorded
            }
        }
        let title = TerminalText.oneLine(frame.screen.title)
        context.fail("check that there is a way out of the screen \"\(title)\"",
                     said.isEmpty ? "nothing on it can be used, and there is no back" : "no way out: " + said.joined(separator: "; "))
    }

    /// The ways a person could try to leave `screen`, in the order they are tried: an alert's enabled
    /// buttons while one is up; else back, the enabled buttons, and the first row of each class of rows.
    static func ways(out screen: ScreenSnapshot) -> [(name: String, action: Request.Action, target: String?)] {
        if let alert = screen.topAlert {
            return alert.children.filter { $0.kind == .button && $0.isEnabled }.map { ("the alert's button \(ElementTree.quoted($0.identifier))", .tap, $0.identifier) }
        }
        var ways: [(name: String, action: Request.Action, target: String?)] = [("back", .back, nil)]
        var classes: Set<String> = []
        for element in screen.elements where element.isEnabled {
            if element.kind == .button {
                ways.append(("the button \(ElementTree.quoted(element.identifier))", .tap, element.identifier))
            } else if element.kind == .cell, classes.insert(ScreenIdentity.rowClass(of: element.identifier)).inserted {
                ways.append(("the row \(ElementTree.quoted(element.rowText))", .tap, element.identifier))
            }
        }
        return ways
    }
}
