import FlowKit

/// `waitUntilGone`: the element goes (busy frames count).
package struct WaitUntilGone: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "waitUntilGone"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Waits until no element with the name (in the selector's state) is there; busy frames count. Fails at once if it is still there on an idle screen."
    static let timeout = FieldKey.timeout("the longest it waits (default: 10)")
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.element([timeout.field])
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["waitUntilGone: {alert: Syncing…, timeout: 10}", "waitUntilGone: {button: Continue, enabled: false}"]
    /// Old keywords this step replaced, so lint can say how to write them now.
    package static let formerly = ["assertGoes": "waitUntilGone: {alert: Syncing…}"]

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
        context.element(element).waitUntilGone(timeout: timeout, sourceLocation: context.site.sourceLocation)
    }
}
