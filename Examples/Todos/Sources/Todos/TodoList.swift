/// One todo: its title, and whether it is done.
public struct Todo: Equatable, Sendable {
    /// Its key, which names its row (`todo-3`); never reused.
    public let id: Int
    /// What is to be done, trimmed.
    public var title: String
    /// Done.
    public var isCompleted: Bool

    /// A todo.
    public init(id: Int, title: String, isCompleted: Bool = false) {
        self.id = id
        self.title = title
        self.isCompleted = isCompleted
    }
}

/// Which todos the list shows: all, the active ones, or the completed ones.
public enum TodoFilter: String, CaseIterable, Sendable {
    case all = "All"
    case active = "Active"
    case completed = "Completed"

    /// Whether `todo` is shown under this filter.
    public func shows(_ todo: Todo) -> Bool {
        switch self {
        case .all: true
        case .active: !todo.isCompleted
        case .completed: todo.isCompleted
        }
    }
}

/// The todos, as the TodoMVC application specification says they behave
/// (todomvc.com, `app-spec.md`): added trimmed (never blank), toggled one by one or all at once,
/// edited (an edit to blank deletes), deleted, and the completed ones cleared.
public struct TodoList: Equatable, Sendable {
    /// The todos, oldest first.
    public private(set) var todos: [Todo] = []
    private var nextID = 1

    /// An empty list.
    public init() {}

    /// How many todos are not done.
    public var activeCount: Int { todos.filter { !$0.isCompleted }.count }

    /// Whether every todo is done (false for none).
    public var allCompleted: Bool { !todos.isEmpty && todos.allSatisfy(\.isCompleted) }

    /// Adds a todo titled `title` trimmed; a blank title adds nothing. Returns whether it added one.
    @discardableResult
    public mutating func add(_ title: String) -> Bool {
        let trimmed = TodoList.trimmed(title)
        guard !trimmed.isEmpty else { return false }
        todos.append(Todo(id: nextID, title: trimmed))
        nextID += 1
        return true
    }

    /// Adds a todo exactly as given (the planted bugs' blank and untrimmed todos).
    mutating func addAsGiven(_ title: String) {
        todos.append(Todo(id: nextID, title: title))
        nextID += 1
    }

    /// Marks todo `id` done, or not done.
    public mutating func toggle(_ id: Int) {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { return }
        todos[index].isCompleted.toggle()
    }

    /// Marks every todo done, unless all are, then none.
    public mutating func toggleAll() {
        let done = !allCompleted
        for index in todos.indices { todos[index].isCompleted = done }
    }

    /// Marks every todo `shown` by a filter done, unless all of those are, then none of them (the
    /// planted bug of a toggle all that reads only the rows shown).
    mutating func toggleAll(shownBy filter: TodoFilter) {
        let shown = todos.indices.filter { filter.shows(todos[$0]) }
        let done = !shown.allSatisfy { todos[$0].isCompleted }
        for index in shown { todos[index].isCompleted = done }
    }

    /// Renames todo `id` to `title` trimmed; a blank title deletes it.
    public mutating func edit(_ id: Int, to title: String) {
        let trimmed = TodoList.trimmed(title)
        guard !trimmed.isEmpty else { return delete(id) }
        rename(id, to: trimmed)
    }

    /// Renames todo `id` to `title` as given.
    mutating func rename(_ id: Int, to title: String) {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { return }
        todos[index].title = title
    }

    /// Deletes todo `id`.
    public mutating func delete(_ id: Int) {
        todos.removeAll { $0.id == id }
    }

    /// Deletes every todo that is done.
    public mutating func clearCompleted() {
        todos.removeAll(where: \.isCompleted)
    }

    /// `text` without the blanks around it.
    public static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
