import Expenses
import ExpensesIdentifiers
import TextUI

/// The list of expenses as text: a cell a row (name, and the amount as its value), the total,
/// the notice line, and Add and Clear all, which it forwards to ``ExpenseListPresenter``.
@MainActor
public final class ExpenseListScreen: ScreenController, ExpenseListView {
    private typealias ID = Identifiers.List

    private let presenter: ExpenseListPresenter
    private var model = ExpenseListViewModel(rows: [], total: "", notice: "", isClearEnabled: false)

    /// The screen of `presenter`, which it attaches and loads.
    public init(presenter: ExpenseListPresenter) {
        self.presenter = presenter
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    /// `Expenses`.
    public let title = ExpenseListPresenter.Message.title

    /// The rows, the total, the notice, and the buttons.
    public var elements: [Element] {
        model.rows.map { Element.cell(ID.row($0.id), label: $0.name, value: $0.amount) } + [
            .text(model.total, identifier: ID.total),
            .text(model.notice, identifier: ID.notice),
            .button(ID.add),
            .button(ID.clearAll, isEnabled: model.isClearEnabled),
        ]
    }

    /// Shows what the presenter says.
    public func display(_ model: ExpenseListViewModel) {
        self.model = model
    }

    /// Add or Clear all.
    public func tap(_ identifier: String) {
        switch identifier {
        case ID.add: presenter.didTapAdd()
        case ID.clearAll: presenter.didTapClearAll()
        default: break
        }
    }

    /// Shown (again): the presenter reloads.
    public func didAppear() {
        presenter.viewDidAppear()
    }
}
