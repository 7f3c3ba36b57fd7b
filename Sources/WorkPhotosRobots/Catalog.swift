import FlowKit
import Foundation

/// The robots' actions as YAML flows name them (`Login.login`, `Glance.checkCounts`). Each entry
/// calls the robot method a Swift flow test calls: one screen is described once, in its robot.
/// Adding a robot method and its entry here is all a new YAML step needs.
public enum WorkPhotosCatalog {
    public static let catalog = RobotCatalog(login + glance + photos + detail + settings)

    /// A user and password, by default the run's test account (`test.user`, `test.password`).
    static let credentials: [Parameter] = [
        .init("user", .string, optional: true, summary: "default: ${test.user}", defaultVariable: "test.user"),
        .init("password", .string, optional: true, secret: true, summary: "default: ${test.password}", defaultVariable: "test.password"),
    ]

    static let login: [RobotAction] = [
        RobotAction(
            robot: "Login", name: "login", summary: "Signs in (with test.user and test.password unless given) and goes to the glance.",
            parameters: Self.credentials, returns: "Glance"
        ) { app, arguments, at in
            LoginRobot(app: app).login(user: arguments.string("user"), password: arguments.string("password"), file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Login", name: "attemptLogin", summary: "Fills both fields and taps Login, staying on this screen.",
            parameters: Self.credentials
        ) { app, arguments, at in
            LoginRobot(app: app).attemptLogin(user: arguments.string("user"), password: arguments.string("password"), file: at.file, line: at.line)
        },
        RobotAction(robot: "Login", name: "typeUsername", summary: "Replaces the username.", parameters: [.init("username", .string)]) { app, arguments, at in
            LoginRobot(app: app).typeUsername(arguments.string("username") ?? "", file: at.file, line: at.line)
        },
        RobotAction(robot: "Login", name: "typePassword", summary: "Replaces the password.", parameters: [.init("password", .string, secret: true)]) { app, arguments, at in
            LoginRobot(app: app).typePassword(arguments.string("password") ?? "", file: at.file, line: at.line)
        },
        RobotAction(robot: "Login", name: "tapLogin", summary: "Taps Login.") { app, _, at in
            LoginRobot(app: app).tapLogin(file: at.file, line: at.line)
        },
        RobotAction(robot: "Login", name: "checkLoginScreen", summary: "The Login screen is shown.") { app, _, at in
            LoginRobot(app: app).checkLoginScreen(file: at.file, line: at.line)
        },
        RobotAction(robot: "Login", name: "checkLoginEnabled", summary: "Login is enabled (or not).", parameters: [.init("enabled", .boolean)]) { app, arguments, at in
            LoginRobot(app: app).checkLoginEnabled(arguments.boolean("enabled") ?? true, file: at.file, line: at.line)
        },
        RobotAction(robot: "Login", name: "checkResult", summary: "The result line reads exactly this text.", parameters: [.init("text", .string)]) { app, arguments, at in
            LoginRobot(app: app).checkResult(arguments.string("text") ?? "", file: at.file, line: at.line)
        },
        RobotAction(robot: "Login", name: "checkLoginFailed", summary: "The result line says Login failed.") { app, _, at in
            LoginRobot(app: app).checkLoginFailed(file: at.file, line: at.line)
        },
        RobotAction(robot: "Login", name: "checkOffline", summary: "The result line says the app is offline.") { app, _, at in
            LoginRobot(app: app).checkOffline(file: at.file, line: at.line)
        },
    ]

    static let glance: [RobotAction] = [
        RobotAction(robot: "Glance", name: "checkGlance", summary: "The At a glance screen is shown.") { app, _, at in
            GlanceRobot(app: app).checkGlance(file: at.file, line: at.line)
        },
        RobotAction(robot: "Glance", name: "checkSignedIn", summary: "Signed in as this user.", parameters: [.init("as", .string)]) { app, arguments, at in
            GlanceRobot(app: app).checkSignedIn(as: arguments.string("as") ?? "", file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Glance", name: "checkCounts", summary: "The counts of work photos and other photos.",
            parameters: [.init("work", .integer), .init("other", .integer)]
        ) { app, arguments, at in
            GlanceRobot(app: app).checkCounts(work: arguments.integer("work") ?? 0, other: arguments.integer("other") ?? 0, file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Glance", name: "checkLastUpload", summary: "The last upload was of this many photos.", parameters: [.init("photos", .integer)]
        ) { app, arguments, at in
            GlanceRobot(app: app).checkLastUpload(photos: arguments.integer("photos") ?? 0, file: at.file, line: at.line)
        },
        RobotAction(robot: "Glance", name: "checkNoUpload", summary: "Nothing was ever uploaded.") { app, _, at in
            GlanceRobot(app: app).checkNoUpload(file: at.file, line: at.line)
        },
        RobotAction(robot: "Glance", name: "checkNotice", summary: "The notice reads exactly this text.", parameters: [.init("text", .string)]) { app, arguments, at in
            GlanceRobot(app: app).checkNotice(arguments.string("text") ?? "", file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Glance", name: "answerPhotoAccess", summary: "Answers the system's photo-access alert.", parameters: [.init("allow", .boolean)]
        ) { app, arguments, at in
            GlanceRobot(app: app).answerPhotoAccess(allow: arguments.boolean("allow") ?? true, file: at.file, line: at.line)
        },
        RobotAction(robot: "Glance", name: "reviewWorkPhotos", summary: "Opens the list of work photos.", returns: "Photos") { app, _, at in
            GlanceRobot(app: app).reviewWorkPhotos(file: at.file, line: at.line)
        },
        RobotAction(robot: "Glance", name: "openSettings", summary: "Opens Settings.", returns: "Settings") { app, _, at in
            GlanceRobot(app: app).openSettings(file: at.file, line: at.line)
        },
    ]

    static let photos: [RobotAction] = [
        RobotAction(
            robot: "Photos", name: "checkWorkPhotos", summary: "The list shows exactly this many work photos.", parameters: [.init("count", .integer)]
        ) { app, arguments, at in
            PhotosRobot(app: app).checkWorkPhotos(count: arguments.integer("count") ?? 0, file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Photos", name: "checkPhoto", summary: "Photo at this position (from 1) reads this date and place.",
            parameters: [.init("position", .integer), .init("date", .string), .init("place", .string)]
        ) { app, arguments, at in
            PhotosRobot(app: app).checkPhoto(
                arguments.integer("position") ?? 1, date: arguments.string("date") ?? "", place: arguments.string("place") ?? "",
                file: at.file, line: at.line
            )
        },
        RobotAction(robot: "Photos", name: "checkAccessDenied", summary: "No list: access was denied, and Settings is offered.") { app, _, at in
            PhotosRobot(app: app).checkAccessDenied(file: at.file, line: at.line)
        },
        RobotAction(robot: "Photos", name: "openSettings", summary: "Opens Settings from the access note.", returns: "Settings") { app, _, at in
            PhotosRobot(app: app).openSettings(file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Photos", name: "openPhoto", summary: "Opens the photo at this position (from 1).", parameters: [.init("position", .integer)],
            returns: "Detail"
        ) { app, arguments, at in
            PhotosRobot(app: app).openPhoto(arguments.integer("position") ?? 1, file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Photos", name: "openPhotoWatchingShowAndHide",
            summary: "Opens the photo at this position (from 1): Apply is seen disabled while Show & Hide is worked out, then enabled.",
            parameters: [.init("position", .integer)], returns: "Detail"
        ) { app, arguments, at in
            PhotosRobot(app: app).openPhotoWatchingShowAndHide(arguments.integer("position") ?? 1, file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Photos", name: "select", summary: "Taps Select, then the photos at these positions (from 1, comma-separated: \"1, 3\").",
            parameters: [.init("positions", .string)]
        ) { app, arguments, at in
            let positions = (arguments.string("positions") ?? "").split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            PhotosRobot(app: app).select(positions, file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Photos", name: "delete", summary: "Deletes the chosen photos, answering the system's question.", parameters: [.init("confirm", .boolean)]
        ) { app, arguments, at in
            PhotosRobot(app: app).delete(confirm: arguments.boolean("confirm") ?? true, file: at.file, line: at.line)
        },
        RobotAction(robot: "Photos", name: "selectAll", summary: "Taps Select, then Select all.") { app, _, at in
            PhotosRobot(app: app).selectAll(file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Photos", name: "upload",
            summary: "Uploads the chosen photos: the Uploading… overlay is seen while the upload is in flight, then seen to go."
        ) { app, _, at in
            PhotosRobot(app: app).upload(file: at.file, line: at.line)
        },
        RobotAction(robot: "Photos", name: "retryUpload", summary: "Retry after a failed upload: the overlay is seen, then seen to go.") { app, _, at in
            PhotosRobot(app: app).retryUpload(file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Photos", name: "checkUploaded", summary: "The upload succeeded: \"8 photos uploaded\", and no Retry.",
            parameters: [.init("count", .integer)]
        ) { app, arguments, at in
            PhotosRobot(app: app).checkUploaded(arguments.integer("count") ?? 0, file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Photos", name: "checkUploadFailed", summary: "The upload failed with this reason (after \"Upload failed: \"), and Retry is offered.",
            parameters: [.init("reason", .string)]
        ) { app, arguments, at in
            PhotosRobot(app: app).checkUploadFailed(arguments.string("reason") ?? "", file: at.file, line: at.line)
        },
        RobotAction(robot: "Photos", name: "checkNotice", summary: "The line under the list reads exactly this.", parameters: [.init("text", .string)]) { app, arguments, at in
            PhotosRobot(app: app).checkNotice(arguments.string("text") ?? "", file: at.file, line: at.line)
        },
        RobotAction(robot: "Photos", name: "back", summary: "Back to the glance.", returns: "Glance") { app, _, at in
            PhotosRobot(app: app).back(file: at.file, line: at.line)
        },
    ]

    static let detail: [RobotAction] = [
        RobotAction(
            robot: "Detail", name: "checkPhoto", summary: "The photo's date and place.", parameters: [.init("date", .string), .init("place", .string)]
        ) { app, arguments, at in
            PhotoDetailRobot(app: app).checkPhoto(date: arguments.string("date") ?? "", place: arguments.string("place") ?? "", file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Detail", name: "checkShowAndHideReady", summary: "The dominant colour reads this (#D62828), and Apply is enabled.",
            parameters: [.init("colour", .string)]
        ) { app, arguments, at in
            PhotoDetailRobot(app: app).checkShowAndHideReady(colour: arguments.string("colour") ?? "", file: at.file, line: at.line)
        },
        RobotAction(robot: "Detail", name: "checkApplyEnabled", summary: "Apply is enabled (or not).", parameters: [.init("enabled", .boolean)]) { app, arguments, at in
            PhotoDetailRobot(app: app).checkApplyEnabled(arguments.boolean("enabled") ?? true, file: at.file, line: at.line)
        },
        RobotAction(
            robot: "Detail", name: "checkShowing", summary: "The Show & Hide version is shown (or the original).", parameters: [.init("showAndHide", .boolean)]
        ) { app, arguments, at in
            PhotoDetailRobot(app: app).checkShowing(showAndHide: arguments.boolean("showAndHide") ?? true, file: at.file, line: at.line)
        },
        RobotAction(robot: "Detail", name: "showShowAndHide", summary: "Shows the Show & Hide version.") { app, _, at in
            PhotoDetailRobot(app: app).showShowAndHide(file: at.file, line: at.line)
        },
        RobotAction(robot: "Detail", name: "showOriginal", summary: "Shows the original.") { app, _, at in
            PhotoDetailRobot(app: app).showOriginal(file: at.file, line: at.line)
        },
        RobotAction(robot: "Detail", name: "apply", summary: "Applies Show & Hide, and checks it was applied.") { app, _, at in
            PhotoDetailRobot(app: app).apply(file: at.file, line: at.line)
        },
        RobotAction(robot: "Detail", name: "back", summary: "Back to the list.", returns: "Photos") { app, _, at in
            PhotoDetailRobot(app: app).back(file: at.file, line: at.line)
        },
    ]

    static let settings: [RobotAction] = [
        RobotAction(
            robot: "Settings", name: "checkPhotosAccess", summary: "Photos access reads Allowed, Not allowed or Not asked yet.",
            parameters: [.init("value", .string)]
        ) { app, arguments, at in
            SettingsRobot(app: app).checkPhotosAccess(arguments.string("value") ?? "", file: at.file, line: at.line)
        },
        RobotAction(robot: "Settings", name: "togglePhotosAccess", summary: "Turns photos access on or off.") { app, _, at in
            SettingsRobot(app: app).togglePhotosAccess(file: at.file, line: at.line)
        },
        RobotAction(robot: "Settings", name: "back", summary: "Back to the screen Settings was opened from.") { app, _, at in
            SettingsRobot(app: app).back(file: at.file, line: at.line)
        },
    ]
}
