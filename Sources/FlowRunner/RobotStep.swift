import FlowKit

/// A robot action as a step: `Glance.checkCounts: {work: 8, other: 1}`.
public struct RobotStep: StepAction {
    /// An argument as written: text may hold `${variables}`, resolved when the step runs.
    public enum Argument: Sendable, Equatable {
        case text(Text)
        case integer(Int)
        case boolean(Bool)
        case integers([Int])
    }

    public let action: RobotAction
    public let arguments: [String: Argument]

    public func run(in context: StepContext) {
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
