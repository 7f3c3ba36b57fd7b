import FlowKit

/// `repeat`: steps again, a number of times or while (until) an element is visible.
package struct Repeat: PrimitiveStep {
    /// The word a flow writes for this step; the parser dispatches on it.
    package static let keyword = "repeat"
    /// The step's line in the step reference (docs/flows.md and `flow docs`).
    package static let summary = "Runs its steps a number of times, or while (until) an element is visible, at most max rounds."
    static let times = FieldKey.integer("times", in: 0...10_000, "how many times")
    static let whileVisible = FieldKey.selector("while", "repeat while this element is visible")
    static let untilVisible = FieldKey.selector("until", "repeat until this element is visible")
    static let max = FieldKey.integer("max", in: 1...100_000, "the most rounds of while or until (default: 100)")
    static let steps = FieldKey.steps("steps", required: true, "the steps to repeat")
    /// How the step is written, from which the parser, the schema and the docs are made.
    package static let form = StepForm.fields([times.field, whileVisible.field, untilVisible.field, max.field, steps.field], shorthand: nil)
    /// Steps as a flow writes them, shown in the docs; a test parses each one.
    package static let examples = [
        "repeat: {times: 3, steps: [back]}",
        "repeat: {while: {button: More}, max: 20, steps: [{tap: More}]}",
        "repeat: {until: {staticText: Finished}, steps: [{tap: Next}]}",
    ]

    /// Which of `times`, `while` and `until` the step gives (exactly one).
    package enum Mode: Sendable {
        /// Runs the steps this many times, fewer if one fails.
        case times(Int)
        /// Repeats while the element's visibility is `visible`.
        case whileVisible(ElementSelector, visible: Bool, max: Int)
    }

    /// How many rounds it runs.
    package let mode: Mode
    /// The steps run in each round.
    package let steps: [Step]

    /// Builds the step from what the parser read for it.
    package init(_ input: StepInput) throws(StepInputError) {
        steps = try input.required(Self.steps)
        let modes = [Self.times.field, Self.whileVisible.field, Self.untilVisible.field].filter(input.has)
        guard modes.count == 1 else { throw StepInputError("give exactly one of times, while, until") }
        if let times = input.optional(Self.times) {
            if input.has(Self.max.field) { throw StepInputError("max goes with while or until; times says how many already") }
            mode = .times(times)
        } else if let element = input.optional(Self.whileVisible) {
            mode = .whileVisible(element, visible: true, max: input.optional(Self.max) ?? 100)
        } else {
            mode = .whileVisible(try input.required(Self.untilVisible), visible: false, max: input.optional(Self.max) ?? 100)
        }
    }

    /// The repeated steps, so lint and the fixture list see inside them.
    package var inner: [InnerSteps] { [InnerSteps(steps: steps, flow: nil, variables: [])] }

    /// Carries the step out on the context's app; a failure is recorded there, at the step's line.
    package func run(in context: StepContext) {
        switch mode {
        case let .times(count):
            for _ in 0..<count where !context.app.hasFailed { context.run(steps) }
        case let .whileVisible(selector, visible, limit):
            let element = context.element(selector)
            var rounds = 0
            while !context.app.hasFailed, element.exists == visible {
                guard rounds < limit else {
                    context.fail("repeat \(visible ? "while" : "until") \(element) is visible",
                                 "still \(visible ? "visible" : "not visible") after \(limit) rounds")
                    return
                }
                rounds += 1
                context.run(steps)
            }
        }
    }
}
