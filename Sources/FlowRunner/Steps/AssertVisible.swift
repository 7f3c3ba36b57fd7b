import FlowKit

/// `assertVisible`: the element is on the idle screen, in the state the selector gives.
package struct AssertVisible: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "assertVisible"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "The element is on the idle screen, in the state its selector gives (a long list is scrolled through); decided at once on an idle screen."
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.element([])
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = [
        "assertVisible: Welcome",
        "assertVisible: {cell: \"Mon 1 Jun 2026, 09:05\"}",
        "assertVisible: {button: Continue, enabled: false}",
        "assertVisible: {staticText: message, label: Wrong passcode}",
        "assertVisible: {textField: Email, value: test}",
        "assertVisible: {button: Bold, selected: true}",
        "assertVisible: {alert: Permission}",
    ]
    /// Old keywords this step replaced, so lint can say how to write them now.
    package static let formerly = [
        "assertEnabled": "assertVisible: {button: Continue, enabled: true}",
        "assertSelected": "assertVisible: {button: Bold, selected: true}",
        "assertLabel": "assertVisible: {staticText: message, label: Wrong passcode}",
        "assertValue": "assertVisible: {textField: Email, value: test}",
        "assertExists": "assertVisible: Continue",
    ]
    /// Old keywords whose check is now a state on the selector, so lint can rewrite them.
    package static let formerState = ["assertEnabled": "enabled", "assertSelected": "selected", "assertLabel": "label", "assertValue": "value"]

    /// The element the step acts on, as the flow selects it.
    package let element: ElementSelector

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
    }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        context.element(element).assertVisible(sourceLocation: context.site.sourceLocation)
    }
}
