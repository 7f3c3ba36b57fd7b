import FlowKit

/// The At a glance screen, and the photo-access alert the system raises over it.
public final class GlanceRobot: Robot {
    override public class var screenTitle: String { "At a glance" }

    public enum ID {
        public static let title = "At a glance"
        public static let user = "signedInAs"
        public static let workPhotos = "workPhotoCount"
        public static let otherPhotos = "otherPhotoCount"
        public static let notice = "notice"
        public static let lastUpload = "lastUpload"
        public static let review = "Review work photos"
        public static let settings = "Settings"
    }

    @discardableResult
    public func checkGlance(file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.title].assertVisible(file: file, line: line)
        return self
    }

    @discardableResult
    public func checkSignedIn(as user: String, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.user].assertLabel("Signed in as \(user)", file: file, line: line)
        return self
    }

    @discardableResult
    public func checkCounts(work: Int, other: Int, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.workPhotos].assertLabel("\(work) work photo\(work == 1 ? "" : "s")", file: file, line: line)
        app.staticTexts[ID.otherPhotos].assertLabel("\(other) other photo\(other == 1 ? "" : "s")", file: file, line: line)
        return self
    }

    /// Answers the system's photo-access alert, as an explicit step.
    @discardableResult
    public func answerPhotoAccess(allow: Bool, file: String = #filePath, line: Int = #line) -> Self {
        PhotoPermissionAlert(app: app).answer(allow: allow, file: file, line: line)
        return self
    }

    /// The last upload was of `count` photos ("Last upload: 8 photos, <when>"; when varies by run).
    @discardableResult
    public func checkLastUpload(count: Int, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.lastUpload].assertLabel(hasPrefix: "Last upload: \(count) photo\(count == 1 ? "" : "s"), ", file: file, line: line)
        return self
    }

    /// Nothing was ever uploaded.
    @discardableResult
    public func checkNoUpload(file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.lastUpload].assertLabel("No uploads yet", file: file, line: line)
        return self
    }

    /// The notice reads `text` (why the counts are missing, for one).
    @discardableResult
    public func checkNotice(_ text: String, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.notice].assertLabel(text, file: file, line: line)
        return self
    }

    @discardableResult
    public func openSettings(file: String = #filePath, line: Int = #line) -> SettingsRobot {
        app.buttons[ID.settings].tap(file: file, line: line)
        return next(SettingsRobot.self, file: file, line: line)
    }

    @discardableResult
    public func reviewWorkPhotos(file: String = #filePath, line: Int = #line) -> PhotosRobot {
        app.buttons[ID.review].tap(file: file, line: line)
        return next(PhotosRobot.self, file: file, line: line)
    }
}

extension GlanceRobot {
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

/// The system alert that asks for access to the photo library.
public struct PhotoPermissionAlert {
    public static let identifier = "PhotosPermission"
    public static let allow = "OK"
    public static let deny = "Don't Allow"
    /// The alert as flows may name it (`in: PhotosPermission`, `onAlert: {PhotosPermission: OK}`).
    public static let declaration = AlertDeclaration(identifier: identifier, buttons: [allow, deny])
    /// The alert that says an answer could not be saved.
    public static let notSaved = AlertDeclaration(identifier: "PhotosAnswerNotSaved", title: "Your answer was not saved", buttons: ["OK"])

    let app: FlowApp

    public init(app: FlowApp) {
        self.app = app
    }

    public func answer(allow: Bool, file: String = #filePath, line: Int = #line) {
        app.alerts[Self.identifier].buttons[allow ? Self.allow : Self.deny].tap(file: file, line: line)
    }

    /// Answers the alert whenever it blocks a later step (an interruption monitor).
    @discardableResult
    public static func answerWhenAsked(in app: FlowApp, allow: Bool) -> Int {
        app.addInterruptionMonitor(withDescription: "Photo access") { alert in
            let button = alert.buttons[allow ? Self.allow : Self.deny]
            guard button.exists else { return false }
            button.tap()
            return true
        }
    }
}
