import FlowKit

/// `assertNotShown`: no part of the idle screen shows a text (a secret, say).
package struct AssertNotShown: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "assertNotShown"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "No part of the idle screen shows the text: no element's label or value holds it, nor any line as drawn. "
        + "The text is never printed, found or not (a secret is given as its variable); the failure names where it is shown. "
        + "flow explore writes it for a secret it saw on a screen."
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.value(.text, summary: "the text no part of the screen may show (variables allowed)")
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = [#"assertNotShown: "${account.passcode}""#, "assertNotShown: DEBUG"]

    /// The text that must not be shown; it may hold `${variables}`.
    package let text: Text

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        text = try input.required(FieldKey.text(StepForm.valueField, ""))
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        let step = "check that the screen does not show the text given"
        let hidden = context.resolve(text)
        guard !hidden.isEmpty else { return context.fail(step, "the text to look for is empty (a variable with no value?): give a text") }
        guard let frame = context.app.idleFrame(sourceLocation: context.site.sourceLocation) else { return }
        if let element = frame.screen.allElements.first(where: { $0.label.contains(hidden) || $0.value?.contains(hidden) == true }) {
            let part = element.label.contains(hidden) ? "label" : "value"
            return context.fail(step, "the screen shows it, in the \(part) of the \(element.kind.description) "
                + ElementTree.quoted(element.identifier.isEmpty ? "(no identifier)" : element.identifier))
        }
        if let line = frame.text.split(separator: "\n").firstIndex(where: { $0.contains(hidden) }) {
            context.fail(step, "the screen shows it, on line \(line + 1) as drawn")
        }
    }
}
