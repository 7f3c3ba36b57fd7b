import PresenterKit

/// The list of expenses and their total: reloads each time it is shown, opens Add, and clears
/// every expense once the person has said yes.
@MainActor
public final class ExpenseListPresenter: Presenter<any ExpenseListView> {
    /// The work it schedules, by the names the app is busy with while it runs.
    public enum Work {
        /// Reading every expense from the store.
        public static let load = "load expenses"
        /// Deleting every expense.
        public static let clearAll = "clear all expenses"
    }

    /// The words the screen shows, declared once (the robots copy those they read; a test checks them).
    public enum Message {
        /// The screen's title.
        public static let title = "Expenses"
        /// The total line.
        public static func total(_ minorUnits: Int) -> String { "Total: \(Amount.format(minorUnits))" }
        /// After Cancel on the confirmation.
        public static let nothingCleared = "Nothing was cleared"
        /// After Clear on the confirmation.
        public static func cleared(_ count: Int) -> String { "\(count) expense\(count == 1 ? "" : "s") cleared" }
        /// The expenses could not be read.
        public static func cannotLoad(_ reason: String) -> String { "Could not load the expenses: \(reason)" }
        /// The expenses could not be cleared.
        public static func cannotClear(_ reason: String) -> String { "Could not clear the expenses: \(reason)" }
    }

    private let store: any ExpenseStore
    private let scheduler: any WorkScheduling
    private let navigator: any ExpenseListNavigating
    private let confirmer: any ClearConfirming
    private let logger: any EventLogging
    private var expenses: [Expense] = []
    private var notice = ""
    private var isWorking = false

    /// A presenter reading and clearing `store` through `scheduler`.
    public init(
        store: any ExpenseStore, scheduler: any WorkScheduling, navigator: any ExpenseListNavigating, confirmer: any ClearConfirming,
        logger: any EventLogging
    ) {
        self.store = store
        self.scheduler = scheduler
        self.navigator = navigator
        self.confirmer = confirmer
        self.logger = logger
    }

    /// Shows the list as it is (empty, until the store answers).
    override public func viewDidLoad() {
        show()
    }

    /// Reads the expenses again: each time the list is shown, back from Add too. What the notice
    /// said was about the list as it was, so it goes.
    override public func viewDidAppear() {
        notice = ""
        reload()
    }

    /// Add was tapped.
    public func didTapAdd() {
        navigator.showAddExpense()
    }

    /// Clear all was tapped: asks first, and clears only on yes.
    public func didTapClearAll() {
        guard !expenses.isEmpty, !isWorking else { return }
        let count = expenses.count
        confirmer.confirmClearAll(count: count) { [weak self] confirmed in
            guard let self else { return }
            guard confirmed else {
                notice = Message.nothingCleared
                show()
                return
            }
            clear(count)
        }
    }

    private func reload() {
        isWorking = true
        show()
        scheduler.schedule(named: Work.load, { [store] in try store.allExpenses() }) { [weak self] result in
            guard let self else { return }
            isWorking = false
            switch result {
            case let .success(expenses):
                self.expenses = expenses
            case let .failure(error):
                logger.log("cannot load the expenses: \(error)")
                notice = Message.cannotLoad(StoreFailures.reason(for: error))
            }
            show()
        }
    }

    private func clear(_ count: Int) {
        isWorking = true
        show()
        scheduler.schedule(named: Work.clearAll, { [store] in try store.clearAll() }) { [weak self] result in
            guard let self else { return }
            isWorking = false
            switch result {
            case .success:
                expenses = []
                notice = Message.cleared(count)
                logger.log("cleared \(count) expenses")
            case let .failure(error):
                logger.log("cannot clear the expenses: \(error)")
                notice = Message.cannotClear(StoreFailures.reason(for: error))
            }
            show()
        }
    }

    private func show() {
        view?.display(ExpenseListViewModel(
            rows: expenses.map { .init(id: $0.id, name: $0.name, amount: Amount.format($0.amount)) },
            total: Message.total(Self.total(of: expenses)),
            notice: notice,
            isClearEnabled: !expenses.isEmpty && !isWorking
        ))
    }

    /// The sum of the amounts. Each is at most `Amount.largest`, so no store holds enough of
    /// them to overflow an Int.
    public static func total(of expenses: [Expense]) -> Int {
        #if BROKEN_TOTAL
        // The deliberately broken line of `make expenses-broken-build`: the last expense is left out.
        expenses.dropLast().reduce(0) { $0 + $1.amount }
        #else
        expenses.reduce(0) { $0 + $1.amount }
        #endif
    }
}
