import FlowKit
import Testing
import WorkPhotosRobots

/// Interruption monitors against the system's photo-access alert.
struct InterruptionMonitorFlowTests {
    @Test(.workPhotosApp())
    func theNewestMonitorRunsFirstAndTheOthersOnlyIfItDeclines() throws {
        let app = try #require(FlowApp.current)
        var calls: [String] = []
        app.addInterruptionMonitor(withDescription: "older") { alert in
            calls.append("older")
            alert.buttons["OK"].tap()
            return true
        }
        app.addInterruptionMonitor(withDescription: "newer, declines") { _ in
            calls.append("newer")
            return false
        }

        LoginRobot().login().reviewWorkPhotos().checkWorkPhotos(count: 8)

        #expect(calls == ["newer", "older"])
    }

    @Test(.workPhotosApp())
    func aRemovedMonitorIsNotRun() throws {
        let app = try #require(FlowApp.current)
        let token = PhotoPermissionAlert.answerWhenAsked(in: app, allow: false)
        app.removeInterruptionMonitor(token)
        PhotoPermissionAlert.answerWhenAsked(in: app, allow: true)

        LoginRobot().login().reviewWorkPhotos().checkWorkPhotos(count: 8)
    }

    @Test func anAlertNoMonitorHandlesFailsTheBlockedStepAndSaysWhy() throws {
        let failures = FailureCollector()
        let prepared = try AppLaunch.workPhotos().prepare(reporter: failures)
        defer { prepared.cleanUp() }
        prepared.app.launch()

        let line = #line + 1
        LoginRobot(app: prepared.app).login().reviewWorkPhotos().checkWorkPhotos(count: 8)

        let failure = try #require(failures.failures.first)
        #expect(failures.failures.count == 1)
        #expect(failure.site.line == line)
        #expect(failure.step == #"tap button "Review work photos""#)
        #expect(failure.reason == #"button "Review work photos" is behind the alert PhotosPermission ("WorkPhotos" Would Like to Access Your Photos): answer it first (in a flow: answerAlert, or onAlert: {PhotosPermission: BUTTON}; in Swift: an interruption monitor)"#)
        #expect(failure.screen?.contains("[2] < OK >") == true)
    }
}
