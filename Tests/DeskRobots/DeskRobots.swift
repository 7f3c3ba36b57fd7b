import FlowKit
import Testing

// The robots of the explore sample's lending desk (Tests/ExploreSample, `-sample.app desk`), for the
// tests of the crawler and the runner that drive it in process with a catalog of their own: its
// actions, and what must hold of it (its properties), declared beside them as an app declares its own.

/// The robots, actions and properties of the lending desk.
public enum DeskCatalog {
    /// The desk's and the book's robots, and the desk's properties.
    public static let catalog = RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [DeskRobot.properties])
}

/// The desk's list: its Lent count, its books.
public final class DeskRobot: Robot {
    override public class var screenTitle: String { "Desk" }

    /// How many rows say the book is on loan.
    public var rowsOnLoan: Int {
        app.cells.snapshots().filter { $0.value?.hasPrefix("on loan") == true }.count
    }

    /// The Lent count reads `count`.
    @discardableResult
    public func checkLent(_ count: Int) -> Self {
        app.staticTexts["lent"].assertLabel("Lent: \(count)")
        return self
    }

    /// The desk's YAML actions.
    public static let yaml = RobotActions<DeskRobot> {
        $0.action("checkLent", "The Lent count reads this.", .count("how many books are on loan")) { $0.checkLent($1) }
    }

    /// What must hold of the desk.
    public static let properties = RobotProperties<DeskRobot> {
        $0.invariant("lentCountMatchesRows", "The Lent count says how many books are on loan.") { desk in
            desk.checkLent(desk.rowsOnLoan)
        }
    }
}

/// One book of the desk, to lend: its action types into a field its parameter does not name
/// (`Lend.typeBorrower: {name: Bob}` types into `Borrower`).
public final class LendRobot: Robot {
    override public class var screenTitle: String { "Book" }

    /// Types the borrower's name.
    @discardableResult
    public func typeBorrower(_ name: String) -> Self {
        app.textFields["Borrower"].replaceText(name)
        return self
    }

    /// The book's YAML actions.
    public static let yaml = RobotActions<LendRobot> {
        $0.action("typeBorrower", "Types the borrower's name.", .text("name", "the borrower")) { $0.typeBorrower($1) }
    }
}
