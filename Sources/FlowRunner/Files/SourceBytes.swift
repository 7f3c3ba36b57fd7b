import Foundation
import LocatedYAML
import TextBytes

/// A file's bytes as the timings readers hold them, and how an error is placed in them: a byte
/// offset (or a parser's line and column) becomes `FILE:LINE:COLUMN` and the offending line,
/// found when an error is made, so reading a file that is fine costs nothing for it.
///
/// Made from the bytes themselves, not a `String` of them: a file that is not UTF-8 is still
/// located, and a 40 MB file is not split into a million lines to quote one of them.
struct SourceBytes {
    /// The file, as it was named.
    let file: String
    /// Its bytes, valid for as long as this value is used.
    let bytes: UnsafeBufferPointer<UInt8>

    /// An error at byte `offset` (the end of the file when it is there): its line, and its column
    /// counted in characters as an editor counts them (a byte that is not UTF-8 counts as one).
    func error(_ message: String, at offset: Int) -> LocatedError {
        let offset = min(max(0, offset), bytes.count)
        var line = 1, lineStart = 0
        // memchr, and a pointer rather than the buffer's subscript: an error at the end of a
        // file of 40 MB is placed in a moment even in a debug build.
        if let base = bytes.baseAddress {
            while lineStart < offset, let found = memchr(base + lineStart, 0x0A, offset - lineStart) {
                line += 1
                lineStart = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            }
            var column = 1, index = lineStart
            while index < offset {
                if base[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            return located(message, line: line, column: column, lineStart: lineStart)
        }
        return located(message, line: 1, column: 1, lineStart: 0)
    }

    /// An error at `line` and `column` as a parser counted them (from 1).
    func error(_ message: String, line: Int, column: Int) -> LocatedError {
        var current = 1, start = 0
        var index = 0
        while current < line, index < bytes.count {
            if bytes[index] == 0x0A {
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == line else { return LocatedError(file: file, line: max(1, line), column: max(1, column), message: message, sourceLine: nil) }
        return located(message, line: line, column: max(1, column), lineStart: start)
    }

    /// An error at the start tag of `element` that a parser reports at `line` and `column`, the
    /// tag's end: placed at its `<` when the tag is all on that line (as a person looks for it),
    /// else where the parser is.
    func error(_ message: String, startTag element: String, line: Int, column: Int) -> LocatedError {
        var current = 1, start = 0
        if let base = bytes.baseAddress {
            while current < line, start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
                current += 1
                start = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            }
        }
        let tag = Array(("<" + element).utf8)
        var index = min(start + max(column - 1, 0), bytes.count) - tag.count
        guard current == line else { return error(message, line: line, column: column) }
        while index >= start {
            if bytes[index..<index + tag.count].elementsEqual(tag) { return error(message, at: index) }
            index -= 1
        }
        return error(message, line: line, column: column)
    }

    /// The error at `column` of the line that starts at byte `lineStart`, quoting that line, or
    /// of a long line only the characters around the column (a file of one line of 40 MB is not
    /// copied into its error). Bytes that are not UTF-8 are shown as U+FFFD.
    private func located(_ message: String, line: Int, column: Int, lineStart: Int) -> LocatedError {
        guard bytes.baseAddress != nil else { return LocatedError(file: file, line: line, column: column, message: message, sourceLine: nil) }
        let place = TextProblem.Place(bytes, lineStart: lineStart, column: column)
        return LocatedError(file: file, line: line, column: column, message: message, sourceLine: place.text, sourceLineColumn: place.column)
    }
}
