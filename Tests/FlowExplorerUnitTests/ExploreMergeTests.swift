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
                         seconds: Double(shard), shrinkSeconds: 0.5, actionsPerSecond: 50, complete: true, ended: "done"),
            screens: screens.enumerated().map { index, identity in
                ExploreMap.Screen(id: "s\(index + 1)", title: identity, identity: identity, depth: index, path: [], text: identity, controls: [], visits: 2)
            },
            transitions: [ExploreMap.Transition(from: "s1", to: "s1", step: "back", action: "back", control: nil, key: "back", outcome: "screen", count: 3)],
            findings: findings, coverage: nil,
            walks: ExploreMap.Walks(count: walks, length: 20, seed: seed, shard: ExploreShard(index: shard, count: count), walked: 5, actions: 50, launches: 5,
                                    seconds: 2, actionsPerSecond: 25,
                                    each: [ExploreMap.Walk(number: shard - 1, seed: "1", actions: 20, ended: "length", digest: "d\(shard)")])
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
        #expect(problems([]).isEmpty == false)
    }
}
