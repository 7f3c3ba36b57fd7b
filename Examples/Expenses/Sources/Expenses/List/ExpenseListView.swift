/// What the list screen shows: its rows, the total, a notice line, and whether Clear all may be used.
public struct ExpenseListViewModel: Equatable, Sendable {
    /// One row: the expense's name and its amount as the screen shows it (`12.50`).
    public struct Row: Equatable, Sendable {
        /// The store's key, which names the row's cell.
        public let id: Int64
        /// The expense's name.
        public let name: String
        /// Its amount, formatted (`12.50`).
        public let amount: String

        /// A row of the list.
        public init(id: Int64, name: String, amount: String) {
            self.id = id
            self.name = name
            self.amount = amount
        }
    }

    /// The expenses, oldest first.
    public var rows: [Row]
    /// `Total: 39.70`.
    public var total: String
    /// What just happened or went wrong (`Nothing was cleared`, a store failure); empty when nothing.
    public var notice: String
    /// Clear all can be used: there is something to clear, and no work in flight.
    public var isClearEnabled: Bool

    /// A list as the presenter shows it.
    public init(rows: [Row], total: String, notice: String, isClearEnabled: Bool) {
        self.rows = rows
        self.total = total
        self.notice = notice
        self.isClearEnabled = isClearEnabled
    }
}

/// The list screen, as its presenter sees it.
@MainActor
public protocol ExpenseListView: AnyObject {
    /// Shows `model` in place of what was shown.
    func display(_ model: ExpenseListViewModel)
}
