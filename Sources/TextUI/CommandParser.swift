import NameMatching

/// Parses a line a person typed into a command: `tap Login`, `type Username alice`, `3`, `back`.
public enum CommandParser {
    /// The command `line` asks for. A number taps that control; otherwise the first word is the verb
    /// (`tap`, `type`, `back`, `more`, `scroll`, `show`, `help` or `?`, `quit` or `exit`, in any
    /// case) and the rest of the line its target. An unknown verb is an error with the nearest verb
    /// as a suggestion.
    public static func parse(_ line: String) throws(CommandError) -> Command {
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        if let number = Int(trimmed), number > 0 { return .tap(String(number)) }

        let (verb, rest) = trimmed.splitFirstWord()
        switch verb.lowercased() {
        case "tap":
            let target = unquoted(rest)
            guard !target.isEmpty else { throw .missingTarget(verb: "tap") }
            return .tap(target)
        case "type":
            let (field, text) = splitField(rest)
            guard !field.isEmpty else { throw .missingTarget(verb: "type") }
            return .type(field, text: text)
        case "back": return .back
        case "more": return .scroll(.down)
        case "scroll":
            guard let direction = ScrollDirection(rest) else { throw .badScroll(String(rest)) }
            return .scroll(direction)
        case "show": return .show
        case "help", "?": return .help
        case "quit", "exit": return .quit
        default:
            throw .unknownVerb(String(verb), suggestion: NameMatcher.nearest(to: String(verb).lowercased(), in: Command.verbs))
        }
    }

    /// `"Work place" text` or `Username text`: the field, then the rest of the line verbatim.
    private static func splitField(_ rest: Substring) -> (String, String) {
        if rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") {
            let field = rest[rest.index(after: rest.startIndex)..<close]
            return (String(field), String(rest[rest.index(after: close)...].drop { $0 == " " }))
        }
        let (field, text) = rest.splitFirstWord()
        return (String(field), String(text))
    }

    private static func unquoted(_ text: Substring) -> String {
        if text.count >= 2, text.first == "\"", text.last == "\"" { return String(text.dropFirst().dropLast()) }
        return String(text)
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<end]
    }

    /// The first space-separated word, and everything after the spaces that follow it.
    func splitFirstWord() -> (SubSequence, SubSequence) {
        guard let space = firstIndex(of: " ") else { return (self[...], self[endIndex...]) }
        return (self[..<space], self[index(after: space)...].drop { $0 == " " })
    }
}
