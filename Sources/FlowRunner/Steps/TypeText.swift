import FlowKit

/// `type`: replaces a field's text, as the app's `type` command does.
package struct TypeText: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "type"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Replaces the text of a field; a secure field's text is never shown."
    static let text = FieldKey.text("text", required: true, "the new text (variables allowed)")
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.element([text.field])
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = [
        "type: {textField: Email, text: \"${account.email}\"}",
        "type: {secureTextField: Passcode, text: \"${account.passcode}\"}",
    ]

    /// The element the step acts on, as the flow selects it.
    package let element: ElementSelector
    /// The new text, resolved when the step runs, so it may hold `${variables}`.
    package let text: Text

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
        text = try input.required(Self.text)
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        context.element(element).replaceText(context.resolve(text), sourceLocation: context.site.sourceLocation)
    }
}
