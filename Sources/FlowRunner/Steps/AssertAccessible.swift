import FlowKit

/// `assertAccessible`: the accessibility audit of the idle screen finds nothing.
package struct AssertAccessible: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "assertAccessible"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Audits the idle screen for accessibility, as XCUITest's performAccessibilityAudit: every control has a "
        + "label a person can read, identifiers are unique, no two controls read the same, an alert has a way out, and a disabled "
        + "control is not the only way on. Each finding names the screen, the element and the rule; skip: leaves rules out "
        + "(the flow's audit: skip: too)."
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.fields([Flow.auditSkip.field], shorthand: Flow.auditSkip.field.name)
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["assertAccessible", "assertAccessible: {skip: [distinctNames]}"]

    /// The rules this step leaves out, besides the flow's.
    package let skipped: [AuditRule]

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        skipped = (input.optional(Flow.auditSkip) ?? []).compactMap(AuditRule.init(rawValue:))
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        context.app.performAccessibilityAudit(skipping: context.auditOff.union(skipped), sourceLocation: context.site.sourceLocation)
    }
}
