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
    #if PLANTED_BUGS
    /// Planted bugs' hooks (for flow explore): what a tapped row opens, and a line that leaks a secret.
    public var plantedRowTap: ((String) -> Void)?
    public var plantedSyncLine: String?
    #endif

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
        var elements = model.rows.map { Element.cell(ID.row($0.id), label: $0.name, value: $0.amount) } + [
            .text(model.total, identifier: ID.total),
            .text(model.notice, identifier: ID.notice),
            .button(ID.add),
            .button(ID.clearAll, isEnabled: model.isClearEnabled),
        ]
        #if PLANTED_BUGS
        if let line = plantedSyncLine { elements.append(.text(line, identifier: "sync")) }
        #endif
        return elements
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
        default:
            #if PLANTED_BUGS
            plantedRowTap?(identifier)
            #endif
        }
    }

    /// Shown (again): the presenter reloads.
    public func didAppear() {
        presenter.viewDidAppear()
    }
}

#if PLANTED_BUGS
/// Planted bug (a dead end, for flow explore): a receipt with no control on it.
@MainActor
public final class PlantedReceiptScreen: ScreenController {
    private let row: String

    /// The receipt of the row `row`.
    public init(row: String) {
        self.row = row
    }

    /// `Receipt`.
    public let title = "Receipt"

    /// Only words.
    public var elements: [Element] { [.text("Receipt of \(row)", identifier: "receipt")] }

    /// Nothing can be tapped.
    public func tap(_ identifier: String) {}

    /// Nothing can be typed.
    public func enter(_ text: String, into identifier: String) {}
}
#endif
