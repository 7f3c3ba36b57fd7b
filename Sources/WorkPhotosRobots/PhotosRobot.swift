import FlowKit

/// The Work photos list.
public final class PhotosRobot: Robot {
    public enum ID {
        public static let status = "status"
        public static let openSettings = "Open Settings"
        public static let select = "Select"
        public static let selectAll = "Select all"
        public static let delete = "Delete"
        public static let notice = "notice"
        public static let deleteAlert = "PhotosDelete"
    }

    /// The list shows exactly `count` work photos (cells and the status line agree).
    @discardableResult
    public func checkWorkPhotos(count: Int, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.status].assertLabel("\(count) work photo\(count == 1 ? "" : "s")", file: file, line: line)
        app.cells.assertCount(count, file: file, line: line)
        return self
    }

    /// Photo `position` (from 1) reads `date` and `place`.
    @discardableResult
    public func checkPhoto(_ position: Int, date: String, place: String, file: String = #filePath, line: Int = #line) -> Self {
        let cell = app.cells.element(boundBy: position - 1)
        cell.assertLabel(date, file: file, line: line)
        cell.assertValue(place, file: file, line: line)
        return self
    }

    @discardableResult
    public func checkAccessDenied(file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.openSettings].assertExists(file: file, line: line)
        app.cells.assertCount(0, file: file, line: line)
        return self
    }

    /// Starts choosing photos (Select), and chooses those at `positions` (from 1).
    @discardableResult
    public func select(_ positions: [Int], file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.select].tap(file: file, line: line)
        for position in positions { app.cells.element(boundBy: position - 1).tap(file: file, line: line) }
        return self
    }

    /// Deletes the chosen photos, answering the system's question with Delete (or Don't Allow).
    @discardableResult
    public func delete(confirm: Bool, file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.delete].tap(file: file, line: line)
        app.alerts[ID.deleteAlert].buttons[confirm ? "Delete" : "Don't Allow"].tap(file: file, line: line)
        return self
    }

    /// The line under the list reads `text` ("2 photos deleted", "Nothing was deleted").
    @discardableResult
    public func checkNotice(_ text: String, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.notice].assertLabel(text, file: file, line: line)
        return self
    }

    /// Opens the photo at `position` (from 1).
    @discardableResult
    public func openPhoto(_ position: Int, file: String = #filePath, line: Int = #line) -> PhotoDetailRobot {
        app.cells.element(boundBy: position - 1).tap(file: file, line: line)
        return next(PhotoDetailRobot.self)
    }

    /// Opens Settings from the note shown when access was denied.
    @discardableResult
    public func openSettings(file: String = #filePath, line: Int = #line) -> SettingsRobot {
        app.buttons[ID.openSettings].tap(file: file, line: line)
        return next(SettingsRobot.self)
    }

    @discardableResult
    public func back(file: String = #filePath, line: Int = #line) -> GlanceRobot {
        app.back(file: file, line: line)
        return next(GlanceRobot.self)
    }
}
