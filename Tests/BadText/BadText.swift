import TextBytes

/// Bytes that are not text, one of each kind the issue lists, for every reader's test of them: each
/// reader is fed each of these inside input that is otherwise good, and must refuse it with the same
/// words (`TextProblem`), where it is.
public struct BadText: Sendable, CustomStringConvertible {
    /// The kind, in words, as a test's name shows it.
    public let name: String
    /// The bytes put into good input.
    public let bytes: [UInt8]
    /// What `TextBytes` finds them to be.
    public let kind: TextProblem.Kind
    /// Whether they only are what they are at the very end of the input (a sequence cut by the end)
    /// or the very start (a byte-order mark): a reader's test puts them there.
    public let place: Place

    /// Where a test puts the bytes.
    public enum Place: Sendable {
        /// Anywhere in the middle.
        case middle
        /// At the very end: what follows would continue the sequence.
        case end
        /// At the very start.
        case start
    }

    public var description: String { name }

    /// `good` with the bytes put in: at `offset` when they go in the middle (clamped), else at its end or start.
    public func put(into good: [UInt8], at offset: Int) -> [UInt8] {
        switch place {
        case .middle: Array(good[..<min(offset, good.count)]) + bytes + Array(good[min(offset, good.count)...])
        case .end: good + bytes
        case .start: bytes + good
        }
    }

    /// `good` with the bytes put in just before the first occurrence of `marker` (or where `place` says).
    public func put(into good: String, before marker: String) -> [UInt8] {
        let bytes = Array(good.utf8), pattern = Array(marker.utf8)
        let offset = bytes.indices.first { bytes[$0...].starts(with: pattern) } ?? bytes.count / 2
        return put(into: bytes, at: offset)
    }

    /// The invalid UTF-8 forms: a lone continuation byte, an overlong form, a surrogate, 0xFF, a
    /// sequence cut by the end; and a NUL.
    public static let notUTF8: [BadText] = [
        BadText(name: "a lone continuation byte", bytes: [0x8E], kind: .loneContinuation, place: .middle),
        BadText(name: "an overlong form", bytes: [0xC0, 0xAF], kind: .overlong, place: .middle),
        BadText(name: "a surrogate", bytes: [0xED, 0xA0, 0x80], kind: .surrogate, place: .middle),
        BadText(name: "0xFF", bytes: [0xFF], kind: .neverUTF8, place: .middle),
        BadText(name: "a sequence cut by the end", bytes: [0xE2, 0x82], kind: .cutByTheEnd(3), place: .end),
        BadText(name: "a NUL", bytes: [0x00], kind: .nul, place: .middle),
    ]

    /// A byte-order mark at the start, for a reader whose format has none there.
    public static let byteOrderMark = BadText(name: "a byte-order mark", bytes: [0xEF, 0xBB, 0xBF], kind: .byteOrderMark, place: .start)

    /// Every kind, a byte-order mark at the start among them: for a reader that allows none.
    public static let all = notUTF8 + [byteOrderMark]
}
