import ExpensesSQLite
import StoreSeeding

/// Resets an expense store to a fixture, atomically (the toolkit's `AtomicStoreReset`): a seeding
/// that fails or is killed leaves the previous store exactly as it was.
public enum ExpenseSeeder {
    /// Replaces the store at `path` with one holding exactly the fixture's expenses; only an
    /// expense store, or nothing, is replaced unless `force`. Returns the store's path.
    @discardableResult
    public static func reset(storeAt path: String, to fixture: ExpenseFixture, force: Bool = false) throws -> String {
        try AtomicStoreReset.replace(storeAt: path, force: force, identify: notAnExpenseStore) { temporary in
            let store = try ExpenseDatabase.open(at: temporary)
            try store.recordAll(fixture.expenses)
            try store.close()
        }
    }

    /// Why the file at `path` may not be replaced; nil when it is an expense store.
    static func notAnExpenseStore(_ path: String) -> String? {
        do {
            try ExpenseDatabase.identify(at: path)
            return nil
        } catch {
            return switch error {
            case let .notAnExpenseStore(_, why): "it is not an expense store (\(why))"
            default: "it cannot be read as an expense store (\(error.reason))"
            }
        }
    }
}
