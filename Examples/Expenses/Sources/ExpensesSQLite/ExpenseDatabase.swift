import Expenses
import Foundation
import GRDB

/// The expenses in a SQLite file, through GRDB: the app's real store.
///
/// Its schema is made by named migrations, applied in order when it opens; a store with a
/// migration this version does not know is refused rather than written to. Every failure is an
/// ``ExpenseStoreError`` that names the file (and, for a statement, SQLite's code, message and SQL).
public final class ExpenseDatabase: ExpenseStore {
    /// The file.
    public let path: String
    private let queue: DatabaseQueue

    private init(path: String, queue: DatabaseQueue) {
        self.path = path
        self.queue = queue
    }

    /// The migrations, by name, in the order they are applied. Never rename or edit one that
    /// shipped: add another.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("create expenses") { db in
            try db.create(table: "expense") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
                table.column("amount", .integer).notNull().check { $0 > 0 }
            }
        }
        return migrator
    }

    /// Opens the store at `path`, making it (and its folder) when there is none: a first launch
    /// starts an empty tally. A file that is another database, or a newer store, is refused.
    public static func open(at path: String) throws(ExpenseStoreError) -> ExpenseDatabase {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, reason: "cannot make its folder: \(error.localizedDescription)")
        }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path)
        } catch {
            throw failure(error, path: path, opening: true)
        }
        let store = ExpenseDatabase(path: path, queue: queue)
        try store.migrate()
        return store
    }

    /// Says whether the file at `path` is an expense store (the seeder replaces nothing else); it
    /// is read, never written.
    public static func identify(at path: String) throws(ExpenseStoreError) {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read { db in
                guard try db.tableExists("expense"), try db.tableExists("grdb_migrations") else {
                    throw ExpenseStoreError.notAnExpenseStore(path: path, why: "it has no expense table")
                }
            }
            try queue.close()
        } catch let error as ExpenseStoreError {
            throw error
        } catch {
            throw failure(error, path: path, opening: true)
        }
    }

    /// Every expense, oldest first.
    public func allExpenses() throws -> [Expense] {
        try perform { db in
            try Row.fetchAll(db, sql: "SELECT id, name, amount FROM expense ORDER BY id").map {
                Expense(id: $0["id"], name: $0["name"], amount: $0["amount"])
            }
        }
    }

    /// Records `expense`, and returns it with its key.
    public func record(_ expense: NewExpense) throws -> Expense {
        try perform { db in
            try db.execute(sql: "INSERT INTO expense (name, amount) VALUES (?, ?)", arguments: [expense.name, expense.amount])
            return Expense(id: db.lastInsertedRowID, name: expense.name, amount: expense.amount)
        }
    }

    /// Records every one of `expenses`, in one transaction: all of them or none.
    public func recordAll(_ expenses: [NewExpense]) throws(ExpenseStoreError) {
        try perform { db in
            for expense in expenses {
                try db.execute(sql: "INSERT INTO expense (name, amount) VALUES (?, ?)", arguments: [expense.name, expense.amount])
            }
        }
    }

    /// Removes every expense.
    public func clearAll() throws {
        try perform { db in try db.execute(sql: "DELETE FROM expense") }
    }

    /// Closes the file: the seeder closes the new store before it renames it into place.
    public func close() throws(ExpenseStoreError) {
        do {
            try queue.close()
        } catch {
            throw Self.failure(error, path: path, opening: false)
        }
    }

    private func migrate() throws(ExpenseStoreError) {
        let migrator = Self.migrator
        do {
            try queue.read { db in
                let known = Set(migrator.migrations)
                let unknown = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations WHERE 1").filter { !known.contains($0) }
                if !unknown.isEmpty { throw ExpenseStoreError.newerVersion(path: path, unknown: unknown) }
            }
        } catch let error as ExpenseStoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            // No grdb_migrations table: a new file, or another database (checked below).
        } catch {
            throw Self.failure(error, path: path, opening: true)
        }
        do {
            try queue.read { db in
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                if !tables.isEmpty, !tables.contains("grdb_migrations") {
                    throw ExpenseStoreError.notAnExpenseStore(path: path, why: "it holds other tables: \(tables.sorted().joined(separator: ", "))")
                }
            }
            try migrator.migrate(queue)
        } catch let error as ExpenseStoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path, opening: true)
        }
    }

    private func perform<T>(_ work: (Database) throws -> T) throws(ExpenseStoreError) -> T {
        do {
            return try queue.write(work)
        } catch let error as ExpenseStoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path, opening: false)
        }
    }

    /// GRDB's error, with its context, as the store says it.
    static func failure(_ error: any Error, path: String, opening: Bool) -> ExpenseStoreError {
        guard let error = error as? DatabaseError else { return .cannotOpen(path: path, reason: "\(error)") }
        if opening, error.resultCode == .SQLITE_NOTADB {
            return .notAnExpenseStore(path: path, why: "it is not a SQLite database")
        }
        if opening, error.resultCode == .SQLITE_CANTOPEN {
            return .cannotOpen(path: path, reason: error.message ?? "SQLite cannot open it")
        }
        return .statement(path: path, code: error.resultCode.rawValue, message: error.message ?? "no message", sql: error.sql)
    }
}
