import Expenses

/// Why the SQLite expense store failed, with its context: the file, and for a failed statement
/// SQLite's code, its message and the statement. The log gets all of it; the screen its ``reason``.
public enum ExpenseStoreError: Error, Equatable, StoreFailure, CustomStringConvertible {
    /// The file could not be opened or made (a folder that cannot be written, a file that is not SQLite).
    case cannotOpen(path: String, reason: String)
    /// A SQLite database, but not an expense store: it is left alone.
    case notAnExpenseStore(path: String, why: String)
    /// A store written by a newer version of the app, with migrations this one does not know.
    case newerVersion(path: String, unknown: [String])
    /// A statement failed.
    case statement(path: String, code: Int32, message: String, sql: String?)

    /// What went wrong, for the screen: no path, no statement.
    public var reason: String {
        switch self {
        case .cannotOpen: "the store cannot be opened"
        case .notAnExpenseStore: "the file is not an expense store"
        case .newerVersion: "the store was written by a newer version of the app"
        case let .statement(_, code, message, _): "the store failed (SQLite error \(code): \(message))"
        }
    }

    /// The whole error, for the log and a command's standard error.
    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            "cannot open the expense store at \(path): \(reason)"
        case let .notAnExpenseStore(path, why):
            "\(path) is not an expense store (\(why)); it was left as it is: give another -expenses.store"
        case let .newerVersion(path, unknown):
            "the expense store at \(path) was written by a newer version of the app (migrations \(unknown.joined(separator: ", "))): update the app"
        case let .statement(path, code, message, sql):
            "the expense store at \(path) failed: SQLite error \(code): \(message)" + (sql.map { " (in: \($0))" } ?? "")
        }
    }
}
