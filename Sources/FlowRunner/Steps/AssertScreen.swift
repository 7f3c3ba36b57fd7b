import FlowKit

/// `assertScreen`: the idle screen matches its golden screen, a text file kept beside the flow.
package struct AssertScreen: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "assertScreen"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "The idle screen matches its golden screen, a text file beside the flow (__Screens__/FLOW.NAME.txt): "
        + "recorded when there is none (the run says so), compared after; a mismatch fails with a line diff and leaves the new "
        + "screen beside the golden as NAME.txt.pending, for `snapshots accept`. Only --record or accept rewrites a golden."
    static let name = FieldKey.text("name", required: true, "the screen's name: letters, digits, _ and -")
    static let mask = FieldKey.words("mask", "identifiers whose label and value change from run to run (a date, a count): shown as «masked»")
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.fields([name.field, mask.field], shorthand: "name")
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["assertScreen: welcome", "assertScreen: {name: inbox, mask: [lastSync, unread]}"]

    /// The screen's name, which names its golden file.
    package let name: String
    /// The identifiers whose label and value are masked.
    package let masked: [String]

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        let name = try input.required(Self.name)
        guard name.variables.isEmpty else { throw StepInputError("name \"\(name.raw)\" holds a variable: a golden screen's name is fixed, so its file is known before the run") }
        if let problem = GoldenScreenFile.problem(withName: name.raw) { throw StepInputError(problem) }
        self.name = name.raw
        masked = input.optional(Self.mask) ?? []
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        context.compareScreen(named: name, masking: masked)
    }
}
