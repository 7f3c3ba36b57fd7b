import FlowKit
import Testing
import WorkPhotosIdentifiers

/// The Work photos list.
public final class PhotosRobot: Robot {
    /// The title the presenter gives the screen (`WorkPhotosPresenter.Message.title`), copied: the
    /// robots import nothing of the app but its identifiers. WorkPhotosIdentifiersTests checks it.
    override public class var screenTitle: String { "Work photos" }

    /// The screen's identifiers, shared with it.
    public typealias ID = Identifiers.Photos
    /// The system's question before deleting.
    typealias DeleteAlert = Identifiers.PhotosDelete

    /// The title of the overlay shown while an upload is in flight (an alert with no buttons,
    /// `Identifiers.Progress`): flows may name the overlay by it. The presenter is its one source
    /// (`WorkPhotosPresenter.Message.uploading`), but the core imports no module of the screens and
    /// the robots import nothing of the app but its identifiers, so this is a copy, which
    /// WorkPhotosIdentifiersTests checks against the presenter's. The robot itself finds the
    /// overlay by its identifier.
    public static let uploadingTitle = "Uploading…"

    /// The system's question before deleting, and the overlay of an upload in flight.
    public static let alerts = [
        AlertDeclaration(identifier: DeleteAlert.identifier, buttons: [DeleteAlert.refuse, DeleteAlert.delete]),
        AlertDeclaration(identifier: Identifiers.Progress.identifier, title: uploadingTitle, buttons: []),
    ]

    /// The list shows exactly `count` work photos (cells and the status line agree).
    @discardableResult
    public func checkWorkPhotos(count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.status].assertLabel("\(count) work photo\(count == 1 ? "" : "s")")
            app.cells.assertCount(count)
            return self
        }
    }

    /// Photo `position` (from 1) reads `date` and `place`.
    @discardableResult
    public func checkPhoto(_ position: Int, date: String, place: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            let cell = app.cells.element(boundBy: position - 1)
            cell.assertLabel(date)
            cell.assertValue(place)
            return self
        }
    }

    @discardableResult
    public func checkAccessDenied(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.openSettings].assertVisible()
            app.cells.assertCount(0)
            return self
        }
    }

    /// Starts choosing photos (Select), and chooses those at `positions` (from 1).
    @discardableResult
    public func select(_ positions: [Int], sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.select].tap()
            for position in positions { app.cells.element(boundBy: position - 1).tap() }
            return self
        }
    }

    /// Starts choosing photos (Select), and chooses them all (Select all).
    @discardableResult
    public func selectAll(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.select].tap()
            app.buttons[ID.selectAll].tap()
            return self
        }
    }

    /// Uploads the chosen photos, and checks the `Uploading…` overlay: seen while the upload is in
    /// flight, then seen to go when it ends. Both are read from the frames the app pushes (the tap
    /// returns at the app's answer, with the upload still running): nothing sleeps.
    @discardableResult
    public func upload(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            watchUpload(from: ID.upload)
        }
    }

    /// Retry after a failed upload: the same overlay, seen then gone.
    @discardableResult
    public func retryUpload(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            watchUpload(from: ID.retry)
        }
    }

    private func watchUpload(from button: String) -> Self {
        app.buttons[button].tap(waitForIdle: false)
        let overlay = app.alerts[Identifiers.Progress.identifier]
        overlay.waitFor(timeout: app.timeout)
        overlay.waitUntilGone(timeout: app.timeout)
        return self
    }

    /// The upload succeeded: "8 photos uploaded", and Retry is not offered.
    @discardableResult
    public func checkUploaded(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            checkNotice("\(count) photo\(count == 1 ? "" : "s") uploaded")
            app.buttons[ID.retry].assertNotVisible()
            return self
        }
    }

    /// The upload failed with `reason` (as the screen says it), and Retry is offered.
    @discardableResult
    public func checkUploadFailed(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            checkNotice("Upload failed: \(reason)")
            app.buttons[ID.retry].assertEnabled(true)
            return self
        }
    }

    /// Deletes the chosen photos, answering the system's question with Delete (or Don't Allow).
    @discardableResult
    public func delete(confirm: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.delete].tap()
            app.alerts[DeleteAlert.identifier].buttons[confirm ? DeleteAlert.delete : DeleteAlert.refuse].tap()
            return self
        }
    }

    /// The line under the list reads `text` ("2 photos deleted", "Nothing was deleted").
    @discardableResult
    public func checkNotice(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.notice].assertLabel(text)
            return self
        }
    }

    /// Opens the photo at `position` (from 1).
    @discardableResult
    public func openPhoto(_ position: Int, sourceLocation: SourceLocation = #_sourceLocation) -> PhotoDetailRobot {
        at(sourceLocation) {
            app.cells.element(boundBy: position - 1).tap()
            return next(PhotoDetailRobot.self)
        }
    }

    /// Opens the photo at `position` and watches Show & Hide being worked out: Apply is disabled
    /// in the frame the tap answers with (the work is in flight), then enabled once it is ready.
    @discardableResult
    public func openPhotoWatchingShowAndHide(_ position: Int, sourceLocation: SourceLocation = #_sourceLocation) -> PhotoDetailRobot {
        at(sourceLocation) {
            app.cells.element(boundBy: position - 1).tap(waitForIdle: false)
            let apply = app.buttons[PhotoDetailRobot.ID.apply]
            apply.with(enabled: false).waitFor(timeout: app.timeout)
            apply.with(enabled: true).waitFor(timeout: app.timeout)
            return next(PhotoDetailRobot.self)
        }
    }

    /// Opens Settings from the note shown when access was denied.
    @discardableResult
    public func openSettings(sourceLocation: SourceLocation = #_sourceLocation) -> SettingsRobot {
        at(sourceLocation) {
            app.buttons[ID.openSettings].tap()
            return next(SettingsRobot.self)
        }
    }

    @discardableResult
    public func back(sourceLocation: SourceLocation = #_sourceLocation) -> GlanceRobot {
        at(sourceLocation) {
            app.back()
            return next(GlanceRobot.self)
        }
    }
}

