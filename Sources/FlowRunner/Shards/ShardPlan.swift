/// A split of flows between `count` machines (`flow run --shard I/N --shard-by timings`) that every
/// machine computes alike from the same timings, with no coordination.
///
/// A shard is expected to take the time of its flows plus the seeding of each distinct fixture
/// they use (a run seeds each fixture once). The split:
///
/// 1. Each flow counts as the mean of its earlier times (`FlowTimings`); a flow with none counts
///    as the median of the flows that have one, or 1 s when none has. Each fixture counts as its
///    recorded seeding time, else the median of those recorded, else `seedingCost`.
/// 2. Longest processing time first: the flows are taken longest first (ties by file path, so the
///    order the flows come in never matters), and each goes to the shard on which it would finish
///    soonest, counting the seeding of any fixture that shard does not seed yet (ties: the lower
///    shard). So a flow joins the flows of its fixture when the shards' times are close.
/// 3. Then, while it shortens the slowest shard by more than 0.1 % (at most 100 times): the best
///    single move of one of its flows to another shard, or swap with one of another's. This is
///    what gathers flows of one fixture that step 2 spread before it knew of the others.
///
/// Everything is decided by comparisons of the same numbers in the same order: the same flows and
/// timings give the same plan on every machine.
package struct ShardPlan: Sendable, Equatable {
    /// A flow to place: its file and the fixtures it seeds (its `fixture`, its `seed:` steps).
    package struct Item: Sendable, Hashable {
        /// The flow file.
        package let file: String
        /// The fixtures it seeds, which a shard pays for once whatever number of its flows use them.
        package let fixtures: [String]

        /// A flow `file` that seeds `fixtures`.
        package init(file: String, fixtures: [String]) {
            self.file = file
            self.fixtures = fixtures
        }
    }

    /// One machine's share and the time it is expected to take.
    package struct Shard: Sendable, Equatable {
        /// Its flow files, longest first.
        package internal(set) var files: [String]
        /// The fixtures it seeds, sorted.
        package internal(set) var fixtures: [String]
        /// The sum of its flows' expected times.
        package internal(set) var flowSeconds: Double
        /// The sum of its fixtures' seeding times.
        package internal(set) var seedingSeconds: Double
        /// Its flows and its seeding: what it is expected to take, one flow after another.
        package var seconds: Double { flowSeconds + seedingSeconds }
    }

    /// How the flows were split: by timings, or by the stable hash `--shard I/N` has always used
    /// (kept to compare the two on the same numbers).
    package enum Method: String, Sendable, CaseIterable {
        /// By the flows' earlier times and their fixtures' seeding, as above.
        case timings
        /// By a stable hash of each flow's file, with no timings.
        case hash
    }

    /// The shards, the first being shard 1.
    package let shards: [Shard]
    /// Each flow's expected seconds: its mean, or `assumedSeconds`.
    package let estimates: [String: Double]
    /// The flows that had no timing, sorted.
    package let untimed: [String]
    /// What a flow without a timing counts as.
    package let assumedSeconds: Double

    /// A fixture's seeding time when the timings record none.
    package static let defaultSeedingCost = 0.1
    /// The longest a refinement may run: improvements applied.
    static let maximumImprovements = 100
    /// A move or swap must shorten the slowest shard by more than this share of it.
    static let minimumGain = 0.001

    /// Splits `items` between `count` shards (at least 1).
    package init(_ items: [Item], count: Int, timings: FlowTimings, method: Method = .timings, seedingCost: Double = defaultSeedingCost) {
        let count = max(1, count)
        // Expected times.
        let known = items.compactMap { timings.seconds(ofFlow: $0.file) }
        let assumed = Self.median(known) ?? 1
        let durations = items.map { timings.seconds(ofFlow: $0.file) ?? assumed }
        // Fixtures as numbers, with their costs.
        let names = Array(Set(items.flatMap(\.fixtures))).sorted()
        let ids = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let recorded = names.compactMap { timings.seconds(ofFixture: $0) }
        let fallback = Self.median(recorded) ?? seedingCost
        let costs = names.map { timings.seconds(ofFixture: $0) ?? fallback }
        let fixtures = items.map { item in Array(Set(item.fixtures.compactMap { ids[$0] })).sorted() }

        var state = Placement(count: count, durations: durations, fixtures: fixtures, costs: costs)
        switch method {
        case .hash:
            for (index, item) in items.enumerated() {
                state.place(index, on: Int(FlowSuite.stableHash(item.file) % UInt64(count)))
            }
        case .timings:
            let order = items.indices.sorted { a, b in
                if durations[a] != durations[b] { return durations[a] > durations[b] }
                if items[a].file != items[b].file { return items[a].file < items[b].file }
                return items[a].fixtures.lexicographicallyPrecedes(items[b].fixtures)
            }
            for index in order { state.place(index, on: state.soonest(for: index)) }
            state.refine()
        }

        shards = state.members.indices.map { shard in
            let members = state.members[shard]
            let used = names.indices.filter { state.uses[shard][$0] > 0 }
            return Shard(
                files: members.map { items[$0].file }, fixtures: used.map { names[$0] },
                flowSeconds: members.map { durations[$0] }.reduce(0, +), seedingSeconds: used.map { costs[$0] }.reduce(0, +)
            )
        }
        var estimates: [String: Double] = [:]
        for (index, item) in items.enumerated() { estimates[item.file] = durations[index] }
        self.estimates = estimates
        untimed = items.filter { timings.seconds(ofFlow: $0.file) == nil }.map(\.file).sorted()
        assumedSeconds = assumed
    }

    /// The slowest shard's expected seconds.
    package var slowest: Double { shards.map(\.seconds).max() ?? 0 }

    /// The mean of the shards' expected seconds.
    package var mean: Double { shards.isEmpty ? 0 : shards.map(\.seconds).reduce(0, +) / Double(shards.count) }

    /// The median of `values`, or nil when there are none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The shards being filled: members, flow time, fixtures in use, seeding time.
    struct Placement {
        let durations: [Double]
        let fixtures: [[Int]]
        let costs: [Double]
        var members: [[Int]]
        var flowSeconds: [Double]
        var seedingSeconds: [Double]
        /// Per shard, per fixture: how many of its flows use it.
        var uses: [[Int]]

        init(count: Int, durations: [Double], fixtures: [[Int]], costs: [Double]) {
            self.durations = durations
            self.fixtures = fixtures
            self.costs = costs
            members = Array(repeating: [], count: count)
            flowSeconds = Array(repeating: 0, count: count)
            seedingSeconds = Array(repeating: 0, count: count)
            uses = Array(repeating: Array(repeating: 0, count: costs.count), count: count)
        }

        func load(_ shard: Int) -> Double { flowSeconds[shard] + seedingSeconds[shard] }

        /// The change in `shard`'s seeding if the flows `removed` left it and `added` joined it.
        func seedingChange(_ shard: Int, removing removed: Int?, adding added: Int?) -> Double {
            let out = removed.map { fixtures[$0] } ?? [], into = added.map { fixtures[$0] } ?? []
            var change = 0.0
            for fixture in out where !into.contains(fixture) && uses[shard][fixture] == 1 { change -= costs[fixture] }
            for fixture in into where !out.contains(fixture) && uses[shard][fixture] == 0 { change += costs[fixture] }
            return change
        }

        /// The shard on which `item` would finish soonest (the lower on a tie).
        func soonest(for item: Int) -> Int {
            var best = 0, bestEnd = Double.infinity
            for shard in members.indices {
                let end = load(shard) + durations[item] + seedingChange(shard, removing: nil, adding: item)
                if end < bestEnd {
                    best = shard
                    bestEnd = end
                }
            }
            return best
        }

        mutating func place(_ item: Int, on shard: Int) {
            seedingSeconds[shard] += seedingChange(shard, removing: nil, adding: item)
            for fixture in fixtures[item] { uses[shard][fixture] += 1 }
            flowSeconds[shard] += durations[item]
            members[shard].append(item)
        }

        mutating func remove(_ item: Int, from shard: Int) {
            seedingSeconds[shard] += seedingChange(shard, removing: item, adding: nil)
            for fixture in fixtures[item] { uses[shard][fixture] -= 1 }
            flowSeconds[shard] -= durations[item]
            if let position = members[shard].firstIndex(of: item) { members[shard].remove(at: position) }
        }

        /// Moves and swaps that shorten the slowest shard, best first, while they are worth it.
        mutating func refine() {
            guard members.count > 1 else { return }
            for _ in 0..<ShardPlan.maximumImprovements {
                let slowest = members.indices.max { load($0) < load($1) || (load($0) == load($1) && $0 > $1) } ?? 0
                let current = load(slowest)
                var best: (end: Double, item: Int, other: Int, swap: Int?)?
                let threshold = current - current * ShardPlan.minimumGain
                for item in members[slowest] {
                    // A swap partner longer than this cannot shorten the slowest shard even if the
                    // swap frees every fixture `item` seeds there.
                    let longestPartner = durations[item] + fixtures[item].map { costs[$0] }.reduce(0, +) - (current - threshold)
                    for other in members.indices where other != slowest {
                        // Move `item` to `other`.
                        let leaving = current - durations[item] + seedingChange(slowest, removing: item, adding: nil)
                        let arriving = load(other) + durations[item] + seedingChange(other, removing: nil, adding: item)
                        let end = max(leaving, arriving)
                        if end < threshold, end < (best?.end ?? .infinity) { best = (end, item, other, nil) }
                        // Swap `item` with each of `other`'s flows.
                        for partner in members[other] where durations[partner] < longestPartner {
                            let stays = current - durations[item] + durations[partner] + seedingChange(slowest, removing: item, adding: partner)
                            let goes = load(other) - durations[partner] + durations[item] + seedingChange(other, removing: partner, adding: item)
                            let end = max(stays, goes)
                            if end < threshold, end < (best?.end ?? .infinity) { best = (end, item, other, partner) }
                        }
                    }
                }
                guard let best else { return }
                remove(best.item, from: slowest)
                if let partner = best.swap {
                    remove(partner, from: best.other)
                    place(partner, on: slowest)
                }
                place(best.item, on: best.other)
            }
        }
    }
}
