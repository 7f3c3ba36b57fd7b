import FlowKit

/// `type`: replaces a field's text, as the app's `type` command does.
public struct TypeText: PrimitiveStep {
    public static let keyword = "type"
    public static let summary = "Replaces the text of a field; a secure field's text is never shown."
    static let text = FieldKey.text("text", required: true, "the new text (variables allowed)")
    public static let form = StepForm.element([text.field])
    public static let examples = [
        "type: {textField: Username, text: \"${test.user}\"}",
        "type: {secureTextField: Password, text: \"${test.password}\"}",
    ]

    public let element: ElementSelector
    public let text: Text

    public init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
        text = try input.required(Self.text)
    }

    public func run(in context: StepContext) {
        context.element(element).replaceText(context.resolve(text), file: context.site.file, line: context.site.line)
    }
}
