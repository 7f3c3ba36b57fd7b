import FlowKit

/// `tap`: taps an element once the app is idle, then waits for idle again.
public struct Tap: PrimitiveStep {
    public static let keyword = "tap"
    public static let summary = "Taps an element, then waits for the app to be idle; with waitForIdle: false it returns at the app's answer, with the work it started in flight."
    static let waitForIdle = FieldKey.boolean("waitForIdle", "false: return at the app's answer, work in flight (default: true)")
    public static let form = StepForm.element([waitForIdle.field])
    public static let examples = [
        "tap: Login",
        "tap: {button: OK, in: PhotosPermission}",
        "tap: {cell: \"Mon 1 Jun 2026, 09:05  Office\"}",
        "tap: {button: Upload to Drive, waitForIdle: false}",
    ]

    public let element: ElementSelector
    public let waitsForIdle: Bool

    public init(_ input: StepInput) throws(StepInputError) {
        element = try input.element()
        waitsForIdle = input.optional(Self.waitForIdle) ?? true
    }

    public func run(in context: StepContext) {
        context.element(element).tap(waitForIdle: waitsForIdle, file: context.site.file, line: context.site.line)
    }
}
