import NameMatching

/// Reads one message's JSON in one pass over its bytes: RFC 8259 with I-JSON's rules (RFC 7493:
/// UTF-8 only, no name twice in an object, no lone surrogate), so every message has one meaning.
///
/// Bounded whatever the line holds: at most `depthLimit` levels of nesting (the parser recurses,
/// and a message of ours nests four deep: `params.arguments.paths[0]`) and `valueLimit` values in
/// all (the parsed values cost some twenty times the bytes of `[{},{},…]`; no tool takes more
/// than a list of paths).
///
/// Why not Foundation's JSONSerialization: on Linux it has no bound but its nesting depth, and a
/// line of 1.2 MB of `[{"a":1},…]` cost it 445 MB of resident memory (0.5 s, measured in a
/// release build); a 16 MiB line would cost gigabytes before a single check could run. Its errors
/// name no place in the line either. This reader is the JSON grammar and nothing more: no
/// decoding into types, no writing (answers are written by `JSONValue`).
struct JSONParser {
    /// Why a line is not a message, and at which byte (counted from 0).
    struct Failure: Error, Equatable, CustomStringConvertible {
        let message: String
        let offset: Int

        var description: String { "\(message) at byte \(offset)" }
    }

    static let depthLimit = 64
    static let valueLimit = 100_000

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private var values = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value `line` holds, or nil when it holds only whitespace (no message at all).
    static func parse(_ line: [UInt8]) -> Result<JSONValue?, Failure> {
        line.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            parser.skipWhitespace()
            guard parser.index < buffer.count else { return .success(nil) }
            do throws(Failure) {
                let value = try parser.value()
                parser.skipWhitespace()
                guard parser.index == buffer.count else { throw parser.failure("\(parser.shownByte) after the message's end") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    // MARK: - Values

    private mutating func value() throws(Failure) -> JSONValue {
        values += 1
        guard values <= Self.valueLimit else { throw failure("more than \(Self.valueLimit) values in one message") }
        guard index < bytes.count else { throw failure("the message ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("\(shownByte) where a value should be")
        }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw failure("\(shownByte) where a key in quotes should be") }
            let keyOffset = index
            let key = try string()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw failure("\(shownByte) where \":\" should follow a key") }
            index += 1
            skipWhitespace()
            let member = try value()
            if members.updateValue(member, forKey: key) != nil {
                throw Failure(message: "the key \"\(Suggestion.shown(key))\" twice in one object", offset: keyOffset)
            }
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw failure("\(shownByte) where \",\" or \"}\" should be")
            }
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var items: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw failure("\(shownByte) where \",\" or \"]\" should be")
            }
        }
    }

    /// Steps into `{` or `[`, within the nesting limit.
    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.depthLimit else { throw failure("nesting deeper than \(Self.depthLimit) levels") }
        index += 1
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
    private mutating func number() throws(Failure) -> String {
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

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    // MARK: - Strings

    private mutating func string() throws(Failure) -> String {
        let start = index
        index += 1
        let first = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
        if peek == UInt8(ascii: "\"") {
            index += 1
            return try Self.text(UnsafeBufferPointer(rebasing: bytes[first..<(index - 1)]), at: start)
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
                decoded.append(byte)
                index += 1
            }
        }
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
        guard let text = String(validating: buffer, as: UTF8.self) else {
            throw Failure(message: "the string that starts here is not UTF-8", offset: start)
        }
        return text
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

    private func failure(_ message: String) -> Failure {
        Failure(message: message, offset: index)
    }

    /// The byte at the index as an error quotes it: `"}"`, `byte 0xC3`, or the end.
    private var shownByte: String {
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
