import ExpensesIdentifiers
import FlowKit
import Testing

/// The Add screen: Name, Amount, Save, the hint and the status line.
public final class AddExpenseRobot: Robot {
    /// The title the presenter gives the screen (`AddExpensePresenter.Message.title`), written out.
    override public class var screenTitle: String { "Add expense" }

    typealias ID = Identifiers.Add

    /// Replaces the name.
    @discardableResult
    public func typeName(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.textFields[ID.name].replaceText(name)
            return self
        }
    }

    /// Replaces the amount.
    @discardableResult
    public func typeAmount(_ amount: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.textFields[ID.amount].replaceText(amount)
            return self
        }
    }

    /// Save is enabled (or not).
    @discardableResult
    public func checkSaveEnabled(_ enabled: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.save].assertEnabled(enabled)
            return self
        }
    }

    /// Types `name` and `amount`, and checks that Save is disabled: the fields are not valid.
    @discardableResult
    public func checkRefused(name: String, amount: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            typeName(name).typeAmount(amount).checkSaveEnabled(false)
        }
    }

    /// Saves, and checks the list is shown again.
    @discardableResult
    public func save(sourceLocation: SourceLocation = #_sourceLocation) -> ExpensesRobot {
        at(sourceLocation) {
            app.buttons[ID.save].tap()
            return next(ExpensesRobot.self)
        }
    }

    /// Saves, staying on this screen (to check why it failed).
    @discardableResult
    public func attemptSave(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.save].tap()
            return self
        }
    }

    /// Saves on a slow store: `Saving…` is seen while the store works, with Save disabled, then
    /// the list. Read from the frames the app pushes; nothing sleeps.
    @discardableResult
    public func saveWatchingProgress(sourceLocation: SourceLocation = #_sourceLocation) -> ExpensesRobot {
        at(sourceLocation) {
            app.buttons[ID.save].tap(waitForIdle: false)
            app.staticTexts[ID.status].with(label: "Saving…").waitFor(timeout: app.timeout)
            app.buttons[ID.save].with(enabled: false).waitFor(timeout: app.timeout)
            return next(ExpensesRobot.self)
        }
    }

    /// The status line reads exactly `text` (`Could not save: ...`).
    @discardableResult
    public func checkStatus(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.status].assertLabel(text)
            return self
        }
    }

    /// The hint reads exactly `text`.
    @discardableResult
    public func checkHint(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.hint].assertLabel(text)
            return self
        }
    }

    /// Back to the list without saving.
    @discardableResult
    public func cancel(sourceLocation: SourceLocation = #_sourceLocation) -> ExpensesRobot {
        at(sourceLocation) {
            app.back()
            return next(ExpensesRobot.self)
        }
    }
}

extension AddExpenseRobot {
    /// The YAML actions of the Add screen: `AddExpense.typeName: {name: Lunch}`, ...
    public static let yaml = RobotActions<AddExpenseRobot> {
        $0.action("typeName", "Replaces the name.", .text("name", "the name to type")) { $0.typeName($1) }
        $0.action("typeAmount", "Replaces the amount.", .text("amount", "the amount to type: 12.50")) { $0.typeAmount($1) }
        $0.action("checkSaveEnabled", "Save is enabled (or not).", .boolean("enabled", "true: enabled; false: disabled")) { $0.checkSaveEnabled($1) }
        $0.action("checkRefused", "Types a name and an amount, and checks Save stays disabled.",
                  .text("name", "the name to type"), .text("amount", "the amount to type")) { $0.checkRefused(name: $1, amount: $2) }
        $0.move("save", to: ExpensesRobot.self, "Saves, and checks the list is shown again.") { $0.save() }
        $0.action("attemptSave", "Taps Save, staying on this screen.") { $0.attemptSave() }
        $0.move("saveWatchingProgress", to: ExpensesRobot.self, "Saves on a slow store: Saving… is seen, Save disabled, then the list.") {
            $0.saveWatchingProgress()
        }
        $0.action("checkStatus", "The status line reads exactly this text.", .text("text", "the whole line")) { $0.checkStatus($1) }
        $0.action("checkHint", "The hint reads exactly this text.", .text("text", "the whole line")) { $0.checkHint($1) }
        $0.move("cancel", to: ExpensesRobot.self, "Goes back to the list without saving.") { $0.cancel() }
    }
}
