import FlowKit

/// `answerAlert`: taps a button of an alert (the one on top, or the one named).
package struct AnswerAlert: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "answerAlert"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Taps a button of the alert on top, or of the alert named with in:; fails if no such alert is up."
    static let button = FieldKey.text("button", required: true, "the button to tap")
    static let scope = FieldKey.alert("in", "the alert, by identifier or title (default: the one on top)")
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.fields([button.field, scope.field], shorthand: "button")
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["answerAlert: OK", "answerAlert: {button: \"Not now\", in: Permission}"]

    /// The button to tap, by identifier or label; it may hold `${variables}`.
    package let button: Text
    /// The alert named with `in:`, or nil to answer the one on top.
    package let alert: Text?

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        button = try input.required(Self.button)
        alert = input.optional(Self.scope)
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        let name = context.resolve(button)
        let scope: String
        if let alert {
            scope = context.resolve(alert)
        } else {
            guard let screen = context.app.snapshot(sourceLocation: context.site.sourceLocation) else { return }
            guard let top = screen.topAlert else {
                context.fail("answer an alert with \"\(name)\"", "no alert is up")
                return
            }
            scope = top.identifier
        }
        context.app.alerts[scope].buttons[name]
            .tap(sourceLocation: context.site.sourceLocation)
    }
}
