import FlowKit

/// `eraseText`: empties a field.
public struct EraseText: PrimitiveStep {
    public static let keyword = "eraseText"
    public static let summary = "Empties a field, then waits for the app to be idle."
    public static let form = StepForm.element([])
    public static let examples = ["eraseText: Username", "eraseText: {secureTextField: Password}"]

    public let element: ElementSelector

    public init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
    }

    public func run(in context: StepContext) {
        context.element(element).replaceText("", file: context.site.file, line: context.site.line)
    }
}
