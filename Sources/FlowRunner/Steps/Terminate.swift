import FlowKit

/// `terminate`: ends the app.
public struct Terminate: PrimitiveStep {
    public static let keyword = "terminate"
    public static let summary = "Ends the app and waits until its process is gone."
    public static let form = StepForm.bare
    public static let examples = ["terminate"]

    public init(_ input: StepInput) throws(StepInputError) {}

    public func run(in context: StepContext) { context.app.terminate() }
}
