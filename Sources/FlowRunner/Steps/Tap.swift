import FlowKit

/// `tap`: taps an element once the app is idle, then waits for idle again.
package struct Tap: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "tap"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Taps an element, then waits for the app to be idle; with waitForIdle: false it returns at the app's answer, with the work it started in flight."
    static let waitForIdle = FieldKey.boolean("waitForIdle", "false: return at the app's answer, work in flight (default: true)")
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.element([waitForIdle.field])
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = [
        "tap: Continue",
        "tap: {button: OK, in: Permission}",
        "tap: {cell: \"Mon 1 Jun 2026, 09:05\"}",
        "tap: {button: Sync now, waitForIdle: false}",
    ]

    /// The element the step acts on, as the flow selects it.
    package let element: ElementSelector
    /// False when the flow wrote `waitForIdle: false`: the step returns at the app's answer, so later steps can see the work in flight.
    package let waitsForIdle: Bool

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
        waitsForIdle = input.optional(Self.waitForIdle) ?? true
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        context.element(element).tap(waitForIdle: waitsForIdle, sourceLocation: context.site.sourceLocation)
    }
}
