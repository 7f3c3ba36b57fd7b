import PresenterKitTesting
import Testing
import WorkPhotos
import WorkPhotosRobots
import WorkPhotosUI

/// The words the presenters say that the robots use as names, not as expectations: a screen's title
/// (by which a robot knows its screen) and the upload overlay's title (by which flows may name it).
/// The robots import nothing of the app but its identifiers, so they hold copies; these must agree.
@MainActor
struct PresenterWordsTests {
    let navigator = NavigatorDummy()

    @Test func eachRobotKnowsItsScreenByTheTitleTheScreenShows() {
        let login = LoginScreen(presenter: LoginPresenter(
            authenticator: UnconfiguredAuthenticator(reason: "none"), scheduler: ManualScheduler(), navigator: navigator, logger: LogSpy()
        ))
        #expect(LoginRobot.screenTitle == login.title)
        #expect(GlanceRobot.screenTitle == GlancePresenter.Message.title)
        #expect(PhotosRobot.screenTitle == WorkPhotosPresenter.Message.title)
        #expect(PhotoDetailRobot.screenTitle == PhotoDetailPresenter.Message.title)
        #expect(SettingsRobot.screenTitle == SettingsPresenter.Message.title)
    }

    @Test func theUploadOverlayIsNamedByThePresentersTitle() {
        #expect(PhotosRobot.uploadingTitle == WorkPhotosPresenter.Message.uploading)
    }
}
