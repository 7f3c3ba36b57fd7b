import PresenterKit

/// The TodoMVC screen: the new-todo field and Add, the list under its filter (each row toggled,
/// edited or deleted), toggle all, the count of todos left, the filters and Clear completed. It
/// owns every decision, and the variant's one bug (``TodoVariant``).
@MainActor
public final class TodosPresenter: Presenter<any TodosView> {
    /// The words the screen shows, declared once (the robots copy those they read; a test checks them).
    public enum Message {
        /// The screen's title.
        public static let title = "todos"
        /// What the new-todo field asks.
        public static let placeholder = "What needs to be done?"
        /// Toggle all's label.
        public static let toggleAll = "Mark all as complete"
        /// `1 item left`, `3 items left`.
        public static func itemsLeft(_ count: Int) -> String { "\(count) item\(count == 1 ? "" : "s") left" }
    }

    private let variant: TodoVariant
    private var list = TodoList()
    private var filter = TodoFilter.all
    private var newText = ""
    private var editing: (id: Int, text: String)?
    /// The planted count bugs: what the count is off by.
    private var countOffset = 0

    /// A presenter of the correct app, or of `variant`.
    public init(variant: TodoVariant = .correct) {
        self.variant = variant
    }

    /// Shows the empty list.
    override public func viewDidLoad() {
        show()
    }

    /// The new-todo field's text changed.
    public func didChangeNewTodo(_ text: String) {
        newText = text
        show()
    }

    /// Add (Enter in the new-todo field): a todo titled as typed, trimmed; nothing for a blank one.
    /// The field is emptied when one was added.
    public func didTapAdd() {
        let blank = TodoList.trimmed(newText).isEmpty
        if variant == .addUnderFilterLostFromFive, filter != .all, list.todos.count >= 5, !blank {
            // The planted bug: the title is dropped as if it had been added.
            newText = ""
        } else if variant == .blankAdded && blank && !newText.isEmpty || variant == .untrimmedAdded && !blank {
            list.addAsGiven(newText)
            newText = ""
        } else if list.add(newText), variant != .addKeepsInput {
            if variant == .addRenamesTheFirst, list.todos.count >= 3, let first = list.todos.first, let added = list.todos.last {
                list.rename(first.id, to: added.title)
            }
            newText = ""
        }
        countOffset = 0
        show()
    }

    /// A todo's row was tapped: it is done, or not done again.
    public func didTapTodo(_ id: Int) {
        guard let todo = list.todos.first(where: { $0.id == id }) else { return }
        list.toggle(id)
        if variant == .uncompleteNotCounted, todo.isCompleted { countOffset -= 1 }
        show()
    }

    /// Toggle all: every todo done, unless all are, then none.
    public func didTapToggleAll() {
        if variant == .toggleAllShownOnly {
            list.toggleAll(shownBy: filter)
        } else {
            list.toggleAll()
        }
        countOffset = 0
        show()
    }

    /// A todo's Edit: its title in an edit field, in place of its row.
    public func didTapEdit(_ id: Int) {
        guard let todo = list.todos.first(where: { $0.id == id }) else { return }
        editing = (id, todo.title)
        show()
    }

    /// The edit field's text changed.
    public func didChangeEdit(_ text: String) {
        guard let current = editing else { return }
        editing = (current.id, text)
        show()
    }

    /// Save: the todo renamed to the edit trimmed; a blank edit deletes it.
    public func didTapSave() {
        guard let (id, text) = editing else { return }
        editing = nil
        if variant == .blankEditKeeps, TodoList.trimmed(text).isEmpty {
            // The planted bug: nothing changes.
        } else if variant == .untrimmedEdit, !TodoList.trimmed(text).isEmpty {
            list.rename(id, to: text)
        } else {
            list.edit(id, to: text)
        }
        show()
    }

    /// Cancel: the edit is dropped, the todo as it was.
    public func didTapCancelEdit() {
        editing = nil
        show()
    }

    /// A todo's Delete.
    public func didTapDelete(_ id: Int) {
        if variant == .deleteTakesTwoFromFive, list.todos.count >= 5 {
            // The planted bug: the row shown after the one tapped goes with it.
            let shown = list.todos.filter(filter.shows)
            if let index = shown.firstIndex(where: { $0.id == id }), index + 1 < shown.count { list.delete(shown[index + 1].id) }
        }
        list.delete(id)
        if editing?.id == id { editing = nil }
        show()
    }

    /// A filter: the list shows the todos it shows. What the new-todo field holds stays.
    public func didTapFilter(_ filter: TodoFilter) {
        self.filter = filter
        if let id = editing?.id, let todo = list.todos.first(where: { $0.id == id }), !filter.shows(todo) { editing = nil }
        if variant == .filterClearsInput { newText = "" }
        show()
    }

    /// Clear completed: every done todo deleted.
    public func didTapClearCompleted() {
        let before = list.todos.count
        list.clearCompleted()
        if let id = editing?.id, !list.todos.contains(where: { $0.id == id }) { editing = nil }
        if variant == .staleCountAfterClear { countOffset = before - list.activeCount }
        show()
    }

    private func show() {
        var count = list.activeCount + countOffset
        if let wrongFrom = variant.countWrongFrom, list.activeCount >= wrongFrom { count += 1 }
        let itemsLeft = variant == .oneItemsLeft && count == 1 ? "1 items left" : Message.itemsLeft(count)
        view?.display(TodosViewModel(
            rows: list.todos.filter(filter.shows).map { todo in
                let edit = editing?.id == todo.id ? editing?.text : nil
                return TodosViewModel.Row(id: todo.id, title: todo.title, isCompleted: todo.isCompleted, editText: edit)
            },
            newText: newText, itemsLeft: list.todos.isEmpty ? nil : itemsLeft, filter: filter, allCompleted: list.allCompleted,
            showsClearCompleted: list.todos.contains(where: \.isCompleted)
        ))
    }
}
