import FlowKit

/// The Settings screen: the app's access to the photo library, turned on and off by its cell.
public final class SettingsRobot: Robot {
    public enum ID {
        public static let photosAccess = "Photos access"
    }

    /// Access reads `value` ("Allowed", "Not allowed", "Not asked yet").
    @discardableResult
    public func checkPhotosAccess(_ value: String, file: String = #filePath, line: Int = #line) -> Self {
        app.cells[ID.photosAccess].assertValue(value, file: file, line: line)
        return self
    }

    @discardableResult
    public func togglePhotosAccess(file: String = #filePath, line: Int = #line) -> Self {
        app.cells[ID.photosAccess].tap(file: file, line: line)
        return self
    }

    /// Back to the screen Settings was opened from.
    @discardableResult
    public func back(file: String = #filePath, line: Int = #line) -> PhotosRobot {
        app.back(file: file, line: line)
        return next(PhotosRobot.self)
    }
}
