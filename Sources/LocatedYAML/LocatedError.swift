import TextBytes

/// A problem in a file, located the way a compiler reports one: `FILE:LINE:COLUMN: error: ...`,
/// then the offending line and a caret under the column.
public struct LocatedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is: file, line and column.
    public let location: SourceLocation
    /// What is wrong there, and what to do about it.
    public let message: String
    /// The text of the offending line, when the file has one there: all of it, or the part of a
    /// long line around the column, which starts at `sourceLineColumn`.
    public let sourceLine: String?
    /// The column of `sourceLine`'s first character: 1 when it is the whole line.
    public let sourceLineColumn: Int

    /// How many characters of the offending line are shown, at most: those around the column.
    public static let shownWidth = TextProblem.shownWidth

    /// The file, as it was named.
    public var file: String { location.file }
    /// The line, from 1.
    public var line: Int { location.line }
    /// The column, from 1.
    public var column: Int { location.column }

    /// An error at `line` and `column` of `file`, quoting `sourceLine` under the message when given:
    /// the line, or the part of it that starts at column `sourceLineColumn` (a file of one line of
    /// 40 MB is not copied whole into its error).
    public init(file: String, line: Int, column: Int, message: String, sourceLine: String?, sourceLineColumn: Int = 1) {
        self.init(SourceLocation(file: file, line: line, column: column), message: message, sourceLine: sourceLine, sourceLineColumn: sourceLineColumn)
    }

    /// An error at `line` and `column` of `text`, quoting that line.
    public init(file: String, text: some StringProtocol, line: Int, column: Int, message: String) {
        self.init(at: SourceLocation(file: file, line: line, column: column), text: text, message: message)
    }

    /// An error at `location` in `text` (the contents of `location.file`), quoting its line.
    public init(at location: SourceLocation, text: some StringProtocol, message: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let source = lines.indices.contains(location.line - 1) ? String(lines[location.line - 1]) : nil
        self.init(location, message: message, sourceLine: source)
    }

    private init(_ location: SourceLocation, message: String, sourceLine: String?, sourceLineColumn: Int = 1) {
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
        self.sourceLineColumn = max(1, sourceLineColumn)
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, then the offending line (when it is not blank) and a
    /// caret under the column. Of a long line, the `shownWidth` characters around the column
    /// are shown, `…` standing for the rest, so the caret is always under the column.
    public var description: String {
        var text = "\(file):\(line):\(column): error: \(message)"
        guard let sourceLine, !sourceLine.trimmingCharacters(in: .whitespaces).isEmpty else { return text }
        let characters = Array(sourceLine)
        let caret = max(0, column - sourceLineColumn)
        let width = Self.shownWidth
        let start = characters.count > width ? max(0, min(caret - width / 2, characters.count - width)) : 0
        let end = min(characters.count, start + width)
        let before = start > 0 || sourceLineColumn > 1 ? "…" : ""
        // Control characters are shown as U+FFFD: the line goes to a terminal.
        let visible = String(String.UnicodeScalarView(String(characters[start..<end]).unicodeScalars.map {
            ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) ? "\u{FFFD}" : $0
        }))
        text += "\n" + before + visible + (end < characters.count ? "…" : "") + "\n"
        text += String(repeating: " ", count: min(max(0, caret - start), end - start + 1) + before.count) + "^"
        return text
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> SubSequence {
        let start = firstIndex { !set.contains($0) } ?? endIndex
        let end = lastIndex { !set.contains($0) }.map { index(after: $0) } ?? start
        return self[start..<end]
    }
}

extension Set where Element == Character {
    fileprivate static let whitespaces: Set<Character> = [" ", "\t"]
}

extension LocatedError {
    /// A problem with a whole file (it cannot be read, it is too large, it is not there): located
    /// at its start, with no line to quote. The one way every module says it.
    public static func wholeFile(_ file: String, _ message: String) -> LocatedError {
        LocatedError(.start(of: file), message: message, sourceLine: nil)
    }
}

extension LocatedError {
    /// Bytes of `file` that are not text (see `TextBytes`), said of `subject` (`the flow`): at
    /// the problem's line and column, quoting its line, with what to do.
    public init(file: String, notText problem: TextProblem, subject: String) {
        self.init(file: file, line: problem.line, column: problem.column, message: problem.message(subject),
                  sourceLine: problem.sourceLine, sourceLineColumn: problem.sourceLineColumn)
    }
}
