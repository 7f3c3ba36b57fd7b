/// The names by which the expense app's controls are found, declared once and imported by both
/// the screens that show them (ExpensesUI) and the robots that look for them (ExpensesRobots),
/// which import nothing else of the app.
///
/// The words a screen shows are not here: the presenters make them, and a robot writes out what it
/// expects to read, as a test writes its expected value.
public enum Identifiers {
    /// The list of expenses.
    public enum List {
        /// The total line (`Total: 39.70`).
        public static let total = "total"
        /// The line that says what just happened or went wrong.
        public static let notice = "notice"
        /// The Add button.
        public static let add = "Add"
        /// The Clear all button.
        public static let clearAll = "Clear all"
        /// A row's cell: `expense-ID`.
        public static func row(_ id: Int64) -> String { "expense-\(id)" }
    }

    /// The Add screen.
    public enum Add {
        /// The Name field.
        public static let name = "Name"
        /// The Amount field.
        public static let amount = "Amount"
        /// The Save button.
        public static let save = "Save"
        /// What the fields still need.
        public static let hint = "hint"
        /// `Saving…`, or why saving failed.
        public static let status = "status"
    }

    /// The system's question before every expense is removed.
    public enum ClearAll {
        /// The alert's identifier, whatever its wording.
        public static let identifier = "ClearAll"
        /// The button that keeps the expenses.
        public static let cancel = "Cancel"
        /// The button that removes them.
        public static let clear = "Clear"
    }
}
