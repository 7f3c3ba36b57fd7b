// Yams' nodes are this module's API (a reader hands them out, a fixture parser reads them): an
// app that imports LocatedYAML has them without a Yams dependency of its own, so it never has to
// pin the toolkit's version of Yams to read its fixtures.
@_exported import Yams
import TextBytes

/// Composes YAML into Yams nodes for the parsers that locate every error (fixtures, flows,
/// schemes), after refusing what would make Yams misbehave.
///
/// - Control characters (NUL among them) are refused at their own line and column.
/// - Keys must be scalars: an alias (`*k: v`), an explicit key (`? ...`) or a list or mapping used
///   as a key is refused before composing. Yams compares keys by value to find duplicates, so a
///   key that is an alias of nested aliases costs exponential time: 630 bytes hung it.
/// - Yams' own errors get their line and column, and never the whole text as context.
public enum LocatedYAML {
    /// The contents of a YAML file as text, once `TextBytes` finds them so: UTF-8, no NUL, a
    /// byte-order mark at the start only (YAML allows one there, and it is dropped). Every reader
    /// of a YAML file (a flow, a scheme, a fixture) reads its bytes through this, before Yams.
    /// `subject` names the file in the error: `the flow`.
    public static func text(_ bytes: some Collection<UInt8>, file: String, subject: String) throws(LocatedError) -> String {
        switch TextBytes.string(bytes, byteOrderMark: .allowedAtStart) {
        case let .success(text): return text
        case let .failure(problem): throw LocatedError(file: file, notText: problem, subject: subject)
        }
    }

