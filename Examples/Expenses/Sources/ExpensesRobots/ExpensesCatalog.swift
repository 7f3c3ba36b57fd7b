import FlowKit

/// What the expense app's YAML flows can call: each robot's actions, the system alert the app
/// raises, and what must hold of it. The runner's parser, lint, schema and step reference are made from it.
public enum ExpensesCatalog {
    /// The robots' tables, the Clear all question, and the list's property.
    public static let catalog = RobotCatalog([ExpensesRobot.yaml, AddExpenseRobot.yaml], alerts: ExpensesRobot.alerts, properties: [ExpensesRobot.properties])
}
