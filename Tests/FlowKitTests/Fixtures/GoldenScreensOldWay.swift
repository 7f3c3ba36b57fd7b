import FlowKit
import FlowTesting

// A robot's golden-screen checks as an app wrote them before FlowTesting's `assertScreen(matches:)`
// took Swift Testing's `sourceLocation`: they pass the caller's place on. DeprecatedFormsTests
// type-checks this file against the built FlowTesting: it compiles, with a warning on each.

/// The desk, checked against its golden screens.
final class DeskRobot: Robot {
    override class var screenTitle: String { "Desk" }

    /// The desk looks as its golden screen `desk` does.
    @discardableResult
    func checkDesk(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Self {
        app.assertScreen(matches: "desk", masking: ["time"], fileID: fileID, filePath: filePath, line: line, column: column)
        return assertScreen(matches: "desk-again", fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
