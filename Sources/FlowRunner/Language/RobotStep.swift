import FlowKit

/// A robot action as a step: `Glance.checkCounts: {work: 8, other: 1}`.
package struct RobotStep: StepAction {
    /// An argument as written: text may hold `${variables}`, resolved when the step runs.
    package enum Argument: Sendable, Equatable {
        /// Text, resolved when the step runs.
        case text(Text)
        /// A whole number (`.integer`, `.count`, `.position`).
        case integer(Int)
        /// A `true` or `false`.
        case boolean(Bool)
        /// A list of whole numbers (`.positions`).
        case integers([Int])
    }

    /// The robot action the step names, from the catalog.
    package let action: RobotAction
    /// The arguments as written, by parameter name; the parser checked them against the action's parameters.
    package let arguments: [String: Argument]

    /// Resolves the text arguments' `${variables}`, then runs the action on the context's app at the step's line.
    package func run(in context: StepContext) {
        var values: [String: ActionArguments.Value] = [:]
        for (name, argument) in arguments {
            switch argument {
            case let .text(text): values[name] = .text(context.resolve(text))
            case let .integer(number): values[name] = .integer(number)
            case let .boolean(flag): values[name] = .boolean(flag)
            case let .integers(numbers): values[name] = .integers(numbers)
            }
        }
        action.run(on: context.app, with: ActionArguments(values), at: context.site)
    }
}
