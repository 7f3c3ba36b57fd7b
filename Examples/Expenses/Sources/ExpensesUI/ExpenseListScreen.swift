import Expenses
import ExpensesIdentifiers
#if PLANTED_BUGS
import Foundation
#endif
import TextUI

/// The list of expenses as text: a cell a row (name, and the amount as its value), the total,
/// the notice line, and Add and Clear all, which it forwards to ``ExpenseListPresenter``.
@MainActor
public final class ExpenseListScreen: ScreenController, ExpenseListView {
    private typealias ID = Identifiers.List

    private let presenter: ExpenseListPresenter
    private var model = ExpenseListViewModel(rows: [], total: "", notice: "", isClearEnabled: false)
    #if PLANTED_BUGS
    /// Planted bugs (for flow explore): the row whose receipt is shown in place of the list, and
    /// how many rows the list first had (more now: an expense was saved).
    private var receipt: String?
    private var firstRows: Int?
    #endif

    /// The screen of `presenter`, which it attaches and loads.
    public init(presenter: ExpenseListPresenter) {
        self.presenter = presenter
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    /// `Expenses`.
    public var title: String {
        #if PLANTED_BUGS
        if receipt != nil { return "Receipt" }
        #endif
        return ExpenseListPresenter.Message.title
    }

    /// The rows, the total, the notice, and the buttons.
    public var elements: [Element] {
        #if PLANTED_BUGS
        // Planted bug (a dead end, for flow explore): a row's receipt replaces the list, the first
        // screen, so back has nowhere to go, and nothing on it can be used.
        if let receipt { return [.text("Receipt of \(receipt)", identifier: "receipt")] }
        var planted: [Element] = []
        // Planted bug (an audit finding): after Clear all is cancelled, an Undo button drawn as a
        // symbol no person can read or name.
        if model.notice == "Nothing was cleared" { planted.append(.button("undo", label: "↺")) }
        // Planted bug (a secret shown): after a save, the sync token the app was given.
        if let firstRows, model.rows.count > firstRows, let token = ProcessInfo.processInfo.environment["EXPENSES_SYNC_TOKEN"] { planted.append(.text("Synced with token \(token)", identifier: "sync")) }
        #else
        let planted: [Element] = []
        #endif
        return model.rows.map { Element.cell(ID.row($0.id), label: $0.name, value: $0.amount) } + [
            .text(model.total, identifier: ID.total),
            .text(model.notice, identifier: ID.notice),
            .button(ID.add),
            .button(ID.clearAll, isEnabled: model.isClearEnabled),
        ] + planted
    }

    /// Shows what the presenter says.
    public func display(_ model: ExpenseListViewModel) {
        self.model = model
        #if PLANTED_BUGS
        if firstRows == nil, !model.rows.isEmpty { firstRows = model.rows.count }
        #endif
    }

    /// Add or Clear all.
    public func tap(_ identifier: String) {
        switch identifier {
        case ID.add: presenter.didTapAdd()
        case ID.clearAll: presenter.didTapClearAll()
        default:
            #if PLANTED_BUGS
            if identifier.hasPrefix("expense-") { receipt = identifier }
            #endif
        }
    }

    /// Shown (again): the presenter reloads.
    public func didAppear() {
        presenter.viewDidAppear()
    }
}
