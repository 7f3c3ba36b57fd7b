@testable import FlowExplorer
import Testing

/// The walks' generator: SplitMix64, the same numbers from the same seed everywhere, and a choice
/// in proportion to its weights.
struct SeededRandomTests {
    @Test func itIsSplitMix64() {
        var random = SeededRandom(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [16_294_208_416_658_607_535, 7_960_286_522_194_355_700, 487_617_019_471_545_679])
        var other = SeededRandom(seed: 42)
        #expect([other.next(), other.next()] == [13_679_457_532_755_275_413, 2_949_826_092_126_892_291])
    }

    @Test func aUnitIsBelowOneAndAtLeastZero() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<10_000 {
            let unit = random.unit()
            #expect(unit >= 0 && unit < 1)
        }
    }

    @Test func aPickIsInProportionToItsWeightAndNeverAWeightOfNothing() {
        var random = SeededRandom(seed: 3)
        var counts = [0, 0, 0]
        for _ in 0..<30_000 {
            if let index = random.pick(weights: [1, 2, 0]) { counts[index] += 1 }
        }
        #expect(counts[2] == 0)
        #expect(counts[0] + counts[1] == 30_000)
        #expect(abs(Double(counts[1]) / Double(counts[0]) - 2) < 0.1, "\(counts)")
        #expect(random.pick(weights: []) == nil)
        #expect(random.pick(weights: [5]) == 0)
    }

    @Test func thePickOfTheLastWeightIsReachedAndNothingPastIt() {
        // A unit of almost 1 lands in the last weight.
        var random = SeededRandom(seed: 0)
        var seen: Set<Int> = []
        for _ in 0..<1000 { seen.insert(random.pick(weights: [1, 1, 1, 1]) ?? -1) }
        #expect(seen == [0, 1, 2, 3])
    }

    /// The edge of a weight: a draw of exactly 0 (the seed whose first number is 0, since SplitMix64
    /// mixes 0 to 0) falls in the first weight above nothing, never in a weight of nothing before it.
    @Test func aDrawOfExactlyZeroSkipsAWeightOfNothing() {
        var random = SeededRandom(seed: 0 &- 0x9E37_79B9_7F4A_7C15)
        var probe = random
        #expect(probe.unit() == 0, "the seed's first draw is 0")
        #expect(random.pick(weights: [0, 1, 1]) == 1)
    }
}
