import NameMatching
import TextBytes

/// Why a line is not a valid command or frame.
///
/// Messages never quote the line itself: a `type` into a password field carries a secret, and a
/// line may be megabytes long. They name the field and what was wrong with it instead.
public enum WireError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(bytes: Int, limit: Int)
    case notJSON
    /// Bytes that are not text (`TextBytes`): not UTF-8, a NUL, a byte-order mark.
    case notText(TextProblem)
    case notAnObject(what: String)
    case missingField(String, in: String)
    case wrongType(field: String)
    case unknownField(String, in: String, known: [String])
    case duplicateField(String)
    case unknownAction(String)
    case invalidValue(field: String, reason: String)

    public var description: String {
        switch self {
        case .empty:
            return "empty line; expected a JSON object"
        case let .tooLong(bytes, limit):
            return "line of \(bytes) bytes is over the limit of \(limit) bytes"
        case .notJSON:
            return "not valid JSON"
        case let .notText(problem):
            return problem.statement("the line") + " at byte \(problem.offset)"
        case let .notAnObject(what):
            return "expected \(what) as a JSON object"
        case let .missingField(field, what):
            return "missing \"\(field)\" in \(what)"
        case let .wrongType(field):
            return "\"\(field)\" has the wrong type"
        case let .unknownField(field, what, known):
            let shown = Suggestion.shown(field)
            return "unknown field \"\(shown)\" in \(what)" + Suggestion.didYouMean(field, in: known)
                + "; fields are " + known.joined(separator: ", ")
        case let .duplicateField(field):
            let shown = Suggestion.shown(field)
            return "field \"\(shown)\" appears twice"
        case let .unknownAction(action):
            let shown = Suggestion.shown(action)
            let actions = Request.Action.allCases.map(\.rawValue)
            return "unknown action \"\(shown)\"" + Suggestion.didYouMean(action, in: actions)
                + "; actions are " + actions.joined(separator: ", ")
        case let .invalidValue(field, reason):
            return "\"\(field)\" \(reason)"
        }
    }
}
