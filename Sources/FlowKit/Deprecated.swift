import Foundation
import Testing

// The forms FlowKit's calls had before they took Swift Testing's `sourceLocation` (a file and a
// line, `file: String = #filePath, line: Int = #line`), kept so that a robot written against them
// still builds, with a warning that says what to write now. Each forwards to its new form at the
// same file and line, so a failure is reported where it was before. Deprecated in 2.0.0, they stay
// through every 2.x and go in 3.0.0, as the versioning at the head of CHANGELOG.md says (a
// deprecated declaration stays until the next major); the article "Migrating" lists them.
//
// None has a default for `file` or `line`: a call that names no place (`tap()`) matches only the
// new form, so it is never ambiguous, and never warned about.

extension CallSite {
    /// A file and line given the old way, as Swift Testing's source location (what the new forms take).
    static func deprecatedLocation(file: String, line: Int) -> SourceLocation {
        CallSite(file: file, line: line).sourceLocation
    }
}

extension FlowApp {
    /// Deprecated: ``launch(waitForIdle:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `launch(waitForIdle:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func launch(waitForIdle: Bool = true, file: String, line: Int) {
        launch(waitForIdle: waitForIdle, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``waitForLaunch(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `waitForLaunch(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func waitForLaunch(file: String, line: Int) {
        waitForLaunch(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``snapshot(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `snapshot(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func snapshot(file: String, line: Int) -> ScreenSnapshot? {
        snapshot(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``renderedScreen(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `renderedScreen(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func renderedScreen(file: String, line: Int) -> String? {
        renderedScreen(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``idleFrame(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `idleFrame(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func idleFrame(file: String, line: Int) -> Frame? {
        idleFrame(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``title(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `title(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func title(file: String, line: Int) -> String? {
        title(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``assertScreen(title:of:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `assertScreen(title:of:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func assertScreen(title: String, of robot: String, file: String, line: Int) {
        assertScreen(title: title, of: robot, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``back(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `back(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func back(file: String, line: Int) {
        back(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``attempt(_:target:text:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `attempt(_:target:text:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func attempt(_ action: Request.Action, target: String?, text: String?, file: String, line: Int) -> Attempt {
        attempt(action, target: target, text: text, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``performAccessibilityAudit(skipping:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `performAccessibilityAudit(skipping:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    @discardableResult
    public func performAccessibilityAudit(skipping: Set<AuditRule> = [], file: String, line: Int) -> [AuditFinding] {
        performAccessibilityAudit(skipping: skipping, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }
}

extension ElementQuery {
    /// Deprecated: the element named `name`, as ``subscript(_:)`` gives it (`query[name, file, line]`,
    /// unlabelled, as it was). An element no longer keeps where it was made: each action or check
    /// on it takes its own caller's place.
    @available(*, deprecated, message: "write `query[name]`: an element keeps no place; pass `sourceLocation:` to the action or check you call on it")
    public subscript(_ name: String, file: String, line: Int) -> FlowElement {
        self[name]
    }

    /// Deprecated: ``element(boundBy:)``; an element no longer keeps where it was made.
    @available(*, deprecated, message: "write `element(boundBy:)`: an element keeps no place; pass `sourceLocation:` to the action or check you call on it")
    public func element(boundBy index: Int, file: String, line: Int) -> FlowElement {
        element(boundBy: index)
    }

    /// Deprecated: ``count(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `count(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func count(file: String, line: Int) -> Int {
        count(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``snapshots(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `snapshots(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func snapshots(file: String, line: Int) -> [ElementSnapshot] {
        snapshots(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``assertCount(_:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `assertCount(_:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func assertCount(_ expected: Int, file: String, line: Int) {
        assertCount(expected, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }
}

extension FlowElement {
    /// Deprecated: ``waitForExistence(timeout:where:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `waitForExistence(timeout:where:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func waitForExistence(
        timeout: TimeInterval, where condition: @escaping (ElementSnapshot) -> Bool = { _ in true }, file: String, line: Int
    ) -> Bool {
        waitForExistence(timeout: timeout, where: condition, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``waitForNonExistence(timeout:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `waitForNonExistence(timeout:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func waitForNonExistence(timeout: TimeInterval, file: String, line: Int) -> Bool {
        waitForNonExistence(timeout: timeout, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``waitFor(timeout:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `waitFor(timeout:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func waitFor(timeout: TimeInterval, file: String, line: Int) {
        waitFor(timeout: timeout, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``waitUntilGone(timeout:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `waitUntilGone(timeout:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func waitUntilGone(timeout: TimeInterval, file: String, line: Int) {
        waitUntilGone(timeout: timeout, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``tap(waitForIdle:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `tap(waitForIdle:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func tap(waitForIdle: Bool = true, file: String, line: Int) {
        tap(waitForIdle: waitForIdle, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``replaceText(_:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `replaceText(_:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func replaceText(_ text: String, file: String, line: Int) {
        replaceText(text, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``assertVisible(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `assertVisible(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func assertVisible(file: String, line: Int) {
        assertVisible(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``assertNotVisible(sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `assertNotVisible(sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func assertNotVisible(file: String, line: Int) {
        assertNotVisible(sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``assertLabel(_:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `assertLabel(_:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func assertLabel(_ expected: String, file: String, line: Int) {
        assertLabel(expected, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``assertLabel(hasPrefix:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `assertLabel(hasPrefix:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func assertLabel(hasPrefix prefix: String, file: String, line: Int) {
        assertLabel(hasPrefix: prefix, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``assertValue(_:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `assertValue(_:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func assertValue(_ expected: String, file: String, line: Int) {
        assertValue(expected, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``assertEnabled(_:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `assertEnabled(_:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func assertEnabled(_ expected: Bool = true, file: String, line: Int) {
        assertEnabled(expected, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }

    /// Deprecated: ``assertSelected(_:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `assertSelected(_:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func assertSelected(_ expected: Bool = true, file: String, line: Int) {
        assertSelected(expected, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }
}

extension Robot {
    /// Deprecated: ``next(_:sourceLocation:)`` at `file` and `line`.
    @available(*, deprecated, message: "write `next(_:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
    public func next<Next: Robot>(_ robot: Next.Type, file: String, line: Int) -> Next {
        next(robot, sourceLocation: CallSite.deprecatedLocation(file: file, line: line))
    }
}
