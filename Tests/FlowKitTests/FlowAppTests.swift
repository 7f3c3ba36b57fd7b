import FlowKit
import Foundation
import Testing

/// FlowKit against a stand-in app that crashes, hangs or exits on request.
struct FlowAppTests {
    static let fakeApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fake-app.sh").path

    @Test func queriesTheIdleScreen() {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        #expect(app.buttons["Crash"].exists)
        #expect(app.staticTexts["hello"].label == "Hello")
        #expect(!app.buttons["hello"].exists, "kinds are told apart")
        #expect(app.buttons.count == 6)
        #expect(app.title() == "Fake")
        app.staticTexts["Hello"].assertVisible()
        app.buttons["Nothing"].assertNotVisible()
        #expect(failures.failures.isEmpty)
    }

    @Test func anAppThatCrashesFailsTheStepWithItsLastScreenAndStandardError() throws {
        let (app, failures) = launchFakeApp()
        let pid = try #require(app.processIdentifier)

        app.buttons["Crash"].tap()
        app.buttons["Hang"].tap()  // skipped

        let failure = try #require(failures.failures.first)
        #expect(failures.failures.count == 1)
        #expect(failure.reason == "the app crashed (signal 11)")
        #expect(failure.screen?.hasPrefix("── Fake ──") == true)
        #expect(failure.standardError == ["fake-app: about to crash"])
        #expect(app.state == .crashed(signal: 11))
        #expect(!isAlive(pid))
    }

    @Test func anAppThatHangsIsKilledAfterTheSafetyNet() throws {
        let (app, failures) = launchFakeApp(timeout: 0.5)
        let pid = try #require(app.processIdentifier)

        app.buttons["Hang"].tap()

        let failure = try #require(failures.failures.first)
        #expect(failure.reason == "the app did not answer within 0.5 s (it may hang); it was killed")
        #expect(failure.standardError == ["fake-app: hanging"])
        #expect(!isAlive(pid), "no process is left behind")
    }

    @Test func aStepThatWritesMoreThanIsKeptGetsWholeLinesAndTheCountOfTheRest() throws {
        let (app, _) = launchFakeApp(environment: ["FAKE_NOISE": "1000"])
        defer { app.terminate() }
        app.observes = true
        let mark = app.observationMark()
        guard case .done = app.attempt(.tap, target: "Noise", text: nil) else {
            Issue.record("the fake app did not answer Noise")
            return
        }
        let observed = app.observed(since: mark)
        #expect(observed.standardError.count + observed.standardErrorDropped == 1000, "every line counted, kept or not")
        #expect(observed.standardErrorDropped > 0, "110 KB is more than the 64 KiB kept")
        let whole = observed.standardError.allSatisfy { $0.wholeMatch(of: /noise line \d{6} x{94}/) != nil }
        #expect(whole, "no piece of a line: \(observed.standardError.first ?? "")")
        #expect(observed.standardError.last == "noise line 001000 " + String(repeating: "x", count: 94))
        #expect(observed.frames >= 1)
    }

    @Test func anAppThatExitsSaysWithWhatCodeAndWhatItWrote() throws {
        let (app, failures) = launchFakeApp()
        app.buttons["Exit"].tap()
        let failure = try #require(failures.failures.first)
        #expect(failure.reason == "the app exited with code 3; its last line was not a frame (not valid JSON: this is not a frame)")
        #expect(app.state == .exited(code: 3))
    }

