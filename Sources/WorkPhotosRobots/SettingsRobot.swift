import FlowKit
import Testing
import WorkPhotosIdentifiers

/// The Settings screen: the app's access to the photo library, turned on and off by its cell.
public final class SettingsRobot: Robot {
    /// The title the presenter gives the screen (`SettingsPresenter.Message.title`), copied: the
    /// robots import nothing of the app but its identifiers. WorkPhotosIdentifiersTests checks it.
    override public class var screenTitle: String { "Settings" }

    /// The screen's identifiers, shared with it.
    public typealias ID = Identifiers.Settings

    /// Access reads `value` ("Allowed", "Not allowed", "Not asked yet").
    @discardableResult
    public func checkPhotosAccess(_ value: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.cells[ID.photosAccess].assertValue(value)
            return self
        }
    }

    @discardableResult
    public func togglePhotosAccess(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.cells[ID.photosAccess].tap()
            return self
        }
    }

    /// Back to the screen Settings was opened from, checking it is the one expected (Settings
    /// opens from the list's access note and from the glance).
    @discardableResult
    public func back<Previous: Robot>(to previous: Previous.Type, sourceLocation: SourceLocation = #_sourceLocation) -> Previous {
        at(sourceLocation) {
            app.back()
            return next(previous)
        }
    }
}

extension SettingsRobot {
    /// The YAML actions of this screen.
    public static let yaml = RobotActions<SettingsRobot> {
        $0.action("checkPhotosAccess", "Photos access reads Allowed, Not allowed or Not asked yet.", .text("value", "as the screen shows it")) {
            $0.checkPhotosAccess($1)
        }
        $0.action("togglePhotosAccess", "Turns photos access on or off.") { $0.togglePhotosAccess() }
        $0.move("backToPhotos", to: PhotosRobot.self, "Back to the work photos list Settings was opened from.") { $0.back(to: PhotosRobot.self) }
        $0.move("backToGlance", to: GlanceRobot.self, "Back to the glance Settings was opened from.") { $0.back(to: GlanceRobot.self) }
        $0.formerly("back", now: "Settings.backToPhotos or Settings.backToGlance (the screen it goes back to is checked)")
    }
}
