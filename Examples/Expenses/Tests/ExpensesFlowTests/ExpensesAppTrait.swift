import ExpensesRobots
import FlowKit
import FlowTesting
import Testing

extension Trait where Self == LaunchAppTrait {
    /// Seeds a fresh store from `fixture`, then launches the expense app on it for each test case,
    /// with `arguments` after (`-ui-testing YES -store.failSaving YES`).
    static func expensesApp(fixture: String = "default", arguments: [String] = []) -> Self {
        .launching(.expenses(fixture: fixture, arguments: arguments))
    }
}
