import FlowKit
import Testing
import TextUI
import Todos
import TodosRobots
import TodosUI

/// The TodoMVC specification's properties, read on the screens the app draws: each holds after what
/// the correct app does, and fails, saying what it found, after the same on the variant whose bug
/// it is.
@MainActor
struct TodosPropertiesTests {
    /// The screen of `variant`, driven through its presenter, and its frames before and after the last step.
    @MainActor
    final class Drive {
        let presenter: TodosPresenter
        let screen: TodosScreen
        var seq = 0

        init(_ variant: TodoVariant) {
            presenter = TodosPresenter(variant: variant)
            screen = TodosScreen(presenter: presenter)
        }

        var frame: Frame {
            seq += 1
            let snapshot = ScreenSnapshot(title: screen.title, elements: screen.elements)
            return Frame(seq: seq, reply: nil, idle: true, error: nil, screen: snapshot, text: snapshot.title)
        }

        func add(_ title: String) {
            screen.enter(title, into: "new-todo")
            screen.tap("Add")
        }

        /// Adds `count` todos, `T1`, `T2`, ...
        func add(titles count: Int) {
            for number in 1...count { add("T\(number)") }
        }
    }

    func property(_ name: String) throws -> AppProperty {
        try #require(TodosCatalog.catalog.property(named: name))
    }

    /// The verdict of `name` on the step `last` takes after `setUp`, on `variant`.
    func verdict(_ name: String, on variant: TodoVariant, setUp: (Drive) -> Void = { _ in }, last: (Drive) -> Void) throws -> PropertyVerdict {
        let drive = Drive(variant)
        setUp(drive)
        let before = drive.frame
        last(drive)
        let after = drive.frame
        let property = try property(name)
        return property.kind == .invariant ? property.verdict(before: nil, after: after) : property.verdict(before: before, after: after)
    }

