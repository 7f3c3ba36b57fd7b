/// A problem in a file, located the way a compiler reports one: `FILE:LINE:COLUMN: error: ...`,
/// then the offending line and a caret under the column.
public struct LocatedError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String
    /// The text of the offending line, when the file has one there.
    public let sourceLine: String?

    public init(file: String, line: Int, column: Int, message: String, sourceLine: String?) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// An error at `line` and `column` of `text`, quoting that line.
    public init(file: String, text: some StringProtocol, line: Int, column: Int, message: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let source = lines.indices.contains(line - 1) ? String(lines[line - 1]) : nil
        self.init(file: file, line: line, column: column, message: message, sourceLine: source)
    }

    public var description: String {
        var text = "\(file):\(line):\(column): error: \(message)"
        if let sourceLine, !sourceLine.trimmingCharacters(in: .whitespaces).isEmpty {
            // Control characters are shown as U+FFFD: the line goes to a terminal.
            let visible = String(String.UnicodeScalarView(sourceLine.unicodeScalars.map {
                ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) ? "\u{FFFD}" : $0
            }))
            let shown = visible.count > 200 ? String(visible.prefix(200)) + "…" : visible
            text += "\n\(shown)\n" + String(repeating: " ", count: max(0, min(column - 1, 200))) + "^"
        }
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
        LocatedError(file: file, line: 1, column: 1, message: message, sourceLine: nil)
    }
}
