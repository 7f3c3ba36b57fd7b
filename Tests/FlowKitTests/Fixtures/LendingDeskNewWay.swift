import FlowKit
import Foundation
import Testing

// The lending desk's robots of LendingDeskOldWay.swift, written now: each method takes its
// caller's `sourceLocation` and either passes it on (`lend(to:)`), or runs its body in
// `at(sourceLocation) { ... }`, which makes every call inside report there (`checkBooks`).
// DeprecatedFormsTests type-checks this file against the built FlowKit: no warning, and no call
// that names no place is ambiguous between an old form and a new one.

/// The desk's list of books, with its Lent count.
final class DeskRobot: Robot {
    override class var screenTitle: String { "Desk" }

    /// Launches the app on the desk.
    static func launch(_ app: FlowApp, sourceLocation: SourceLocation = #_sourceLocation) -> DeskRobot {
        app.launch(waitForIdle: true, sourceLocation: sourceLocation)
        app.waitForLaunch(sourceLocation: sourceLocation)
        app.assertScreen(title: screenTitle, of: name, sourceLocation: sourceLocation)
        return DeskRobot(app: app)
    }

    /// The Lent count reads `count`.
    @discardableResult
    func checkLent(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        app.staticTexts["lent"].assertLabel("Lent: \(count)", sourceLocation: sourceLocation)
        return self
    }

    /// The desk shows `count` books, each with its state.
    @discardableResult
    func checkBooks(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.cells.assertCount(count)
            _ = app.cells.count()
            _ = app.cells.snapshots()
            app.cells.element(boundBy: 0).assertValue("on the shelf")
            app.staticTexts["title"].assertLabel(hasPrefix: "Desk")
            return self
        }
    }

    /// Opens the book `title`.
    func open(_ title: String, sourceLocation: SourceLocation = #_sourceLocation) -> BookRobot {
        at(sourceLocation) {
            app.cells[title].tap(waitForIdle: true)
            return next(BookRobot.self)
        }
    }

    /// The screen as it is, for a failure's message.
    func screen(sourceLocation: SourceLocation = #_sourceLocation) -> String {
        at(sourceLocation) {
            _ = app.snapshot()
            _ = app.idleFrame()
            _ = app.title()
            app.performAccessibilityAudit(skipping: [])
            return app.renderedScreen() ?? ""
        }
    }
}

/// One book: its borrower field and its Lend button.
final class BookRobot: Robot {
    override class var screenTitle: String { "Book" }

    /// Lends the book to `borrower`, and goes back to the desk.
    @discardableResult
    func lend(to borrower: String, sourceLocation: SourceLocation = #_sourceLocation) -> DeskRobot {
        app.textFields["Borrower"].replaceText(borrower, sourceLocation: sourceLocation)
        app.buttons["Lend"].assertEnabled(true, sourceLocation: sourceLocation)
        app.buttons["Lend"].tap(sourceLocation: sourceLocation)
        app.buttons["Lend"].assertEnabled(false, sourceLocation: sourceLocation)
        app.back(sourceLocation: sourceLocation)
        return next(DeskRobot.self, sourceLocation: sourceLocation)
    }

    /// Waits for the book's cover, shown once it is loaded.
    @discardableResult
    func waitForCover(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts["Loading"].waitFor(timeout: 5)
            app.staticTexts["Loading"].waitUntilGone(timeout: 5)
            _ = app.images["cover"].waitForExistence(timeout: 5)
            _ = app.staticTexts["Loading"].waitForNonExistence(timeout: 5)
            app.images["cover"].assertVisible()
            app.staticTexts["Loading"].assertNotVisible()
            app.cells["Borrowed"].assertSelected(false)
            _ = app.attempt(.back, target: nil, text: nil)
            return self
        }
    }
}
