import FlowKit

/// `assertVisible`: the element is on the idle screen, in the state the selector gives.
public struct AssertVisible: PrimitiveStep {
    public static let keyword = "assertVisible"
    public static let summary = "The element is on the idle screen, in the state its selector gives (a long list is scrolled through); decided at once on an idle screen."
    public static let form = StepForm.element([])
    public static let examples = [
        "assertVisible: At a glance",
        "assertVisible: {cell: \"Mon 1 Jun 2026, 09:05  Office\"}",
        "assertVisible: {button: Login, enabled: false}",
        "assertVisible: {staticText: results, label: Login failed}",
        "assertVisible: {textField: Username, value: test}",
        "assertVisible: {button: Show & Hide, selected: true}",
        "assertVisible: {alert: PhotosPermission}",
    ]
    public static let formerly = [
        "assertEnabled": "assertVisible: {button: Login, enabled: true}",
        "assertLabel": "assertVisible: {staticText: results, label: Login failed}",
        "assertValue": "assertVisible: {textField: Username, value: test}",
        "assertExists": "assertVisible: Login",
    ]
    public static let formerState = ["assertEnabled": "enabled", "assertLabel": "label", "assertValue": "value"]

    public let element: ElementSelector

    public init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
    }

    public func run(in context: StepContext) {
        context.element(element).assertVisible(file: context.site.file, line: context.site.line)
    }
}
