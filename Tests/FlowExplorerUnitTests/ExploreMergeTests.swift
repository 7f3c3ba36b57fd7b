@testable import FlowExplorer
import FlowKit
import Testing

/// Shards of one crawl's walks joined: one finding a problem (the one one machine meets first),
/// every shard's paths, screens by identity, counts added; and shards that are not of one crawl
/// refused, each problem naming its folder.
struct ExploreMergeTests {
    static func map(shard: Int, of count: Int = 2, seed: String = "7", walks: Int = 10, findings: [ExploreMap.Finding] = [], screens: [String] = ["Home"]) -> ExploreMap {
        ExploreMap(
            app: "app", scheme: "default", fixture: "default", from: nil, rules: ScreenIdentity.Rules(mode: .data),
            budget: .init(maxActions: 10, maxDepth: 5, seconds: 60),
            stats: .init(actions: shard == 1 ? 10 : 0, actionsSent: 100, screens: screens.count, transitions: 1, findings: findings.count, launches: 5,
                         seconds: Double(shard), shrinkSeconds: 0.5, actionsPerSecond: 50, complete: true, ended: .done),
            screens: screens.enumerated().map { index, identity in
                ExploreMap.Screen(id: "s\(index + 1)", title: identity, identity: identity, depth: index, path: [], text: identity, controls: [], visits: 2)
            },
            transitions: [ExploreMap.Transition(from: "s1", to: "s1", step: "back", action: "back", control: nil, key: "back", outcome: .screen, count: 3)],
            findings: findings, coverage: nil,
            walks: ExploreMap.Walks(count: walks, length: 20, seed: seed, shard: ExploreShard(index: shard, count: count), walked: 5, actions: 50, launches: 5,
                                    seconds: 2, actionsPerSecond: 25,
                                    each: [ExploreMap.Walk(number: shard - 1, seed: "1", actions: 20, ended: .length, digest: "d\(shard)")])
        )
    }

    static func finding(_ problem: String, found: String, traces: [String], screen: String = "s1") -> ExploreMap.Finding {
        ExploreMap.Finding(id: "f1", kind: .crash, screen: screen, title: "Home", summary: "crash \(found)", details: [], steps: ["tap: {button: A}"],
                           foundAfter: 1, replays: 1, flow: "findings/01-crash-home.yaml", problem: problem, paths: traces.count, found: found, foundAt: 1,
                           traces: traces)
    }

    @Test func oneProblemAcrossShardsIsOneFindingTheFirstOneMachineMeetsWithEveryPath() throws {
        let one = Self.map(shard: 1, findings: [Self.finding("crash A", found: "walk 4", traces: ["t1", "t2"])])
        let two = Self.map(shard: 2, findings: [Self.finding("crash A", found: "walk 1", traces: ["t2", "t3"]), Self.finding("hang B", found: "walk 3", traces: ["t9"])],
                           screens: ["Home", "Other"])
        let merged = try ExploreMerge.merge([ExploreMerge.Shard(folder: "b", map: two), ExploreMerge.Shard(folder: "a", map: one)]).get()
        #expect(merged.map.findings.isEmpty, "the findings come with their flows, to be written")
        #expect(merged.flows.map(\.finding.problem) == ["crash A", "hang B"])
        #expect(merged.flows.map(\.finding.id) == ["f1", "f2"])
        #expect(merged.flows[0].finding.found == "walk 1", "the lowest walk's")
        #expect(merged.flows[0].from == "b/findings/01-crash-home.yaml")
        #expect(merged.flows[0].finding.paths == 3 && merged.flows[0].finding.traces == ["t1", "t2", "t3"])
        #expect(merged.map.screens.map(\.identity) == ["Home", "Other"], "screens by identity, the first shard's first")
        #expect(merged.map.screens.map(\.id) == ["s1", "s2"])
        #expect(merged.map.screens[0].visits == 4)
        #expect(merged.map.transitions.count == 1 && merged.map.transitions[0].count == 6)
        #expect(merged.map.stats.actions == 10 && merged.map.stats.actionsSent == 200 && merged.map.stats.launches == 10)
        #expect(merged.map.stats.seconds == 2, "the longest shard's time")
        #expect(merged.map.stats.actionsPerSecond == 100)
        #expect(merged.map.walks?.shard == nil && merged.map.walks?.walked == 10 && merged.map.walks?.each.map(\.number) == [0, 1])
        #expect(merged.map.walks?.actionsPerSecond == 50)
    }

