import FlowKit

/// `runFlow`: another flow's steps, here.
package struct RunFlow: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "runFlow"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Runs another flow's steps here (its path is relative to this flow's folder), with variables for it."
    static let file = FieldKey.flowFile("file", "the flow file, relative to this one")
    static let variables = FieldKey.variables("variables", "variables for the included flow")
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.fields([file.field, variables.field], shorthand: "file")
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = ["runFlow: ../common/sign-in.yaml", "runFlow: {file: ../common/sign-in.yaml, variables: {account.email: bob}}"]

    /// The included flow, read when this flow was parsed, so a broken include fails before anything runs.
    package let flow: Flow
    /// Variables for the included flow (`variables:`), resolved when the step runs.
    package let variables: [(name: String, value: Text)]

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        flow = try input.required(Self.file)
        variables = input.optional(Self.variables) ?? []
    }

    /// The included flow's steps, so lint and the fixture list see inside it.
    package var inner: [InnerSteps] { [InnerSteps(steps: flow.steps, flow: flow, variables: variables.map(\.name))] }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        context.run(flow.steps, variables: variables, via: true)
    }
}
