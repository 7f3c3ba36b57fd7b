import Expenses

/// Records every model the list is shown.
@MainActor
final class ExpenseListViewSpy: ExpenseListView {
    private(set) var models: [ExpenseListViewModel] = []
    var last: ExpenseListViewModel? { models.last }
    func display(_ model: ExpenseListViewModel) { models.append(model) }
}

/// Records every model the Add screen is shown.
@MainActor
final class AddExpenseViewSpy: AddExpenseView {
    private(set) var models: [AddExpenseViewModel] = []
    var last: AddExpenseViewModel? { models.last }
    func display(_ model: AddExpenseViewModel) { models.append(model) }
}

/// Records where the presenters lead.
@MainActor
final class NavigatorSpy: ExpenseListNavigating, AddExpenseNavigating {
    enum Message: Equatable { case showAddExpense, didRecordExpense }
    private(set) var messages: [Message] = []
    func showAddExpense() { messages.append(.showAddExpense) }
    func didRecordExpense() { messages.append(.didRecordExpense) }
}

/// Records each question, and answers it when the test says.
@MainActor
final class ClearConfirmerSpy: ClearConfirming {
    private(set) var asked: [Int] = []
    private var completions: [@MainActor (Bool) -> Void] = []
    func confirmClearAll(count: Int, _ completion: @escaping @MainActor (Bool) -> Void) {
        asked.append(count)
        completions.append(completion)
    }

    func answer(_ confirmed: Bool) {
        completions.removeFirst()(confirmed)
    }
}
