import PresenterKit

/// The Add screen: Save is enabled only while the name and the amount are valid (see
/// ``ExpenseDraft``), records the expense in the background, and says why when the store fails.
@MainActor
public final class AddExpensePresenter: Presenter<any AddExpenseView> {
    /// The work it schedules, by the name the app is busy with while it runs.
    public enum Work {
        /// Recording the expense in the store.
        public static let save = "save expense"
    }

    /// The words the screen shows, declared once.
    public enum Message {
        /// The screen's title.
        public static let title = "Add expense"
        /// What a name must be.
        public static let nameHint = "Name: 1 to \(ExpenseName.longest) characters"
        /// What an amount must be.
        public static let amountHint = "Amount: a number above 0 like 12.50, at most two decimals, up to \(Amount.format(Amount.largest))"
        /// While the store records the expense.
        public static let saving = "Saving…"
        /// The store failed.
        public static func cannotSave(_ reason: String) -> String { "Could not save: \(reason)" }
    }

    private let store: any ExpenseStore
    private let scheduler: any WorkScheduling
    private let navigator: any AddExpenseNavigating
    private let logger: any EventLogging
    private var draft = ExpenseDraft()
    private var status = ""
    private var isSaving = false

    /// A presenter recording into `store` through `scheduler`.
    public init(store: any ExpenseStore, scheduler: any WorkScheduling, navigator: any AddExpenseNavigating, logger: any EventLogging) {
        self.store = store
        self.scheduler = scheduler
        self.navigator = navigator
        self.logger = logger
    }

    /// Shows the empty form, Save disabled.
    override public func viewDidLoad() {
        show()
    }

    /// The Name field now holds `text`.
    public func didChangeName(_ text: String) {
        draft.name = text
        show()
    }

    /// The Amount field now holds `text`.
    public func didChangeAmount(_ text: String) {
        draft.amount = text
        show()
    }

    /// Save was tapped: records the expense unless the fields are not valid or it is already saving.
    public func didTapSave() {
        guard let expense = draft.expense, !isSaving else { return }
        isSaving = true
        status = Message.saving
        show()
        scheduler.schedule(named: Work.save, { [store] in try store.record(expense) }) { [weak self] result in
            guard let self else { return }
            isSaving = false
            switch result {
            case let .success(recorded):
                status = ""
                logger.log("recorded expense \(recorded.id): \(Amount.format(recorded.amount))")
                navigator.didRecordExpense()
            case let .failure(error):
                logger.log("cannot record the expense: \(error)")
                status = Message.cannotSave(StoreFailures.reason(for: error))
                show()
            }
        }
    }

    private func show() {
        let hint: String = switch draft.problem {
        case .name: Message.nameHint
        case .amount: Message.amountHint
        case nil: ""
        }
        view?.display(AddExpenseViewModel(isSaveEnabled: draft.problem == nil && !isSaving, hint: hint, status: status))
    }
}
