import FlowKit

/// `runFlow`: another flow's steps, here.
public struct RunFlow: PrimitiveStep {
    public static let keyword = "runFlow"
    public static let summary = "Runs another flow's steps here (its path is relative to this flow's folder), with variables for it."
    static let file = FieldKey.flowFile("file", "the flow file, relative to this one")
    static let variables = FieldKey.variables("variables", "variables for the included flow")
    public static let form = StepForm.fields([file.field, variables.field], shorthand: "file")
    public static let examples = ["runFlow: ../common/sign-in.yaml", "runFlow: {file: ../common/sign-in.yaml, variables: {test.user: bob}}"]

    public let flow: Flow
    public let variables: [(name: String, value: Text)]

    public init(_ input: StepInput) throws(StepInputError) {
        flow = try input.required(Self.file)
        variables = input.optional(Self.variables) ?? []
    }

    public var inner: [InnerSteps] { [InnerSteps(steps: flow.steps, flow: flow, variables: variables.map(\.name))] }

    public func run(in context: StepContext) {
        context.run(flow.steps, variables: variables, via: true)
    }
}
