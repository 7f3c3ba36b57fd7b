import Expenses
import PresenterKitTesting
import Testing

@MainActor
struct ExpenseListPresenterTests {
    static let coffee = Expense(id: 1, name: "Coffee", amount: 320)
    static let train = Expense(id: 2, name: "Train", amount: 2450)

    @Test func beforeTheStoreAnswersTheListIsEmptyAndClearAllDisabled() {
        let sut = makeSUT()
        #expect(sut.view.models == [ExpenseListViewModel(rows: [], total: "Total: 0.00", notice: "", isClearEnabled: false)])
        sut.store.verify()
    }

    @Test func whenShownItReadsTheStoreAndShowsRowsAndTheirTotal() {
        let sut = makeSUT()
        sut.store.expect().allExpenses(.expenses([Self.coffee, Self.train]))

        sut.presenter.viewDidAppear()
        #expect(sut.view.last?.isClearEnabled == false, "not while the store is read")
        #expect(sut.scheduler.pendingWork == [ExpenseListPresenter.Work.load], "the app is busy loading, by that name")
        sut.scheduler.runAll()

        #expect(sut.view.last == ExpenseListViewModel(
            rows: [.init(id: 1, name: "Coffee", amount: "3.20"), .init(id: 2, name: "Train", amount: "24.50")],
            total: "Total: 27.70", notice: "", isClearEnabled: true
        ))
        sut.store.verify()
    }

    @Test func aStoreThatCannotBeReadIsSaidOnScreenAndLogged() {
        let sut = makeSUT()
        sut.store.expect().allExpenses(.failure(StoreFailed(reason: "disk gone")))

        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()

        #expect(sut.view.last == ExpenseListViewModel(rows: [], total: "Total: 0.00", notice: "Could not load the expenses: disk gone", isClearEnabled: false))
        #expect(sut.logger.messages == [#"cannot load the expenses: StoreFailed(reason: "disk gone")"#])
        sut.store.verify()
    }

    @Test func anErrorThatIsNotAStoreFailureSendsThePersonToTheLog() {
        let sut = makeSUT()
        sut.store.expect().allExpenses(.failure(StoreFailed(reason: "x")))
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        #expect(StoreFailures.reason(for: SomethingElse()) == "an unexpected error (the log says more)")
        #expect(StoreFailures.reason(for: StoreFailed(reason: "full")) == "full")
    }

    @Test func addOpensTheAddScreen() {
        let sut = makeSUT()
        sut.presenter.didTapAdd()
        #expect(sut.navigator.messages == [.showAddExpense])
    }

    @Test func clearAllAsksFirstWithTheCountAndCancelKeepsEverything() {
        let sut = makeLoadedSUT()

        sut.presenter.didTapClearAll()
        #expect(sut.confirmer.asked == [2])
        sut.confirmer.answer(false)

        #expect(sut.view.last == ExpenseListViewModel(
            rows: [.init(id: 1, name: "Coffee", amount: "3.20"), .init(id: 2, name: "Train", amount: "24.50")],
            total: "Total: 27.70", notice: "Nothing was cleared", isClearEnabled: true
        ))
        sut.store.verify()
    }

    @Test func clearEmptiesTheStoreAndTheList() {
        let sut = makeLoadedSUT()
        sut.store.expect().clearAll()

        sut.presenter.didTapClearAll()
        sut.confirmer.answer(true)
        #expect(sut.view.last?.isClearEnabled == false, "not twice while clearing")
        #expect(sut.scheduler.pendingWork == [ExpenseListPresenter.Work.clearAll])
        sut.scheduler.runAll()

        #expect(sut.view.last == ExpenseListViewModel(rows: [], total: "Total: 0.00", notice: "2 expenses cleared", isClearEnabled: false))
        #expect(sut.logger.messages == ["cleared 2 expenses"])
        sut.store.verify()
    }

    @Test func oneClearedExpenseIsSaidInTheSingular() {
        #expect(ExpenseListPresenter.Message.cleared(1) == "1 expense cleared")
        #expect(ExpenseListPresenter.Message.cleared(2) == "2 expenses cleared")
    }

    @Test func aClearThatFailsKeepsTheListAndSaysWhy() {
        let sut = makeLoadedSUT()
        sut.store.expect().clearAll(.failure(StoreFailed(reason: "read-only")))

        sut.presenter.didTapClearAll()
        sut.confirmer.answer(true)
        sut.scheduler.runAll()

        #expect(sut.view.last?.rows.count == 2)
        #expect(sut.view.last?.notice == "Could not clear the expenses: read-only")
        #expect(sut.view.last?.isClearEnabled == true)
        sut.store.verify()
    }

    @Test func clearAllOnAnEmptyListAsksNothing() {
        let sut = makeSUT()
        sut.store.expect().allExpenses(.expenses([]))
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()

        sut.presenter.didTapClearAll()
        #expect(sut.confirmer.asked.isEmpty)
    }

    @Test func clearAllWhileTheStoreIsReadAsksNothing() {
        let sut = makeLoadedSUT()
        sut.store.expect().allExpenses(.expenses([Self.coffee]))
        sut.presenter.viewDidAppear()

        sut.presenter.didTapClearAll()
        #expect(sut.confirmer.asked.isEmpty)
        sut.scheduler.runAll()
    }

    @Test func showingTheListAgainReadsTheStoreAgainAndForgetsTheNotice() {
        let sut = makeLoadedSUT()
        sut.presenter.didTapClearAll()
        sut.confirmer.answer(false)
        sut.store.expect().allExpenses(.expenses([Self.coffee, Self.train, Expense(id: 3, name: "Tea", amount: 5)]))

        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()

        #expect(sut.view.last?.rows.count == 3)
        #expect(sut.view.last?.total == "Total: 27.75")
        #expect(sut.view.last?.notice == "")
        sut.store.verify()
    }

    @Test(arguments: [([Int](), 0), ([5], 5), ([320, 2450], 2770), ([100_000_000, 100_000_000], 200_000_000)])
    func theTotalIsTheSumOfEveryAmount(amounts: [Int], total: Int) {
        let expenses = amounts.enumerated().map { Expense(id: Int64($0.offset), name: "e", amount: $0.element) }
        #expect(ExpenseListPresenter.total(of: expenses) == total)
    }

    @Test func aPresenterWhoseViewWentAwayShowsNothing() {
        let sut = makeSUT()
        sut.store.expect().allExpenses(.expenses([Self.coffee]))
        sut.presenter.viewDidAppear()
        let shown = sut.view.models.count
        sut.presenter.attach(ExpenseListViewSpy())
        sut.scheduler.runAll()
        #expect(sut.view.models.count == shown)
    }

    // MARK: - Helpers

    struct SUT {
        let presenter: ExpenseListPresenter
        let view: ExpenseListViewSpy
        let store: ExpenseStoreMock
        let scheduler: ManualScheduler
        let navigator: NavigatorSpy
        let confirmer: ClearConfirmerSpy
        let logger: LogSpy
    }

    private func makeSUT(sourceLocation: SourceLocation = #_sourceLocation) -> SUT {
        let store = ExpenseStoreMock(fileID: sourceLocation.fileID, filePath: sourceLocation.filePath, line: sourceLocation.line, column: sourceLocation.column)
        let scheduler = ManualScheduler(), navigator = NavigatorSpy(), confirmer = ClearConfirmerSpy(), logger = LogSpy(), view = ExpenseListViewSpy()
        let presenter = ExpenseListPresenter(store: store, scheduler: scheduler, navigator: navigator, confirmer: confirmer, logger: logger)
        presenter.attach(view)
        presenter.viewDidLoad()
        return SUT(presenter: presenter, view: view, store: store, scheduler: scheduler, navigator: navigator, confirmer: confirmer, logger: logger)
    }

    /// A list shown with coffee and the train.
    private func makeLoadedSUT(sourceLocation: SourceLocation = #_sourceLocation) -> SUT {
        let sut = makeSUT(sourceLocation: sourceLocation)
        sut.store.expect().allExpenses(.expenses([Self.coffee, Self.train]))
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        return sut
    }
}
