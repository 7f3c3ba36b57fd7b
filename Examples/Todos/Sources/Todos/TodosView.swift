/// What the screen shows: the new-todo field, the rows under the filter, the count, the filters.
public struct TodosViewModel: Equatable, Sendable {
    /// One todo's row.
    public struct Row: Equatable, Sendable {
        /// The todo's key, which names its row and its buttons.
        public let id: Int
        /// Its title.
        public let title: String
        /// Done.
        public let isCompleted: Bool
        /// The edit field's text while it is edited; nil when it is not.
        public let editText: String?

        /// A row of the list.
        public init(id: Int, title: String, isCompleted: Bool, editText: String?) {
            self.id = id
            self.title = title
            self.isCompleted = isCompleted
            self.editText = editText
        }
    }

    /// The todos the filter shows, oldest first.
    public var rows: [Row]
    /// What the new-todo field holds.
    public var newText: String
    /// `2 items left`; nil when there is no todo (the footer is hidden then).
    public var itemsLeft: String?
    /// The filter.
    public var filter: TodoFilter
    /// Every todo is done (toggle all reads as checked).
    public var allCompleted: Bool
    /// Some todo is done: Clear completed is shown.
    public var showsClearCompleted: Bool

    /// A screen as the presenter shows it.
    public init(rows: [Row], newText: String, itemsLeft: String?, filter: TodoFilter, allCompleted: Bool, showsClearCompleted: Bool) {
        self.rows = rows
        self.newText = newText
        self.itemsLeft = itemsLeft
        self.filter = filter
        self.allCompleted = allCompleted
        self.showsClearCompleted = showsClearCompleted
    }
}

/// The screen, as its presenter sees it.
@MainActor
public protocol TodosView: AnyObject {
    /// Shows `model` in place of what was shown.
    func display(_ model: TodosViewModel)
}
