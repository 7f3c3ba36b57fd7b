import FlowKit

/// `launch`: starts the app (after `terminate`) and waits for its first idle frame.
package struct Launch: BareStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "launch"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Starts the app again (after terminate), on the flow's store, and waits for its first idle frame."
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["launch"]

    /// A bare step reads nothing, so it needs nothing to be made.
    package init() {}

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) { context.launch() }
}
