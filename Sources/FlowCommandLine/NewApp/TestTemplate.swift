/// The presenter's tests (`Tests/{{App}}Tests/`): a spy view records what the screen is shown,
/// and each test pins one decision of the presenter.
extension NewAppTemplate {
    /// `Tests/{{App}}Tests/CounterPresenterTests.swift` of an app with no store.
    static let counterPresenterTests = #"""
        import PresenterKitTesting
        import Testing
        import {{App}}

        /// Records every model the counter screen is shown.
        @MainActor
        final class CounterViewSpy: CounterView {
            private(set) var models: [CounterViewModel] = []
            var last: CounterViewModel? { models.last }
            func display(_ model: CounterViewModel) { models.append(model) }
        }

        @MainActor
        struct CounterPresenterTests {
            struct SUT {
                let presenter: CounterPresenter
                let view: CounterViewSpy
                let logger: LogSpy
            }

            private func makeSUT() -> SUT {
                let view = CounterViewSpy(), logger = LogSpy()
                let presenter = CounterPresenter(logger: logger)
                presenter.attach(view)
                presenter.viewDidLoad()
                return SUT(presenter: presenter, view: view, logger: logger)
            }

            @Test func startsAtZeroWithResetDisabled() {
                let sut = makeSUT()
                #expect(sut.view.models == [CounterViewModel(count: "Count: 0", isResetEnabled: false)])
            }

            @Test func addOneCountsAndEnablesReset() {
                let sut = makeSUT()
                sut.presenter.didTapAddOne()
                #expect(sut.view.last == CounterViewModel(count: "Count: 1", isResetEnabled: true))
                sut.presenter.didTapAddOne()
                #expect(sut.view.last == CounterViewModel(count: "Count: 2", isResetEnabled: true))
            }

            @Test func resetGoesBackToZeroAndLogsIt() {
                let sut = makeSUT()
                sut.presenter.didTapAddOne()
                sut.presenter.didTapAddOne()
                sut.presenter.didTapReset()
                #expect(sut.view.last == CounterViewModel(count: "Count: 0", isResetEnabled: false))
                #expect(sut.logger.messages == ["reset the count from 2"])
            }

            @Test func resetAtZeroDoesNothing() {
                let sut = makeSUT()
                sut.presenter.didTapReset()
                #expect(sut.view.models.count == 1, "nothing shown again")
                #expect(sut.logger.messages.isEmpty)
            }
        }

        """#

    /// `Tests/{{App}}Tests/CounterPresenterTests.swift` of an app with a store.
    static let counterPresenterTestsWithStore = #"""
        import PresenterKitTesting
        import Synchronization
        import Testing
        import {{App}}

        /// Records every model the counter screen is shown.
        @MainActor
        final class CounterViewSpy: CounterView {
            private(set) var models: [CounterViewModel] = []
            var last: CounterViewModel? { models.last }
            func display(_ model: CounterViewModel) { models.append(model) }
        }

        /// A store in memory that keeps what it was asked to save, and fails when told to.
        final class CountStoreFake: CountStore {
            struct Failure: Error {}
            struct State {
                var count: Int
                var saved: [Int] = []
                var failsLoading: Bool
                var failsSaving: Bool
            }

            private let state: Mutex<State>

            init(count: Int = 0, failsLoading: Bool = false, failsSaving: Bool = false) {
                state = Mutex(State(count: count, failsLoading: failsLoading, failsSaving: failsSaving))
            }

            /// Saves fail from now on (or no longer).
            func setFailsSaving(_ fails: Bool) { state.withLock { $0.failsSaving = fails } }

            /// Every count saved, in order.
            var saved: [Int] { state.withLock { $0.saved } }

            func count() throws -> Int {
                try state.withLock { state in
                    if state.failsLoading { throw Failure() }
                    return state.count
                }
            }

            func save(_ count: Int) throws {
                try state.withLock { state in
                    if state.failsSaving { throw Failure() }
                    state.count = count
                    state.saved.append(count)
                }
            }
        }

        @MainActor
        struct CounterPresenterTests {
            struct SUT {
                let presenter: CounterPresenter
                let view: CounterViewSpy
                let store: CountStoreFake
                let scheduler: ManualScheduler
                let logger: LogSpy
            }

