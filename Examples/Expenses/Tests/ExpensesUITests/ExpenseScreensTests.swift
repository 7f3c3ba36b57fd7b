import Expenses
import ExpensesIdentifiers
import ExpensesUI
import PresenterKitTesting
import Testing
import TextUI

/// The screens as elements and as the text a person reads, driven through their presenters with a
/// stub store and a manual scheduler.
@MainActor
struct ExpenseScreensTests {
    @Test func theListShowsARowPerExpenseTheTotalAndItsButtons() throws {
        let (stage, scheduler) = try makeStage(with: [("Coffee", 320), ("Train", 2450)])
        let list = try #require(stage.screens.last)
        scheduler.runAll()

        #expect(list.title == "Expenses")
        #expect(list.elements == [
            .cell("expense-1", label: "Coffee", value: "3.20"),
            .cell("expense-2", label: "Train", value: "24.50"),
            .text("Total: 27.70", identifier: Identifiers.List.total),
            .text("", identifier: Identifiers.List.notice),
            .button("Add"),
            .button("Clear all", isEnabled: true),
        ])
        let rendered = Renderer.render(stage.screen)
        #expect(rendered.contains("Coffee  3.20"))
        #expect(rendered.contains("Total: 27.70"))
    }

    @Test func addTakesTheFieldsAndEnablesSaveOnlyWhenBothAreValid() throws {
        let (stage, scheduler) = try makeStage(with: [])
        scheduler.runAll()
        stage.screens.last?.tap("Add")
        let add = try #require(stage.screens.last as? AddExpenseScreen)
        #expect(add.title == "Add expense")

        add.enter("Lunch", into: "Name")
        add.enter("12.345", into: "Amount")
        #expect(add.elements == [
            .textField("Name", value: "Lunch"),
            .textField("Amount", value: "12.345", isFocused: true),
            .button("Save", isEnabled: false),
            .text("Amount: a number above 0 like 12.50, at most two decimals, up to 1000000.00", identifier: "hint"),
            .text("", identifier: "status"),
        ])

        add.enter("12.50", into: "Amount")
        #expect(add.elements[2] == .button("Save", isEnabled: true))
    }

    @Test func savingGoesBackToTheListWhichShowsTheNewExpense() throws {
        let (stage, scheduler) = try makeStage(with: [])
        scheduler.runAll()
        stage.screens.last?.tap("Add")
        stage.screens.last?.enter("Lunch", into: "Name")
        stage.screens.last?.enter("12.50", into: "Amount")
        stage.screens.last?.tap("Save")
        scheduler.runAll()

        #expect(stage.screens.count == 1)
        scheduler.runAll()
        #expect(Renderer.render(stage.screen).contains("Lunch  12.50"))
        #expect(Renderer.render(stage.screen).contains("Total: 12.50"))
    }

    @Test func clearAllRaisesTheSystemsQuestionOverTheList() throws {
        let (stage, scheduler) = try makeStage(with: [("Coffee", 320), ("Train", 2450)])
        scheduler.runAll()
        stage.screens.last?.tap("Clear all")

        let alert = try #require(stage.screen.topAlert)
        #expect(alert == .alert("ClearAll", title: "Clear all expenses?", message: "2 expenses will be removed. This cannot be undone.", buttons: ["Cancel", "Clear"]))
        #expect(SystemClearConfirmation.Wording.message(1) == "1 expense will be removed. This cannot be undone.")
        #expect(Renderer.render(stage.screen).contains("Clear all expenses?"))
    }

    // MARK: - Helpers

    /// The app's screens as its composition wires them, on a stub store holding `expenses`.
    private func makeStage(with expenses: [(String, Int)]) throws -> (Stage, ManualScheduler) {
        let stage = Stage(), scheduler = ManualScheduler(), store = StubExpenseStore(.init())
        for (name, amount) in expenses { _ = try store.record(NewExpense(name: name, amount: amount)) }
        let navigator = Navigator(stage: stage, store: store, scheduler: scheduler)
        stage.setRoot(ExpenseListScreen(presenter: ExpenseListPresenter(
            store: store, scheduler: scheduler, navigator: navigator, confirmer: SystemClearConfirmation(stage: stage), logger: LogSpy()
        )))
        return (stage, scheduler)
    }
}

/// Moves between the screens as the app's composer does.
@MainActor
final class Navigator: ExpenseListNavigating, AddExpenseNavigating {
    let stage: Stage
    let store: any ExpenseStore
    let scheduler: ManualScheduler

    init(stage: Stage, store: any ExpenseStore, scheduler: ManualScheduler) {
        self.stage = stage
        self.store = store
        self.scheduler = scheduler
    }

    func showAddExpense() {
        stage.push(AddExpenseScreen(presenter: AddExpensePresenter(store: store, scheduler: scheduler, navigator: self, logger: LogSpy())))
    }

    func didRecordExpense() {
        stage.pop()
    }
}
