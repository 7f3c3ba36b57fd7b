import Foundation

/// The store a test build uses under `-ui-testing YES`: in memory, empty at launch, told by the
/// launch arguments to fail or to be slow (see ``LaunchOptions``). Never used by a release build.
public final class StubExpenseStore: ExpenseStore, @unchecked Sendable {
    /// What the stub was told to do.
    public struct Behaviour: Equatable, Sendable {
        /// Recording an expense fails (`-store.failSaving YES`).
        public var failsSaving: Bool
        /// Reading the expenses fails (`-store.failLoading YES`).
        public var failsLoading: Bool
        /// Seconds each call takes (`-store.delay 1.5`): the app is busy all along.
        public var delay: Double

        /// A stub that fails as told, and takes `delay` seconds a call.
        public init(failsSaving: Bool = false, failsLoading: Bool = false, delay: Double = 0) {
            self.failsSaving = failsSaving
            self.failsLoading = failsLoading
            self.delay = delay
        }
    }

    /// The failure the stub was told to have.
    public struct Failure: StoreFailure, Equatable, CustomStringConvertible {
        /// What it says on screen.
        public let reason: String
        /// What the log says.
        public var description: String { "stub store: \(reason)" }

        /// The failure that says `reason`.
        public init(reason: String) {
            self.reason = reason
        }
    }

    private let behaviour: Behaviour
    private let wait: @Sendable (Double) -> Void
    private let lock = NSLock()
    private var expenses: [Expense] = []
    private var nextID: Int64 = 1

    /// A stub behaving as told; `wait` spends the delay (a test passes one that records it).
    public init(_ behaviour: Behaviour, wait: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }) {
        self.behaviour = behaviour
        self.wait = wait
    }

    public func allExpenses() throws -> [Expense] {
        slow()
        if behaviour.failsLoading { throw Failure(reason: "the store cannot be read (test stub)") }
        return lock.withLock { expenses }
    }

    public func record(_ expense: NewExpense) throws -> Expense {
        slow()
        if behaviour.failsSaving { throw Failure(reason: "the store cannot be written (test stub)") }
        return lock.withLock {
            let stored = Expense(id: nextID, name: expense.name, amount: expense.amount)
            nextID += 1
            expenses.append(stored)
            return stored
        }
    }

    public func clearAll() throws {
        slow()
        lock.withLock { expenses.removeAll() }
    }

    /// Not a wait for anything: this sleep *is* the slow store `-store.delay` asks for, spent in
    /// the background job (the app is busy, and says so). Flows never sleep; they wait on frames.
    private func slow() {
        if behaviour.delay > 0 { wait(behaviour.delay) }
    }
}
