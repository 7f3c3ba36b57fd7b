import AutomationWire
@testable import FlowExplorer
import FlowKit
@testable import FlowRunner
import Testing

/// What a suite's coverage counts on a map (`explore --against`, `run --coverage`): a transition
/// is taken only by a flow's step that matches it in every part (its screen, its action, where it
/// led), and a screen is shown whatever its rows and fields held.
struct ExploreCoverageTests {
    static let home = ScreenSnapshot(title: "Home", elements: [.button("Go"), .button("Stay")])
    static let next = ScreenSnapshot(title: "Next", elements: [.text("here", identifier: "note")])
    static let other = ScreenSnapshot(title: "Other", elements: [.text("there", identifier: "note")])

    static func key(_ screen: ScreenSnapshot) -> String { ScreenIdentity(screen, rules: ScreenIdentity.Rules()).key }

    static func transition(_ from: String, _ action: String, _ key: String, to: String?, outcome: TransitionOutcome = .screen) -> ExploreMap.Transition {
        ExploreMap.Transition(from: from, to: to, step: action, action: action, control: nil, key: key, outcome: outcome, count: 1)
    }

    /// A map of Home, Next and Other (Next as a data map writes it), with `transitions`.
    static func map(_ transitions: [ExploreMap.Transition]) throws -> ExploreMap {
        var map = try ExplorerTests.explorer(ModelApp { DeskModel([]) }, shrinks: false, maxActions: 5).run().map
        func screen(_ id: String, _ snapshot: ScreenSnapshot, identity: String) -> ExploreMap.Screen {
            ExploreMap.Screen(id: id, title: snapshot.title, identity: identity, depth: 0, path: [], text: snapshot.title,
                              controls: snapshot.controls.map { .init(kind: $0.kind.rawValue, identifier: $0.identifier ?? "", label: $0.label ?? "") }, visits: 1)
        }
        map.screens = [
            screen("s1", home, identity: key(home)),
            screen("s2", next, identity: key(next) + "\n" + ScreenIdentity.dataLine + "4f2a"),
            screen("s3", other, identity: key(other)),
        ]
        map.transitions = transitions
        return map
    }

    /// A flow that went from Home by Go to Next, and nothing else.
    static func recorder() -> CoverageRecorder {
        let recorder = CoverageRecorder(rules: ScreenIdentity.Rules())
        let tracker = CoverageRecorder.Tracker(recorder: recorder)
        tracker.saw(Frame(seq: 1, reply: nil, idle: true, error: nil, screen: home, text: "Home"))
        tracker.sent(Request(id: 1, action: .tap, target: "Go"))
        tracker.saw(Frame(seq: 2, reply: 1, idle: true, error: nil, screen: next, text: "Next"))
        return recorder
    }

    @Test func aTransitionIsTakenOnlyByAStepThatMatchesItInEveryPart() throws {
        let map = try Self.map([
            Self.transition("s1", "tap Go", "tap button Go", to: "s2"),
            Self.transition("s3", "tap Go", "tap button Go", to: "s2"),
            Self.transition("s1", "tap Stay", "tap button Stay", to: "s2"),
            Self.transition("s1", "tap Go", "tap button Go", to: "s3"),
            Self.transition("s1", "tap Go", "tap button Go", to: nil, outcome: .exited),
            Self.transition("s1", "back", "back", to: nil, outcome: .refused),
        ])
        let coverage = ExploreCoverage.of(map, recorder: Self.recorder(), flows: ["Flows/go.yaml"])
        // The first: every part matches. The second took it from another screen, the third by
        // another action, the fourth led elsewhere. The fifth ended the app: any screen after it
        // counts. The refused one is not counted at all.
        #expect(coverage.testedTransitions == [0, 4])
        #expect(coverage.transitions == .init(covered: 2, total: 5))
        #expect(coverage.untestedTransitions == ["s3 tap Go → s2", "s1 tap Stay → s2", "s1 tap Go → s3"])
        #expect(coverage.flows == ["Flows/go.yaml"])
    }

    @Test func aScreenIsShownWhateverItsDataAndAControlUsedOnlyFromItsScreen() throws {
        let map = try Self.map([Self.transition("s1", "tap Go", "tap button Go", to: "s2")])
        let coverage = ExploreCoverage.of(map, recorder: Self.recorder(), flows: [])
        #expect(coverage.testedScreens == ["s1", "s2"])
        #expect(coverage.untestedScreens == ["s3"])
        #expect(coverage.screens == .init(covered: 2, total: 3))
        #expect(coverage.untestedControls == ["s1 button Stay"])
        #expect(coverage.controls == .init(covered: 1, total: 2))
    }

    @Test func aFlowThatTookNothingCoversNoTransition() throws {
        let map = try Self.map([Self.transition("s1", "tap Go", "tap button Go", to: "s2")])
        let coverage = ExploreCoverage.of(map, recorder: CoverageRecorder(rules: ScreenIdentity.Rules()), flows: [])
        #expect(coverage.testedTransitions.isEmpty)
        #expect(coverage.testedScreens.isEmpty)
        #expect(coverage.untestedTransitions == ["s1 tap Go → s2"])
    }
}
