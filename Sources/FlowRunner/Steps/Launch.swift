import FlowKit

/// `launch`: starts the app (after `terminate`) and waits for its first idle frame.
public struct Launch: BareStep {
    public static let keyword = "launch"
    public static let summary = "Starts the app again (after terminate), on the flow's store, and waits for its first idle frame."
    public static let examples = ["launch"]

    public init() {}

    public func run(in context: StepContext) { context.launch() }
}
