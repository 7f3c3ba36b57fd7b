import Expenses
import ExpensesSeeding
import LocatedYAML
import Testing

/// Fixtures are read with every value checked as the Add screen checks it, and every problem
/// located: the whole message is compared, as a person reads it.
struct ExpenseFixtureTests {
    @Test func theDefaultFixtureReads() throws {
        let fixture = try ExpenseFixture.parse("expenses:\n  - {name: Coffee, amount: \"3.20\"}\n  - {name: Lunch, amount: 12}\n", file: "Seeds/x.yaml")
        #expect(fixture.expenses == [NewExpense(name: "Coffee", amount: 320), NewExpense(name: "Lunch", amount: 1200)])
    }

    @Test func anEmptyListIsAFixtureOfNothing() throws {
        #expect(try ExpenseFixture.parse("expenses: []\n", file: "f.yaml").expenses.isEmpty)
    }

    @Test(arguments: [
        (
            "expenses:\n  - {name: Coffee, amount: \"3.205\"}\n",
            """
            Seeds/bad.yaml:2:28: error: expense 1 amount "3.205" should be a number above 0 like "12.50", at most two decimals, up to 1000000.00
              - {name: Coffee, amount: "3.205"}
                                       ^
            """
        ),
        (
            "expenses:\n  - {name: \"  \", amount: \"1\"}\n",
            """
            Seeds/bad.yaml:2:12: error: expense 1 name "  " should be 1 to 40 characters, without control characters
              - {name: "  ", amount: "1"}
                       ^
            """
        ),
        (
            "expenses:\n  - {name: Tea, amuont: \"1\"}\n",
            """
            Seeds/bad.yaml:2:17: error: unknown key "amuont" in expense 1 (did you mean "amount"?); expected name, amount
              - {name: Tea, amuont: "1"}
                            ^
            """
        ),
        (
            "expense:\n  - {name: Tea, amount: \"1\"}\n",
            """
            Seeds/bad.yaml:1:1: error: unknown key "expense" in the fixture (did you mean "expenses"?); expected expenses
            expense:
            ^
            """
        ),
    ])
    func aBadFixtureIsLocatedInItsFile(yaml: String, message: String) {
        do {
            _ = try ExpenseFixture.parse(yaml, file: "Seeds/bad.yaml")
            Issue.record("the fixture was read")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func anEmptyFileSaysWhatAFixtureHolds() {
        #expect(throws: LocatedError.self) { try ExpenseFixture.parse("", file: "f.yaml") }
    }

    @Test func aMissingAmountIsSaid() throws {
        let error = try #require(throws: LocatedError.self) { try ExpenseFixture.parse("expenses:\n  - {name: Tea}\n", file: "f.yaml") }
        #expect(error.message == "expense 1 is missing \"amount\"")
        #expect(error.line == 2)
    }

    @Test func tooManyExpensesAreRefusedAtTheFirstOneOver() throws {
        let yaml = "expenses:\n" + String(repeating: "  - {name: a, amount: \"1\"}\n", count: ExpenseFixture.most + 1)
        let error = try #require(throws: LocatedError.self) { try ExpenseFixture.parse(yaml, file: "f.yaml") }
        #expect(error.message == "expenses has 10001 items, over the limit of 10000")
        #expect(error.line == ExpenseFixture.most + 2)
    }

    @Test func aYAMLSyntaxErrorIsLocatedToo() throws {
        let error = try #require(throws: LocatedError.self) { try ExpenseFixture.parse("expenses: [\n", file: "f.yaml") }
        #expect(error.file == "f.yaml")
    }
}
