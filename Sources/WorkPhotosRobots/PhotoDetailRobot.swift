import FlowKit
import WorkPhotosIdentifiers

/// A photo's detail: its facts, its dominant colour, and Original / Show & Hide / Apply.
public final class PhotoDetailRobot: Robot {
    /// The title the presenter gives the screen (`PhotoDetailPresenter.Message.title`), copied: the
    /// robots import nothing of the app but its identifiers. WorkPhotosIdentifiersTests checks it.
    override public class var screenTitle: String { "Photo" }

    /// The screen's identifiers, shared with it.
    public typealias ID = Identifiers.PhotoDetail

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

    /// The picture shown is the Show & Hide version.
    @discardableResult
    public func checkShowingShowAndHide(file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.showAndHide].assertSelected(true, file: file, line: line)
        return self
    }

    /// The picture shown is the original.
    @discardableResult
    public func checkShowingOriginal(file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.original].assertSelected(true, file: file, line: line)
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
        return next(PhotosRobot.self, file: file, line: line)
    }
}

extension PhotoDetailRobot {
    /// The YAML actions of this screen.
    public static let yaml = RobotActions<PhotoDetailRobot> {
        $0.action("checkPhoto", "The photo's date and place.", .text("date", "as the screen shows it"), .text("place", "as the screen shows it")) {
            $0.checkPhoto(date: $1, place: $2)
        }
        $0.action("checkShowAndHideReady", "The dominant colour reads this (#D62828), and Apply is enabled.", .text("colour", "#RRGGBB")) {
            $0.checkShowAndHideReady(colour: $1)
        }
        $0.action("checkApplyEnabled", "Apply is enabled (or not).", .boolean("enabled", "true: enabled; false: disabled")) { $0.checkApplyEnabled($1) }
        $0.action("checkShowingShowAndHide", "The Show & Hide version is shown.") { $0.checkShowingShowAndHide() }
        $0.action("checkShowingOriginal", "The original is shown.") { $0.checkShowingOriginal() }
        $0.formerly("checkShowing", now: "PhotoDetail.checkShowingShowAndHide or PhotoDetail.checkShowingOriginal")
        $0.action("showShowAndHide", "Shows the Show & Hide version.") { $0.showShowAndHide() }
        $0.action("showOriginal", "Shows the original.") { $0.showOriginal() }
        $0.action("apply", "Applies Show & Hide, and checks it was applied.") { $0.apply() }
        $0.move("back", to: PhotosRobot.self, "Back to the list.") { $0.back() }
    }
}
