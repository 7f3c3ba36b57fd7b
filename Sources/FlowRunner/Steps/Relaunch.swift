import FlowKit

/// `relaunch`: ends the app and starts it again on the same store.
public struct Relaunch: BareStep {
    public static let keyword = "relaunch"
    public static let summary = "Ends the app and starts it again, on the same store."
    public static let examples = ["relaunch"]

    public init() {}

    public func run(in context: StepContext) {
        context.app.terminate()
        context.launch()
    }
}
