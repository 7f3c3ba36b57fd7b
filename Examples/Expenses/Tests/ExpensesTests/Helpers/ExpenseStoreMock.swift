import Expenses
import StrictMocks
import Testing

/// A strict mock of the store: a test says which calls it expects, in order, and what each
/// answers; a call nobody expected fails at the test's line.
final class ExpenseStoreMock: StrictMock<ExpenseStoreMock.Call, ExpenseStoreMock.Reply>, ExpenseStore, @unchecked Sendable {
    enum Call: Equatable, Sendable, CustomStringConvertible {
        case allExpenses
        case record(NewExpense)
        case clearAll

        var description: String {
            switch self {
            case .allExpenses: "allExpenses()"
            case let .record(expense): "record(\(expense.name), \(expense.amount))"
            case .clearAll: "clearAll()"
            }
        }
    }

    enum Reply: Sendable {
        case expenses([Expense])
        case recorded(Expense)
        case done
        case failure(StoreFailed)
    }

    struct Expect {
        let mock: ExpenseStoreMock
        let location: SourceLocation

        func allExpenses(_ reply: Reply) { mock.expect(.allExpenses, reply: reply, sourceLocation: location) }
        func record(_ expense: NewExpense, _ reply: Reply) { mock.expect(.record(expense), reply: reply, sourceLocation: location) }
        func clearAll(_ reply: Reply = .done) { mock.expect(.clearAll, reply: reply, sourceLocation: location) }
    }

    init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        super.init(fallback: .failure(StoreFailed(reason: "unexpected call")), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// `store.expect().allExpenses(.expenses([...]))`.
    func expect(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Expect {
        Expect(mock: self, location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    func allExpenses() throws -> [Expense] {
        switch record(.allExpenses) {
        case let .expenses(expenses): return expenses
        case let .failure(error): throw error
        default: throw StoreFailed(reason: "wrong reply")
        }
    }

    func record(_ expense: NewExpense) throws -> Expense {
        switch record(.record(expense)) {
        case let .recorded(expense): return expense
        case let .failure(error): throw error
        default: throw StoreFailed(reason: "wrong reply")
        }
    }

    func clearAll() throws {
        switch record(.clearAll) {
        case .done: return
        case let .failure(error): throw error
        default: throw StoreFailed(reason: "wrong reply")
        }
    }
}

/// A store failure a test makes happen, said on screen by its reason.
struct StoreFailed: StoreFailure, Equatable {
    let reason: String
}

/// An error that is not a store failure: the screen sends the person to the log.
struct SomethingElse: Error {}
