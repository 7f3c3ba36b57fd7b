import ExpensesIdentifiers
import FlowKit
import Testing

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
    public func checkCount(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.cells.assertCount(count)
            return self
        }
    }

    /// The total line reads `Total: AMOUNT` (`39.70`).
    @discardableResult
    public func checkTotal(_ amount: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.total].assertLabel("Total: \(amount)")
            return self
        }
    }

    /// Row `position` (from 1) reads `name` and `amount`.
    @discardableResult
    public func checkExpense(_ position: Int, name: String, amount: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            let cell = app.cells.element(boundBy: position - 1)
            cell.assertLabel(name)
            cell.assertValue(amount)
            return self
        }
    }

    /// The notice line reads exactly `text` (`Nothing was cleared`, a store failure).
    @discardableResult
    public func checkNotice(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.notice].assertLabel(text)
            return self
        }
    }

    /// Clear all is enabled (or not).
    @discardableResult
    public func checkClearEnabled(_ enabled: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.clearAll].assertEnabled(enabled)
            return self
        }
    }

    /// Opens the Add screen.
    @discardableResult
    public func add(sourceLocation: SourceLocation = #_sourceLocation) -> AddExpenseRobot {
        at(sourceLocation) {
            app.buttons[ID.add].tap()
            return next(AddExpenseRobot.self)
        }
    }

    /// Adds an expense through the Add screen and comes back to the list.
    @discardableResult
    public func addExpense(name: String, amount: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            add().typeName(name).typeAmount(amount).save()
            return self
        }
    }

    /// Taps Clear all and answers the system's question: Clear (`confirm`) or Cancel.
    @discardableResult
    public func clearAll(confirm: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.clearAll].tap()
            app.alerts[Alert.identifier].buttons[confirm ? Alert.clear : Alert.cancel].tap()
            return self
        }
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
