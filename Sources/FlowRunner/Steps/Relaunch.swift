import FlowKit

/// `relaunch`: ends the app and starts it again on the same store.
public struct Relaunch: PrimitiveStep {
    public static let keyword = "relaunch"
    public static let summary = "Ends the app and starts it again, on the same store."
    public static let form = StepForm.bare
    public static let examples = ["relaunch"]

    public init(_ input: StepInput) throws(StepInputError) {}

    public func run(in context: StepContext) {
        context.app.terminate()
        context.launch()
    }
}
