import FlowKit
import Foundation
import Testing

/// Element state on the selector, alert scopes that are not up, and robots that check they
/// arrived: each check passes on the right screen and fails on the wrong one.
struct SelectorAndArrivalTests {
    @Test func aStateOnTheSelectorPassesWhenTheElementIsInIt() {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        app.buttons["Crash"].with(enabled: true).assertVisible()
        app.staticTexts["hello"].with(label: "Hello").assertVisible()
        app.buttons["Crash"].with(enabled: false).assertNotVisible()
        #expect(failures.failures.isEmpty)
    }

    @Test(arguments: [
        (ElementState(enabled: false), "it is there, but enabled"),
        (ElementState(selected: true), "it is there, but not selected"),
        (ElementState(label: "Boom"), #"it is there, but its label is "Crash""#),
        (ElementState(enabled: false, label: "Boom"), #"it is there, but enabled and its label is "Crash""#),
    ])
    func aStateOnTheSelectorFailsWhenTheElementIsNotInIt(state: ElementState, reason: String) throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        app.buttons["Crash"].with(state).assertVisible(sourceLocation: .line(42))
        let failure = try #require(failures.failures.first)
        #expect(failure.reason == reason)
        #expect(failure.step == #"check that button "Crash" (\#(state)) is visible"#)
        #expect(failure.site.line == 42)
    }

    /// A check of one property is worded as a state: what was found, then what was expected.
    @Test func aStateCheckSaysTheStateFoundAndTheOneExpected() throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        let crash = app.buttons["Crash"]
        let checks: [(check: () -> Void, step: String, reason: String)] = [
            ({ crash.assertEnabled(false, sourceLocation: .line(1)) }, #"check that button "Crash" is disabled"#,
             #"button "Crash" is enabled, expected disabled"#),
            ({ crash.assertSelected(sourceLocation: .line(2)) }, #"check that button "Crash" is selected"#,
             #"button "Crash" is not selected, expected selected"#),
            ({ crash.assertLabel("Boom", sourceLocation: .line(3)) }, #"check that button "Crash" has label "Boom""#,
             #"button "Crash" has label "Crash", expected "Boom""#),
            ({ crash.assertValue("x", sourceLocation: .line(4)) }, #"check that button "Crash" has value "x""#,
             #"button "Crash" has value "", expected "x""#),
            ({ crash.assertLabel(hasPrefix: "Bo", sourceLocation: .line(5)) }, #"check that button "Crash" has a label starting "Bo""#,
             #"button "Crash" has label "Crash", expected one starting "Bo""#),
        ]
        for (index, check) in checks.enumerated() {
            check.check()
            let failure = try #require(failures.failures.last)
            #expect(failure.step == check.step)
            #expect(failure.reason == check.reason)
            #expect(failure.site.line == index + 1)
            app.clearFailures()
        }
        crash.assertEnabled()
        crash.assertSelected(false)
        crash.assertLabel("Crash")
        crash.assertLabel(hasPrefix: "Cr")
        #expect(failures.failures.count == checks.count, "each check passes on the state it is in")
        app.buttons["Nope"].assertEnabled(sourceLocation: .line(9))
        #expect(failures.failures.last?.step == #"check that button "Nope" is enabled"#)
        #expect(failures.failures.last?.reason.hasPrefix(#"no button "Nope" on the idle screen"#) == true, "a missing element is said as missing")
    }

    @Test func assertNotVisibleWithAStateFailsWhenAnElementIsInIt() throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        app.buttons["Crash"].with(enabled: true).assertNotVisible()
        #expect(try #require(failures.failures.first).reason == #"it is there, labelled "Crash""#)
    }

    @Test func aStateNarrowsElementsThatShareAName() throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        app.buttons["OK"].assertVisible()
        #expect(try #require(failures.failures.first).reason.hasPrefix(#"2 buttons are named "OK""#), "without a state, the name is ambiguous")
    }

    @Test func aButtonInAnAlertThatIsNotUpSaysTheAlertIsNotUp() throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        app.alerts["PhotosPermision"].buttons["OK"].tap()
        let failure = try #require(failures.failures.first)
        #expect(failure.reason == #"no alert "PhotosPermision" is up (no alert is up)"#, "not: there is a button with that name")
    }

    @Test func aTapOnAnElementInTheWrongStateSaysHowItDiffers() throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        app.buttons["Work"].with(enabled: false).tap()
        #expect(try #require(failures.failures.first).reason == #"button "Work" (disabled) is there, but enabled"#)
    }

    @Test func aRobotThatArrivesOnItsScreenPasses() {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        _ = OtherRobot(app: app).next(FakeRobot.self)
        #expect(failures.failures.isEmpty)
    }

    @Test func aRobotThatDoesNotArriveFailsAtTheCallersLineWithTheScreen() throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        _ = FakeRobot(app: app).next(OtherRobot.self, sourceLocation: CallSite(file: "Tests/x.swift", line: 7).sourceLocation)
        let failure = try #require(failures.failures.first)
        #expect(failure.step == #"arrive on the Other screen ("Elsewhere")"#)
        #expect(failure.reason == #"the screen is "Fake", not "Elsewhere""#)
        #expect(failure.site == CallSite(file: "Tests/x.swift", line: 7))
        #expect(failure.screen?.hasPrefix("── Fake ──") == true)
    }

    @Test func aRobotsNameIsItsTypeWithoutRobot() {
        #expect(FakeRobot.name == "Fake")
        #expect(OtherRobot.name == "Other")
    }

    @Test func aRowIsNamedByTheTextTheScreenShows() {
        let cell = Element.cell("photo-1", label: "Mon 1 Jun 2026, 09:05", value: "Office")
        #expect(cell.rowText == "Mon 1 Jun 2026, 09:05  Office")
        #expect(Element.cell("x", label: "Only").rowText == "Only")
    }

    private func launchFakeApp() -> (FlowApp, FailureCollector) {
        let failures = FailureCollector()
        let app = FlowApp(executable: "/bin/bash", arguments: [FlowAppTests.fakeApp], environment: [:], timeout: 10, reporter: failures)
        app.launch()
        return (app, failures)
    }
}

final class FakeRobot: Robot {
    override class var screenTitle: String { "Fake" }
}

final class OtherRobot: Robot {
    override class var screenTitle: String { "Elsewhere" }
}

/// An empty name never names a blank element: a check on nothing fails.
struct EmptyNameTests {
    @Test func anEmptyNameIsNeverFound() throws {
        let failures = FailureCollector()
        let app = FlowApp(executable: "/bin/bash", arguments: [FlowAppTests.fakeApp], environment: [:], timeout: 10, reporter: failures)
        app.launch()
        defer { app.terminate() }
        #expect(!app.descendants[""].exists)
        app.descendants[""].assertVisible()
        #expect(try #require(failures.failures.first).reason.hasPrefix(#"no element "" on the idle screen"#))
    }
}
