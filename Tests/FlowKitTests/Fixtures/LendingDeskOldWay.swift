import FlowKit
import Foundation

// The lending desk's robots as an app wrote them before FlowKit's calls took Swift Testing's
// `sourceLocation`: each method takes its caller's file and line and passes them on to every
// call. DeprecatedFormsTests type-checks this file against the built FlowKit: it compiles, and
// each old form gets a warning that says what to write now (one call of each form is here).

/// The desk's list of books, with its Lent count.
final class DeskRobot: Robot {
    override class var screenTitle: String { "Desk" }

    /// Launches the app on the desk.
    static func launch(_ app: FlowApp, file: String = #filePath, line: Int = #line) -> DeskRobot {
        app.launch(waitForIdle: true, file: file, line: line)
        app.waitForLaunch(file: file, line: line)
        app.assertScreen(title: screenTitle, of: name, file: file, line: line)
        return DeskRobot(app: app)
    }

    /// The Lent count reads `count`.
    @discardableResult
    func checkLent(_ count: Int, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts["lent"].assertLabel("Lent: \(count)", file: file, line: line)
        return self
    }

    /// The desk shows `count` books, each with its state.
    @discardableResult
    func checkBooks(_ count: Int, file: String = #filePath, line: Int = #line) -> Self {
        app.cells.assertCount(count, file: file, line: line)
        _ = app.cells.count(file: file, line: line)
        _ = app.cells.snapshots(file: file, line: line)
        app.cells.element(boundBy: 0, file: file, line: line).assertValue("on the shelf", file: file, line: line)
        app.staticTexts["title", file, line].assertLabel(hasPrefix: "Desk", file: file, line: line)
        return self
    }

    /// Opens the book `title`.
    func open(_ title: String, file: String = #filePath, line: Int = #line) -> BookRobot {
        app.cells[title].tap(waitForIdle: true, file: file, line: line)
        return next(BookRobot.self, file: file, line: line)
    }

    /// The screen as it is, for a failure's message.
    func screen(file: String = #filePath, line: Int = #line) -> String {
        _ = app.snapshot(file: file, line: line)
        _ = app.idleFrame(file: file, line: line)
        _ = app.title(file: file, line: line)
        app.performAccessibilityAudit(skipping: [], file: file, line: line)
        return app.renderedScreen(file: file, line: line) ?? ""
    }
}

/// One book: its borrower field and its Lend button.
final class BookRobot: Robot {
    override class var screenTitle: String { "Book" }

    /// Lends the book to `borrower`, and goes back to the desk.
    @discardableResult
    func lend(to borrower: String, file: String = #filePath, line: Int = #line) -> DeskRobot {
        app.textFields["Borrower"].replaceText(borrower, file: file, line: line)
        app.buttons["Lend"].assertEnabled(true, file: file, line: line)
        app.buttons["Lend"].tap(file: file, line: line)
        app.buttons["Lend"].assertEnabled(false, file: file, line: line)
        app.back(file: file, line: line)
        return next(DeskRobot.self, file: file, line: line)
    }

    /// Waits for the book's cover, shown once it is loaded.
    @discardableResult
    func waitForCover(file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts["Loading"].waitFor(timeout: 5, file: file, line: line)
        app.staticTexts["Loading"].waitUntilGone(timeout: 5, file: file, line: line)
        _ = app.images["cover"].waitForExistence(timeout: 5, file: file, line: line)
        _ = app.staticTexts["Loading"].waitForNonExistence(timeout: 5, file: file, line: line)
        app.images["cover"].assertVisible(file: file, line: line)
        app.staticTexts["Loading"].assertNotVisible(file: file, line: line)
        app.cells["Borrowed"].assertSelected(false, file: file, line: line)
        _ = app.attempt(.back, target: nil, text: nil, file: file, line: line)
        return self
    }
}
