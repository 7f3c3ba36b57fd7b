import FlowKit

/// `assertNotVisible`: no such element (in that state) is on the idle screen.
public struct AssertNotVisible: PrimitiveStep {
    public static let keyword = "assertNotVisible"
    public static let summary = "No element with the name (in the selector's state, if it gives one) is on the idle screen; decided at once."
    public static let form = StepForm.element([])
    public static let examples = ["assertNotVisible: Loading…", "assertNotVisible: {alert: PhotosPermission}", "assertNotVisible: {button: Retry}"]
    public static let formerly = ["assertNotExists": "assertNotVisible: Login"]

    public let element: ElementSelector

    public init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
    }

    public func run(in context: StepContext) {
        context.element(element).assertNotVisible(file: context.site.file, line: context.site.line)
    }
}
