import FlowKit

/// The At a glance screen, and the photo-access alert the system raises over it.
public final class GlanceRobot: Robot {
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
        app.staticTexts[ID.title].assertExists(file: file, line: line)
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

    /// The last upload was of `photos` photos ("Last upload: 8 photos, <when>"; when varies by run).
    @discardableResult
    public func checkLastUpload(photos: Int, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.lastUpload].assertLabel(hasPrefix: "Last upload: \(photos) photo\(photos == 1 ? "" : "s"), ", file: file, line: line)
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
        return next(SettingsRobot.self)
    }

    @discardableResult
    public func reviewWorkPhotos(file: String = #filePath, line: Int = #line) -> PhotosRobot {
        app.buttons[ID.review].tap(file: file, line: line)
        return next(PhotosRobot.self)
    }
}

/// The system alert that asks for access to the photo library.
public struct PhotoPermissionAlert {
    public static let identifier = "PhotosPermission"
    public static let allow = "OK"
    public static let deny = "Don't Allow"

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
