import FlowKit
import FlowRunner

/// A suite's UI coverage on a map: which of its screens the flows showed, which of their
/// controls they used, and which of its transitions they took, from what a run's
/// ``CoverageRecorder`` noted (under the map's rules, by structure: a map made by data counts a
/// screen shown whatever its rows and fields held).
package enum ExploreCoverage {
    /// The rules a run's recorder notes screens by for `map`: the map's, by structure.
    package static func rules(of map: ExploreMap) -> ScreenIdentity.Rules {
        ScreenIdentity.Rules(ignoring: map.rules.ignoring, byText: map.rules.byText)
    }

    /// A map screen's identity as coverage compares it: without the line of what rows and fields held.
    static func structure(_ identity: String) -> String {
        guard let range = identity.range(of: "\n" + ScreenIdentity.dataLine, options: .backwards) else { return identity }
        return String(identity[..<range.lowerBound])
    }

    /// The coverage of `map` by the flows `flows` whose run `recorder` watched.
    package static func of(_ map: ExploreMap, recorder: CoverageRecorder, flows: [String]) -> ExploreMap.Coverage {
        let screens = recorder.screens
        let steps = recorder.steps
        let ids = Dictionary(map.screens.map { ($0.id, structure($0.identity)) }, uniquingKeysWith: { first, _ in first })
        let tested = map.screens.filter { screens.contains(structure($0.identity)) }.map(\.id)
        // A transition is taken when a flow took its action from its screen and got where it leads
        // (or ended the app, for one that ends it).
        var testedTransitions: [Int] = []
        let counted = map.transitions.indices.filter { map.transitions[$0].outcome != .refused }
        for index in counted {
            let transition = map.transitions[index]
            guard let from = ids[transition.from] else { continue }
            let to = transition.to.flatMap { ids[$0] }
            if steps.contains(where: { $0.from == from && $0.action == transition.key && (transition.to == nil || $0.to == to) }) {
                testedTransitions.append(index)
            }
        }
        // A control is used when any action on it was taken from its screen.
        var usedControls: Set<String> = []
        var allControls: [String] = []
        for screen in map.screens {
            for control in screen.controls {
                let name = "\(screen.id) \(control.kind) \(control.identifier)"
                allControls.append(name)
                let keys = ["tap", "type", "answer"].map { verb in
                    CoverageRecorder.actionKey(verb: verb, kind: ElementSnapshot.Kind(rawValue: control.kind), identifier: control.identifier)
                }
                if steps.contains(where: { $0.from == structure(screen.identity) && keys.contains($0.action) }) { usedControls.insert(name) }
            }
        }
        let untestedTransitions = counted.filter { !testedTransitions.contains($0) }.map { index in
            let transition = map.transitions[index]
            return "\(transition.from) \(transition.action) → \(transition.to ?? transition.outcome.rawValue)"
        }
        return ExploreMap.Coverage(
            flows: flows,
            screens: .init(covered: tested.count, total: map.screens.count),
            controls: .init(covered: usedControls.count, total: allControls.count),
            transitions: .init(covered: testedTransitions.count, total: counted.count),
            untestedScreens: map.screens.map(\.id).filter { !tested.contains($0) },
            untestedControls: allControls.filter { !usedControls.contains($0) },
            untestedTransitions: untestedTransitions,
            testedScreens: tested, testedTransitions: testedTransitions
        )
    }
}
