import Expenses
import PresenterKitTesting
import Testing

@MainActor
struct AddExpensePresenterTests {
    static let amountHint = "Amount: a number above 0 like 12.50, at most two decimals, up to 1000000.00"

    @Test func theEmptyFormAsksForANameWithSaveDisabled() {
        let sut = makeSUT()
        #expect(sut.view.models == [AddExpenseViewModel(isSaveEnabled: false, hint: "Name: 1 to 40 characters", status: "")])
    }

    @Test func aNameAloneAsksForTheAmount() {
        let sut = makeSUT()
        sut.presenter.didChangeName("Lunch")
        #expect(sut.view.last == AddExpenseViewModel(isSaveEnabled: false, hint: Self.amountHint, status: ""))
    }

    @Test func bothValidEnableSave() {
        let sut = makeSUT()
        sut.presenter.didChangeName("Lunch")
        sut.presenter.didChangeAmount("12.50")
        #expect(sut.view.last == AddExpenseViewModel(isSaveEnabled: true, hint: "", status: ""))
    }

    @Test(arguments: ["", "0", "12.345", "-3", "abc", "1000000.01"])
    func aBadAmountKeepsSaveDisabled(amount: String) {
        let sut = makeSUT()
        sut.presenter.didChangeName("Lunch")
        sut.presenter.didChangeAmount(amount)
        #expect(sut.view.last == AddExpenseViewModel(isSaveEnabled: false, hint: Self.amountHint, status: ""))
    }

    @Test func aNameMadeBlankAgainDisablesSave() {
        let sut = makeSUT()
        sut.presenter.didChangeName("Lunch")
        sut.presenter.didChangeAmount("1")
        sut.presenter.didChangeName("   ")
        #expect(sut.view.last?.isSaveEnabled == false)
    }

    @Test func saveRecordsTheTrimmedExpenseAndGoesBack() {
        let sut = makeSUT()
        sut.store.expect().record(NewExpense(name: "Lunch", amount: 1250), .recorded(Expense(id: 7, name: "Lunch", amount: 1250)))
        sut.presenter.didChangeName(" Lunch ")
        sut.presenter.didChangeAmount("12.5")

        sut.presenter.didTapSave()
        #expect(sut.view.last == AddExpenseViewModel(isSaveEnabled: false, hint: "", status: "Saving…"))
        #expect(sut.navigator.messages.isEmpty, "not before the store has it")
        sut.scheduler.runAll()

        #expect(sut.navigator.messages == [.didRecordExpense])
        #expect(sut.logger.messages == ["recorded expense 7: 12.50"])
        sut.store.verify()
    }

    @Test func saveWhileSavingRecordsOnce() {
        let sut = makeSUT()
        sut.store.expect().record(NewExpense(name: "Lunch", amount: 100), .recorded(Expense(id: 1, name: "Lunch", amount: 100)))
        sut.presenter.didChangeName("Lunch")
        sut.presenter.didChangeAmount("1")
        sut.presenter.didTapSave()
        sut.presenter.didTapSave()
        #expect(sut.scheduler.pendingWork == [AddExpensePresenter.Work.save], "the app is busy saving, by that name")
        sut.scheduler.runAll()
        #expect(sut.navigator.messages == [.didRecordExpense])
        sut.store.verify()
    }

    @Test func saveWithFieldsThatAreNotValidDoesNothing() {
        let sut = makeSUT()
        sut.presenter.didChangeName("Lunch")
        sut.presenter.didTapSave()
        #expect(sut.scheduler.pendingWorkCount == 0)
        #expect(sut.navigator.messages.isEmpty)
    }

    @Test func aStoreThatFailsIsSaidOnScreenAndSaveCanBeTriedAgain() {
        let sut = makeSUT()
        sut.store.expect().record(NewExpense(name: "Lunch", amount: 100), .failure(StoreFailed(reason: "disk full")))
        sut.presenter.didChangeName("Lunch")
        sut.presenter.didChangeAmount("1")

        sut.presenter.didTapSave()
        sut.scheduler.runAll()

        #expect(sut.view.last == AddExpenseViewModel(isSaveEnabled: true, hint: "", status: "Could not save: disk full"))
        #expect(sut.navigator.messages.isEmpty)
        #expect(sut.logger.messages == [#"cannot record the expense: StoreFailed(reason: "disk full")"#])
        sut.store.verify()
    }

    @Test func theFailureStaysSaidWhileTheFieldsChange() {
        let sut = makeSUT()
        sut.store.expect().record(NewExpense(name: "Lunch", amount: 100), .failure(StoreFailed(reason: "disk full")))
        sut.presenter.didChangeName("Lunch")
        sut.presenter.didChangeAmount("1")
        sut.presenter.didTapSave()
        sut.scheduler.runAll()
        sut.presenter.didChangeAmount("2")
        #expect(sut.view.last?.status == "Could not save: disk full")
    }

    // MARK: - Helpers

    struct SUT {
        let presenter: AddExpensePresenter
        let view: AddExpenseViewSpy
        let store: ExpenseStoreMock
        let scheduler: ManualScheduler
        let navigator: NavigatorSpy
        let logger: LogSpy
    }

    private func makeSUT(sourceLocation: SourceLocation = #_sourceLocation) -> SUT {
        let store = ExpenseStoreMock(fileID: sourceLocation.fileID, filePath: sourceLocation.filePath, line: sourceLocation.line, column: sourceLocation.column)
        let scheduler = ManualScheduler(), navigator = NavigatorSpy(), logger = LogSpy(), view = AddExpenseViewSpy()
        let presenter = AddExpensePresenter(store: store, scheduler: scheduler, navigator: navigator, logger: logger)
        presenter.attach(view)
        presenter.viewDidLoad()
        return SUT(presenter: presenter, view: view, store: store, scheduler: scheduler, navigator: navigator, logger: logger)
    }
}
