import FlowKit

/// `answerAlert`: taps a button of an alert (the one on top, or the one named).
public struct AnswerAlert: PrimitiveStep {
    public static let keyword = "answerAlert"
    public static let summary = "Taps a button of the alert on top, or of the alert named with in:; fails if no such alert is up."
    static let button = FieldKey.text("button", required: true, "the button to tap")
    static let scope = FieldKey.alert("in", "the alert, by identifier or title (default: the one on top)")
    public static let form = StepForm.fields([button.field, scope.field], shorthand: "button")
    public static let examples = ["answerAlert: OK", "answerAlert: {button: \"Don't Allow\", in: PhotosPermission}"]

    public let button: Text
    public let alert: Text?

    public init(_ input: StepInput) throws(StepInputError) {
        button = try input.required(Self.button)
        alert = input.optional(Self.scope)
    }

    public func run(in context: StepContext) {
        let name = context.resolve(button)
        let scope: String
        if let alert {
            scope = context.resolve(alert)
        } else {
            guard let screen = context.app.snapshot(file: context.site.file, line: context.site.line) else { return }
            guard let top = screen.topAlert else {
                context.fail("answer an alert with \"\(name)\"", "no alert is up")
                return
            }
            scope = top.identifier
        }
        context.app.alerts[scope, context.site.file, context.site.line].buttons[name, context.site.file, context.site.line]
            .tap(file: context.site.file, line: context.site.line)
    }
}
