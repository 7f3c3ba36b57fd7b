import FlowKit

/// `eraseText`: empties a field.
package struct EraseText: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "eraseText"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Empties a field, then waits for the app to be idle."
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.element([])
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["eraseText: Email", "eraseText: {secureTextField: Passcode}"]

    /// The element the step acts on, as the flow selects it.
    package let element: ElementSelector

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        context.element(element).replaceText("", sourceLocation: context.site.sourceLocation)
    }
}
