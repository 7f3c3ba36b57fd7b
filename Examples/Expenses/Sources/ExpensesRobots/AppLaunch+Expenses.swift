import FlowKit

extension AppLaunch {
    /// How a Swift flow test starts the expense app: a fresh store seeded from `fixture` by
    /// `expenses-seed`, and `expenses` on it, with `arguments` after (`-ui-testing YES ...`).
    /// The binaries are found beside the test binary, or in `EXPENSES_BIN_DIR`.
    public static func expenses(fixture: String = "default", arguments: [String] = []) -> AppLaunch {
        AppLaunch(
            app: "expenses", seeder: "expenses-seed", store: Store(argument: "expenses.store", file: "expenses.sqlite"), fixture: fixture,
            arguments: arguments, binaries: builtBinaries(overriddenBy: "EXPENSES_BIN_DIR")
        )
    }
}
