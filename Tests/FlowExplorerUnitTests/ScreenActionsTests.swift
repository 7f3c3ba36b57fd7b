@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import Testing

/// A form with an action for each kind of parameter. Its methods are never run: the tests only
/// draw the arguments a walk would give them.
final class FormRobot: Robot {
    override class var screenTitle: String { "Form" }

    static let yaml = RobotActions<FormRobot> {
        $0.action("name", "Types a name.", .text("name", "the name")) { _, _ in }
        $0.action("password", "Types a password.", .text("password", "the password", secret: true)) { _, _ in }
        $0.action("open", "Opens a row.", .position()) { _, _ in }
        $0.action("pick", "Picks a row by a number that may be 0.", .integer("row", "the row", minimum: 0)) { _, _ in }
        $0.action("add", "Adds a few.", .integer("count", "how many", minimum: 2)) { _, _ in }
        $0.action("mark", "Marks it done or not.", .boolean("done", "whether it is done")) { _, _ in }
        $0.action("select", "Selects rows.", .positions()) { _, _ in }
        $0.action("note", "Notes something, if given.", .text("note", "a note", defaultVariable: "NOTE")) { _, _ in }
        $0.action("checkName", "The name reads this.", .text("name", "the name")) { _, _ in }
    }

    static let catalog = RobotCatalog([yaml])
}

/// The robot actions a walk may take on a screen, and the arguments drawn for them: the actions of
/// the screen's robot but its checks, none under an alert; positions among the rows shown (none
/// without rows), small counts from their least, both Booleans, lists of rows in order, texts from
/// the pool a field gets, an optional parameter left out.
struct ScreenActionsTests {
    static let steps = RobotSteps(catalog: FormRobot.catalog, flows: [], variables: [:], scheme: Scheme(name: "test"))

    /// The form with `rows` rows, and a button and a text that are not rows.
    static func form(rows: Int) -> ScreenSnapshot {
        ScreenSnapshot(title: "Form", elements: [.button("Save"), .text("A form")] + (0..<rows).map { .cell("row-\($0)", label: "Row \($0)") })
    }

    static func action(_ name: String) throws -> RobotAction {
        try #require(FormRobot.catalog.action("Form", name))
    }

    /// The arguments of `count` calls of `name` on `screen` (nil for a call that could not be filled).
    static func draws(_ name: String, on screen: ScreenSnapshot, count: Int = 200) throws -> [[ExploreAction.RobotArgument]?] {
        let action = try action(name)
        var random = SeededRandom(seed: 11)
        return (0..<count).map { _ in steps.call(action, on: screen, random: &random)?.arguments }
    }

    /// The one argument of each call that could be filled.
    static func values(_ name: String, on screen: ScreenSnapshot) throws -> [ExploreAction.Argument] {
        try draws(name, on: screen).compactMap { $0 }.compactMap { $0.count == 1 ? $0.first?.value : nil }
    }

    @Test func theActionsOfTheScreensRobotAreOfferedButItsChecksAndNoneUnderAnAlert() {
        let names = Self.steps.offered(on: Self.form(rows: 1)).map(\.name)
        #expect(names == ["name", "password", "open", "pick", "add", "mark", "select", "note"])
        #expect(Self.steps.offered(on: ScreenSnapshot(title: "Other", elements: [.button("Save")])).isEmpty)
        let alert = ScreenSnapshot(title: "Form", elements: Self.form(rows: 1).elements + [.alert("sure", title: "Sure?", message: "", buttons: ["OK"])])
        #expect(Self.steps.offered(on: alert).isEmpty)
    }

    @Test func aPositionIsOneOfTheRowsShownAndNoneWithoutRows() throws {
        let three = try Self.values("open", on: Self.form(rows: 3))
        #expect(three.count == 200, "each call filled")
        #expect(Set(three) == [.integer(1), .integer(2), .integer(3)], "rows only, the button and the text are not rows")
        #expect(try Self.values("open", on: Self.form(rows: 1)) == Array(repeating: .integer(1), count: 200), "one row: the first")
        #expect(try Self.draws("open", on: Self.form(rows: 0)).allSatisfy { $0 == nil }, "no row: the action cannot be filled")
        // A parameter named for a row is a position whatever its least: from 1, never 0.
        #expect(Set(try Self.values("pick", on: Self.form(rows: 2))) == [.integer(1), .integer(2)])
        #expect(try Self.draws("pick", on: Self.form(rows: 0)).allSatisfy { $0 == nil })
    }

    @Test func aCountIsASmallNumberFromItsLeast() throws {
        let counts = try Self.values("add", on: Self.form(rows: 0))
        #expect(counts.count == 200, "rows or not")
        #expect(Set(counts) == Set((2..<(2 + Int(RobotSteps.smallNumbers))).map { ExploreAction.Argument.integer($0) }))
    }

    @Test func aBooleanIsBothInTurn() throws {
        let marks = try Self.values("mark", on: Self.form(rows: 0))
        #expect(marks.count == 200)
        #expect(Set(marks) == [.boolean(true), .boolean(false)])
    }

    @Test func rowsToSelectAreOneRowOrTwoInOrder() throws {
        let lists = try Self.values("select", on: Self.form(rows: 2))
        #expect(lists.count == 200)
        #expect(Set(lists) == [.integers([1]), .integers([2]), .integers([1, 2])], "never a row twice, never out of order")
        #expect(try Self.draws("select", on: Self.form(rows: 0)).allSatisfy { $0 == nil })
    }

    @Test func aTextIsDrawnFromTheFieldsPoolAndASecretIsTheWouldBeSecret() throws {
        let pool = Self.steps.textPool(for: try Self.action("name"), try #require(try Self.action("name").parameters.first))
        let kinds = TypedValue.allCases.filter { $0 != .valid && $0 != .wouldBeSecret }
        #expect(pool.map(\.typed) == kinds)
        #expect(pool.map(\.text) == kinds.map(\.literal))
        let names = try Self.draws("name", on: Self.form(rows: 0)).compactMap { $0?.first }
        #expect(names.count == 200 && names.allSatisfy { $0.name == "name" })
        #expect(Set(names.compactMap(\.typed)) == Set(kinds), "each kind of text comes up")
        let secrets = try Self.draws("password", on: Self.form(rows: 0)).compactMap { $0?.first }
        #expect(secrets.count == 200)
        #expect(Set(secrets.map(\.value)) == [.text(TypedValue.wouldBeSecretText)] && Set(secrets.map(\.typed)) == [.wouldBeSecret])
    }

    @Test func aParameterAStepMayLeaveOutIsLeftOut() throws {
        let notes = try Self.draws("note", on: Self.form(rows: 0))
        #expect(notes.allSatisfy { $0 == [] })
    }

    @Test func aPositionIsAWholeNumberNamedForARow() throws {
        func parameter(_ action: String) throws -> ActionParameter { try #require(try Self.action(action).parameters.first) }
        #expect(RobotSteps.isPosition(try parameter("open")))
        #expect(RobotSteps.isPosition(try parameter("pick")))
        #expect(!RobotSteps.isPosition(try parameter("add")))
        #expect(!RobotSteps.isPosition(try parameter("select")), "a list of rows is not one position")
        // A text named for a row is still a text.
        let rowText = try #require(RobotCatalog([RobotActions<FormRobot> { $0.action("label", "Labels a row.", .text("row", "the label")) { _, _ in } }])
            .action("Form", "label")?.parameters.first)
        #expect(!RobotSteps.isPosition(rowText))
    }
}
