import ExpensesIdentifiers
import FlowKit

/// The list of expenses: its rows, the total, the notice, Add and Clear all.
public final class ExpensesRobot: Robot {
    /// The title the presenter gives the screen (`ExpenseListPresenter.Message.title`), written out:
    /// the robots import nothing of the app but its identifiers.
    override public class var screenTitle: String { "Expenses" }

    typealias ID = Identifiers.List
    typealias Alert = Identifiers.ClearAll

    /// The system's question before Clear all.
    public static let alerts = [AlertDeclaration(identifier: Alert.identifier, title: "Clear all expenses?", buttons: [Alert.cancel, Alert.clear])]

    /// The list shows exactly `count` expenses.
    @discardableResult
    public func checkCount(_ count: Int, file: String = #filePath, line: Int = #line) -> Self {
        app.cells.assertCount(count, file: file, line: line)
        return self
    }

    /// The total line reads `Total: AMOUNT` (`39.70`).
    @discardableResult
    public func checkTotal(_ amount: String, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.total].assertLabel("Total: \(amount)", file: file, line: line)
        return self
    }

    /// Row `position` (from 1) reads `name` and `amount`.
    @discardableResult
    public func checkExpense(_ position: Int, name: String, amount: String, file: String = #filePath, line: Int = #line) -> Self {
        let cell = app.cells.element(boundBy: position - 1)
        cell.assertLabel(name, file: file, line: line)
        cell.assertValue(amount, file: file, line: line)
        return self
    }

    /// The notice line reads exactly `text` (`Nothing was cleared`, a store failure).
    @discardableResult
    public func checkNotice(_ text: String, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.notice].assertLabel(text, file: file, line: line)
        return self
    }

    /// Clear all is enabled (or not).
    @discardableResult
    public func checkClearEnabled(_ enabled: Bool, file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.clearAll].assertEnabled(enabled, file: file, line: line)
        return self
    }

    /// Opens the Add screen.
    @discardableResult
    public func add(file: String = #filePath, line: Int = #line) -> AddExpenseRobot {
        app.buttons[ID.add].tap(file: file, line: line)
        return next(AddExpenseRobot.self, file: file, line: line)
    }

    /// Adds an expense through the Add screen and comes back to the list.
    @discardableResult
    public func addExpense(name: String, amount: String, file: String = #filePath, line: Int = #line) -> Self {
        add(file: file, line: line).typeName(name, file: file, line: line).typeAmount(amount, file: file, line: line).save(file: file, line: line)
        return self
    }

    /// Taps Clear all and answers the system's question: Clear (`confirm`) or Cancel.
    @discardableResult
    public func clearAll(confirm: Bool, file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.clearAll].tap(file: file, line: line)
        app.alerts[Alert.identifier].buttons[confirm ? Alert.clear : Alert.cancel].tap(file: file, line: line)
        return self
    }
}

extension ExpensesRobot {
    /// The YAML actions of the list: `Expenses.checkTotal: {amount: "39.70"}`, ...
    public static let yaml = RobotActions<ExpensesRobot> {
        $0.action("checkCount", "The list shows exactly this many expenses.", .count("how many rows")) { $0.checkCount($1) }
        $0.action("checkTotal", "The total line reads Total: AMOUNT.", .text("amount", "the total as shown: 39.70")) { $0.checkTotal($1) }
        $0.action("checkExpense", "Row POSITION reads this name and amount.", .position(), .text("name", "the expense's name"),
                  .text("amount", "its amount as shown: 12.50")) { $0.checkExpense($1, name: $2, amount: $3) }
        $0.action("checkNotice", "The notice line reads exactly this text.", .text("text", "the whole line")) { $0.checkNotice($1) }
        $0.action("checkClearEnabled", "Clear all is enabled (or not).", .boolean("enabled", "true: enabled; false: disabled")) {
            $0.checkClearEnabled($1)
        }
        $0.move("add", to: AddExpenseRobot.self, "Opens the Add screen.") { $0.add() }
        $0.action("addExpense", "Adds an expense through the Add screen and comes back to the list.",
                  .text("name", "the expense's name"), .text("amount", "the amount to type: 12.50")) { $0.addExpense(name: $1, amount: $2) }
        $0.action("clearAll", "Taps Clear all and answers the question: Clear (true) or Cancel (false).",
                  .boolean("confirm", "true: Clear; false: Cancel")) { $0.clearAll(confirm: $1) }
    }
}
