import FlowKit
import Testing
import WorkPhotosRobots

/// The photo library through the app's screens, on a store seeded from Seeds/default.yaml.
struct PhotoFlowTests {
    @Test(.workPhotosApp())
    func thePermissionAlertIsAnsweredByAnInterruptionMonitor() throws {
        let app = try #require(FlowApp.current)
        PhotoPermissionAlert.answerWhenAsked(in: app, allow: true)

        // Tapping Review is blocked by the system alert: the monitor answers it, then the tap goes on.
        LoginRobot().login().reviewWorkPhotos().checkWorkPhotos(count: 8)
    }

    @Test(.workPhotosApp())
    func theGlanceCountsEightWorkPhotosAndOneOther() {
        LoginRobot().login().answerPhotoAccess(allow: true).checkCounts(work: 8, other: 1)
    }

    @Test(.workPhotosApp())
    func theListShowsTheEightWorkPhotosWithDateAndPlace() {
        LoginRobot().login()
            .answerPhotoAccess(allow: true)
            .reviewWorkPhotos()
            .checkWorkPhotos(count: 8)
            .checkPhoto(1, date: "Mon 1 Jun 2026, 09:05", place: "Office")
            .checkPhoto(8, date: "Mon 1 Jun 2026, 18:10", place: "Office")
            .back()
            .checkCounts(work: 8, other: 1)
    }

    @Test(.workPhotosApp())
    func deniedAccessExplainsHowToAllowIt() {
        LoginRobot().login()
            .answerPhotoAccess(allow: false)
            .reviewWorkPhotos()
            .checkAccessDenied()
    }
}
