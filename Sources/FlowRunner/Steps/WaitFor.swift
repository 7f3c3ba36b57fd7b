import FlowKit

/// `waitFor`: the element appears (busy frames count), for work in flight.
public struct WaitFor: PrimitiveStep {
    public static let keyword = "waitFor"
    public static let summary = "Waits until the element is there, in the selector's state; busy frames count, so an overlay shown while work is in flight is seen. Fails at once on an idle screen without it."
    static let timeout = FieldKey.timeout("the longest it waits (default: 10)")
    public static let form = StepForm.element([timeout.field])
    public static let examples = [
        "waitFor: {alert: Uploading…, timeout: 5}",
        "waitFor: {button: Apply, enabled: true}",
    ]
    public static let formerly = ["assertAppears": "waitFor: {alert: Uploading…}"]

    public let element: ElementSelector
    public let timeout: Double

    public init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
        timeout = input.optional(Self.timeout) ?? StepContext.defaultWait
    }

    public var readsBusyFrames: Bool { true }

    public func run(in context: StepContext) {
        context.element(element).waitFor(timeout: timeout, file: context.site.file, line: context.site.line)
    }
}
