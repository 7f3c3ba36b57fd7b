/// Why a command could not be carried out. The message is for the person (or test) that sent it.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unknownVerb(String, suggestion: String?)
    case missingTarget(verb: String)
    case noSuchControl(String, suggestion: String?)
    case noSuchNumber(Int, count: Int)
    case disabled(String)
    case notAField(String)
    case blockedByAlert(target: String, alert: String)
    case nothingToGoBackTo
    case malformed(String)

    public var description: String {
        switch self {
        case .empty:
            return "empty command; type help for the list of commands"
        case let .unknownVerb(verb, suggestion):
            return "unknown command \"\(verb)\"" + Self.didYouMean(suggestion) + "; type help for the list of commands"
        case let .missingTarget(verb):
            return verb == "type"
                ? "type needs a field and the text: type <field> <text>"
                : "\(verb) needs a control: \(verb) <identifier|label|number>"
        case let .noSuchControl(target, suggestion):
            return "no control \"\(target)\" on this screen" + Self.didYouMean(suggestion)
        case let .noSuchNumber(number, count):
            return count == 0
                ? "no control number \(number): this screen has no controls"
                : "no control number \(number): this screen has controls 1 to \(count)"
        case let .disabled(target):
            return "\"\(target)\" is disabled"
        case let .notAField(target):
            return "\"\(target)\" is not a text field"
        case let .blockedByAlert(target, alert):
            return "\"\(target)\" is behind the alert \"\(alert)\"; answer the alert first"
        case .nothingToGoBackTo:
            return "nothing to go back to: this is the first screen"
        case let .malformed(reason):
            return "malformed command: \(reason)"
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
