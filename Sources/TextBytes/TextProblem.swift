/// Why bytes from outside are not text, and where: the first byte that is not UTF-8, a NUL, or a
/// byte-order mark at the start of text whose format has none. ``TextBytes`` finds it; every reader says it in these words.
public struct TextProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// A continuation byte (0x80–0xBF) where a character starts.
        case loneContinuation
        /// A character written in more bytes than it takes (0xC0, 0xC1; 0xE0 0x80–0x9F; 0xF0 0x80–0x8F).
        case overlong
        /// A UTF-16 surrogate (U+D800–U+DFFF, 0xED 0xA0–0xBF), which UTF-8 never encodes.
        case surrogate
        /// Past U+10FFFF, the last character (0xF4 0x90–0xBF, 0xF5–0xF7).
        case pastUnicode
        /// A byte UTF-8 never uses (0xF8–0xFF).
        case neverUTF8
        /// A UTF-16 byte-order mark at the start (0xFF 0xFE or 0xFE 0xFF): the text is UTF-16.
        case utf16
        /// A character of this many bytes, cut short by a byte that does not continue it.
        case cutShort(Int)
        /// A character of this many bytes, cut short by the end of the bytes (truncated).
        case cutByTheEnd(Int)
        /// A NUL byte, which no text holds.
        case nul
        /// A byte-order mark (U+FEFF) at the start of text whose format has none there.
        case byteOrderMark
    }

    /// What is wrong.
    public let kind: Kind
    /// The offending bytes: the byte, or the sequence as far as it goes.
    public let bytes: [UInt8]
    /// Where the first of them is, counted from 0.
    public let offset: Int
    /// Its line, from 1.
    public let line: Int
    /// Its column, from 1, in characters as an editor counts them (a byte that is not UTF-8 counts as one).
    public let column: Int
    /// The offending line as an error quotes it (bytes that are not UTF-8 shown as U+FFFD): all of
    /// it, or of a long line the characters around the column, which start at `sourceLineColumn`.
    public let sourceLine: String
    /// The column of `sourceLine`'s first character.
    public let sourceLineColumn: Int

    init(kind: Kind, bytes: [UInt8], offset: Int, line: Int, column: Int, place: Place) {
        self.kind = kind
        self.bytes = bytes
        self.offset = offset
        self.line = line
        self.column = column
        self.sourceLine = place.text
        self.sourceLineColumn = place.column
    }

    /// `the text is not UTF-8 text: byte 0xFF is never in UTF-8 (...)`.
    public var description: String {
        statement("the text")
    }

    /// What is wrong, said of `subject` (`the flow`, `the line`), without where: each reader says
    /// where in its own terms (a file's line and column, a line's byte).
    /// `the flow is not UTF-8 text: byte 0xFF is never in UTF-8 (Latin-1, or another encoding?)`.
    public func statement(_ subject: String) -> String {
        switch kind {
        case .utf16: "\(subject) is UTF-16, not UTF-8: it starts with a UTF-16 byte-order mark (\(shownBytes))"
        case .nul: "\(subject) is not text: it holds a NUL byte (0x00)"
        case .byteOrderMark: "\(subject) starts with a byte-order mark (U+FEFF), which it may not have"
        default: "\(subject) is not UTF-8 text: " + reason
        }
    }

    /// ``statement(_:)`` and what to do about it, for a file a person saves:
    /// `...; save it as UTF-8`.
    public func message(_ subject: String) -> String {
        let remedy = switch kind {
        case .nul: "remove it"
        case .byteOrderMark: "save it as UTF-8 without one"
        default: "save it as UTF-8"
        }
        return statement(subject) + "; " + remedy
    }

    /// ``statement(_:)`` with no byte of the text: for text that may hold a secret (a password's
    /// launch argument, a line typed into a secure field).
    public func maskedStatement(_ subject: String) -> String {
        switch kind {
        case .nul: "\(subject) is not text: it holds a NUL byte"
        case .byteOrderMark: "\(subject) starts with a byte-order mark (U+FEFF), which it may not have"
        default: "\(subject) is not UTF-8 text"
        }
    }

    /// What is wrong with the bytes that are not UTF-8, in words, the bytes quoted.
    public var reason: String {
        let these = bytes.count == 1 ? "byte \(shownBytes) is" : "bytes \(shownBytes) are"
        let lead = bytes.first.map(Self.hex) ?? ""
        return switch kind {
        case .loneContinuation: "byte \(lead) continues no character (a lone continuation byte; Latin-1, or another encoding?)"
        case .overlong: "\(these) an overlong form (a character in more bytes than it takes)"
        case .surrogate: "\(these) a UTF-16 surrogate (U+D800 to U+DFFF), which UTF-8 never encodes"
        case .pastUnicode: "\(these) past U+10FFFF, the last character"
        case .neverUTF8: "byte \(lead) is never in UTF-8 (Latin-1, or another encoding?)"
        case .utf16: "it starts with a UTF-16 byte-order mark (\(shownBytes))"
        case let .cutShort(length): "byte \(lead) starts a character of \(length) bytes that the next byte does not continue (cut short; Latin-1, or another encoding?)"
        case let .cutByTheEnd(length): "byte \(lead) starts a character of \(length) bytes that the end cuts short (truncated?)"
        case .nul: "a NUL byte (0x00)"
        case .byteOrderMark: "a byte-order mark (U+FEFF)"
        }
    }

    private var shownBytes: String {
        bytes.map(Self.hex).joined(separator: " ")
    }

    static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    /// How many characters around the column a quoted line keeps (as a located error shows them).
    public static let shownWidth = 200

    /// An offending line's quoted part, as every located error shows it: of a line of 40 MB, only
    /// the ``TextProblem/shownWidth`` characters around the column (and as many after), bytes that
    /// are not UTF-8 shown as U+FFFD, a line's CR left out.
    public struct Place: Sendable {
        /// The quoted part.
        public let text: String
        /// The column (in characters) of its first character in the line.
        public let column: Int

        /// The part of the line that starts at byte `lineStart` of `bytes` around `column`.
        public init(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, column: Int) {
            let margin = TextProblem.shownWidth
            // Characters, not bytes: a byte that is no continuation byte starts one.
            var start = lineStart, skipped = 0
            while skipped < column - 1 - margin, start < bytes.count, bytes[start] != 0x0A {
                start += 1
                if start >= bytes.count || bytes[start] & 0xC0 != 0x80 { skipped += 1 }
            }
            var end = start, taken = 0
            while end < bytes.count, bytes[end] != 0x0A, taken < 3 * margin {
                end += 1
                if end >= bytes.count || bytes[end] & 0xC0 != 0x80 { taken += 1 }
            }
            if end > start, end == bytes.count || bytes[end] == 0x0A, bytes[end - 1] == 0x0D { end -= 1 }
            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            self.column = skipped + 1
        }
    }
}
