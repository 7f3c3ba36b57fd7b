import FlowKit

/// `assertProperty`: a property the app declares holds now (an invariant on the idle screen; an
/// action property or eventually on the step just before, which must be its action).
package struct AssertProperty: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "assertProperty"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "A property the app declares beside its robots holds: an invariant on the idle screen; an action property, "
        + "or eventually, on the step just before, which must be its action. Fails with what the property found, as flow explore's finding said it. "
        + "flow explore writes it at the end of the flow for a property it found broken."
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.value(.propertyName, summary: "the property's name")
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["assertProperty: totalIsTheSumOfTheRows"]

    /// The property, as the app's catalog declares it.
    package let property: AppProperty

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        property = try input.required(FieldKey.property(StepForm.valueField, ""))
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        guard let frame = context.app.idleFrame(sourceLocation: context.site.sourceLocation) else { return }
        guard let checker = context.executor.properties else {
            context.fail("check the property \(property.name)", "this run has no property worker to check it in (the runner was given no catalog with properties)")
            return
        }
        if let violation = checker.check(property, now: frame, last: context.executor.lastAction(for: property)) {
            context.fail("check the property \(property.name)", violation.message)
        }
    }
}
