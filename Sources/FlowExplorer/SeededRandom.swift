/// A random number generator that gives the same numbers from the same seed on every machine and
/// every run (SplitMix64): what makes a walk replayable from its seed. Swift's own generator is
/// seeded by the system and cannot be.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose numbers are decided by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: every bit of `value` moves every bit of the result.
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<1`, from the top 53 bits of the next.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// The index of one of `weights` (each above 0), chosen with a chance in proportion to its
    /// weight; nil when there is none.
    mutating func pick(weights: [Double]) -> Int? {
        guard !weights.isEmpty else { return nil }
        let total = weights.reduce(0, +)
        var left = unit() * total
        for (index, weight) in weights.enumerated() {
            if left < weight { return index }
            left -= weight
        }
        return weights.count - 1
    }
}
