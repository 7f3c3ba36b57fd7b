import FlowKit
import Testing
import WorkPhotosIdentifiers

/// The At a glance screen, where the system first asks for photo access (`PhotoPermissionAlert`).
public final class GlanceRobot: Robot {
    /// The title the presenter gives the screen (`GlancePresenter.Message.title`), copied: the
    /// robots import nothing of the app but its identifiers. WorkPhotosIdentifiersTests checks it.
    override public class var screenTitle: String { "At a glance" }

    /// The screen's identifiers, shared with it.
    public typealias ID = Identifiers.Glance

    /// The screen's title reads `At a glance`.
    @discardableResult
    public func checkGlance(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.title].assertLabel(Self.screenTitle)
            return self
        }
    }

    @discardableResult
    public func checkSignedIn(as user: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.user].assertLabel("Signed in as \(user)")
            return self
        }
    }

    @discardableResult
    public func checkCounts(work: Int, other: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.workPhotos].assertLabel("\(work) work photo\(work == 1 ? "" : "s")")
            app.staticTexts[ID.otherPhotos].assertLabel("\(other) other photo\(other == 1 ? "" : "s")")
            return self
        }
    }

    /// Answers the system's photo-access alert, as an explicit step.
    @discardableResult
    public func answerPhotoAccess(allow: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            PhotoPermissionAlert(app: app).answer(allow: allow)
            return self
        }
    }

    /// The last upload was of `count` photos ("Last upload: 8 photos, <when>"; when varies by run).
    @discardableResult
    public func checkLastUpload(count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.lastUpload].assertLabel(hasPrefix: "Last upload: \(count) photo\(count == 1 ? "" : "s"), ")
            return self
        }
    }

    /// Nothing was ever uploaded.
    @discardableResult
    public func checkNoUpload(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.lastUpload].assertLabel("No uploads yet")
            return self
        }
    }

    /// The notice reads `text` (why the counts are missing, for one).
    @discardableResult
    public func checkNotice(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.notice].assertLabel(text)
            return self
        }
    }

    @discardableResult
    public func openSettings(sourceLocation: SourceLocation = #_sourceLocation) -> SettingsRobot {
        at(sourceLocation) {
            app.buttons[ID.settings].tap()
            return next(SettingsRobot.self)
        }
    }

    /// How many work photos the glance counts (`8 work photos`), or nil when it shows no count
    /// (photo access not given).
    public var workPhotoCount: Int? {
        let label = app.staticTexts[ID.workPhotos].label
        return Int(label.prefix { $0.isNumber })
    }

    @discardableResult
    public func reviewWorkPhotos(sourceLocation: SourceLocation = #_sourceLocation) -> PhotosRobot {
        at(sourceLocation) {
            app.buttons[ID.review].tap()
            return next(PhotosRobot.self)
        }
    }
}

extension GlanceRobot {
    /// What must hold of the glance: what it counts is what the list shows.
    public static let properties = RobotProperties<GlanceRobot> {
        $0.after(.tap(ID.review), "reviewListsTheWorkPhotosCounted", "Review work photos lists as many work photos as the glance counts.",
                 leadsTo: PhotosRobot.self) { glance, photos in
            // The rows, not the status line: with none, the list says so in words of its own.
            guard let count = glance.workPhotoCount else { return }
            photos.app.cells.assertCount(count)
        }
    }

    /// The YAML actions of this screen.
    public static let yaml = RobotActions<GlanceRobot> {
        $0.action("checkGlance", "The At a glance screen is shown.") { $0.checkGlance() }
        $0.action("checkSignedIn", "Signed in as this user.", .text("as", "the username")) { $0.checkSignedIn(as: $1) }
        $0.action("checkCounts", "The counts of work photos and other photos.", .integer("work", "work photos"), .integer("other", "other photos")) {
            $0.checkCounts(work: $1, other: $2)
        }
        $0.action("checkLastUpload", "The last upload was of this many photos.", .count("photos in the last upload"),
                  formerParameters: ["photos": "count"]) { $0.checkLastUpload(count: $1) }
        $0.action("checkNoUpload", "Nothing was ever uploaded.") { $0.checkNoUpload() }
        $0.action("checkNotice", "The notice reads exactly this text.", .text("text", "the whole notice")) { $0.checkNotice($1) }
        $0.action("answerPhotoAccess", "Answers the system's photo-access alert.", .boolean("allow", "true: OK; false: Don't Allow")) {
            $0.answerPhotoAccess(allow: $1)
        }
        $0.move("reviewWorkPhotos", to: PhotosRobot.self, "Opens the list of work photos.") { $0.reviewWorkPhotos() }
        $0.move("openSettings", to: SettingsRobot.self, "Opens Settings.") { $0.openSettings() }
    }
}
