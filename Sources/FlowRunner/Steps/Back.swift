import FlowKit

/// `back`: the previous screen.
public struct Back: BareStep {
    public static let keyword = "back"
    public static let summary = "Goes back to the previous screen (a robot's back action also checks where it arrived)."
    public static let examples = ["back"]

    public init() {}

    public func run(in context: StepContext) {
        context.app.back(file: context.site.file, line: context.site.line)
    }
}
