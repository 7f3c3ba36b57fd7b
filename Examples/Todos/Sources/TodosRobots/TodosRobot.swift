import FlowKit
import Foundation
import Testing
import TodosIdentifiers

/// The TodoMVC screen: the new-todo field, the rows, toggle all, the count, the filters.
public final class TodosRobot: Robot {
    /// The title the presenter gives the screen (`TodosPresenter.Message.title`), written out: the
    /// robots import nothing of the app but its identifiers.
    override public class var screenTitle: String { "todos" }

    typealias ID = Identifiers

    // MARK: - What the screen shows

    /// The titles of the rows shown, in order (a row being edited shows its edit field instead).
    public var titles: [String] {
        app.cells.snapshots().map(\.label)
    }

    /// A row as the screen shows it: its title, and whether it is done.
    public struct Row: Equatable, Sendable, CustomStringConvertible {
        /// Its title.
        public let title: String
        /// Done.
        public let isCompleted: Bool

        /// A row.
        public init(_ title: String, isCompleted: Bool = false) {
            self.title = title
            self.isCompleted = isCompleted
        }

        /// `"Ann"`, or `"Ann" (done)`.
        public var description: String { "\"\(title)\"" + (isCompleted ? " (done)" : "") }
    }

    /// The rows shown, in order (a row being edited shows its edit field instead).
    public var rows: [Row] {
        app.cells.snapshots().map { Row($0.label, isCompleted: $0.isSelected) }
    }

    /// How many rows are shown, done or not.
    public var rowCount: Int { app.cells.snapshots().count }

    /// How many rows shown are done.
    public var completedRowCount: Int { app.cells.snapshots().filter(\.isSelected).count }

    /// What the new-todo field holds.
    public var newTodoText: String { app.textFields[ID.newTodo].value ?? "" }

    /// What the edit field holds, while a todo is edited; nil when none is.
    public var editText: String? {
        app.textFields[ID.edit].exists ? app.textFields[ID.edit].value ?? "" : nil
    }

    /// How many todos the count says are left (nil when it is not shown: no todo).
    public var itemsLeft: Int? {
        let count = app.staticTexts[ID.count]
        guard count.exists else { return nil }
        return Int(count.label.prefix { $0.isNumber })
    }

    /// The filter selected: `All`, `Active` or `Completed`.
    public var filter: String? {
        ["All", "Active", "Completed"].first { app.buttons[$0].exists && app.buttons[$0].isSelected }
    }

    // MARK: - Actions

    /// Types `text` into the new-todo field (without adding it).
    @discardableResult
    public func typeNewTodo(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.textFields[ID.newTodo].replaceText(text)
            return self
        }
    }

    /// Adds a todo: types it, then Add (Enter).
    @discardableResult
    public func add(_ title: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            typeNewTodo(title)
            app.buttons[ID.add].tap()
            return self
        }
    }

    /// Marks the todo in row `position` (from 1) done, or not done.
    @discardableResult
    public func toggle(_ position: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.cells.element(boundBy: position - 1).tap()
            return self
        }
    }

    /// Toggle all.
    @discardableResult
    public func toggleAll(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.toggleAll].tap()
            return self
        }
    }

    /// Edits the todo in row `position` to `title`, and saves.
    @discardableResult
    public func edit(_ position: Int, to title: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            let row = app.cells.element(boundBy: position - 1)
            guard let identifier = row.snapshot?.identifier else {
                row.assertVisible()
                return self
            }
            app.buttons["edit-" + identifier.dropFirst("todo-".count)].tap()
            app.textFields[ID.edit].replaceText(title)
            app.buttons[ID.save].tap()
            return self
        }
    }

    /// Deletes the todo in row `position`.
    @discardableResult
    public func delete(_ position: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            let row = app.cells.element(boundBy: position - 1)
            guard let identifier = row.snapshot?.identifier else {
                row.assertVisible()
                return self
            }
            app.buttons["delete-" + identifier.dropFirst("todo-".count)].tap()
            return self
        }
    }

    /// Shows the todos `filter` shows: `All`, `Active` or `Completed`.
    @discardableResult
    public func show(_ filter: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[filter].tap()
            return self
        }
    }

    /// Clear completed.
    @discardableResult
    public func clearCompleted(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.clearCompleted].tap()
            return self
        }
    }

    // MARK: - Checks

    /// The rows shown read `titles`, in order.
    @discardableResult
    public func checkTodos(_ titles: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.cells.assertCount(titles.count)
            for (index, title) in titles.enumerated() { app.cells.element(boundBy: index).assertLabel(title) }
            return self
        }
    }

    /// The count reads `1 item left`, `3 items left`.
    @discardableResult
    public func checkItemsLeft(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.count].assertLabel("\(count) item\(count == 1 ? "" : "s") left")
            return self
        }
    }

    /// The new-todo field holds `text`.
    @discardableResult
    public func checkNewTodo(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.textFields[ID.newTodo].assertValue(text)
            return self
        }
    }
}

extension TodosRobot {
    /// The YAML actions of the screen: `Todos.add: {title: Buy milk}`, ...
    public static let yaml = RobotActions<TodosRobot> {
        $0.action("typeNewTodo", "Types into the new-todo field, without adding.", .text("text", "what to type")) { $0.typeNewTodo($1) }
        $0.action("add", "Adds a todo: types it, then Add.", .text("title", "the todo")) { $0.add($1) }
        $0.action("toggle", "Marks the todo in this row done, or not done.", .position()) { $0.toggle($1) }
        $0.action("toggleAll", "Toggle all.") { $0.toggleAll() }
        $0.action("edit", "Edits the todo in this row, and saves.", .position(), .text("title", "its new title")) { $0.edit($1, to: $2) }
        $0.action("delete", "Deletes the todo in this row.", .position()) { $0.delete($1) }
        $0.action("show", "Shows what a filter shows.", .text("filter", "All, Active or Completed")) { $0.show($1) }
        $0.action("clearCompleted", "Clear completed.") { $0.clearCompleted() }
        $0.action("checkTodos", "The rows shown read these titles, in order.", .text("titles", "the titles, comma-separated")) {
            $0.checkTodos($1.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
        }
        $0.action("checkItemsLeft", "The count reads N items left.", .count("todos left")) { $0.checkItemsLeft($1) }
        $0.action("checkNewTodo", "The new-todo field holds this text.", .text("text", "what it holds")) { $0.checkNewTodo($1) }
    }
}
