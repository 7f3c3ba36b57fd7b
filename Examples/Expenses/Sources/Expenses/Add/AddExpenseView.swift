/// What the Add screen shows besides its fields.
public struct AddExpenseViewModel: Equatable, Sendable {
    /// Save can be used: both fields are valid and nothing is being saved.
    public var isSaveEnabled: Bool
    /// What the fields still need (`Amount: a number above 0 ...`); empty when they are valid.
    public var hint: String
    /// `Saving…`, or why saving failed; empty otherwise.
    public var status: String

    /// The Add screen's state.
    public init(isSaveEnabled: Bool, hint: String, status: String) {
        self.isSaveEnabled = isSaveEnabled
        self.hint = hint
        self.status = status
    }
}

/// The Add screen, as its presenter sees it.
@MainActor
public protocol AddExpenseView: AnyObject {
    /// Shows `model` in place of what was shown.
    func display(_ model: AddExpenseViewModel)
}

/// Where the Add screen leads.
@MainActor
public protocol AddExpenseNavigating: AnyObject {
    /// The expense was recorded: back to the list, which shows it.
    func didRecordExpense()
}
