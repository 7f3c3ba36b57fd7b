import FlowKit

/// `terminate`: ends the app.
public struct Terminate: BareStep {
    public static let keyword = "terminate"
    public static let summary = "Ends the app and waits until its process is gone."
    public static let examples = ["terminate"]

    public init() {}

    public func run(in context: StepContext) { context.app.terminate() }
}
