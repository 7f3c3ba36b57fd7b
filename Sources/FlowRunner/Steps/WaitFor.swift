import FlowKit

/// `waitFor`: the element appears (busy frames count), for work in flight.
package struct WaitFor: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "waitFor"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Waits until the element is there, in the selector's state; busy frames count, so an overlay shown while work is in flight is seen. Fails at once on an idle screen without it."
    static let timeout = FieldKey.timeout("the longest it waits (default: 10)")
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.element([timeout.field])
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = [
        "waitFor: {alert: Syncing…, timeout: 5}",
        "waitFor: {button: Continue, enabled: true}",
    ]
    /// Old keywords this step replaced, so lint can say how to write them now.
    package static let formerly = ["assertAppears": "waitFor: {alert: Syncing…}"]

    /// The element the step acts on, as the flow selects it.
    package let element: ElementSelector
    /// The longest it waits, in seconds (`timeout:`, else `StepContext.defaultWait`).
    package let timeout: Double

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
        timeout = input.optional(Self.timeout) ?? StepContext.defaultWait
    }

    /// True: it watches busy frames, so `onAlert` must not wait for idle before it.
    package var readsBusyFrames: Bool { true }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        context.element(element).waitFor(timeout: timeout, sourceLocation: context.site.sourceLocation)
    }
}