    @Test func theMapsFindingComesBeforeAnyWalks() throws {
        let one = Self.map(shard: 1, findings: [Self.finding("crash A", found: "map", traces: ["t1"])])
        let two = Self.map(shard: 2, findings: [Self.finding("crash A", found: "walk 1", traces: ["t2"])])
        let merged = try ExploreMerge.merge([ExploreMerge.Shard(folder: "b", map: two), ExploreMerge.Shard(folder: "a", map: one)]).get()
        #expect(merged.flows.map(\.finding.found) == ["map"])
    }

    @Test func shardsThatAreNotOfOneCrawlAreRefusedEachProblemNamingItsFolder() {
        func problems(_ shards: [(String, ExploreMap)]) -> [String] {
            guard case let .failure(error) = ExploreMerge.merge(shards.map { ExploreMerge.Shard(folder: $0.0, map: $0.1) }) else { return [] }
            return error.problems
        }
        #expect(problems([("a", Self.map(shard: 1)), ("b", Self.map(shard: 2, seed: "8"))]) == ["b: the seed is 8, but a's is 7: these are not shards of one crawl"])
        #expect(problems([("a", Self.map(shard: 1)), ("b", Self.map(shard: 2, walks: 11))]) == ["b: --walks is 11, but a's is 10: these are not shards of one crawl"])
        #expect(problems([("a", Self.map(shard: 1)), ("b", Self.map(shard: 1))]) == ["b: shard 1/2 is also a"])
        #expect(problems([("a", Self.map(shard: 1, of: 3)), ("b", Self.map(shard: 2, of: 3))]) == ["shard 3/3 missing: give every shard's folder"])
        var whole = Self.map(shard: 1)
        whole.walks = nil
        #expect(problems([("a", whole)]) == ["a: not a shard of a crawl's walks (explore --walks N --shard I/N --seed S writes one)"])
        var other = Self.map(shard: 2)
        other.app = "elsewhere"
        other.rules = ScreenIdentity.Rules()
        #expect(problems([("a", Self.map(shard: 1)), ("b", other)]).count == 2)
        #expect(problems([]) == ["no shard to merge"])
        // Walks until the time was up are said so, on either side.
        var untilTime = Self.map(shard: 2)
        untilTime.walks?.count = nil
        #expect(problems([("a", Self.map(shard: 1)), ("b", untilTime)]) == ["b: --walks is until --time, but a's is 10: these are not shards of one crawl"])
        var firstUntilTime = Self.map(shard: 1)
        firstUntilTime.walks?.count = nil
        #expect(problems([("a", firstUntilTime), ("b", Self.map(shard: 2))]) == ["b: --walks is 10, but a's is until --time: these are not shards of one crawl"])
    }

    /// Each property's counts are added across shards by its name, whatever their order; why one
    /// never applied is kept only when it applied on no shard.
    @Test func propertiesAreAddedByNameAndNeverAppliedOnlyWhenNoShardApplied() throws {
        func property(_ name: String, _ checked: Int, _ applied: Int, _ failed: Int, never: String? = nil) -> ExploreMap.Property {
            ExploreMap.Property(name: name, kind: "invariant", checked: checked, applied: applied, failed: failed, neverApplied: never)
        }
        var one = Self.map(shard: 1)
        one.properties = [property("count", 3, 3, 0), property("renew", 0, 0, 0, never: "no Renew"), property("overdue", 2, 0, 0, never: "not overdue")]
        var two = Self.map(shard: 2)
        two.properties = [property("overdue", 1, 1, 1), property("renew", 0, 0, 0, never: "no Renew"), property("count", 4, 2, 1)]
        let merged = try ExploreMerge.merge([ExploreMerge.Shard(folder: "a", map: one), ExploreMerge.Shard(folder: "b", map: two)]).get().map
        #expect(merged.properties == [property("count", 7, 5, 1), property("renew", 0, 0, 0, never: "no Renew"), property("overdue", 3, 1, 1)])
        one.properties = nil
        two.properties = nil
        #expect(try ExploreMerge.merge([ExploreMerge.Shard(folder: "a", map: one), ExploreMerge.Shard(folder: "b", map: two)]).get().map.properties == nil)
    }

