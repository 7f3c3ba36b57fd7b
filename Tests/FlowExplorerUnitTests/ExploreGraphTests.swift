@testable import FlowExplorer
import FlowKit
import Testing

/// The map as a value: states in the order met, transitions each once with how often they were
/// taken and whether any taking changed the data, the shorter way kept, the data bound.
struct ExploreGraphTests {
    static func screen(_ title: String, count: Int = 0) -> ScreenSnapshot {
        ScreenSnapshot(title: title, elements: [.button("Add"), .textField("Name", value: String(repeating: "a", count: count))])
    }

    static let add = ExploreAction(.tap, kind: .button, text: "Add")
    static let back = ExploreAction(.back)

    @Test func statesAreOrderedStrictlyByWhenTheyWereMet() {
        let (first, second) = (StateID(index: 0), StateID(index: 1))
        #expect(first < second && !(second < first))
        #expect(!(first < first), "a state is not before itself")
        #expect([second, first].sorted() == [first, second])
    }

    @Test func aTransitionChangesDataOnlyWhenATakingOfItDid() {
        var graph = ExploreGraph(rules: ScreenIdentity.Rules(mode: .structure), dataLimit: 4)
        let list = graph.state(for: Self.screen("List"), text: "", path: [])
        graph.note(list, Self.back, to: nil, outcome: .refused)
        #expect(graph.transitions.map(\.changedData) == [false], "noted without a change of data, none is counted")
        graph.note(list, Self.add, to: list, outcome: .screen, changedData: true)
        graph.note(list, Self.add, to: list, outcome: .screen, changedData: false)
        #expect(graph.transitions.count == 2, "the same transition is noted once")
        #expect(graph.transitions[1].count == 2 && graph.transitions[1].changedData, "a taking that changed the data is kept")
        #expect(graph.leaving(list).map(\.action) == [Self.back, Self.add], "in the order seen")
    }

    @Test func aShorterWayToAStateNotExploredYetIsKept() {
        var graph = ExploreGraph(rules: ScreenIdentity.Rules(mode: .structure), dataLimit: 4)
        _ = graph.state(for: Self.screen("List"), text: "", path: [])
        let detail = graph.state(for: Self.screen("Detail"), text: "", path: [Self.add, Self.add])
        #expect(graph.state(for: Self.screen("Detail"), text: "", path: [Self.add]) == detail)
        #expect(graph[detail].path == [Self.add], "the shorter way")
        #expect(graph.state(for: Self.screen("Detail"), text: "", path: [Self.add, Self.add, Self.add]) == detail)
        #expect(graph[detail].path == [Self.add], "a longer way is not kept")
        graph[detail].explored = true
        _ = graph.state(for: Self.screen("Detail"), text: "", path: [])
        #expect(graph[detail].path == [Self.add], "an explored state keeps the way it was explored by")
    }

    @Test func inDataModeAStructureHasAtMostItsBoundOfStates() {
        var graph = ExploreGraph(rules: ScreenIdentity.Rules(mode: .data), dataLimit: 2)
        let states = (0..<4).map { graph.state(for: Self.screen("List", count: $0), text: "", path: []) }
        #expect(Set(states).count == 3, "two states of their own, then one for the rest: \(states)")
        #expect(states[2] == states[3], "past the bound, one state: data other")
        #expect(graph.isFirstOfItsStructure(states[0]) && !graph.isFirstOfItsStructure(states[1]))
    }

    @Test func eachStatesDepthIsItsFewestActionsFromTheFirst() {
        var graph = ExploreGraph(rules: ScreenIdentity.Rules(mode: .structure), dataLimit: 4)
        let list = graph.state(for: Self.screen("List"), text: "", path: [])
        let detail = graph.state(for: Self.screen("Detail"), text: "", path: [Self.add])
        let edit = graph.state(for: Self.screen("Edit"), text: "", path: [Self.add, Self.add])
        graph.note(list, Self.add, to: detail, outcome: .screen)
        graph.note(detail, Self.add, to: edit, outcome: .screen)
        graph.note(edit, Self.back, to: list, outcome: .screen)
        #expect(graph.depths() == [list: 0, detail: 1, edit: 2])
        #expect(graph.route(from: list, to: edit)?.map(\.1) == [detail, edit])
        #expect(graph.route(from: edit, to: detail)?.map(\.1) == [list, detail])
    }
}
