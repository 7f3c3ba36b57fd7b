/// Where the expenses are kept: the SQLite store in the app, a stub under `-ui-testing YES`, a
/// fake in tests. Called from the scheduler's background work, never on the main actor.
public protocol ExpenseStore: Sendable {
    /// Every expense, oldest first.
    func allExpenses() throws -> [Expense]
    /// Records `expense` and returns it as stored (with its key).
    func record(_ expense: NewExpense) throws -> Expense
    /// Removes every expense.
    func clearAll() throws
}

/// A store's failure as a screen can say it: short, no path or statement (those go to the log).
public protocol StoreFailure: Error {
    /// What went wrong, for the screen (`the store cannot be written: disk full`).
    var reason: String { get }
}

/// Says a store failure on screen: the reason of a ``StoreFailure``, else a sentence that sends
/// the person to the log (which has the whole error).
public enum StoreFailures {
    /// The reason a screen gives for `error`.
    public static func reason(for error: any Error) -> String {
        (error as? any StoreFailure)?.reason ?? "an unexpected error (the log says more)"
    }
}