    /// The root node of `text`, the contents of `file`, or nil when it holds no document.
    ///
    /// Every problem is thrown at its line and column of `file`, quoting that line of `text`.
    public static func compose(_ text: String, file: String) throws(LocatedError) -> Node? {
        let place = Place(file: file, text: text)
        try checkCharacters(place)
        try checkKeys(place)
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw problem(error, in: place)
        } catch {
            throw place.error(line: 1, column: 1, "cannot read the YAML: \(error)")
        }
    }

    /// The file being composed and its text: where every problem is located and quoted.
    private struct Place {
        let file: String
        let text: String

        /// The error at `line` and `column`, or where the text ends when they are past it: libyaml
        /// places a problem at the end of a file whose last line has no line break on the line after.
        func error(line: Int, column: Int, _ message: String) -> LocatedError {
            var (line, column) = (max(1, line), max(1, column))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if line > lines.count, let last = lines.last {
                (line, column) = (lines.count, last.count + 1)
            }
            return LocatedError(file: file, text: text, line: line, column: column, message: message)
        }
    }

    // MARK: - Characters

    private static func checkCharacters(_ place: Place) throws(LocatedError) {
        var line = 1, column = 1
        for scalar in place.text.unicodeScalars {
            if scalar == "\n" {
                line += 1
                column = 1
                continue
            }
            let value = scalar.value
            let isControl = (value < 0x20 && scalar != "\t" && scalar != "\r") || value == 0x7F || (0x80...0x9F).contains(value)
            if isControl {
                let code = String(value, radix: 16, uppercase: true)
                throw place.error(line: line, column: column, "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) is not allowed here; remove it")
            }
            column += 1
        }
    }

    // MARK: - Keys

    /// A light scan of the text's structure, enough to find keys that are not plain scalars.
    private static func checkKeys(_ place: Place) throws(LocatedError) {
        var flowOpenings: [(line: Int, column: Int)] = []
        var quote: Character?
        var lineNumber = 1
        for rawLine in place.text.split(separator: "\n", omittingEmptySubsequences: false) {
            let characters = Array(rawLine)
            var index = 0
            // Only indentation and sequence dashes so far: a `?` here starts an explicit key.
            var atNodeStart = true
            while index < characters.count {
                let character = characters[index]
                let column = index + 1
                if let open = quote {
                    if character == open {
                        if open == "'", index + 1 < characters.count, characters[index + 1] == "'" {
                            index += 2
                            continue
                        }
                        quote = nil
                        try checkNotAKey(characters, after: index + 1, start: nil, what: "", in: place)
                    } else if open == "\"", character == "\\" {
                        index += 1
                    }
                    index += 1
                    continue
                }
                let previous: Character? = index > 0 ? characters[index - 1] : nil
                let separated = previous == nil || previous == " " || previous == "\t"
                switch character {
                case "#" where separated:
                    index = characters.count
                    continue
                case "\"" where separated || "[{,:".contains(previous ?? " "):
                    quote = character
                case "'" where separated || "[{,:".contains(previous ?? " "):
                    quote = character
                case "?" where atNodeStart && (index + 1 == characters.count || characters[index + 1] == " "):
                    throw place.error(line: lineNumber, column: column, "an explicit key (? ...) is not allowed; keys are plain words")
                case "*" where separated || "[{,".contains(previous ?? " "):
                    var end = index + 1
                    while end < characters.count, characters[end].isLetter || characters[end].isNumber || "-_".contains(characters[end]) { end += 1 }
                    let name = String(characters[index..<end])
                    try checkNotAKey(characters, after: end, start: (lineNumber, column), what: "an alias (\(name))", in: place)
                    index = end
                    atNodeStart = false
                    continue
                case "[", "{":
                    flowOpenings.append((lineNumber, column))
                    atNodeStart = true
                    index += 1
                    continue
                case "]", "}":
                    let opening = flowOpenings.popLast()
                    try checkNotAKey(characters, after: index + 1, start: opening, what: "a list or mapping", in: place)
                case ",":
                    atNodeStart = true
                    index += 1
                    continue
                case "-" where atNodeStart && (index + 1 == characters.count || characters[index + 1] == " "):
                    index += 1
                    continue
                case " ", "\t":
                    index += 1
                    continue
                default:
                    break
                }
                atNodeStart = false
                index += 1
            }
            lineNumber += 1
        }
    }

    /// Throws when `characters[after...]` starts, past spaces, with `:` that ends a key.
    private static func checkNotAKey(
        _ characters: [Character], after start: Int, start opening: (line: Int, column: Int)?, what: String, in place: Place
    ) throws(LocatedError) {
        var index = start
        while index < characters.count, characters[index] == " " { index += 1 }
        guard index < characters.count, characters[index] == ":" else { return }
        let next = index + 1 < characters.count ? characters[index + 1] : " "
        guard " \t,}]".contains(next), let opening, !what.isEmpty else { return }
        throw place.error(line: opening.line, column: opening.column, "\(what) cannot be a key; keys are plain words")
    }

    // MARK: - Yams' errors

    private static func problem(_ error: YamlError, in place: Place) -> LocatedError {
        switch error {
        case let .parser(context, problem, mark, _) where problem.contains("another document") || context?.text.contains("single document") == true,
             let .composer(context, problem, mark, _) where problem.contains("another document") || context?.text.contains("single document") == true:
            return place.error(line: mark.line, column: mark.column,
                               "the file holds one YAML document, and a second one starts here (---); put it in a file of its own")
        case let .scanner(_, problem, mark, _) where problem.contains("nesting level"), let .parser(_, problem, mark, _) where problem.contains("nesting level"):
            return place.error(line: mark.line, column: mark.column, "the YAML nests too deeply here; a file holds a few levels, not thousands")
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let during = context.map { " \($0.text)" } ?? ""
            return place.error(line: mark.line, column: mark.column, "invalid YAML: \(problem)\(during)")
        case let .reader(problem, offset, _, _):
            let (line, column) = position(ofByte: offset ?? 0, in: place.text)
            return place.error(line: line, column: column, "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return place.error(
                line: max(1, context.mark.line), column: max(1, context.mark.column),
                "the key \(keys) appears twice in one mapping; keep one"
            )
        default:
            return place.error(line: 1, column: 1, "invalid YAML")
        }
    }

    private static func position(ofByte offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1, bytes = 0
        for scalar in text.unicodeScalars {
            if bytes >= offset { break }
            bytes += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
