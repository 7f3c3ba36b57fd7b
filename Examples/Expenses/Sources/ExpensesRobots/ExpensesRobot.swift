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

    /// The sum of the amounts the rows show, written as the total writes it (`39.70`).
    public var sumOfRows: String {
        let cents = app.cells.snapshots().map { Self.cents(in: $0.value ?? "") }.reduce(0, +)
        return (cents < 0 ? "-" : "") + "\(abs(cents) / 100)." + String(format: "%02d", abs(cents) % 100)
    }

    /// The cents an amount as shown (`12.50`, `-3`) is; 0 for text that is no amount.
    static func cents(in amount: String) -> Int {
        let negative = amount.hasPrefix("-")
        let digits = negative ? String(amount.dropFirst()) : amount
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int(parts[0]) else { return 0 }
        let fraction = parts.count == 2 ? Int(String((parts[1] + "00").prefix(2))) ?? 0 : 0
        return (negative ? -1 : 1) * (whole * 100 + fraction)
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
    /// What must hold of the list, checked by the runner on every list it reaches.
    public static let properties = RobotProperties<ExpensesRobot> {
        $0.invariant("totalIsTheSumOfTheRows", "The total line reads the sum of the amounts the rows show.") { list in
            list.checkTotal(list.sumOfRows)
        }
    }

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
