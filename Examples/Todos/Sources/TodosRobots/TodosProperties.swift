import FlowKit
import Foundation
import Testing
import TodosIdentifiers

/// The TodoMVC application specification (todomvc.com, `app-spec.md`) as properties: what must
/// hold of the screen whatever was done, and what each action must do, read through the robot.
/// `flow explore` checks them on every state and after every action it takes; `make todos` shows
/// that each of the variants' bugs breaks one of them, and that the correct app breaks none.
extension TodosRobot {
    /// The specification, a property a rule.
    public static let properties = RobotProperties<TodosRobot> {
        $0.invariant("itemsLeftCountsTheActiveTodos",
                     "The count says how many todos are not done (1 item left, N items left): under All, the rows not done; under Active, every row; "
                         + "a todo being edited, whose row its edit field hides, is one more under Active and may be one more under All.") { todos in
            guard let count = todos.itemsLeft else { return }
            let notDone = todos.rowCount - todos.completedRowCount
            switch (todos.filter, todos.editText != nil) {
            case ("All", false): todos.checkItemsLeft(notDone)
            case ("Active", false): todos.checkItemsLeft(todos.rowCount)
            // Active shows the todo edited, so it is not done.
            case ("Active", true): todos.checkItemsLeft(todos.rowCount + 1)
            // Whether the todo edited is done the screen does not say: the count is one of two, in words as ever.
            case ("All", true) where count == notDone || count == notDone + 1: todos.checkItemsLeft(count)
            case ("All", true):
                todos.app.fail("check that the count is the rows not done, or one more for the todo edited",
                               "\(notDone) row(s) shown are not done, and the count reads \(count)", site: CallSite())
            default: return
            }
        }
        $0.after(.tap(ID.add), "addAddsOneTrimmedTodoAndEmptiesTheField",
                 "Add with a title adds one todo, its title trimmed, last, and empties the field; a blank one adds nothing.") { before, after in
            let title = TodosRobot.trimmed(before.newTodoText)
            guard !title.isEmpty else {
                after.app.cells.assertCount(before.rowCount)
                if let was = before.itemsLeft {
                    after.checkItemsLeft(was)
                } else if after.itemsLeft != nil {
                    after.app.fail("check that no todo was added", "the count is shown: a todo was added", site: CallSite())
                }
                return
            }
            after.checkItemsLeft((before.itemsLeft ?? 0) + 1)
            after.checkNewTodo("")
            guard after.filter != "Completed" else { return }
            after.app.cells.assertCount(before.rowCount + 1)
            after.app.cells.element(boundBy: before.rowCount).assertLabel(title)
        }
        $0.after(.oneOf([.tap("All"), .tap("Active"), .tap("Completed")]), "changingTheFilterKeepsTheTypedText",
                 "Changing the filter leaves the text typed into the new-todo field as it was.") { before, after in
            after.checkNewTodo(before.newTodoText)
        }
        $0.after(.tap(ID.toggleAll), "toggleAllMarksEveryTodo", "Toggle all marks every todo done unless all are: with any todo left, none is left after.") { before, after in
            guard let left = before.itemsLeft, left > 0 else { return }
            after.checkItemsLeft(0)
        }
        $0.after(.tap(ID.anyTodo), "toggleMovesTheCountByOne", "Marking a todo done takes one from the count; marking it not done adds one.") { before, after in
            guard let was = before.itemsLeft, let now = after.itemsLeft else { return }
            if abs(now - was) != 1 { after.app.fail("check that the count moved by one", "it read \(was) item(s) left, and reads \(now) now", site: CallSite()) }
        }
        $0.after(.tap(ID.clearCompleted), "clearCompletedDeletesOnlyTheDoneTodos",
                 "Clear completed deletes the done todos: no row shown is done, and the count is as it was.") { before, after in
            let left = before.itemsLeft ?? 0
            if left > 0 { after.checkItemsLeft(left) }
            if after.completedRowCount > 0 { after.app.fail("check that no row shown is done", "\(after.completedRowCount) still are", site: CallSite()) }
        }
        $0.after(.tap(ID.save), "saveRenamesTheTodoTrimmedOrDeletesItWhenBlank",
                 "Save renames the todo to the edit trimmed (its row back); a blank edit deletes it.") { before, after in
            guard let edit = before.editText else { return }
            let title = TodosRobot.trimmed(edit)
            if title.isEmpty {
                after.app.cells.assertCount(before.rowCount)
            } else {
                after.app.cells.assertCount(before.rowCount + 1)
                if !after.titles.contains(title) { after.app.fail("find the row \"\(title)\"", "no row reads it: \(after.titles)", site: CallSite()) }
            }
        }
        $0.after(.tap(ID.anyDelete), "deleteRemovesOneTodo",
                 "Delete removes one todo: one row fewer, the others as they were, in order; the count one less when it was not done.") { before, after in
            // Which row was tapped is not on the screens: any one whose going leaves the rows after.
            // Two alike rows (titles may repeat) leave the same rows, and say the same of the count.
            let rows = before.rows
            guard let gone = rows.indices.first(where: { var left = rows; left.remove(at: $0); return left == after.rows }).map({ rows[$0] }) else {
                after.app.fail("check that Delete removed one row and left the others as they were, in order",
                               "the rows were \(rows), and are \(after.rows)", site: CallSite())
                return
            }
            // The last todo deleted, no count is shown.
            guard let was = before.itemsLeft, after.itemsLeft != nil else { return }
            after.checkItemsLeft(gone.isCompleted ? was : was - 1)
        }
    }

    /// The todos added since launch, as the properties keep them: while none was deleted, edited or
    /// cleared, the list shows exactly these, in the order added (the specification's "new todos
    /// are added to the bottom of the list", and nothing else changes a title).
    public struct Added: PropertyModel {
        /// The titles added, trimmed, in order.
        public var titles: [String] = []
        /// Whether a todo was deleted, edited or cleared since launch: the list is then no longer
        /// only what was added, and the model does not say what it is.
        public var changed = false

        public init() {}
    }

    /// The properties that keep ``Added``: what Add adds, and what changes the list otherwise.
    public static let added = RobotProperties<TodosRobot> {
        $0.after(.tap(ID.add), "addIsKeptInTheModel", "Add with a title keeps the title trimmed, last, in the model of what was added.", model: Added.self) { before, after, added in
            let title = TodosRobot.trimmed(before.newTodoText)
            if !title.isEmpty { added.titles.append(title) }
        }
        $0.after(.oneOf([.tap(ID.anyDelete), .tap(ID.save), .tap(ID.clearCompleted)]), "aChangeIsKeptInTheModel",
                 "Delete, an edit saved and Clear completed change the list beyond what was added.", model: Added.self) { _, _, added in
            added.changed = true
        }
        $0.invariant("theTodosAreTheOnesAdded", "While none was deleted, edited or cleared, the list under All shows the todos added since launch, in order.",
                     model: Added.self) { todos, added in
            try assume(!added.changed, "a todo was deleted, edited or cleared")
            try assume(todos.filter == "All" && todos.editText == nil, "the list is filtered or a todo is being edited")
            if todos.titles != added.titles {
                todos.app.fail("check that the todos are the ones added, in order", "the list reads \(todos.titles), and \(added.titles) were added")
            }
        }
    }

    /// `text` without the blanks around it, as the specification trims a title.
    static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }
}