    /// Holds on the correct app; does not on `variant`.
    func expectCaught(_ name: String, _ variant: TodoVariant, setUp: (Drive) -> Void = { _ in }, last: (Drive) -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try verdict(name, on: .correct, setUp: setUp, last: last) == .holds, "the correct app holds", sourceLocation: sourceLocation)
        guard case .violated = try verdict(name, on: variant, setUp: setUp, last: last) else {
            Issue.record("\(name) does not catch \(variant)", sourceLocation: sourceLocation)
            return
        }
    }

    @Test func eachVariantsBugBreaksItsProperty() throws {
        try expectCaught("changingTheFilterKeepsTheTypedText", .filterClearsInput, setUp: { $0.screen.enter("Half", into: "new-todo") }, last: { $0.screen.tap("Active") })
        try expectCaught("toggleAllMarksEveryTodo", .toggleAllShownOnly, setUp: { $0.add("One"); $0.add("Two"); $0.screen.tap("todo-1"); $0.screen.tap("Completed") },
                         last: { $0.screen.tap("toggle-all") })
        try expectCaught("saveRenamesTheTodoTrimmedOrDeletesItWhenBlank", .blankEditKeeps, setUp: { $0.add("One"); $0.screen.tap("edit-1"); $0.screen.enter(" ", into: "edit") },
                         last: { $0.screen.tap("Save") })
        try expectCaught("saveRenamesTheTodoTrimmedOrDeletesItWhenBlank", .untrimmedEdit, setUp: { $0.add("One"); $0.screen.tap("edit-1"); $0.screen.enter(" Uno ", into: "edit") },
                         last: { $0.screen.tap("Save") })
        try expectCaught("itemsLeftCountsTheActiveTodos", .staleCountAfterClear, setUp: { $0.add("One"); $0.add("Two"); $0.screen.tap("todo-1") },
                         last: { $0.screen.tap("Clear completed") })
        try expectCaught("clearCompletedDeletesOnlyTheDoneTodos", .staleCountAfterClear, setUp: { $0.add("One"); $0.add("Two"); $0.screen.tap("todo-1") },
                         last: { $0.screen.tap("Clear completed") })
        for variant in [TodoVariant.blankAdded, .untrimmedAdded, .addKeepsInput] {
            let typed = variant == .blankAdded ? "   " : variant == .untrimmedAdded ? " One " : "One"
            try expectCaught("addAddsOneTrimmedTodoAndEmptiesTheField", variant, setUp: { $0.add("First"); $0.screen.enter(typed, into: "new-todo") }, last: { $0.screen.tap("Add") })
        }
        try expectCaught("itemsLeftCountsTheActiveTodos", .oneItemsLeft, last: { $0.add("One") })
        try expectCaught("toggleMovesTheCountByOne", .uncompleteNotCounted, setUp: { $0.add("One"); $0.screen.tap("todo-1") }, last: { $0.screen.tap("todo-1") })
        try expectCaught("itemsLeftCountsTheActiveTodos", .uncompleteNotCounted, setUp: { $0.add("One"); $0.screen.tap("todo-1") }, last: { $0.screen.tap("todo-1") })
    }

    @Test func eachDeepVariantsBugBreaksItsPropertyFromItsThresholdOnly() throws {
        try expectCaught("itemsLeftCountsTheActiveTodos", .countWrongFromThree, setUp: { $0.add(titles: 2) }, last: { $0.add("T3") })
        #expect(try verdict("itemsLeftCountsTheActiveTodos", on: .countWrongFromThree, setUp: { $0.add(titles: 1) }, last: { $0.add("T2") }) == .holds)

        try expectCaught("itemsLeftCountsTheActiveTodos", .countWrongFromEight, setUp: { $0.add(titles: 7) }, last: { $0.add("T8") })
        #expect(try verdict("itemsLeftCountsTheActiveTodos", on: .countWrongFromEight, setUp: { $0.add(titles: 6) }, last: { $0.add("T7") }) == .holds)
        let seven: (Drive) -> Void = { $0.add(titles: 7); $0.screen.enter("T8", into: "new-todo") }
        try expectCaught("addAddsOneTrimmedTodoAndEmptiesTheField", .countWrongFromEight, setUp: seven, last: { $0.screen.tap("Add") })
        let six: (Drive) -> Void = { $0.add(titles: 6); $0.screen.enter("T7", into: "new-todo") }
        #expect(try verdict("addAddsOneTrimmedTodoAndEmptiesTheField", on: .countWrongFromEight, setUp: six, last: { $0.screen.tap("Add") }) == .holds)
        // Eight not done by marking one not done again: the toggle's property sees the count jump.
        try expectCaught("toggleMovesTheCountByOne", .countWrongFromEight, setUp: { $0.add(titles: 8); $0.screen.tap("todo-1") }, last: { $0.screen.tap("todo-1") })

        try expectCaught("deleteRemovesOneTodo", .deleteTakesTwoFromFive, setUp: { $0.add(titles: 5) }, last: { $0.screen.tap("delete-2") })
        #expect(try verdict("deleteRemovesOneTodo", on: .deleteTakesTwoFromFive, setUp: { $0.add(titles: 4) }, last: { $0.screen.tap("delete-2") }) == .holds)

        let five: (Drive) -> Void = { $0.add(titles: 5); $0.screen.tap("Active"); $0.screen.enter("Six", into: "new-todo") }
        try expectCaught("addAddsOneTrimmedTodoAndEmptiesTheField", .addUnderFilterLostFromFive, setUp: five, last: { $0.screen.tap("Add") })
        let underCompleted: (Drive) -> Void = { $0.add(titles: 5); $0.screen.tap("Completed"); $0.screen.enter("Six", into: "new-todo") }
        try expectCaught("addAddsOneTrimmedTodoAndEmptiesTheField", .addUnderFilterLostFromFive, setUp: underCompleted, last: { $0.screen.tap("Add") })
        let four: (Drive) -> Void = { $0.add(titles: 4); $0.screen.tap("Active"); $0.screen.enter("Five", into: "new-todo") }
        #expect(try verdict("addAddsOneTrimmedTodoAndEmptiesTheField", on: .addUnderFilterLostFromFive, setUp: four, last: { $0.screen.tap("Add") }) == .holds)
    }

    @Test func deleteRemovesOneTodoHoldsOnTheCorrectAppWithTitlesAlikeAndRowsHidden() throws {
        let alike: (Drive) -> Void = { drive in
            for _ in 1...6 { drive.add("Same") }
            drive.screen.tap("todo-3")
            drive.screen.tap("Active")
        }
        #expect(try verdict("deleteRemovesOneTodo", on: .correct, setUp: alike, last: { $0.screen.tap("delete-4") }) == .holds)
        #expect(try verdict("deleteRemovesOneTodo", on: .correct, setUp: { $0.add(titles: 5); $0.screen.tap("todo-2"); $0.screen.tap("Completed") },
                            last: { $0.screen.tap("delete-2") }) == .holds, "the last row shown, done, under Completed")
        #expect(try verdict("deleteRemovesOneTodo", on: .correct, setUp: { $0.add(titles: 1) }, last: { $0.screen.tap("delete-1") }) == .holds, "the last todo: no count after")
    }

    @Test func deleteRemovesOneTodoOnHandMadeScreens() throws {
        typealias Row = TodosRobot.Row
        let (a, b, c, d, e) = (Row("A"), Row("B"), Row("C"), Row("D"), Row("E"))
        // Holds: one row gone, the others as they were; the count one less, or as it was for a done one.
        #expect(try deleteVerdict([a, b, c], 3, then: [a, c], 2) == .holds)
        #expect(try deleteVerdict([a, a, a], 3, then: [a, a], 2) == .holds, "titles may repeat")
        #expect(try deleteVerdict([a, Row("B", isCompleted: true)], 1, then: [a], 1) == .holds, "a done one leaves the count")
        #expect(try deleteVerdict([a], 1, then: [], nil) == .holds, "the last todo: no count after")
        #expect(try deleteVerdict([Row("X", isCompleted: true), Row("Y", isCompleted: true)], 3, then: [Row("Y", isCompleted: true)], 3) == .holds,
                "a filter hides the todos not done")
        // Does not: two rows gone, none, the others moved or changed, or the count wrong.
        guard case let .violated(said) = try deleteVerdict([a, b, c, d, e], 5, then: [a, d, e], 3) else {
            Issue.record("two rows gone is not caught")
            return
        }
        #expect(said.contains(#"the rows were ["A", "B", "C", "D", "E"], and are ["A", "D", "E"]"#), "\(said)")
        #expect(try deleteVerdict([a, b], 2, then: [a, b], 2) != .holds, "none gone")
        #expect(try deleteVerdict([a, b, c], 3, then: [c, a], 2) != .holds, "the others moved")
        #expect(try deleteVerdict([a, b, c], 3, then: [a, Row("X")], 2) != .holds, "another retitled")
        #expect(try deleteVerdict([a, b, c], 3, then: [a, Row("C", isCompleted: true)], 1) != .holds, "another marked done")
        #expect(try deleteVerdict([a, b], 2, then: [b], 2) != .holds, "a todo not done went, and the count stayed")
        #expect(try deleteVerdict([Row("X", isCompleted: true)], 2, then: [], 1) != .holds, "a done one went, and a hidden todo not done with it")
    }

    @Test func theCountIsNotCheckedUnderCompleted() throws {
        #expect(try verdict("itemsLeftCountsTheActiveTodos", on: .oneItemsLeft, setUp: { $0.add("One") }, last: { $0.screen.tap("Completed") }) == .holds)
        #expect(try verdict("itemsLeftCountsTheActiveTodos", on: .oneItemsLeft, last: { _ in }) == .holds, "no todo, no count")
    }

    @Test func whileATodoIsEditedTheCountIsTheRowsNotDoneOrOneMore() throws {
        let name = "itemsLeftCountsTheActiveTodos"
        // The correct app: the todo edited not done, or done, under All; not done under Active.
        #expect(try verdict(name, on: .correct, setUp: { $0.add(titles: 3) }, last: { $0.screen.tap("edit-2") }) == .holds)
        #expect(try verdict(name, on: .correct, setUp: { $0.add(titles: 3); $0.screen.tap("todo-2") }, last: { $0.screen.tap("edit-2") }) == .holds)
        #expect(try verdict(name, on: .correct, setUp: { $0.add(titles: 3); $0.screen.tap("todo-1"); $0.screen.tap("Active") }, last: { $0.screen.tap("edit-2") }) == .holds)
        // Wrong: the count in the wrong words, one more than the todos not done, or one less under Active.
        #expect(try verdict(name, on: .oneItemsLeft, setUp: { $0.add("One") }, last: { $0.screen.tap("edit-1") }) != .holds, "1 items left")
        #expect(try verdict(name, on: .countWrongFromThree, setUp: { $0.add(titles: 3) }, last: { $0.screen.tap("edit-2") }) != .holds, "4 for 3 not done")
        #expect(try verdict(name, on: .countWrongFromThree, setUp: { $0.add(titles: 3); $0.screen.tap("Active") }, last: { $0.screen.tap("edit-2") }) != .holds)
        #expect(try verdict(name, on: .staleCountAfterClear, setUp: { $0.add(titles: 3); $0.screen.tap("todo-1"); $0.screen.tap("Clear completed"); $0.screen.tap("Active") },
                            last: { $0.screen.tap("edit-2") }) != .holds, "Active: the rows shown and the one edited, not one more")
    }

    @Test func theSpecificationIsEightPropertiesOfTheTodosScreenAndThreeThatKeepWhatWasAdded() {
        #expect(TodosCatalog.catalog.properties.count == 11)
        #expect(TodosCatalog.catalog.properties.allSatisfy { $0.robot == "Todos" && !$0.summary.isEmpty })
        #expect(TodosCatalog.catalog.properties.filter { $0.model != nil }.map(\.name) == ["addIsKeptInTheModel", "aChangeIsKeptInTheModel", "theTodosAreTheOnesAdded"])
        #expect(TodosCatalog.catalog.propertiesNamedTwice == [])
    }

    /// The verdict of `deleteRemovesOneTodo` on a hand-made screen showing `rows` and the count
    /// `left`, then, after a Delete, `after` and `leftAfter` (nil: no count, no todo).
    func deleteVerdict(_ rows: [TodosRobot.Row], _ left: Int?, then after: [TodosRobot.Row], _ leftAfter: Int?) throws -> PropertyVerdict {
        func frame(_ rows: [TodosRobot.Row], _ left: Int?, seq: Int) -> Frame {
            var elements: [Element] = [.textField("new-todo", value: ""), .button("Add")]
            for (index, row) in rows.enumerated() {
                elements += [.cell("todo-\(index + 1)", label: row.title, value: row.isCompleted ? "completed" : "active", isSelected: row.isCompleted),
                             .button("delete-\(index + 1)", label: "Delete \(row.title)")]
            }
            if let left { elements.append(.text("\(left) item\(left == 1 ? "" : "s") left", identifier: "count")) }
            let snapshot = ScreenSnapshot(title: "todos", elements: elements)
            return Frame(seq: seq, reply: nil, idle: true, error: nil, screen: snapshot, text: snapshot.title)
        }
        return try property("deleteRemovesOneTodo").verdict(before: frame(rows, left, seq: 1), after: frame(after, leftAfter, seq: 2))
    }

    /// The verdict of `theTodosAreTheOnesAdded` after `taps` on `variant` from launch, each tap
    /// (of a control, after typing its text into the new-todo field when it has one) followed by
    /// the action properties it triggers, which keep what was added, then the invariant: the last one's.
    func theTodosAreTheOnesAdded(on variant: TodoVariant, _ taps: [(control: String, typing: String?)]) throws -> PropertyVerdict {
        let drive = Drive(variant)
        var models = PropertyModels()
        var verdict = PropertyVerdict.holds
        let keeping = try ["addIsKeptInTheModel", "aChangeIsKeptInTheModel"].map(property)
        for (control, typing) in taps {
            if let typing { drive.screen.enter(typing, into: "new-todo") }
            let before = drive.frame
            drive.screen.tap(control)
            let after = drive.frame
            let element = before.screen.allElements.first { $0.identifier == control }
            for property in keeping where property.trigger?.matches(verb: "tap", element: element) == true {
                _ = property.verdict(before: before, after: after, models: &models)
            }
            verdict = try property("theTodosAreTheOnesAdded").verdict(before: nil, after: after, models: &models)
        }
        return verdict
    }

    @Test func theFirstTodoRenamedByTheThirdAddIsFoundOnlyByWhatWasAdded() throws {
        let threeAdds: [(control: String, typing: String?)] = [("Add", "One"), ("Add", "Two"), ("Add", "Three")]
        #expect(try theTodosAreTheOnesAdded(on: .correct, threeAdds) == .holds)
        guard case let .violated(found) = try theTodosAreTheOnesAdded(on: .addRenamesTheFirst, threeAdds) else {
            Issue.record("the renamed first todo is not caught")
            return
        }
        #expect(found.contains(#"the list reads ["Three", "Two", "Three"], and ["One", "Two", "Three"] were added"#), "\(found)")
        #expect(try theTodosAreTheOnesAdded(on: .addRenamesTheFirst, Array(threeAdds.prefix(2))) == .holds, "two adds are as they should be")
        // The third add on its own looks right: one more row, the new title last, the count one up.
        #expect(try verdict("addAddsOneTrimmedTodoAndEmptiesTheField", on: .addRenamesTheFirst, setUp: { $0.add("One"); $0.add("Two"); $0.screen.enter("Three", into: "new-todo") },
                            last: { $0.screen.tap("Add") }) == .holds)
    }

    @Test func whatWasAddedNoLongerAppliesOnceATodoIsDeleted() throws {
        let taps: [(control: String, typing: String?)] = [("Add", "One"), ("Add", "Two"), ("delete-1", nil), ("Add", "Three"), ("Add", "Four")]
        #expect(try theTodosAreTheOnesAdded(on: .addRenamesTheFirst, taps) == .holds, "after a delete the model does not say what the list is: it does not apply")
        #expect(try theTodosAreTheOnesAdded(on: .addRenamesTheFirst, taps.filter { $0.control != "delete-1" }) != .holds, "without the delete, it is caught")
    }
}
