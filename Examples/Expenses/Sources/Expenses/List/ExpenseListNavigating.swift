/// Where the list screen leads.
@MainActor
public protocol ExpenseListNavigating: AnyObject {
    /// Opens the Add screen over the list; the list reloads when it is shown again.
    func showAddExpense()
}