            /// A presenter on `store`, its view loaded; the store not read yet.
            private func makeSUT(_ store: CountStoreFake = CountStoreFake()) -> SUT {
                let view = CounterViewSpy(), scheduler = ManualScheduler(), logger = LogSpy()
                let presenter = CounterPresenter(store: store, scheduler: scheduler, logger: logger)
                presenter.attach(view)
                presenter.viewDidLoad()
                return SUT(presenter: presenter, view: view, store: store, scheduler: scheduler, logger: logger)
            }

            private func model(_ count: Int, add: Bool, reset: Bool, status: String = "") -> CounterViewModel {
                CounterViewModel(count: "Count: \(count)", isAddEnabled: add, isResetEnabled: reset, status: status)
            }

            @Test func loadsTheCountThenEnablesTheButtons() {
                let sut = makeSUT(CountStoreFake(count: 3))
                #expect(sut.view.models == [model(0, add: false, reset: false, status: "Loading…")])
                sut.scheduler.runAll()
                #expect(sut.view.last == model(3, add: true, reset: true))
            }

            @Test func aZeroLoadedLeavesResetDisabled() {
                let sut = makeSUT(CountStoreFake(count: 0))
                sut.scheduler.runAll()
                #expect(sut.view.last == model(0, add: true, reset: false))
            }

            @Test func nothingIsSavedBeforeTheCountIsLoaded() {
                let sut = makeSUT(CountStoreFake(count: 3))
                sut.presenter.didTapAddOne()
                sut.presenter.didTapReset()
                #expect(sut.scheduler.pendingWorkCount == 1, "the load alone")
                sut.scheduler.runAll()
                #expect(sut.store.saved.isEmpty)
            }

            @Test func addOneSavesThenShowsTheNewCount() {
                let sut = makeSUT(CountStoreFake(count: 3))
                sut.scheduler.runAll()
                sut.presenter.didTapAddOne()
                #expect(sut.view.last == model(3, add: false, reset: false), "busy while the store saves")
                sut.presenter.didTapAddOne()
                #expect(sut.scheduler.pendingWorkCount == 1, "one save at a time")
                sut.scheduler.runAll()
                #expect(sut.store.saved == [4])
                #expect(sut.view.last == model(4, add: true, reset: true))
            }

            @Test func resetSavesZeroAndLogsIt() {
                let sut = makeSUT(CountStoreFake(count: 2))
                sut.scheduler.runAll()
                sut.presenter.didTapReset()
                #expect(sut.view.last == model(2, add: false, reset: false))
                sut.scheduler.runAll()
                #expect(sut.store.saved == [0])
                #expect(sut.view.last == model(0, add: true, reset: false))
                #expect(sut.logger.messages == ["reset the count from 2"])
            }

            @Test func resetAtZeroDoesNothing() {
                let sut = makeSUT(CountStoreFake(count: 0))
                sut.scheduler.runAll()
                let shown = sut.view.models.count
                sut.presenter.didTapReset()
                #expect(sut.scheduler.pendingWorkCount == 0)
                #expect(sut.view.models.count == shown)
                #expect(sut.logger.messages.isEmpty)
            }

            @Test func aStoreThatCannotBeReadIsSaidAndLeavesTheButtonsDisabled() throws {
                let sut = makeSUT(CountStoreFake(count: 3, failsLoading: true))
                sut.scheduler.runAll()
                #expect(sut.view.last == model(0, add: false, reset: false, status: "Could not load the count (the log says why)"))
                let logged = try #require(sut.logger.messages.first)
                #expect(logged.hasPrefix("cannot load the count: "))
            }

            @Test func aSaveThatFailsKeepsTheCountAndSaysSo() throws {
                let sut = makeSUT(CountStoreFake(count: 1, failsSaving: true))
                sut.scheduler.runAll()
                sut.presenter.didTapAddOne()
                sut.scheduler.runAll()
                #expect(sut.view.last == model(1, add: true, reset: true, status: "Could not save the count (the log says why)"))
                let logged = try #require(sut.logger.messages.first)
                #expect(logged.hasPrefix("cannot save the count 2: "))
            }

            @Test func aSaveAfterAFailureClearsTheStatus() {
                let sut = makeSUT(CountStoreFake(count: 1, failsSaving: true))
                sut.scheduler.runAll()
                sut.presenter.didTapAddOne()
                sut.scheduler.runAll()
                sut.store.setFailsSaving(false)
                sut.presenter.didTapAddOne()
                sut.scheduler.runAll()
                #expect(sut.view.last == model(2, add: true, reset: true))
            }
        }

        """#
}
