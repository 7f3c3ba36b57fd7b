import ExpensesRobots
import FlowKit
import FlowTesting
import Testing

/// The expense app driven through its screens only, from Swift: the robots YAML flows call.
struct ExpenseFlowTests {
    @Test(.expensesApp())
    func theSeededListAndItsTotal() {
        ExpensesRobot()
            .checkCount(3)
            .checkExpense(1, name: "Coffee", amount: "3.20")
            .checkExpense(3, name: "Lunch", amount: "12.00")
            .checkTotal("39.70")
            .assertScreen(matches: "seeded")
    }

    @Test(.expensesApp(fixture: "empty"))
    func addingAnExpenseUpdatesTheTotal() {
        ExpensesRobot()
            .checkTotal("0.00")
            .checkClearEnabled(false)
            .addExpense(name: "Lunch", amount: "12.5")
            .checkExpense(1, name: "Lunch", amount: "12.50")
            .checkTotal("12.50")
            .checkClearEnabled(true)
    }

    @Test(.expensesApp())
    func cancelKeepsClearEmpties() {
        ExpensesRobot()
            .clearAll(confirm: false)
            .checkNotice("Nothing was cleared")
            .checkCount(3)
            .clearAll(confirm: true)
            .checkNotice("3 expenses cleared")
            .checkCount(0)
            .checkTotal("0.00")
    }

    @Test(.expensesApp(arguments: ["-ui-testing", "YES", "-store.failSaving", "YES"]))
    func aStoreThatCannotBeWrittenIsSaidOnTheAddScreen() {
        ExpensesRobot()
            .add()
            .typeName("Lunch")
            .typeAmount("12.50")
            .attemptSave()
            .checkStatus("Could not save: the store cannot be written (test stub)")
            .checkSaveEnabled(true)
    }

    @Test(.expensesApp(arguments: ["-ui-testing", "YES", "-store.delay", "0.3"]))
    func aSlowStoreKeepsTheAppBusyAndSaysSaving() {
        ExpensesRobot()
            .add()
            .typeName("Tea")
            .typeAmount("2")
            .saveWatchingProgress()
            .checkTotal("2.00")
    }

    @Test func aCheckThatDoesNotHoldFailsAtTheCallersLineWithTheScreen() throws {
        let failures = FailureCollector()
        let prepared = try AppLaunch.expenses().prepare(reporter: failures)
        defer { prepared.cleanUp() }
        prepared.app.launch()

        let line = #line + 1
        ExpensesRobot(app: prepared.app).checkTotal("40.00").checkCount(3)

        let failure = try #require(failures.failures.first)
        #expect(failures.failures.count == 1, "the rest of the chain is skipped")
        #expect(failure.site.line == line)
        #expect(failure.screen?.contains("Total: 39.70") == true)
    }
}
