import NameMatching
import TextBytes

/// Why a command could not be carried out. The message is for the person (or test) that sent it.
///
/// Messages quote what was typed only up to a length, and never what may be a secret.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line was blank.
    case empty
    /// The first word is no command; `suggestion` is the nearest verb, when one is near. The word is
    /// quoted back only with a suggestion (a stray line may be a password).
    case unknownVerb(String, suggestion: String?)
    /// `tap` without a control, or `type` without a field.
    case missingTarget(verb: String)
    /// The target as it may be quoted (its first word: the rest may be a secret typed in the wrong
    /// place); `secureField` is set when it began with a secure field's name.
    case noSuchControl(String, suggestion: String?, secureField: String? = nil)
    /// No control has that number; `count` is how many the screen has.
    case noSuchNumber(Int, count: Int)
    /// The control is disabled; `label` names it when it was picked by number.
    case disabled(String, label: String? = nil)
    /// `type` named a control that is not a text field.
    case notAField(String)
    /// The control (or `back`, or `scroll`) is behind the alert titled `alert`: answer the alert first.
    case blockedByAlert(target: String, alert: String)
    /// A person named a control by a name it no longer shows (`Select`, now reading `Done`).
    case renamed(String, now: String, number: Int)
    /// `back` on the first screen.
    case nothingToGoBackTo
    /// `scroll` on a screen with no long list.
    case nothingToScroll
    /// `scroll` with a word that is no direction and no row number from 1.
    case badScroll(String)
    /// A line over the input limit was dropped, unread.
    case lineTooLong(bytes: Int, limit: Int)
    /// A line that is not text was dropped; `masked` when it may hold a secret (no byte of it is
    /// named, nor where it is).
    case notText(TextProblem, masked: Bool)
    /// An automation command that could not be read, or lacks a field its action needs.
    case malformed(String)

    /// The message for whoever sent the command, quoting what was typed only as far as is safe.
    public var description: String {
        switch self {
        case .empty:
            return "empty command; type help for the list of commands"
        case let .unknownVerb(verb, suggestion):
            // Quoted only when it looks like a mistyped command: a stray line may be a password.
            let shown = suggestion == nil ? "" : " \"\(Suggestion.shown(verb))\""
            return "unknown command\(shown)" + Suggestion.format(suggestion) + "; type help for the list of commands"
        case let .missingTarget(verb):
            return verb == "type"
                ? "type needs a field and the text: type <field> <text>"
                : "\(verb) needs a control: \(verb) <identifier|label|number>"
        case let .noSuchControl(_, _, secureField?):
            return "tap takes the name of one control; to fill \"\(secureField)\", tap it and type the text when asked, "
                + "or: type \(secureField) <text> (what you typed after it is not shown)"
        case let .noSuchControl(target, suggestion, nil):
            return "no control \"\(Suggestion.shown(target))\" on this screen" + Suggestion.format(suggestion)
                + (target.hasSuffix(" …") ? "; only the first word of what you typed is shown" : "")
        case let .noSuchNumber(number, count):
            return count == 0
                ? "no control number \(number): this screen has no controls"
                : "no control number \(number): this screen has controls 1 to \(count)"
        case let .disabled(target, label):
            return "\"\(Suggestion.shown(target))\"" + (label.map { " (\(Suggestion.shown($0)))" } ?? "") + " is disabled"
        case let .notAField(target):
            return "\"\(Suggestion.shown(target))\" is not a text field"
        case let .blockedByAlert(target, alert):
            return "\"\(Suggestion.shown(target))\" is behind the alert \"\(alert)\"; answer the alert first"
        case let .renamed(target, now, number):
            return "no control reads \"\(Suggestion.shown(target))\" now: it reads \"\(Suggestion.shown(now))\" (did you mean \"\(Suggestion.shown(now))\", or [\(number)]?)"
        case .nothingToGoBackTo:
            return "nothing to go back to: this is the first screen"
        case .nothingToScroll:
            return "nothing to scroll: this screen has no long list"
        case let .badScroll(word):
            return "scroll \"\(Suggestion.shown(word))\": expected up, down, top, bottom or a row number from 1"
        case let .lineTooLong(bytes, limit):
            return "line of \(bytes) bytes is over the limit of \(limit) bytes; it was ignored"
        case let .notText(problem, masked):
            return masked ? problem.maskedStatement("the line") + "; it was ignored"
                : problem.statement("the line") + " at column \(problem.column); it was ignored"
        case let .malformed(reason):
            return "malformed command: \(reason)"
        }
    }
}
