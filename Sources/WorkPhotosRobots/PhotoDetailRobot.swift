import FlowKit
import Testing
import WorkPhotosIdentifiers

/// A photo's detail: its facts, its dominant colour, and Original / Show & Hide / Apply.
public final class PhotoDetailRobot: Robot {
    /// The title the presenter gives the screen (`PhotoDetailPresenter.Message.title`), copied: the
    /// robots import nothing of the app but its identifiers. WorkPhotosIdentifiersTests checks it.
    override public class var screenTitle: String { "Photo" }

    /// The screen's identifiers, shared with it.
    public typealias ID = Identifiers.PhotoDetail

    @discardableResult
    public func checkPhoto(date: String, place: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.date].assertLabel(date)
            app.staticTexts[ID.place].assertLabel(place)
            return self
        }
    }

    /// The dominant colour reads `colour` (`#D62828`) and Show & Hide is ready: Apply is enabled.
    @discardableResult
    public func checkShowAndHideReady(colour: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.dominantColour].assertLabel("Dominant colour: \(colour)")
            app.buttons[ID.apply].assertEnabled(true)
            return self
        }
    }

    @discardableResult
    public func checkApplyEnabled(_ enabled: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.apply].assertEnabled(enabled)
            return self
        }
    }

    /// The picture shown is the Show & Hide version.
    @discardableResult
    public func checkShowingShowAndHide(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.showAndHide].assertSelected(true)
            return self
        }
    }

    /// The picture shown is the original.
    @discardableResult
    public func checkShowingOriginal(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.original].assertSelected(true)
            return self
        }
    }

    @discardableResult
    public func showShowAndHide(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.showAndHide].tap()
            return self
        }
    }

    @discardableResult
    public func showOriginal(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.original].tap()
            return self
        }
    }

    @discardableResult
    public func apply(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.apply].tap()
            app.staticTexts[ID.status].assertLabel("Show & Hide applied")
            return self
        }
    }

    @discardableResult
    public func back(sourceLocation: SourceLocation = #_sourceLocation) -> PhotosRobot {
        at(sourceLocation) {
            app.back()
            return next(PhotosRobot.self)
        }
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
