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
        let list = ExpenseListScreen(presenter: ExpenseListPresenter(
            store: store, scheduler: scheduler, navigator: self, confirmer: confirmation, logger: logger
        ))
        #if PLANTED_BUGS
        // Planted bug (a dead end, for flow explore): a row opens its receipt in place of the list,
        // where nothing can be used and back has nowhere to go.
        list.plantedRowTap = { [stage] row in stage.setRoot(PlantedReceiptScreen(row: row)) }
        self.list = list
        #endif
        stage.setRoot(list)
    }

    #if PLANTED_BUGS
    /// The list, for the planted secret's line.
    private weak var list: ExpenseListScreen?
    /// The planted secret (`-sync.token`).
    var plantedToken: String?
    #endif

    func showAddExpense() {
        stage.push(AddExpenseScreen(presenter: AddExpensePresenter(store: store, scheduler: scheduler, navigator: self, logger: logger)))
    }

    func didRecordExpense() {
        stage.pop()
        #if PLANTED_BUGS
        // Planted bug (a secret shown, for flow explore): the sync token is printed after a save.
        if let token = plantedToken { list?.plantedSyncLine = "Synced with token \(token)" }
        #endif
    }
}
