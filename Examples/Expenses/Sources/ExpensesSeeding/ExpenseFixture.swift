import Expenses
import LocatedYAML

/// A fixture: the expenses a store starts a flow with, read from `Seeds/NAME.yaml`:
///
/// ```yaml
/// expenses:
///   - {name: Coffee, amount: "3.20"}
/// ```
///
/// Every value is checked as the Add screen checks it, and every problem is a `LocatedError`:
/// `FILE:LINE:COLUMN: error: ...`, the line, and a caret under the column.
public struct ExpenseFixture: Equatable, Sendable {
    /// The most expenses a fixture holds: a seeding ends in a moment.
    public static let most = 10_000

    /// The expenses, in the order the store records them.
    public let expenses: [NewExpense]

    /// Reads `text`, the contents of `file` (which errors name).
    public static func parse(_ text: String, file: String) throws(LocatedError) -> ExpenseFixture {
        let reader = YAMLReader(file: file, text: text)
        guard let root = try reader.root() else {
            throw reader.error("the fixture is empty; expected expenses: followed by a list of {name: ..., amount: ...}", at: nil)
        }
        do {
            let keys = try reader.mapping(root, "the fixture", required: ["expenses"])
            let items = try reader.sequence(keys["expenses"] ?? root, "expenses")
            guard items.count <= most else {
                throw reader.error("expenses has \(items.count) items, over the limit of \(most)", at: items[most])
            }
            return ExpenseFixture(expenses: try items.enumerated().map { index, item in try expense(item, index, reader) })
        } catch let error as LocatedError {
            throw error
        } catch {
            throw reader.error("\(error)", at: nil)
        }
    }

    private static func expense(_ node: Node, _ index: Int, _ reader: YAMLReader) throws -> NewExpense {
        let what = "expense \(index + 1)"
        let keys = try reader.mapping(node, what, required: ["name", "amount"])
        let nameNode = keys["name"] ?? node, amountNode = keys["amount"] ?? node
        let nameText = try reader.string(nameNode, "\(what) name")
        guard let name = ExpenseName.checked(nameText) else {
            throw reader.error("\(what) name \"\(nameText)\" should be 1 to \(ExpenseName.longest) characters, without control characters", at: nameNode)
        }
        let amountText = try reader.string(amountNode, "\(what) amount")
        guard let amount = Amount.minorUnits(amountText) else {
            throw reader.error(
                "\(what) amount \"\(amountText)\" should be a number above 0 like \"12.50\", at most two decimals, up to \(Amount.format(Amount.largest))",
                at: amountNode
            )
        }
        return NewExpense(name: name, amount: amount)
    }
}
