/// The identifiers of the screen's elements, declared once for the screen that shows them and the
/// robots that find them (the robots import this, never the app).
public enum Identifiers {
    /// The new-todo field.
    public static let newTodo = "new-todo"
    /// Add: what Enter does in the new-todo field.
    public static let add = "Add"
    /// Toggle all.
    public static let toggleAll = "toggle-all"
    /// The count of todos left.
    public static let count = "count"
    /// The field a todo is edited in, in place of its row.
    public static let edit = "edit"
    /// Save the edit.
    public static let save = "Save"
    /// Drop the edit.
    public static let cancel = "Cancel"
    /// Clear completed.
    public static let clearCompleted = "Clear completed"

    /// Todo `id`'s row: tapping it marks it done, or not done.
    public static func todo(_ id: Int) -> String { "todo-\(id)" }
    /// Todo `id`'s Edit.
    public static func editTodo(_ id: Int) -> String { "edit-\(id)" }
    /// Todo `id`'s Delete.
    public static func delete(_ id: Int) -> String { "delete-\(id)" }

    /// The class of every todo's row, as a property's trigger names them all (`todo-#`).
    public static let anyTodo = "todo-#"
    /// The class of every Edit.
    public static let anyEdit = "edit-#"
    /// The class of every Delete.
    public static let anyDelete = "delete-#"
}
