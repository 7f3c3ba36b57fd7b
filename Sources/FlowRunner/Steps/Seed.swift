import FlowKit

/// `seed`: puts a fresh copy of a fixture's store in place.
public struct Seed: PrimitiveStep {
    public static let keyword = "seed"
    public static let summary = "Puts a fresh copy of a fixture's store in place (use it before launch, or with relaunch: the running app says its store was replaced)."
    public static let form = StepForm.value(.text, summary: "a fixture in the scheme's seeds folder")
    public static let examples = ["seed: large"]

    public let fixture: Text

    public init(_ input: StepInput) throws(StepInputError) {
        fixture = try input.required(FieldKey.text(StepForm.valueField, ""))
    }

    public var seededFixture: Text? { fixture }

    public func run(in context: StepContext) { context.seed(context.resolve(fixture)) }
}

extension StepForm {
    /// The name the value of a `.value` step is read under.
    public static let valueField = "value"
}
