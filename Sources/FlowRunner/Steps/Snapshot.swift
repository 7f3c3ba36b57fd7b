import FlowKit

/// `snapshot`: keeps the screen in the report.
public struct Snapshot: BareStep {
    public static let keyword = "snapshot"
    public static let summary = "Keeps the screen as it is now in the --report file."
    public static let examples = ["snapshot"]

    public init() {}

    public func run(in context: StepContext) { context.keepScreen() }
}
