import Expenses
import ExpensesSQLite
import Foundation
import GRDB
import ExpensesTesting
import Testing

/// The SQLite store on real files in a temporary folder: Given a store, When it is used, Then...
struct ExpenseDatabaseTests {
    @Test func aNewStoreIsMadeWithItsFolderAndStartsEmpty() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("nested/expenses.sqlite")

        let store = try ExpenseDatabase.open(at: path)

        #expect(try store.allExpenses().isEmpty)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func whatIsRecordedIsReadBackInOrderAfterReopening() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try ExpenseDatabase.open(at: folder.path("e.sqlite"))
        let coffee = try store.record(NewExpense(name: "Coffee", amount: 320))
        let train = try store.record(NewExpense(name: "Train", amount: 2450))
        try store.close()

        let reopened = try ExpenseDatabase.open(at: folder.path("e.sqlite"))

        #expect(try reopened.allExpenses() == [coffee, train])
        #expect(coffee.id != train.id)
    }

    @Test func clearAllRemovesEveryExpense() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try ExpenseDatabase.open(at: folder.path("e.sqlite"))
        try store.recordAll([NewExpense(name: "a", amount: 1), NewExpense(name: "b", amount: 2)])

        try store.clearAll()

        #expect(try store.allExpenses().isEmpty)
    }

    @Test func recordAllIsAllOrNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try ExpenseDatabase.open(at: folder.path("e.sqlite"))
        // The schema refuses an amount that is not above 0: the second insert fails.
        #expect(throws: ExpenseStoreError.self) {
            try store.recordAll([NewExpense(name: "a", amount: 1), NewExpense(name: "b", amount: 0)])
        }
        #expect(try store.allExpenses().isEmpty)
    }

    @Test func aFailedStatementCarriesSQLitesCodeMessageAndStatement() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try ExpenseDatabase.open(at: folder.path("e.sqlite"))
        let error = try #require(throws: ExpenseStoreError.self) { try store.record(NewExpense(name: "a", amount: -5)) }
        guard case let .statement(path, code, message, sql) = error else {
            Issue.record("expected a statement error, got \(error)")
            return
        }
        #expect(path == folder.path("e.sqlite"))
        #expect(code == 19, "SQLITE_CONSTRAINT")
        #expect(message.contains("CHECK constraint failed"))
        #expect(sql == "INSERT INTO expense (name, amount) VALUES (?, ?)")
        #expect(error.reason.hasPrefix("the store failed (SQLite error 19: CHECK constraint failed"))
        #expect(error.description.contains("(in: INSERT INTO expense"))
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftAsItWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("notes.sqlite")
        try Data(String(repeating: "my notes ", count: 200).utf8).write(to: URL(fileURLWithPath: path))

        #expect(throws: ExpenseStoreError.notAnExpenseStore(path: path, why: "it is not a SQLite database")) {
            try ExpenseDatabase.open(at: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("my notes"))
    }

    @Test func anotherAppsDatabaseIsRefusedAndNotMigrated() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("other.sqlite")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE photo (id INTEGER)") }

        #expect(throws: ExpenseStoreError.notAnExpenseStore(path: path, why: "it holds other tables: photo")) {
            try ExpenseDatabase.open(at: path)
        }
        #expect(try DatabaseQueue(path: path).read { try $0.tableExists("expense") } == false)
    }

    @Test func aStoreFromANewerVersionIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("e.sqlite")
        try ExpenseDatabase.open(at: path).close()
        try DatabaseQueue(path: path).write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('add currencies')") }

        #expect(throws: ExpenseStoreError.newerVersion(path: path, unknown: ["add currencies"])) {
            try ExpenseDatabase.open(at: path)
        }
    }

    @Test func identifyKnowsAnExpenseStoreAndNothingElse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = folder.path("e.sqlite"), other = folder.path("o.sqlite")
        try ExpenseDatabase.open(at: store).close()
        try DatabaseQueue(path: other).write { try $0.execute(sql: "CREATE TABLE t (x)") }

        try ExpenseDatabase.identify(at: store)
        #expect(throws: ExpenseStoreError.notAnExpenseStore(path: other, why: "it has no expense table")) {
            try ExpenseDatabase.identify(at: other)
        }
    }

    @Test func aFolderThatCannotBeMadeIsSaidWithThePath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data().write(to: URL(fileURLWithPath: folder.path("file")))
        let path = folder.path("file/e.sqlite")
        let error = try #require(throws: ExpenseStoreError.self) { try ExpenseDatabase.open(at: path) }
        #expect(error.description.hasPrefix("cannot open the expense store at \(path): cannot make its folder"))
        #expect(error.reason == "the store cannot be opened")
    }

    @Test func theMigrationsAreNamedAndInOrder() {
        #expect(ExpenseDatabaseTests.migrations == ["create expenses"])
    }

    static var migrations: [String] {
        (try? { () throws -> [String] in
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            try ExpenseDatabase.open(at: folder.path("m.sqlite")).close()
            return try DatabaseQueue(path: folder.path("m.sqlite")).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        }()) ?? []
    }
}
