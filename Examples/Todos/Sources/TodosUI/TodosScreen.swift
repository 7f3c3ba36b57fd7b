import Todos
import TodosIdentifiers
import TextUI

/// The TodoMVC screen as text: the new-todo field and Add, toggle all, a row a todo (its title, done
/// or not, selected when done) with its Edit and Delete (or, while it is edited, the edit field,
/// Save and Cancel), then the count, the filters and Clear completed; every event forwarded to
/// ``TodosPresenter``.
@MainActor
public final class TodosScreen: ScreenController, TodosView {
    private typealias ID = Identifiers

    private let presenter: TodosPresenter
    private var model = TodosViewModel(rows: [], newText: "", itemsLeft: nil, filter: .all, allCompleted: false, showsClearCompleted: false)

    /// The screen of `presenter`, which it attaches and loads.
    public init(presenter: TodosPresenter) {
        self.presenter = presenter
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    /// `todos`.
    public var title: String { TodosPresenter.Message.title }

    /// The field, the rows, the footer.
    public var elements: [Element] {
        var elements: [Element] = [.textField(ID.newTodo, label: TodosPresenter.Message.placeholder, value: model.newText), .button(ID.add)]
        guard let itemsLeft = model.itemsLeft else { return elements }
        elements.append(Element(kind: .button, identifier: ID.toggleAll, label: TodosPresenter.Message.toggleAll, isSelected: model.allCompleted))
        for row in model.rows {
            if let edit = row.editText {
                elements += [.textField(ID.edit, label: "Edit \(row.title)", value: edit), .button(ID.save), .button(ID.cancel)]
            } else {
                elements += [
                    .cell(ID.todo(row.id), label: row.title, value: row.isCompleted ? "completed" : "active", isSelected: row.isCompleted),
                    .button(ID.editTodo(row.id), label: "Edit \(row.title)"), .button(ID.delete(row.id), label: "Delete \(row.title)"),
                ]
            }
        }
        elements.append(.text(itemsLeft, identifier: ID.count))
        for filter in TodoFilter.allCases {
            elements.append(Element(kind: .button, identifier: filter.rawValue, label: filter.rawValue, isSelected: model.filter == filter))
        }
        if model.showsClearCompleted { elements.append(.button(ID.clearCompleted)) }
        return elements
    }

    /// Shows `model`.
    public func display(_ model: TodosViewModel) {
        self.model = model
    }

    /// Forwards a tap to the presenter by what was tapped.
    public func tap(_ identifier: String) {
        switch identifier {
        case ID.add: presenter.didTapAdd()
        case ID.toggleAll: presenter.didTapToggleAll()
        case ID.save: presenter.didTapSave()
        case ID.cancel: presenter.didTapCancelEdit()
        case ID.clearCompleted: presenter.didTapClearCompleted()
        default:
            if let filter = TodoFilter(rawValue: identifier) { return presenter.didTapFilter(filter) }
            for (prefix, event) in [("todo-", presenter.didTapTodo), ("edit-", presenter.didTapEdit), ("delete-", presenter.didTapDelete)] {
                if identifier.hasPrefix(prefix), let id = Int(identifier.dropFirst(prefix.count)) { return event(id) }
            }
        }
    }

    /// Forwards typed text to the presenter by the field.
    public func enter(_ text: String, into identifier: String) {
        switch identifier {
        case ID.newTodo: presenter.didChangeNewTodo(text)
        case ID.edit: presenter.didChangeEdit(text)
        default: break
        }
    }
}
