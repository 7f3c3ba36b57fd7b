#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one check every reader of bytes from outside the process makes before it reads them as
/// text: a JUnit shard, a timings file, a flow, a scheme, a fixture, a golden screen, a shard's
/// report, an MCP request, an app's frame, a launch argument, a typed line.
///
/// Text is well-formed UTF-8 by Unicode's table 3-7 (no lone continuation byte, no overlong form,
/// no surrogate, nothing past U+10FFFF, no sequence cut short), holds no NUL, and starts with a
/// byte-order mark only where the format allows one. (Past the start, U+FEFF is a character, the
/// zero-width no-break space, as JSON and XML read it: an app's output may hold one, and a
/// report that quotes it is still text.) The first problem is found with its
/// place (byte, line, column) and said the same way whoever read the bytes, before any parser sees
/// them: some parsers trap on bytes that are not UTF-8 (FoundationXML's did), others replace them
/// silently with U+FFFD, and neither says where they were.
public enum TextBytes {
    /// Whether a byte-order mark (U+FEFF) may start the text: XML and YAML allow one there, JSON,
    /// a golden screen, a line of a protocol and a command-line word do not.
    public enum ByteOrderMark: Sendable {
        /// None at the start.
        case refused
        /// One at the very start, which is skipped.
        case allowedAtStart
    }

    /// The first problem in `bytes`, or nil when they are text.
    ///
    /// Text that is fine costs a `memchr` for NUL and the standard library's UTF-8 validation
    /// (optimised even in a debug build); only a problem is looked for byte by byte.
    public static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, byteOrderMark: ByteOrderMark = .refused) -> TextProblem? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        if memchr(base, 0, bytes.count) == nil, !(byteOrderMark == .refused && startsWithByteOrderMark(bytes)),
           String(validating: bytes, as: UTF8.self) != nil {
            return nil
        }
        return scan(bytes, byteOrderMark: byteOrderMark)
    }

    /// The first problem in `bytes` (an array, `Data`, a slice), or nil when they are text.
    public static func firstProblem(in bytes: some Collection<UInt8>, byteOrderMark: ByteOrderMark = .refused) -> TextProblem? {
        if let found = bytes.withContiguousStorageIfAvailable({ firstProblem(in: $0, byteOrderMark: byteOrderMark) }) { return found }
        return Array(bytes).withUnsafeBufferPointer { firstProblem(in: $0, byteOrderMark: byteOrderMark) }
    }

    /// `bytes` as a string, once they are text (a byte-order mark the format allows at the start
    /// is dropped); else the first problem.
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>, byteOrderMark: ByteOrderMark = .refused) -> Result<String, TextProblem> {
        guard !bytes.isEmpty else { return .success("") }
        if let problem = firstProblem(in: bytes, byteOrderMark: byteOrderMark) { return .failure(problem) }
        let skipped = startsWithByteOrderMark(bytes) ? 3 : 0
        return .success(String(decoding: UnsafeBufferPointer(rebasing: bytes[skipped...]), as: UTF8.self))
    }

    /// `bytes` (an array, `Data`, a slice) as a string, once they are text; else the first problem.
    public static func string(_ bytes: some Collection<UInt8>, byteOrderMark: ByteOrderMark = .refused) -> Result<String, TextProblem> {
        if let found = bytes.withContiguousStorageIfAvailable({ string($0, byteOrderMark: byteOrderMark) }) { return found }
        return Array(bytes).withUnsafeBufferPointer { string($0, byteOrderMark: byteOrderMark) }
    }

    /// Whether `bytes` are well-formed UTF-8 by Unicode's table 3-7, NUL and U+FEFF allowed: the
    /// check a JSON string's bytes get as a lexer reads them (the lexer refuses a raw NUL itself),
    /// inlined into that hot loop where `String(validating:as:)`, a generic call, cost a sixth of a
    /// step's reading. The same table as the scan of `firstProblem(in:byteOrderMark:)`.
    @inlinable
    public static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let rule = Lead(lead: lead), bytes.count - index >= rule.length, rule.second.contains(bytes[index + 1]) else { return false }
            for offset in 2..<rule.length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += rule.length
        }
        return true
    }

    /// What a lead byte starts: how many bytes, and the range its second byte must be in (where
    /// table 3-7 narrows it to rule out overlong forms, surrogates and what is past U+10FFFF).
    @usableFromInline
    struct Lead {
        @usableFromInline let length: Int
        @usableFromInline let second: ClosedRange<UInt8>

        @inlinable
        init?(lead: UInt8) {
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            default: return nil
            }
        }
    }

    static func startsWithByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The first problem, found byte by byte: only called when there is one.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, byteOrderMark: ByteOrderMark) -> TextProblem? {
        var index = 0
        var line = 1, lineStart = 0, column = 1
        func problem(_ kind: TextProblem.Kind, length: Int) -> TextProblem {
            TextProblem(kind: kind, bytes: Array(bytes[index..<min(bytes.count, index + length)]), offset: index, line: line, column: column,
                        place: TextProblem.Place(bytes, lineStart: lineStart, column: column))
        }
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0 { return problem(.nul, length: 1) }
                index += 1
                if lead == 0x0A {
                    line += 1
                    lineStart = index
                    column = 1
                } else {
                    column += 1
                }
                continue
            }
            guard let rule = Lead(lead: lead) else {
                switch lead {
                case 0x80...0xBF: return problem(.loneContinuation, length: 1)
                case 0xC0, 0xC1: return problem(.overlong, length: index + 1 < bytes.count && bytes[index + 1] & 0xC0 == 0x80 ? 2 : 1)
                case 0xF5...0xF7: return problem(.pastUnicode, length: 1)
                default:
                    if index == 0, bytes.count >= 2, (lead, bytes[1]) == (0xFF, 0xFE) || (lead, bytes[1]) == (0xFE, 0xFF) {
                        return problem(.utf16, length: 2)
                    }
                    return problem(.neverUTF8, length: 1)
                }
            }
            // The sequence as far as it goes: its continuation bytes, up to its length.
            var continued = 0
            while continued < rule.length - 1, index + 1 + continued < bytes.count, bytes[index + 1 + continued] & 0xC0 == 0x80 { continued += 1 }
            if continued >= 1, !rule.second.contains(bytes[index + 1]) {
                let kind: TextProblem.Kind = switch lead {
                case 0xED: .surrogate
                case 0xF4: .pastUnicode
                default: .overlong
                }
                return problem(kind, length: continued + 1)
            }
            if continued < rule.length - 1 {
                return problem(index + 1 + continued == bytes.count ? .cutByTheEnd(rule.length) : .cutShort(rule.length), length: continued + 1)
            }
            if index == 0, byteOrderMark == .refused, startsWithByteOrderMark(bytes) {
                return problem(.byteOrderMark, length: 3)
            }
            index += rule.length
            column += 1
        }
        return nil
    }
}
