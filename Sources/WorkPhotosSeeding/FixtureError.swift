import Foundation

/// A fixture that cannot be used, located in its file: `FILE:LINE:COLUMN: error: ...`, then the
/// offending line and a caret under the column.
public struct FixtureError: Error, Equatable, CustomStringConvertible {
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

    public var description: String {
        var text = "\(file):\(line):\(column): error: \(message)"
        if let sourceLine, !sourceLine.trimmingCharacters(in: .whitespaces).isEmpty {
            text += "\n\(sourceLine)\n" + String(repeating: " ", count: max(0, column - 1)) + "^"
        }
        return text
    }
}
