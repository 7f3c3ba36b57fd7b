/// What the Add screen's fields hold, and whether they make an expense.
public struct ExpenseDraft: Equatable, Sendable {
    /// The Name field, as typed.
    public var name = ""
    /// The Amount field, as typed.
    public var amount = ""

    /// An empty draft.
    public init(name: String = "", amount: String = "") {
        self.name = name
        self.amount = amount
    }

    /// The expense the fields make, or nil while either is not valid.
    public var expense: NewExpense? {
        guard let name = ExpenseName.checked(name), let amount = Amount.minorUnits(amount) else { return nil }
        return NewExpense(name: name, amount: amount)
    }

    /// What is wrong with the fields, the name first; nil when they make an expense.
    public var problem: Problem? {
        if ExpenseName.checked(name) == nil { return .name }
        if Amount.minorUnits(amount) == nil { return .amount }
        return nil
    }

    /// The first field that does not hold a valid value.
    public enum Problem: Equatable, Sendable {
        /// The name is empty, blank, too long or holds a control character.
        case name
        /// The amount is not a number above 0 with at most two decimals, up to the largest.
        case amount
    }
}
