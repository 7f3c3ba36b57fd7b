import FlowKit

/// A photo's detail: its facts, its dominant colour, and Original / Show & Hide / Apply.
public final class PhotoDetailRobot: Robot {
    public enum ID {
        public static let date = "date"
        public static let place = "place"
        public static let picture = "picture"
        public static let dominantColour = "dominantColour"
        public static let status = "status"
        public static let original = "Original"
        public static let showAndHide = "Show & Hide"
        public static let apply = "Apply"
    }

    @discardableResult
    public func checkPhoto(date: String, place: String, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.date].assertLabel(date, file: file, line: line)
        app.staticTexts[ID.place].assertLabel(place, file: file, line: line)
        return self
    }

    /// The dominant colour reads `colour` (`#D62828`) and Show & Hide is ready: Apply is enabled.
    @discardableResult
    public func checkShowAndHideReady(colour: String, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.dominantColour].assertLabel("Dominant colour: \(colour)", file: file, line: line)
        app.buttons[ID.apply].assertEnabled(true, file: file, line: line)
        return self
    }

    @discardableResult
    public func checkApplyEnabled(_ enabled: Bool, file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.apply].assertEnabled(enabled, file: file, line: line)
        return self
    }

    /// The picture shown is the Show & Hide version (or the original).
    @discardableResult
    public func checkShowing(showAndHide: Bool, file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[showAndHide ? ID.showAndHide : ID.original].assertSelected(true, file: file, line: line)
        return self
    }

    @discardableResult
    public func showShowAndHide(file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.showAndHide].tap(file: file, line: line)
        return self
    }

    @discardableResult
    public func showOriginal(file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.original].tap(file: file, line: line)
        return self
    }

    @discardableResult
    public func apply(file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.apply].tap(file: file, line: line)
        app.staticTexts[ID.status].assertLabel("Show & Hide applied", file: file, line: line)
        return self
    }

    @discardableResult
    public func back(file: String = #filePath, line: Int = #line) -> PhotosRobot {
        app.back(file: file, line: line)
        return next(PhotosRobot.self)
    }
}