extension PhotosRobot {
    /// The YAML actions of this screen.
    public static let yaml = RobotActions<PhotosRobot> {
        $0.action("checkWorkPhotos", "The list shows exactly this many work photos.", .count("work photos listed")) { $0.checkWorkPhotos(count: $1) }
        $0.action("checkPhoto", "The photo at this position reads this date and place.", .position(), .text("date", "as the row shows it"),
                  .text("place", "as the row shows it")) { $0.checkPhoto($1, date: $2, place: $3) }
        $0.action("checkAccessDenied", "No list: access was denied, and Settings is offered.") { $0.checkAccessDenied() }
        $0.move("openSettings", to: SettingsRobot.self, "Opens Settings from the access note.") { $0.openSettings() }
        $0.move("openPhoto", to: PhotoDetailRobot.self, "Opens the photo at this position.", .position()) { $0.openPhoto($1) }
        $0.move("openPhotoWatchingShowAndHide", to: PhotoDetailRobot.self,
                "Opens the photo at this position: Apply is seen disabled while Show & Hide is worked out, then enabled.", .position()) {
            $0.openPhotoWatchingShowAndHide($1)
        }
        $0.action("select", "Taps Select, then the photos at these positions.", .positions()) { $0.select($1) }
        $0.action("selectAll", "Taps Select, then Select all.") { $0.selectAll() }
        $0.action("delete", "Deletes the chosen photos, answering the system's question.", .boolean("confirm", "true: Delete; false: Don't Allow")) {
            $0.delete(confirm: $1)
        }
        $0.action("upload", "Uploads the chosen photos: the Uploading… overlay is seen while the upload is in flight, then seen to go.") {
            $0.upload()
        }
        $0.action("retryUpload", "Retry after a failed upload: the overlay is seen, then seen to go.") { $0.retryUpload() }
        $0.action("checkUploaded", "The upload succeeded: \"8 photos uploaded\", and no Retry.", .count("photos uploaded")) { $0.checkUploaded($1) }
        $0.action("checkUploadFailed", "The upload failed with this reason (after \"Upload failed: \"), and Retry is offered.",
                  .text("reason", "as the screen says it")) { $0.checkUploadFailed($1) }
        $0.action("checkNotice", "The line under the list reads exactly this.", .text("text", "the whole line")) { $0.checkNotice($1) }
        $0.move("back", to: GlanceRobot.self, "Back to the glance.") { $0.back() }
    }
}