    /// Each way two shards can differ is named: what differs, its value in the shard and in the first.
    @Test(arguments: [
        ("the app", "elsewhere", "app"), ("the scheme", "real", "default"), ("the fixture", "empty", "default"), ("--from", "Login.login", "(none)"),
        ("--walk-length", "30", "20"), ("the shards", "3", "2"), ("the identity", "structure", "data"),
    ])
    func eachDifferenceBetweenShardsIsNamed(what: String, mine: String, theirs: String) {
        var other = Self.map(shard: 2)
        switch what {
        case "the app": other.app = mine
        case "the scheme": other.scheme = mine
        case "the fixture": other.fixture = mine
        case "--from": other.from = mine
        case "--walk-length": other.walks?.length = 30
        case "the shards": other.walks?.shard = ExploreShard(index: 2, count: 3)
        default: other.rules = ScreenIdentity.Rules()
        }
        guard case let .failure(error) = ExploreMerge.merge([ExploreMerge.Shard(folder: "a", map: Self.map(shard: 1)), ExploreMerge.Shard(folder: "b", map: other)]) else {
            Issue.record("merged shards that differ in \(what)")
            return
        }
        let line = error.problems.first ?? ""
        #expect(error.problems.count == 1 && line.hasPrefix("b: \(what) is \(mine)") && line.contains("but a's is \(theirs)"), "\(error.problems)")
    }

    /// Transitions are joined by where they start, the step, where they end and how: two that
    /// differ stay two; the same one in two shards is one, its counts added.
    @Test func transitionsThatDifferStayApartAndTheSameOnesAddUp() throws {
        var one = Self.map(shard: 1)
        one.transitions.append(ExploreMap.Transition(from: "s1", to: nil, step: "tap: {button: A}", action: "tap", control: nil, key: "tap A", outcome: .crashed, count: 1))
        var two = Self.map(shard: 2)
        two.transitions.append(ExploreMap.Transition(from: "s1", to: nil, step: "tap: {button: B}", action: "tap", control: nil, key: "tap B", outcome: .refused, count: 1))
        let merged = try ExploreMerge.merge([ExploreMerge.Shard(folder: "a", map: one), ExploreMerge.Shard(folder: "b", map: two)]).get()
        #expect(merged.map.transitions.map(\.step) == ["back", "tap: {button: A}", "tap: {button: B}"])
        #expect(merged.map.transitions.map(\.count) == [6, 1, 1])
        #expect(merged.map.stats.transitions == 2, "a refused action leads nowhere: \(merged.map.stats)")
    }

    /// A finding without a problem's key (a map written before keys) is one problem by its kind
    /// and summary: two summaries are two findings, the same one in two shards one.
    @Test func findingsWithoutAKeyAreOneProblemByKindAndSummary() throws {
        func keyless(_ summary: String, found: String) -> ExploreMap.Finding {
            var finding = Self.finding("", found: found, traces: [])
            finding.problem = nil
            finding.summary = summary
            return finding
        }
        let one = Self.map(shard: 1, findings: [keyless("crash on A", found: "walk 0"), keyless("crash on B", found: "walk 2")])
        let two = Self.map(shard: 2, findings: [keyless("crash on A", found: "walk 1")])
        let merged = try ExploreMerge.merge([ExploreMerge.Shard(folder: "a", map: one), ExploreMerge.Shard(folder: "b", map: two)]).get()
        #expect(merged.flows.map(\.finding.summary) == ["crash on A", "crash on B"])
        #expect(merged.flows.map(\.finding.found) == ["walk 0", "walk 2"])
    }

