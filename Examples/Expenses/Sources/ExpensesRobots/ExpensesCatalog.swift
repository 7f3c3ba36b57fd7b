import FlowKit

/// What the expense app's YAML flows can call: each robot's actions and the system alert the app
/// raises. The runner's parser, lint, schema and step reference are made from it.
public enum ExpensesCatalog {
    /// The robots' tables and the Clear all question.
    public static let catalog = RobotCatalog([ExpensesRobot.yaml, AddExpenseRobot.yaml], alerts: ExpensesRobot.alerts)
}
