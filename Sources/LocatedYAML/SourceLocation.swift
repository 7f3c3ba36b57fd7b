/// A place in a file: the file as it was named, and a line and a column, each counted from 1.
///
/// The one location type the parsers share (fixtures, flows, schemes, JUnit files): a
/// ``LocatedError`` is at one, and a flow's steps are written at one.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as it was given (to the runner, to the seeder).
    public let file: String
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    /// A place in `file`; lines and columns count from 1.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The start of `file` (line 1, column 1): where a problem with the whole file, or a default
    /// that no line states, is located.
    public static func start(of file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1)
    }

    /// `file:line:column`, the form editors and terminals make a link of.
    public var description: String { "\(file):\(line):\(column)" }
}
