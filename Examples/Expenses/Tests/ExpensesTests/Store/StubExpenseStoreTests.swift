import Expenses
import Foundation
import Testing

/// The stub store `-ui-testing YES` gives: in memory, and failing or slow as told.
struct StubExpenseStoreTests {
    @Test func itKeepsWhatItRecordsInOrderWithNewKeys() throws {
        let store = StubExpenseStore(.init())
        #expect(try store.record(NewExpense(name: "a", amount: 1)) == Expense(id: 1, name: "a", amount: 1))
        #expect(try store.record(NewExpense(name: "b", amount: 2)) == Expense(id: 2, name: "b", amount: 2))
        #expect(try store.allExpenses().map(\.name) == ["a", "b"])
        try store.clearAll()
        #expect(try store.allExpenses().isEmpty)
    }

    @Test func toldToFailSavingItRecordsNothingAndSaysSoAsAStoreFailure() throws {
        let store = StubExpenseStore(.init(failsSaving: true))
        #expect(throws: StubExpenseStore.Failure(reason: "the store cannot be written (test stub)")) {
            try store.record(NewExpense(name: "a", amount: 1))
        }
        #expect(try store.allExpenses().isEmpty)
    }

    @Test func toldToFailLoadingItCannotBeRead() {
        #expect(throws: StubExpenseStore.Failure(reason: "the store cannot be read (test stub)")) {
            try StubExpenseStore(.init(failsLoading: true)).allExpenses()
        }
    }

    @Test func toldToBeSlowEachCallTakesTheDelayAndNoneOtherwise() throws {
        let waits = Waits()
        let slow = StubExpenseStore(.init(delay: 1.5)) { waits.add($0) }
        _ = try slow.allExpenses()
        _ = try slow.record(NewExpense(name: "a", amount: 1))
        try slow.clearAll()
        #expect(waits.all == [1.5, 1.5, 1.5])

        let quick = Waits()
        _ = try StubExpenseStore(.init()) { quick.add($0) }.allExpenses()
        #expect(quick.all.isEmpty)
    }
}

final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: [Double] = []
    var all: [Double] { lock.withLock { seconds } }
    func add(_ value: Double) { lock.withLock { seconds.append(value) } }
}
