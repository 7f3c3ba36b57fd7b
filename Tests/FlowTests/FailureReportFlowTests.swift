import FlowKit
import Foundation
import Testing
import WorkPhotosRobots

/// What a failing flow tells the person reading it.
struct FailureReportFlowTests {
    @Test func aFailingCheckShowsTheScreenNamesTheNearestCandidateAndPointsAtTheCaller() throws {
        let failures = FailureCollector()
        var launch = AppLaunch.workPhotos()
        // The safety net is long: a failure that waited on it would take a minute, not a moment.
        launch.timeout = 60
        let prepared = try launch.prepare(reporter: failures)
        defer { prepared.cleanUp() }
        prepared.app.launch()
        let start = ContinuousClock.now

        let line = #line + 1
        prepared.app.buttons["Log in"].tap()
        LoginRobot(app: prepared.app).login().checkGlance()  // skipped: the chain already failed

        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(10), "an absent element on an idle screen fails at once (took \(elapsed))")
        #expect(failures.failures.count == 1, "the rest of the chain is skipped")
        let failure = try #require(failures.failures.first)
        #expect(failure.site.line == line)
        #expect(failure.site.file == #filePath)
        #expect(failure.step == #"tap button "Log in""#)
        #expect(failure.reason == #"no button "Log in" on the idle screen (did you mean "Login"?)"#)
        let screen = try #require(failure.screen)
        #expect(screen.hasPrefix("── Login ─"))
        #expect(screen.contains("[3]  < Login >  (disabled)"))
        #expect(screen.hasSuffix("(frame 1, idle)"))
        #expect(failure.standardError.contains("workphotos: using stub services (-ui-testing YES)"))
        #expect(failure.description.hasPrefix(#"tap button "Log in" failed: no button "Log in" on the idle screen (did you mean "Login"?)"#))
    }

    @Test func aRobotCheckReportsWhatItSawAtTheCallersLine() throws {
        let failures = FailureCollector()
        let prepared = try AppLaunch.workPhotos().prepare(reporter: failures)
        defer { prepared.cleanUp() }
        prepared.app.launch()

        let line = #line + 1
        LoginRobot(app: prepared.app).attemptLogin(password: "9999").checkResult("Welcome")

        let failure = try #require(failures.failures.first)
        #expect(failures.failures.count == 1)
        #expect(failure.site.line == line)
        #expect(failure.reason == #"static text "results" has label "Login failed", expected "Welcome""#)
        #expect(failure.screen?.contains("     Login failed") == true)
    }

    @Test func theSecretNeverAppearsInAFailure() throws {
        let failures = FailureCollector()
        let prepared = try AppLaunch.workPhotos().prepare(reporter: failures)
        defer { prepared.cleanUp() }
        prepared.app.launch()

        prepared.app.secureTextFields["Password"].replaceText("1234")
        prepared.app.buttons["Nope"].tap()

        let failure = try #require(failures.failures.first)
        #expect(!failure.description.contains("1234"))
    }
}
