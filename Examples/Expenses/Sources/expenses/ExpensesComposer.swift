import Expenses
import ExpensesUI
import PresenterKit
import TextUI

/// Builds each screen with its presenter and the store, and moves between them: the only place
/// that knows which concrete type talks to which.
@MainActor
final class ExpensesComposer: ExpenseListNavigating, AddExpenseNavigating {
    private let stage: Stage
    private let scheduler: any WorkScheduling
    private let logger: any EventLogging
    private let store: any ExpenseStore
    private let confirmation: SystemClearConfirmation

    init(stage: Stage, scheduler: any WorkScheduling, logger: any EventLogging, store: any ExpenseStore) {
        self.stage = stage
        self.scheduler = scheduler
        self.logger = logger
        self.store = store
        self.confirmation = SystemClearConfirmation(stage: stage)
    }

    func start() {
        stage.setRoot(ExpenseListScreen(presenter: ExpenseListPresenter(
            store: store, scheduler: scheduler, navigator: self, confirmer: confirmation, logger: logger
        )))
    }

    func showAddExpense() {
        stage.push(AddExpenseScreen(presenter: AddExpensePresenter(store: store, scheduler: scheduler, navigator: self, logger: logger)))
    }

    func didRecordExpense() {
        stage.pop()
    }
}
