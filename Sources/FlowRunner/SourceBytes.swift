import LocatedYAML

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
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return LocatedError(file: file, line: line, column: column, message: message, sourceLine: text(ofLineFrom: lineStart))
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
        let quoted = current == line ? text(ofLineFrom: start) : nil
        return LocatedError(file: file, line: max(1, line), column: max(1, column), message: message, sourceLine: quoted)
    }

    /// The line that starts at byte `start`, without its line break; bytes that are not UTF-8
    /// are shown as U+FFFD.
    private func text(ofLineFrom start: Int) -> String? {
        guard start <= bytes.count else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Where the first byte that is not UTF-8 is (a stray byte, a cut or overlong sequence, a
    /// surrogate), or nil when every byte from `start` to `end` is.
    func firstInvalidUTF8(from start: Int = 0, to end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int, minimum: UInt32
            switch byte {
            case 0xC2...0xDF: (length, minimum) = (2, 0x80)
            case 0xE0...0xEF: (length, minimum) = (3, 0x800)
            case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
            default: return index
            }
            guard index + length <= end else { return index }
            var scalar = UInt32(byte) & (0xFF >> (length + 1))
            for next in index + 1..<index + length {
                guard bytes[next] & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(bytes[next] & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return index }
            index += length
        }
        return nil
    }
}
