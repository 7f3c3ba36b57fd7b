import FlowKit
import Testing
import WorkPhotosRobots

/// A store reseeded under the running app: the screen says so, instead of stale counts or a
/// silently lost answer.
struct ReseedFlowTests {
    @Test func aStoreReplacedUnderTheAppIsSaidOnTheScreen() throws {
        let failures = FailureCollector()
        let launch = AppLaunch.workPhotos()
        let prepared = try launch.prepare(reporter: failures)
        defer { prepared.cleanUp() }
        prepared.app.launch()
        let glance = LoginRobot(app: prepared.app).login()

        try launch.seed(prepared.storePath)
        glance.answerPhotoAccess(allow: true)

        prepared.app.alerts["PhotosAnswerNotSaved"].staticTexts["message"].assertLabel(
            "WorkPhotos could not store it: the photo store was replaced while WorkPhotos was running; restart WorkPhotos. It will ask again next time."
        )
        // No YAML flow reaches this alert (it needs a store reseeded under the app), so this test
        // is where it is audited: a label a person can name, a way out.
        #expect(prepared.app.performAccessibilityAudit().isEmpty)
        prepared.app.alerts["PhotosAnswerNotSaved"].buttons["OK"].tap()
        prepared.app.staticTexts["notice"].assertLabel(
            "Could not read your photos: the photo store was replaced while WorkPhotos was running; restart WorkPhotos"
        )
        #expect(failures.failures.isEmpty, "\(failures.failures)")
    }
}