    @Test func aLineThatIsNotTextIsSaidAsSuchWhereItsBadByteIs() throws {
        let (app, failures) = launchFakeApp(environment: ["FAKE_SCREEN": "latin1"])
        app.buttons["Latin1"].tap()
        let failure = try #require(failures.failures.first)
        #expect(failure.reason == "the app exited with code 3; its last line was not a frame (the line is not UTF-8 text: byte 0xE9 starts a character of "
            + "3 bytes that the next byte does not continue (cut short; Latin-1, or another encoding?) at byte 20: {\"seq\":2,\"text\":\"caf\u{FFFD}\"})")
    }

    @Test func anAppThatCannotStartIsAFailureNotACrash() throws {
        let failures = FailureCollector()
        let app = FlowApp(executable: "/nonexistent/app", reporter: failures)
        app.launch()
        let failure = try #require(failures.failures.first)
        #expect(failure.step == "launch /nonexistent/app")
        #expect(app.state == .notRunning)
        #expect(!app.buttons["x"].exists)
        #expect(failures.failures.count == 1)
    }

    @Test func terminateLeavesNoProcessBehind() throws {
        let (app, _) = launchFakeApp()
        let pid = try #require(app.processIdentifier)
        app.terminate()
        #expect(!isAlive(pid))
        #expect(app.state == .exited(code: 0))
    }

    @Test func releasingTheAppKillsItsProcess() throws {
        var pid: Int32 = 0
        do {
            let (app, _) = launchFakeApp()
            pid = try #require(app.processIdentifier)
        }
        #expect(pid != 0)
        #expect(!isAlive(pid))
    }

    @Test func aNameSharedBySeveralElementsFailsUnlessFirstMatchIsAsked() throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }

        app.buttons["OK"].firstMatch.tap()
        #expect(failures.failures.isEmpty)
        #expect(app.buttons["ok-2"].exists, "an identifier picks one")

        app.buttons["OK"].tap()
        let failure = try #require(failures.failures.first)
        #expect(failure.reason == #"2 buttons are named "OK" (identifiers "ok-1", "ok-2"); name one by its identifier, or use firstMatch"#)
    }

    @Test func waitForExistenceAnswersFalseAtOnceOnAnIdleScreenAndRecordsNothing() throws {
        let (app, failures) = launchFakeApp(timeout: 60)
        defer { app.terminate() }
        let start = ContinuousClock.now
        #expect(app.buttons["Nothing"].waitForExistence(timeout: 30) == false)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(app.buttons["Crash"].waitForExistence(timeout: 30))
        #expect(failures.failures.isEmpty)
    }

    @Test func waitForExistenceOnABusyAppReturnsFalseAfterItsTimeoutAndLeavesTheAppRunning() throws {
        let (app, failures) = launchFakeApp(timeout: 30, environment: ["FAKE_BUSY": "1"], waitForIdle: false)
        defer { app.terminate() }
        let pid = try #require(app.processIdentifier)

        #expect(app.staticTexts["Starting"].waitForExistence(timeout: 5), "a busy frame counts")
        #expect(app.buttons["Later"].waitForExistence(timeout: 0.2) == false)
        #expect(failures.failures.isEmpty, "a wait that times out records no failure")
        #expect(isAlive(pid), "and does not kill the app")
    }

    @Test func aTapThatDoesNotWaitForIdleShowsWhatTheTapDidWhileItsWorkIsInFlight() throws {
        let (app, failures) = launchFakeApp(timeout: 30)
        defer { app.terminate() }

        app.buttons["Work"].tap(waitForIdle: false)

        #expect(app.staticTexts["Working"].waitForExistence(timeout: 5), "the answer's busy frame shows it")
        #expect(app.staticTexts["Working"].waitForNonExistence(timeout: 5), "the next frame has it gone")
        #expect(!app.staticTexts["Working"].exists)
        #expect(failures.failures.isEmpty)
    }

    @Test func aConditionIsReadFromBusyFramesToo() throws {
        let (app, failures) = launchFakeApp(timeout: 30)
        defer { app.terminate() }
        app.buttons["Work"].tap(waitForIdle: false)
        #expect(app.staticTexts["Working"].waitForExistence(timeout: 5) { $0.label == "Working" })
        #expect(app.buttons["Crash"].waitForExistence(timeout: 5) { !$0.isEnabled } == false, "idle, and it is enabled: false at once")
        app.buttons["Crash"].with(enabled: false).waitFor(timeout: 5, sourceLocation: .line(999))
        #expect(failures.failures.first?.reason == "it is there, but enabled, and the app is idle: nothing is left in flight that would change that")
        #expect(failures.failures.first?.site.line == 999)
    }

    @Test func aTapThatWaitsForIdleNeverSeesWhatWasOnlyShownWhileBusy() throws {
        let (app, failures) = launchFakeApp(timeout: 30)
        defer { app.terminate() }
        app.buttons["Work"].tap()
        #expect(app.staticTexts["Working"].waitForExistence(timeout: 5) == false)
        #expect(failures.failures.isEmpty)
    }

    @Test func waitForNonExistenceAnswersFalseAtOnceWhenTheIdleScreenStillHasIt() throws {
        let (app, failures) = launchFakeApp(timeout: 60)
        defer { app.terminate() }
        let start = ContinuousClock.now
        #expect(app.buttons["Crash"].waitForNonExistence(timeout: 30) == false)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(app.buttons["Nothing"].waitForNonExistence(timeout: 30))
        #expect(failures.failures.isEmpty)
    }

    @Test func waitForNonExistenceOnABusyAppThatKeepsItReturnsFalseAfterItsTimeout() throws {
        let (app, failures) = launchFakeApp(timeout: 30, environment: ["FAKE_BUSY": "1"], waitForIdle: false)
        defer { app.terminate() }
        #expect(app.staticTexts["Starting"].waitForNonExistence(timeout: 0.2) == false)
        #expect(failures.failures.isEmpty, "a wait that times out records no failure")
    }

    @Test func aPropertyReadReportsAFailureAtTheRobotMethodsCaller() throws {
        let (app, failures) = launchFakeApp(timeout: 0.2, environment: ["FAKE_BUSY": "1"], waitForIdle: false)
        defer { app.terminate() }

        let exists = CallSite.reporting(at: .line(4242)) { app.buttons["Crash"].exists }

        #expect(!exists)
        let failure = try #require(failures.failures.first)
        #expect(failure.site.file == #filePath)
        #expect(failure.site.line == 4242)
        // The fake app speaks protocol 1: busy, it names no work, and the runner says so.
        #expect(failure.reason == "the app was still busy after 0.2 s (it does not say with what: the app speaks version 1 of the automation protocol, which names no work); it was killed")
    }

    @Test func aPropertyReadOutsideAMethodReportsWhereTheAppWasLastDriven() throws {
        let failures = FailureCollector()
        let app = FlowApp(executable: "/bin/bash", arguments: [Self.fakeApp], environment: ["FAKE_BUSY": "1"], timeout: 0.2, reporter: failures)
        app.launch(waitForIdle: false, sourceLocation: .line(77))
        defer { app.terminate() }

        #expect(app.staticTexts["Starting"].label == "")
        let failure = try #require(failures.failures.first)
        #expect(failure.site.line == 77, "a property has no parameter for its caller: the launch's line is the nearest")
    }

    /// A robot's method drove the app last (its own line inside `at`): a property read after it
    /// reports at the method's caller, the test, never at a line of the robot.
    @Test func aPropertyReadAfterARobotMethodReportsAtItsCallerNotInTheRobot() throws {
        let failures = FailureCollector()
        let app = FlowApp(executable: "/bin/bash", arguments: [Self.fakeApp], environment: ["FAKE_BUSY": "1"], timeout: 0.2, reporter: failures)
        defer { app.terminate() }
        CallSite.reporting(at: .line(5)) { app.launch(waitForIdle: false, sourceLocation: .line(999, filePath: "/Robots/SomeRobot.swift")) }

        #expect(app.staticTexts["Starting"].exists == false)
        let failure = try #require(failures.failures.first)
        #expect(failure.site.file == #filePath && failure.site.line == 5, "at the robot method's caller, not SomeRobot.swift:999")
    }

    @Test func theOutermostRobotMethodsCallerWinsAndNoPlaceIsTrappedOn() throws {
        let outer = CallSite.reporting(at: .line(1)) { CallSite.reporting(at: .line(2)) { CallSite.step } }
        #expect(outer?.line == 1)
        #expect(CallSite.step == nil, "set only while the body runs")
        for odd in [CallSite(file: "", line: 0, column: 0), CallSite(file: "explore", line: -3), CallSite(file: "/a//b.yaml", line: 2)] {
            let location = odd.sourceLocation
            #expect(location.line >= 1 && location.column >= 1 && location.fileID.contains("/"))
        }
        #expect(CallSite(file: "Flows/x.yaml", line: 3, column: 5).sourceLocation.fileID == "Flows/x.yaml")
    }

    @Test func countReportsAtTheCallersLineToo() throws {
        let (app, failures) = launchFakeApp(timeout: 0.2, environment: ["FAKE_BUSY": "1"], waitForIdle: false)
        defer { app.terminate() }
        let line = #line + 1
        #expect(app.cells.count() == 0)
        #expect(failures.failures.first?.site.line == line)
    }

    private func launchFakeApp(timeout: TimeInterval = 10, environment: [String: String] = [:], waitForIdle: Bool = true) -> (FlowApp, FailureCollector) {
        let failures = FailureCollector()
        let app = FlowApp(executable: "/bin/bash", arguments: [Self.fakeApp], environment: environment, timeout: timeout, reporter: failures)
        app.launch(waitForIdle: waitForIdle)
        return (app, failures)
    }

    /// True while a process with `pid` exists (and is not a zombie waiting to be reaped).
    private func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0
    }
}
