import Expenses
import Testing

/// What an amount is: every rule of `Amount.minorUnits`, each side of each bound.
struct AmountTests {
    @Test(arguments: [
        ("12.50", 1250), ("12.5", 1250), ("12", 1200), ("0.01", 1), (" 3.20 ", 320), ("007.05", 705),
        ("1000000", 100_000_000), ("1000000.00", 100_000_000), ("999999.99", 99_999_999),
    ])
    func aValidAmountIsReadInMinorUnits(text: String, minorUnits: Int) {
        #expect(Amount.minorUnits(text) == minorUnits)
    }

    @Test(arguments: [
        "", " ", "0", "0.00", "0.0", "-1", "+1", "12.345", "12.", ".5", "1,50", "12.5.0", "abc", "1e3", "12 50",
        "1000000.01", "1000001", "9999999999", "١٢", "12.٥",
    ])
    func anythingElseIsNotAnAmount(text: String) {
        #expect(Amount.minorUnits(text) == nil)
    }

    @Test(arguments: [(1250, "12.50"), (5, "0.05"), (0, "0.00"), (100_000_000, "1000000.00"), (-320, "-3.20"), (10, "0.10")])
    func anAmountIsShownWithTwoDecimals(minorUnits: Int, shown: String) {
        #expect(Amount.format(minorUnits) == shown)
    }
}

/// What a name is.
struct ExpenseNameTests {
    @Test(arguments: [("Coffee", "Coffee"), ("  Train ticket \n", "Train ticket"), (String(repeating: "a", count: 40), String(repeating: "a", count: 40))])
    func aValidNameIsTrimmed(text: String, name: String) {
        #expect(ExpenseName.checked(text) == name)
    }

    @Test(arguments: ["", "   ", "\n\t", String(repeating: "a", count: 41), "Tea\u{1B}[2J", "a\tb"])
    func anEmptyLongOrControlNameIsNot(text: String) {
        #expect(ExpenseName.checked(text) == nil)
    }
}

/// The Add screen's fields, and which one is wrong first.
struct ExpenseDraftTests {
    @Test func bothValidMakeAnExpense() {
        let draft = ExpenseDraft(name: " Lunch ", amount: "12.5")
        #expect(draft.expense == NewExpense(name: "Lunch", amount: 1250))
        #expect(draft.problem == nil)
    }

    @Test func theNameIsSaidFirstThenTheAmount() {
        #expect(ExpenseDraft(name: "", amount: "x").problem == .name)
        #expect(ExpenseDraft(name: "", amount: "x").expense == nil)
        #expect(ExpenseDraft(name: "Lunch", amount: "x").problem == .amount)
        #expect(ExpenseDraft(name: "Lunch", amount: "x").expense == nil)
        #expect(ExpenseDraft(name: "", amount: "1").problem == .name)
    }
}
