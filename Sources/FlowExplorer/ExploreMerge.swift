import FlowKit
import FlowRunner
import Foundation

/// The shards of one crawl joined (`flow merge` of `explore --shard I/N` folders): the screens and
/// transitions of every shard's map, one finding a problem across shards (the one one machine
/// would have found first: the map's, else the lowest walk's), with the paths of every shard.
///
/// Shard 1 made the map and each shard walked its own walks, so counts add up: what two shards
/// merged say is what one machine walking every walk says.
package enum ExploreMerge {
    /// A shard's folder, as `explore --out` wrote it.
    package struct Shard {
        /// The folder.
        package let folder: String
        /// Its map.
        package let map: ExploreMap

        /// A shard read from `folder`.
        package init(folder: String, map: ExploreMap) {
            self.folder = folder
            self.map = map
        }
    }

    /// The merged map (its findings each with the shard file of its flow, to be copied), or every
    /// reason the shards are not the shards of one crawl, each naming the folder.
    package static func merge(_ shards: [Shard]) -> Result<(map: ExploreMap, flows: [(finding: ExploreMap.Finding, from: String?)]), ExploreMergeError> {
        var problems: [String] = []
        guard let first = shards.first else { return .failure(ExploreMergeError(problems: ["no shard to merge"])) }
        var seen: [Int: String] = [:]
        for shard in shards {
            let name = shard.folder
            guard let walks = shard.map.walks, let split = walks.shard else {
                problems.append("\(name): not a shard of a crawl's walks (explore --walks N --shard I/N --seed S writes one)")
                continue
            }
            guard let model = first.map.walks, let count = model.shard?.count else { continue }
            for (what, mine, theirs) in [
                ("the app", shard.map.app, first.map.app), ("the scheme", shard.map.scheme, first.map.scheme), ("the fixture", shard.map.fixture, first.map.fixture),
                ("--from", shard.map.from ?? "(none)", first.map.from ?? "(none)"), ("the seed", walks.seed, model.seed),
                ("--walks", walks.count.map(String.init) ?? "until --time", model.count.map(String.init) ?? "until --time"), ("--walk-length", "\(walks.length)", "\(model.length)"), ("the shards", "\(split.count)", "\(count)"),
                ("the identity", describe(shard.map.rules), describe(first.map.rules)),
            ] where mine != theirs {
                problems.append("\(name): \(what) is \(mine), but \(first.folder)'s is \(theirs): these are not shards of one crawl")
            }
            if let other = seen[split.index] {
                problems.append("\(name): shard \(split.index)/\(split.count) is also \(other)")
            } else {
                seen[split.index] = name
            }
        }
        if problems.isEmpty, let count = first.map.walks?.shard?.count {
            let missing = (1...count).filter { seen[$0] == nil }
            if !missing.isEmpty { problems.append("shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing: give every shard's folder") }
        }
        guard problems.isEmpty else { return .failure(ExploreMergeError(problems: problems)) }
        let ordered = shards.sorted { ($0.map.walks?.shard?.index ?? 0) < ($1.map.walks?.shard?.index ?? 0) }
        return .success(join(ordered))
    }

    private static func describe(_ rules: ScreenIdentity.Rules) -> String {
        "\(rules.mode.rawValue), ignoring \(rules.ignoring), by text \(rules.byText)"
    }

    /// The maps of `shards` (in order) as one.
    private static func join(_ shards: [Shard]) -> (map: ExploreMap, flows: [(finding: ExploreMap.Finding, from: String?)]) {
        var map = shards[0].map
        map.screens = []
        map.transitions = []
        map.findings = []
        map.coverage = nil
        var ids: [String: String] = [:]  // identity → merged id
        var screenIndex: [String: Int] = [:]
        var transitionIndex: [String: Int] = [:]
        for shard in shards {
            var local: [String: String] = [:]  // the shard's id → merged id
            for screen in shard.map.screens {
                if let id = ids[screen.identity], let index = screenIndex[id] {
                    map.screens[index].visits += screen.visits
                    map.screens[index].depth = min(map.screens[index].depth, screen.depth)
                    local[screen.id] = id
                    continue
                }
                var merged = screen
                merged.id = "s\(map.screens.count + 1)"
                ids[screen.identity] = merged.id
                screenIndex[merged.id] = map.screens.count
                local[screen.id] = merged.id
                map.screens.append(merged)
            }
            for transition in shard.map.transitions {
                var merged = transition
                merged.from = local[transition.from] ?? transition.from
                merged.to = transition.to.map { local[$0] ?? $0 }
                let key = "\(merged.from)\n\(merged.step)\n\(merged.to ?? "")\n\(merged.outcome)"
                if let index = transitionIndex[key] {
                    map.transitions[index].count += transition.count
                } else {
                    transitionIndex[key] = map.transitions.count
                    map.transitions.append(merged)
                }
            }
        }
        // One finding a problem: the one one machine meets first (the map's, else the lowest
        // walk's), with every shard's paths.
        var chosen: [String: (finding: ExploreMap.Finding, from: String, order: ExploreFinding.Origin, traces: Set<String>)] = [:]
        var order: [String] = []
        for shard in shards {
            for finding in shard.map.findings {
                let problem = finding.problem ?? "\(finding.kind) \(finding.summary)"
                var entry = finding
                entry.screen = shard.map.screens.first { $0.id == finding.screen }.flatMap { ids[$0.identity] } ?? finding.screen
                let origin = finding.found.flatMap(ExploreFinding.Origin.init) ?? .map
                let traces = Set(finding.traces ?? [])
                if let known = chosen[problem] {
                    let union = known.traces.union(traces)
                    chosen[problem] = origin < known.order ? (entry, shard.folder, origin, union) : (known.finding, known.from, known.order, union)
                } else {
                    chosen[problem] = (entry, shard.folder, origin, traces)
                    order.append(problem)
                }
            }
        }
        // In the order one machine meets them: by origin, then by the time in it, then as met here.
        let found = order.enumerated().compactMap { index, problem in chosen[problem].map { (index, $0) } }.sorted { a, b in
            (a.1.order, a.1.finding.foundAt ?? 0, a.0) < (b.1.order, b.1.finding.foundAt ?? 0, b.0)
        }.map(\.1)
        var flows: [(finding: ExploreMap.Finding, from: String?)] = []
        for (index, item) in found.enumerated() {
            var finding = item.finding
            finding.id = "f\(index + 1)"
            finding.traces = item.traces.sorted()
            finding.paths = max(1, item.traces.count)
            let source = finding.flow.map { PathText.joined(item.from, $0) }
            finding.flow = nil
            flows.append((finding, source))
        }
        map.stats = joinedStats(shards.map(\.map), screens: map.screens.count, transitions: map.transitions.filter { $0.outcome != .refused }.count, findings: flows.count)
        map.walks = joinedWalks(shards.compactMap(\.map.walks))
        map.properties = joinedProperties(shards.map(\.map))
        return (map, flows)
    }

    /// The shards' counts of each property added (in the first shard's order); why one never
    /// applied kept only when it applied on no shard. Nil when no shard checked properties.
    static func joinedProperties(_ maps: [ExploreMap]) -> [ExploreMap.Property]? {
        let all = maps.compactMap(\.properties)
        guard var joined = all.first else { return nil }
        for index in joined.indices {
            let same = all.dropFirst().compactMap { properties in properties.first { $0.name == joined[index].name } }
            joined[index].checked += same.map(\.checked).reduce(0, +)
            joined[index].applied += same.map(\.applied).reduce(0, +)
            joined[index].failed += same.map(\.failed).reduce(0, +)
            if joined[index].applied > 0 { joined[index].neverApplied = nil }
        }
        return joined
    }

    /// The shards' figures together: counts added, the time the longest shard's.
    private static func joinedStats(_ maps: [ExploreMap], screens: Int, transitions: Int, findings: Int) -> ExploreMap.Stats {
        let all = maps.map(\.stats)
        let seconds = all.map(\.seconds).max() ?? 0
        let sent = all.map(\.actionsSent).reduce(0, +)
        let unfinished = all.first { $0.ended != .done }
        return ExploreMap.Stats(
            actions: all.map(\.actions).reduce(0, +), actionsSent: sent, screens: screens, transitions: transitions, findings: findings,
            launches: all.map(\.launches).reduce(0, +), seconds: seconds, shrinkSeconds: all.map(\.shrinkSeconds).max() ?? 0,
            actionsPerSecond: perSecond(Double(sent), in: seconds), complete: all.allSatisfy(\.complete), ended: unfinished?.ended ?? .done
        )
    }

    /// The shards' walks together: every walk by number, counts added, the time the longest shard's.
    private static func joinedWalks(_ walks: [ExploreMap.Walks]) -> ExploreMap.Walks? {
        guard var joined = walks.first else { return nil }
        joined.shard = nil
        joined.walked = walks.map(\.walked).reduce(0, +)
        joined.actions = walks.map(\.actions).reduce(0, +)
        joined.launches = walks.map(\.launches).reduce(0, +)
        let sent = walks.map { $0.actionsPerSecond * $0.seconds }.reduce(0, +)
        joined.seconds = walks.map(\.seconds).max() ?? 0
        joined.actionsPerSecond = perSecond(sent, in: joined.seconds)
        joined.each = walks.flatMap(\.each).sorted { $0.number < $1.number }
        return joined
    }
}

/// Why shards could not be merged: every problem, each naming its folder.
package struct ExploreMergeError: Error, Sendable, CustomStringConvertible {
    /// Each problem, a line each.
    package let problems: [String]

    /// The problems, a line each.
    package var description: String { problems.joined(separator: "\n") }
}
