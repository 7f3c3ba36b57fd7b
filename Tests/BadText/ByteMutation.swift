/// A small seeded generator (SplitMix64): the same numbers for the same seed on every machine, so a
/// fuzz test feeds the same inputs every run and a failure can be replayed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that starts at `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mutations of raw bytes, not text: what a broken disk, a bad copy or a hostile tool leaves, and
/// what a mutation of a `String` never makes (it stays valid UTF-8). The fuzz tests of every reader
/// of outside bytes (JUnit shards, timings files, flows, the wire) use it beside their text mutations.
public enum ByteMutation: CaseIterable, Sendable {
    /// One bit of a byte flipped.
    case flip
    /// A byte of 0x80–0xFF put in (a lone continuation byte, a lead with nothing after, 0xFF...).
    case insertHigh
    /// A byte replaced by one of 0x80–0xFF.
    case replaceHigh
    /// A multi-byte character cut: one of its continuation bytes removed, or the text cut just after its lead.
    case cutSequence
    /// A NUL, a byte-order mark, a surrogate or an overlong slash put in.
    case insertHostile
    /// Everything from a place on cut off.
    case truncate

    /// `bytes` with one to three mutations of any kind.
    public static func mangled(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            bytes = (allCases.randomElement(using: &generator) ?? .flip).apply(to: bytes, using: &generator)
        }
        return bytes
    }

    static let hostile: [[UInt8]] = [[0x00], [0xEF, 0xBB, 0xBF], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xFF, 0xFE]]

    /// `bytes` with this mutation made once, at a random place.
    public func apply(to bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        let at = Int.random(in: 0...bytes.count, using: &generator)
        switch self {
        case .flip where at < bytes.count:
            bytes[at] ^= 1 << UInt8.random(in: 0...7, using: &generator)
        case .insertHigh:
            bytes.insert(UInt8.random(in: 0x80...0xFF, using: &generator), at: at)
        case .replaceHigh where at < bytes.count:
            bytes[at] = UInt8.random(in: 0x80...0xFF, using: &generator)
        case .cutSequence:
            // The first multi-byte character from the place on (or any before it).
            guard let lead = bytes[at...].firstIndex(where: { $0 >= 0xC0 }) ?? bytes[..<at].lastIndex(where: { $0 >= 0xC0 }) else {
                bytes.insert(0xE2, at: at)  // none: a lead with nothing after it
                break
            }
            if Bool.random(using: &generator), lead + 1 < bytes.count, bytes[lead + 1] & 0xC0 == 0x80 {
                bytes.remove(at: lead + 1)
            } else {
                bytes.removeSubrange((lead + 1)...)
            }
        case .insertHostile:
            bytes.insert(contentsOf: Self.hostile.randomElement(using: &generator) ?? [0], at: at)
        case .truncate:
            bytes.removeSubrange(at...)
        default:
            bytes.insert(0xFF, at: at)  // a flip or replace past the end: a byte put in instead
        }
        return bytes
    }
}