    /// A finding names its screen by the merged map's id: a shard's `s1` that is another shard's
    /// second screen becomes `s2`.
    @Test func aFindingsScreenIsTheMergedMapsId() throws {
        let one = Self.map(shard: 1, screens: ["Home", "Other"])
        let two = Self.map(shard: 2, findings: [Self.finding("hang B", found: "walk 1", traces: ["t1"], screen: "s1")], screens: ["Other"])
        let merged = try ExploreMerge.merge([ExploreMerge.Shard(folder: "a", map: one), ExploreMerge.Shard(folder: "b", map: two)]).get()
        #expect(merged.flows.map(\.finding.screen) == ["s2"])
    }

    /// Two shards that say they met a problem at the same point (shards of one crawl never do: a
    /// walk is one shard's) keep the first shard's finding, whatever order the folders came in.
    @Test func aTieGoesToTheFirstShard() throws {
        let one = Self.map(shard: 1, findings: [Self.finding("crash A", found: "walk 3", traces: ["t1"])])
        let two = Self.map(shard: 2, findings: [Self.finding("crash A", found: "walk 3", traces: ["t2"])])
        let merged = try ExploreMerge.merge([ExploreMerge.Shard(folder: "b", map: two), ExploreMerge.Shard(folder: "a", map: one)]).get()
        #expect(merged.flows.map(\.from) == ["a/findings/01-crash-home.yaml"])
        #expect(merged.flows.first?.finding.paths == 2)
    }

    /// The order findings are listed in is the order one machine meets them: the map's first, then
    /// by walk, then by the time within it; two met at the same moment as they were met.
    @Test func findingsAreListedByOriginThenByTimeThenAsMet() throws {
        func at(_ problem: String, _ found: String, _ seconds: Double) -> ExploreMap.Finding {
            var finding = Self.finding(problem, found: found, traces: [])
            finding.foundAt = seconds
            return finding
        }
        let one = Self.map(shard: 1, findings: [at("late map", "map", 9), at("walk 0 late", "walk 0", 8), at("walk 0 early", "walk 0", 2)])
        let two = Self.map(shard: 2, findings: [at("walk 1 first", "walk 1", 1), at("walk 1 same", "walk 1", 1), at("walk 1 sooner", "walk 1", 0.5)])
        let merged = try ExploreMerge.merge([ExploreMerge.Shard(folder: "a", map: one), ExploreMerge.Shard(folder: "b", map: two)]).get()
        #expect(merged.flows.map(\.finding.problem) == ["late map", "walk 0 early", "walk 0 late", "walk 1 sooner", "walk 1 first", "walk 1 same"])
    }

    /// A shard that did not end its work makes the merged crawl unfinished, saying why; and a crawl
    /// that took no time says 0 actions a second, not infinity.
    @Test func anUnfinishedShardAndNoTimeAtAllAreSaid() throws {
        var one = Self.map(shard: 1)
        var two = Self.map(shard: 2)
        two.stats.ended = .time
        two.stats.complete = false
        let unfinished = try ExploreMerge.merge([ExploreMerge.Shard(folder: "a", map: one), ExploreMerge.Shard(folder: "b", map: two)]).get()
        #expect(unfinished.map.stats.ended == .time && !unfinished.map.stats.complete)
        two.stats.ended = .done
        two.stats.complete = true
        for index in [0, 1] {
            var map = index == 0 ? one : two
            map.stats.seconds = 0
            map.walks?.seconds = 0
            if index == 0 { one = map } else { two = map }
        }
        let instant = try ExploreMerge.merge([ExploreMerge.Shard(folder: "a", map: one), ExploreMerge.Shard(folder: "b", map: two)]).get()
        #expect(instant.map.stats.ended == .done && instant.map.stats.complete)
        #expect(instant.map.stats.actionsPerSecond == 0 && instant.map.walks?.actionsPerSecond == 0, "\(instant.map.stats.actionsPerSecond)")
    }
}
