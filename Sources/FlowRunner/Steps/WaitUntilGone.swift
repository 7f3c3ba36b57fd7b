import FlowKit

/// `waitUntilGone`: the element goes (busy frames count).
public struct WaitUntilGone: PrimitiveStep {
    public static let keyword = "waitUntilGone"
    public static let summary = "Waits until no element with the name (in the selector's state) is there; busy frames count. Fails at once if it is still there on an idle screen."
    static let timeout = FieldKey.timeout("the longest it waits (default: 10)")
    public static let form = StepForm.element([timeout.field])
    public static let examples = ["waitUntilGone: {alert: Uploading…, timeout: 10}", "waitUntilGone: {button: Apply, enabled: false}"]
    public static let formerly = ["assertGoes": "waitUntilGone: {alert: Uploading…}"]

    public let element: ElementSelector
    public let timeout: Double

    public init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
        timeout = input.optional(Self.timeout) ?? StepContext.defaultWait
    }

    public var readsBusyFrames: Bool { true }

    public func run(in context: StepContext) {
        context.element(element).waitUntilGone(timeout: timeout, file: context.site.file, line: context.site.line)
    }
}
