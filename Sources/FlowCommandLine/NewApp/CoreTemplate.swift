/// The core module's files (`Sources/{{App}}/`): the counter's view protocol, its presenter, and
/// with a store the store's protocol. PresenterKit only.
extension NewAppTemplate {
    /// `Sources/{{App}}/Counter/CounterView.swift` of an app with no store.
    static let counterView = #"""
        /// What the counter screen shows.
        public struct CounterViewModel: Equatable, Sendable {
            /// The count as the screen says it: `Count: 3`.
            public var count: String
            /// Reset can be used: the count is above zero.
            public var isResetEnabled: Bool

            /// The counter screen's state.
            public init(count: String, isResetEnabled: Bool) {
                self.count = count
                self.isResetEnabled = isResetEnabled
            }
        }

        /// The counter screen, as its presenter sees it.
        @MainActor
        public protocol CounterView: AnyObject {
            /// Shows `model` in place of what was shown.
            func display(_ model: CounterViewModel)
        }

        """#

    /// `Sources/{{App}}/Counter/CounterPresenter.swift` of an app with no store.
    static let counterPresenter = #"""
        import PresenterKit

        /// The counter: Add one adds one; Reset goes back to zero, and can be used only above zero.
        @MainActor
        public final class CounterPresenter: Presenter<any CounterView> {
            /// The words the screen shows, declared once.
            public enum Message {
                /// The screen's title.
                public static let title = "{{App}}"
                /// The count line.
                public static func count(_ count: Int) -> String { "Count: \(count)" }
            }

            private let logger: any EventLogging
            private var count = 0

            /// A presenter counting from zero, logging to `logger`.
            public init(logger: any EventLogging) {
                self.logger = logger
            }

            /// Shows zero, Reset disabled.
            override public func viewDidLoad() {
                show()
            }

            /// Add one was tapped.
            public func didTapAddOne() {
                count += 1
                show()
            }

            /// Reset was tapped: back to zero, unless the count is zero already.
            public func didTapReset() {
                guard count > 0 else { return }
                logger.log("reset the count from \(count)")
                count = 0
                show()
            }

            private func show() {
                view?.display(CounterViewModel(count: Message.count(count), isResetEnabled: count > 0))
            }
        }

        """#

    /// `Sources/{{App}}/Counter/CounterView.swift` of an app with a store.
    static let counterViewWithStore = #"""
        /// What the counter screen shows.
        public struct CounterViewModel: Equatable, Sendable {
            /// The count as the screen says it: `Count: 3`.
            public var count: String
            /// Add one can be used: the count is loaded and nothing is being saved.
            public var isAddEnabled: Bool
            /// Reset can be used: as Add one, and the count is above zero.
            public var isResetEnabled: Bool
            /// `Loading…`, or what went wrong; empty otherwise.
            public var status: String

            /// The counter screen's state.
            public init(count: String, isAddEnabled: Bool, isResetEnabled: Bool, status: String) {
                self.count = count
                self.isAddEnabled = isAddEnabled
                self.isResetEnabled = isResetEnabled
                self.status = status
            }
        }

        /// The counter screen, as its presenter sees it.
        @MainActor
        public protocol CounterView: AnyObject {
            /// Shows `model` in place of what was shown.
            func display(_ model: CounterViewModel)
        }

        """#

    /// `Sources/{{App}}/Counter/CounterPresenter.swift` of an app with a store.
    static let counterPresenterWithStore = #"""
        import PresenterKit

        /// The counter, kept in a store: it loads the count, then Add one adds one and Reset goes
        /// back to zero (only above zero), each saved in the background before it is shown.
        @MainActor
        public final class CounterPresenter: Presenter<any CounterView> {
            /// The words the screen shows, declared once.
            public enum Message {
                /// The screen's title.
                public static let title = "{{App}}"
                /// The count line.
                public static func count(_ count: Int) -> String { "Count: \(count)" }
                /// While the store reads the count.
                public static let loading = "Loading…"
                /// The store could not be read (the log has the error).
                public static let cannotLoad = "Could not load the count (the log says why)"
                /// The store could not be written (the log has the error).
                public static let cannotSave = "Could not save the count (the log says why)"
            }

            private let store: any CountStore
            private let scheduler: any WorkScheduling
            private let logger: any EventLogging
            private var count = 0
            private var isBusy = true
            private var status = ""

            /// A presenter keeping the count in `store`, through `scheduler`.
            public init(store: any CountStore, scheduler: any WorkScheduling, logger: any EventLogging) {
                self.store = store
                self.scheduler = scheduler
                self.logger = logger
            }

            /// Loads the count, the buttons disabled until it is there.
            override public func viewDidLoad() {
                status = Message.loading
                show()
                scheduler.schedule(named: "load the count", { [store] in try store.count() }) { [weak self] result in
                    guard let self else { return }
                    switch result {
                    case let .success(loaded):
                        count = loaded
                        isBusy = false
                        status = ""
                    case let .failure(error):
                        logger.log("cannot load the count: \(error)")
                        status = Message.cannotLoad
                    }
                    show()
                }
            }

            /// Add one was tapped: saves the count plus one, unless the store is busy.
            public func didTapAddOne() {
                guard !isBusy else { return }
                save(count + 1)
            }

            /// Reset was tapped: saves zero, unless the store is busy or the count is zero already.
            public func didTapReset() {
                guard !isBusy, count > 0 else { return }
                logger.log("reset the count from \(count)")
                save(0)
            }

            private func save(_ newCount: Int) {
                isBusy = true
                show()
                scheduler.schedule(named: "save the count", { [store] in try store.save(newCount) }) { [weak self] result in
                    guard let self else { return }
                    isBusy = false
                    switch result {
                    case .success:
                        count = newCount
                        status = ""
                    case let .failure(error):
                        logger.log("cannot save the count \(newCount): \(error)")
                        status = Message.cannotSave
                    }
                    show()
                }
            }

            private func show() {
                view?.display(CounterViewModel(
                    count: Message.count(count), isAddEnabled: !isBusy, isResetEnabled: !isBusy && count > 0, status: status
                ))
            }
        }

        """#

    /// `Sources/{{App}}/Store/CountStore.swift`, in an app with a store.
    static let countStore = #"""
        /// Where the count is kept: the SQLite store in the app, a fake in tests. Called from the
        /// scheduler's background work, never on the main actor.
        public protocol CountStore: Sendable {
            /// The count kept (zero in a new store).
            func count() throws -> Int
            /// Keeps `count` in place of the one kept.
            func save(_ count: Int) throws
        }

        """#
}
