import FlowKit

/// `assertNotVisible`: no such element (in that state) is on the idle screen.
package struct AssertNotVisible: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "assertNotVisible"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "No element with the name (in the selector's state, if it gives one) is on the idle screen; decided at once."
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.element([])
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["assertNotVisible: Loading…", "assertNotVisible: {alert: Permission}", "assertNotVisible: {button: Try again}"]
    /// Old keywords this step replaced, so lint can say how to write them now.
    package static let formerly = ["assertNotExists": "assertNotVisible: Continue"]

    /// The element the step acts on, as the flow selects it.
    package let element: ElementSelector

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        context.element(element).assertNotVisible(sourceLocation: context.site.sourceLocation)
    }
}
