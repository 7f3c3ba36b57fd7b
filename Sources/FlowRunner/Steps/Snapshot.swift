import FlowKit

/// `snapshot`: keeps the screen in the report.
package struct Snapshot: BareStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "snapshot"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Keeps the screen as it is now in the --report file."
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["snapshot"]

    /// A bare step reads nothing, so it needs nothing to be made.
    package init() {}

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) { context.keepScreen() }
}
