import FlowKit

/// `seed`: puts a fresh copy of a fixture's store in place.
package struct Seed: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "seed"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Puts a fresh copy of a fixture's store in place (use it before launch, or with relaunch: the running app says its store was replaced)."
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.value(.text, summary: "a fixture in the scheme's seeds folder")
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["seed: large"]

    /// The fixture to seed, by name in the scheme's seeds folder; it may hold `${variables}`.
    package let fixture: Text

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        fixture = try input.required(FieldKey.text(StepForm.valueField, ""))
    }

    /// The fixture, so the runner seeds it once before the flows run.
    package var seededFixture: Text? { fixture }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) { context.seed(context.resolve(fixture)) }
}

extension StepForm {
    /// The name the value of a `.value` step is read under.
    package static let valueField = "value"
}
