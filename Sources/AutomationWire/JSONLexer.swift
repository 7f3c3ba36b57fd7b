import Foundation
import TextBytes

/// Reads one line of JSON a token at a time, in one pass over its bytes: RFC 8259 with I-JSON's
/// rules (RFC 7493: UTF-8 only, no lone surrogate), every failure at a byte offset.
///
/// The one JSON grammar of the package: the wire's typed readers (``WireReader``: a frame, a
/// command) pull exactly the fields they know from it, with no tree in between, and the MCP
/// server builds its values on it. It is the grammar and nothing more: what a key means, which
/// keys are allowed, how deep a value may nest, is its caller's to say.
///
/// It reads an `UnsafeBufferPointer`, so it lives inside the caller's `withUnsafeBufferPointer`.
package struct JSONLexer {
    /// Why the bytes are not JSON, and at which byte (counted from 0).
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let message: String
        package let offset: Int

        package init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }

        package var description: String { "\(message) at byte \(offset)" }
    }

    /// The kind of the value that starts at the index.
    package enum ValueKind: Equatable {
        case object, array, string, number, bool, null
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    package var index = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: - Structure

    /// The next byte after any whitespace, not consumed; nil at the end.
    package mutating func peekToken() -> UInt8? {
        skipWhitespace()
        return peek
    }

    /// The kind of the value starting at the next token, or a failure when none starts there.
    package mutating func valueKind() throws(Failure) -> ValueKind {
        guard let byte = peekToken() else { throw failure("the message ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw failure("\(shownByte) where a value should be")
        }
    }

    /// Steps over `{`.
    package mutating func openObject() throws(Failure) {
        guard peekToken() == UInt8(ascii: "{") else { throw failure("\(shownByte) where \"{\" should be") }
        index += 1
    }

    /// Steps over `[`.
    package mutating func openArray() throws(Failure) {
        guard peekToken() == UInt8(ascii: "[") else { throw failure("\(shownByte) where \"[\" should be") }
        index += 1
    }

    /// The next key of the object being read, its `:` read too, or nil after its `}`. `first` is
    /// true until the first call of each object (it is set to false here).
    package mutating func nextKey(first: inout Bool) throws(Failure) -> (key: String, offset: Int)? {
        skipWhitespace()
        if first {
            first = false
            if peek == UInt8(ascii: "}") {
                index += 1
                return nil
            }
        } else {
            switch peek {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return nil
            default: throw failure("\(shownByte) where \",\" or \"}\" should be")
            }
        }
        guard peek == UInt8(ascii: "\"") else { throw failure("\(shownByte) where a key in quotes should be") }
        let offset = index
        let key = try string()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw failure("\(shownByte) where \":\" should follow a key") }
        index += 1
        return (key, offset)
    }

    /// True when the array being read has another item (the `,` before it read), false after its
    /// `]`. `first` is true until the first call of each array (it is set to false here).
    package mutating func nextItem(first: inout Bool) throws(Failure) -> Bool {
        skipWhitespace()
        if first {
            first = false
            if peek == UInt8(ascii: "]") {
                index += 1
                return false
            }
            return true
        }
        switch peek {
        case UInt8(ascii: ","): index += 1; return true
        case UInt8(ascii: "]"): index += 1; return false
        default: throw failure("\(shownByte) where \",\" or \"]\" should be")
        }
    }

    /// Steps over `expected` when the bytes at the index (after any whitespace) are those bytes,
    /// and says whether they were.
    package mutating func skip(ifNext expected: [UInt8]) -> Bool {
        skipWhitespace()
        guard bytes.count - index >= expected.count else { return false }
        let same = expected.withUnsafeBytes { expected in
            guard let wanted = expected.baseAddress, let here = bytes.baseAddress else { return expected.isEmpty }
            return memcmp(here + index, wanted, expected.count) == 0
        }
        if same { index += expected.count }
        return same
    }

    /// Fails unless only whitespace is left.
    package mutating func end() throws(Failure) {
        guard peekToken() == nil else { throw failure("\(shownByte) after the message's end") }
    }

    /// Steps over the value at the next token, whatever it is, checking its grammar; nested at
    /// most `depth` levels.
    package mutating func skipValue(depth: Int) throws(Failure) {
        switch try valueKind() {
        case .object:
            guard depth > 0 else { throw failure("nesting too deep") }
            try openObject()
            var first = true
            while try nextKey(first: &first) != nil { try skipValue(depth: depth - 1) }
        case .array:
            guard depth > 0 else { throw failure("nesting too deep") }
            try openArray()
            var first = true
            while try nextItem(first: &first) { try skipValue(depth: depth - 1) }
        case .string: _ = try string()
        case .number: _ = try number()
        case .bool: _ = try bool()
        case .null: try null()
        }
    }

    // MARK: - Scalars

    /// `true` or `false`.
    package mutating func bool() throws(Failure) -> Bool {
        switch peekToken() {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw failure("\(shownByte) where true or false should be")
        }
    }

    /// `null`.
    package mutating func null() throws(Failure) {
        guard peekToken() == UInt8(ascii: "n") else { throw failure("\(shownByte) where null should be") }
        try literal("null")
    }

    /// Steps over `null` when it is next, and says whether it was.
    package mutating func skipNull() throws(Failure) -> Bool {
        guard peekToken() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for (offset, byte) in expected.enumerated() {
            guard index + offset < bytes.count, bytes[index + offset] == byte else {
                throw Failure(message: "not \(word) nor any JSON value", offset: index)
            }
        }
        index += expected.count
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    package mutating func number() throws(Failure) -> String {
        skipWhitespace()
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw failure("\(shownByte) where a number's digits should be") }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("\(shownByte) where the digits after a decimal point should be") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("\(shownByte) where an exponent's digits should be") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A number that is a whole `Int` (`3`, `-2`, `3.0`, `2e1`), or nil for a number that is not
    /// one (`1.5`, `1e30`); a failure when no number is there.
    package mutating func integer() throws(Failure) -> Int? {
        Self.integer(try number())
    }

    /// The whole `Int` a number literal holds exactly, or nil: past 2^53 a `Double` no longer says
    /// whether `1.0e16` is whole, so only plain digits are read there.
    package static func integer(_ literal: String) -> Int? {
        if let whole = Int(literal) { return whole }
        guard let double = Double(literal), double.rounded() == double, abs(double) <= 9_007_199_254_740_992 else { return nil }
        return Int(double)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    // MARK: - Known words

    /// Words a reader expects (an object's keys, an enumeration's values), with their UTF-8, so
    /// that a key or a value is matched on its bytes, with no `String` made for it.
    package struct Words<Word: Sendable>: Sendable {
        package let words: [Word]
        package let names: [String]
        fileprivate let utf8: [[UInt8]]

        package init(_ words: [Word], name: (Word) -> String) {
            self.words = words
            names = words.map(name)
            utf8 = names.map { Array($0.utf8) }
        }
    }

    /// A word read: one of the expected words (and its position among them), or another text.
    package enum Match<Word: Sendable> {
        case known(Word, position: Int)
        case other(String)
    }

    /// The next key of the object being read, as one of `words`, its `:` read too, or nil after
    /// its `}` (see ``nextKey(first:)``).
    package mutating func nextKey<Word: Sendable>(first: inout Bool, among words: Words<Word>) throws(Failure) -> Match<Word>? {
        skipWhitespace()
        if first {
            first = false
            if peek == UInt8(ascii: "}") {
                index += 1
                return nil
            }
        } else {
            switch peek {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return nil
            default: throw failure("\(shownByte) where \",\" or \"}\" should be")
            }
        }
        guard peek == UInt8(ascii: "\"") else { throw failure("\(shownByte) where a key in quotes should be") }
        let key = try string(among: words)
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw failure("\(shownByte) where \":\" should follow a key") }
        index += 1
        return key
    }

    /// A string, as one of `words` when it is one.
    package mutating func string<Word: Sendable>(among words: Words<Word>) throws(Failure) -> Match<Word> {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw failure("\(shownByte) where a string should be") }
        let start = index
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            // Plain bytes between the quotes: compared as they are.
            let span = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
            for position in words.utf8.indices where Self.same(words.utf8[position], span) {
                index = end + 1
                return .known(words.words[position], position: position)
            }
        }
        // An escape, or no word of them: the text itself, which may still be one (`"\u0061ction"`).
        let text = try string()
        if let position = words.names.firstIndex(of: text) { return .known(words.words[position], position: position) }
        return .other(text)
    }

    /// Whether `word` and `span` hold the same bytes.
    private static func same(_ word: [UInt8], _ span: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count == span.count else { return false }
        return word.withUnsafeBufferPointer { word in
            var offset = 0
            while offset < word.count, word[offset] == span[offset] { offset += 1 }
            return offset == word.count
        }
    }

    // MARK: - Strings

    /// A string, its escapes decoded; UTF-8 only, no lone surrogate.
    package mutating func string() throws(Failure) -> String {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw failure("\(shownByte) where a string should be") }
        let start = index
        index += 1
        let first = index
        let high = plainRun()  // under 0x80, the text is ASCII and needs no UTF-8 check
        if peek == UInt8(ascii: "\"") {
            index += 1
            let span = UnsafeBufferPointer(rebasing: bytes[first..<(index - 1)])
            return high < 0x80 ? String(decoding: span, as: UTF8.self) : try Self.text(span, at: start)
        }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[first..<index]))
        while true {
            guard index < bytes.count else { throw Failure(message: "the message ends inside the string that starts", offset: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try decoded.withUnsafeBufferPointer { buffer throws(Failure) in try Self.text(buffer, at: start) }
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case 0..<0x20:
                throw failure("a control character (\(Self.hex(byte))) inside a string: write it escaped, as \\n or \\u00XX")
            default:
                // The run up to the next escape in one go (a screen's text escapes a line break on
                // every line).
                let run = index
                _ = plainRun()
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            }
        }
    }

    /// Steps over the bytes a string holds as they are, up to the next quote, escape or control
    /// character; returns them all or'ed together.
    private mutating func plainRun() -> UInt8 {
        var high: UInt8 = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            high |= bytes[index]
            index += 1
        }
        return high
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(Failure) {
        let start = index
        index += 1
        guard index < bytes.count else { throw Failure(message: "the message ends inside an escape", offset: start) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try codeUnit(escapeAt: start))
            if (0xD800...0xDBFF).contains(scalar) {
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw Failure(message: "a lone surrogate (\\u\(String(scalar, radix: 16))): a high one needs its low one after it", offset: start)
                }
                let lowStart = index
                index += 2
                let low = UInt32(try codeUnit(escapeAt: lowStart))
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw Failure(message: "a lone surrogate (\\u\(String(scalar, radix: 16))): a high one needs its low one after it", offset: start)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw Failure(message: "a lone surrogate (\\u\(String(scalar, radix: 16))): a low one needs its high one before it", offset: start)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw Failure(message: "an escape that is no character", offset: start) }
            decoded += Array(String(Character(unicode)).utf8)
        default:
            throw Failure(message: "\"\\\(Self.shown(byte: letter))\" is no escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX are)", offset: start)
        }
    }

    /// The four hex digits after `\u` (the index is past the `u`).
    private mutating func codeUnit(escapeAt start: Int) throws(Failure) -> UInt16 {
        guard bytes.count - index >= 4 else { throw Failure(message: "\\u needs four hex digits", offset: start) }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Failure(message: "\\u needs four hex digits", offset: start)
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    private static func text(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int) throws(Failure) -> String {
        guard TextBytes.isUTF8(buffer) else { throw Failure(message: "the string that starts here is not UTF-8", offset: start) }
        return String(decoding: buffer, as: UTF8.self)
    }

    // MARK: - Bytes

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// A failure at the index.
    package func failure(_ message: String) -> Failure {
        Failure(message: message, offset: index)
    }

    /// The byte at the index as an error quotes it: `"}"`, `byte 0xC3`, or the end.
    package var shownByte: String {
        guard let byte = peek else { return "the message's end" }
        return (0x21...0x7E).contains(byte) ? "\"\(Self.shown(byte: byte))\"" : "byte \(Self.hex(byte))"
    }

    private static func shown(byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : hex(byte)
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
