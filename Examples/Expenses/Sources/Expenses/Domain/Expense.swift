/// One expense of the tally: what it was for, and how much, in minor units (cents).
public struct Expense: Equatable, Sendable, Identifiable {
    /// The store's key for it.
    public let id: Int64
    /// What it was for, trimmed (`Coffee`).
    public let name: String
    /// How much, in minor units: 1250 is 12.50.
    public let amount: Int

    /// An expense as the store holds it.
    public init(id: Int64, name: String, amount: Int) {
        self.id = id
        self.name = name
        self.amount = amount
    }
}

/// An expense that is valid and not yet recorded: the Add screen's Save makes one.
public struct NewExpense: Equatable, Sendable {
    /// What it is for, already checked by ``ExpenseName``.
    public let name: String
    /// How much in minor units, already checked by ``Amount``.
    public let amount: Int

    /// A new expense; only ``ExpenseDraft`` and fixtures make one, from checked values.
    public init(name: String, amount: Int) {
        self.name = name
        self.amount = amount
    }
}
