@testable import FlowExplorer
import FlowKit
import Testing

/// A robot action as the map shows it and as a flow writes it, and a screen's offer of it: every
/// argument with its name, a robot action with none as its bare name, and one the screen cannot
/// refuse (it is the robot's to take, not a control's).
struct ExploreActionTests {
    static let edit = ExploreAction(robot: "Todos.edit", arguments: [
        ExploreAction.RobotArgument(name: "position", value: .integer(2)), ExploreAction.RobotArgument(name: "title", value: .text("Ann")),
        ExploreAction.RobotArgument(name: "rows", value: .integers([1, 3])), ExploreAction.RobotArgument(name: "done", value: .boolean(false)),
    ])

    @Test func aRobotActionIsShownWithEachArgumentByName() {
        #expect(Self.edit.description == #"Todos.edit position: 2, title: "Ann", rows: [1, 3], done: false"#)
        #expect(ExploreAction(robot: "Todos.toggleAll", arguments: []).description == "Todos.toggleAll")
    }

    @Test func aRobotActionIsWrittenAsAStepOfTheFlow() {
        #expect(Self.edit.yaml == #"Todos.edit: {position: 2, title: "Ann", rows: [1, 3], done: false}"#)
        #expect(ExploreAction(robot: "Todos.toggleAll", arguments: []).yaml == "Todos.toggleAll", "no argument: the bare name, as the suite writes it")
    }

    @Test func aScreenOffersEveryRobotActionAndOnlyItsOwnEnabledControls() {
        let screen = ScreenSnapshot(title: "Todos", elements: [.button("Add"), .button("Undo", isEnabled: false)])
        #expect(screen.offers(Self.edit) && screen.offers(ExploreAction(robot: "Add", arguments: [])), "a robot action, even one named as a control")
        #expect(screen.offers(ExploreAction(.tap, kind: .button, identifier: "Add")))
        #expect(!screen.offers(ExploreAction(.tap, kind: .button, identifier: "Undo")), "disabled")
        #expect(!screen.offers(ExploreAction(.tap, kind: .cell, identifier: "Add")), "another kind")
        #expect(!screen.offers(ExploreAction(.tap, kind: .button, identifier: "Save")))
    }
}
