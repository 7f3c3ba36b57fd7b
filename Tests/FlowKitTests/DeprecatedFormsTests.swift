import FlowKit
import Foundation
import Testing

/// The old forms of FlowKit's calls (`file:` and `line:` where `sourceLocation:` is now) still
/// build and report where they did; a compile says, for each, what to write now; and a call that
/// names no place takes the new form, never an old one.
struct DeprecatedFormsTests {
    // MARK: - A robot written the old way

    @Test func aRobotWrittenTheOldWayPassesWhereItPassed() {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        let robot: any OldWayChecks = OldWayFakeRobot(app: app)
        robot.checkGreeting("Hello").checkButtons(6)
        #expect(failures.failures.isEmpty)
    }

    @Test func aRobotWrittenTheOldWayFailsAtItsCallersFileAndLine() throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        let robot: any OldWayChecks = OldWayFakeRobot(app: app)
        let line = #line + 1
        robot.checkGreeting("Bye")
        let failure = try #require(failures.failures.first)
        #expect(failure.site == CallSite(file: #filePath, line: line), "the test's line, not the robot's")
        #expect(failure.reason == #"static text "hello" has label "Hello", expected "Bye""#)

        // The same check written now fails with the same words.
        app.clearFailures()
        app.staticTexts["hello"].assertLabel("Bye", sourceLocation: .line(line))
        let now = try #require(failures.failures.last)
        #expect(now.step == failure.step)
        #expect(now.reason == failure.reason)
        #expect(now.site == failure.site)
    }

    @Test func anOldRobotsMoveThatDoesNotArriveFailsAtItsCaller() throws {
        let (app, failures) = launchFakeApp()
        defer { app.terminate() }
        let robot: any OldWayChecks = OldWayFakeRobot(app: app)
        let line = #line + 1
        _ = robot.leave()
        let failure = try #require(failures.failures.first)
        #expect(failure.step == #"arrive on the Other screen ("Elsewhere")"#)
        #expect(failure.site == CallSite(file: #filePath, line: line))
    }

    // MARK: - Every old form

    /// Each old form, called on an app that was never launched (so each one that drives the app
    /// fails), fails at the file and line it was given, as its new form does at its source location.
    @Test func everyOldFormReportsAtTheFileAndLineItIsGiven() throws {
        let failures = FailureCollector()
        let app = FlowApp(executable: "/nonexistent/app", reporter: failures)
        let forms = (EveryOldForm.self as any OldForms.Type).forms(on: app, file: "Sources/DeskRobots/DeskRobot.swift")
        #expect(forms.count == Self.oldForms.count - 2, "every old form that takes a place but the two that make an element")
        for (index, form) in forms.enumerated() {
            app.clearFailures()
            form.call(index + 1)
            let failure = try #require(failures.failures.last, "\(form.name) recorded nothing")
            #expect(failure.site == CallSite(file: "Sources/DeskRobots/DeskRobot.swift", line: index + 1), "\(form.name)")
        }
        #expect(Set(forms.map(\.name)).count == forms.count)
    }

    @Test func theOldFormsThatMakeAnElementMakeTheSameElement() {
        let app = FlowApp(executable: "/nonexistent/app", reporter: FailureCollector())
        let (named, bound) = (EveryOldForm.self as any OldForms.Type).elements(of: app.buttons)
        #expect(named.description == app.buttons["Lend"].description)
        #expect(bound.description == app.buttons.element(boundBy: 1).description)
    }

    // MARK: - What a compile says

    /// The old forms, as FlowKit declared them before `sourceLocation:` (Swift's names for them).
    static let oldForms: Set<String> = [
        "launch(waitForIdle:file:line:)", "waitForLaunch(file:line:)", "snapshot(file:line:)", "renderedScreen(file:line:)",
        "idleFrame(file:line:)", "title(file:line:)", "assertScreen(title:of:file:line:)", "back(file:line:)",
        "attempt(_:target:text:file:line:)", "performAccessibilityAudit(skipping:file:line:)",
        "subscript(_:_:_:)", "element(boundBy:file:line:)", "count(file:line:)", "snapshots(file:line:)", "assertCount(_:file:line:)",
        "waitForExistence(timeout:where:file:line:)", "waitForNonExistence(timeout:file:line:)", "waitFor(timeout:file:line:)",
        "waitUntilGone(timeout:file:line:)", "tap(waitForIdle:file:line:)", "replaceText(_:file:line:)", "assertVisible(file:line:)",
        "assertNotVisible(file:line:)", "assertLabel(_:file:line:)", "assertLabel(hasPrefix:file:line:)", "assertValue(_:file:line:)",
        "assertEnabled(_:file:line:)", "assertSelected(_:file:line:)", "next(_:file:line:)",
    ]

    /// The lending desk's robots written the old way (Fixtures/LendingDeskOldWay.swift, one call of
    /// each old form) compile against the built FlowKit, with one warning a call, each naming the
    /// new form to write and how to take the caller's place.
    @Test func aCompileOfTheOldRobotsWarnsWithWhatToWriteNow() throws {
        let compile = try Self.typecheck("LendingDeskOldWay.swift")
        #expect(compile.status == 0, "the old robots still compile:\n\(compile.output)")
        let warnings = Self.deprecations(in: compile.output)
        #expect(Set(warnings.map(\.form)) == Self.oldForms, "one warning for each old form:\n\(compile.output)")
        for warning in warnings where warning.form.hasPrefix("subscript") || warning.form.hasPrefix("element(") {
            #expect(warning.message.hasSuffix("an element keeps no place; pass `sourceLocation:` to the action or check you call on it"))
        }
        for warning in warnings where !warning.form.hasPrefix("subscript") && !warning.form.hasPrefix("element(") {
            let now = warning.form.replacingOccurrences(of: "file:line:", with: "sourceLocation:")
            #expect(warning.message == "write `\(now)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took file: and line:, and pass it on")
        }
        #expect(!compile.output.contains("error:"), "\(compile.output)")
    }

    /// FlowTesting's golden-screen assertions written the old way (Fixtures/GoldenScreensOldWay.swift)
    /// compile against the built FlowTesting, with the warning that names the new form.
    @Test func aCompileOfTheOldGoldenScreenChecksWarnsWithWhatToWriteNow() throws {
        let compile = try Self.typecheck("GoldenScreensOldWay.swift")
        #expect(compile.status == 0, "\(compile.output)")
        let warnings = Self.deprecations(in: compile.output)
        #expect(Set(warnings.map(\.form)) == ["assertScreen(matches:masking:record:fileID:filePath:line:column:)"], "\(compile.output)")
        #expect(warnings.allSatisfy {
            $0.message == "write `assertScreen(matches:masking:record:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` "
                + "where you took fileID:, filePath:, line: and column:, and pass it on"
        })
        #expect(!compile.output.contains("error:"), "\(compile.output)")
    }

    /// The same robots written now (Fixtures/LendingDeskNewWay.swift, which names no place in most
    /// calls) compile without a warning: a call that names no place is never taken for an old form,
    /// nor found ambiguous.
    @Test func aCompileOfTheRobotsWrittenNowHasNoWarning() throws {
        let compile = try Self.typecheck("LendingDeskNewWay.swift")
        #expect(compile.status == 0)
        #expect(!compile.output.contains("warning:") && !compile.output.contains("error:"), "\(compile.output)")
    }

    /// `swiftc -typecheck` of a fixture against the modules beside the test binary (the build's):
    /// a fraction of a second.
    static func typecheck(_ fixture: String) throws -> (status: Int32, output: String) {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(fixture)")
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("FlowKit.swiftmodule").path), "no FlowKit module in \(modules.path)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-I", modules.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `'tap(waitForIdle:file:line:)' is deprecated: MESSAGE` lines of a compile's output.
    static func deprecations(in output: String) -> [(form: String, message: String)] {
        output.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /warning: '([^']+)' is deprecated: (.*?)(?: \[#DeprecatedDeclaration\])?$/) else { return nil }
            return (String(match.1), String(match.2))
        }
    }

    private func launchFakeApp() -> (FlowApp, FailureCollector) {
        let failures = FailureCollector()
        let app = FlowApp(executable: "/bin/bash", arguments: [FlowAppTests.fakeApp], environment: [:], timeout: 10, reporter: failures)
        app.launch()
        return (app, failures)
    }
}

// The robot and the calls below use the old forms on purpose. Swift cannot silence one file's
// warnings, so that this target builds without them they are declared in deprecated extensions
// (where a deprecated call is not warned about) and reached through protocols whose requirements
// they implement (a requirement is not deprecated, so calling it is not warned about either).

/// What the test calls on a robot written the old way; the defaults are the robot's own.
protocol OldWayChecks {
    /// The greeting reads `text`.
    @discardableResult func checkGreeting(_ text: String, file: String, line: Int) -> Self
    /// The screen has `count` buttons.
    @discardableResult func checkButtons(_ count: Int, file: String, line: Int) -> Self
    /// Moves to the Other screen (which the stand-in app never shows).
    func leave(file: String, line: Int) -> OtherRobot
}

extension OldWayChecks {
    @discardableResult func checkGreeting(_ text: String, file: String = #filePath, line: Int = #line) -> Self {
        checkGreeting(text, file: file, line: line)
    }

    @discardableResult func checkButtons(_ count: Int, file: String = #filePath, line: Int = #line) -> Self {
        checkButtons(count, file: file, line: line)
    }

    func leave(file: String = #filePath, line: Int = #line) -> OtherRobot {
        leave(file: file, line: line)
    }
}

/// The stand-in app's screen, with a robot as an app wrote one before FlowKit's calls took
/// `sourceLocation`.
final class OldWayFakeRobot: Robot, OldWayChecks {
    override class var screenTitle: String { "Fake" }
}

@available(*, deprecated, message: "written the old way on purpose, to test the old forms")
extension OldWayFakeRobot {
    @discardableResult
    func checkGreeting(_ text: String, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts["hello"].assertLabel(text, file: file, line: line)
        return self
    }

    @discardableResult
    func checkButtons(_ count: Int, file: String = #filePath, line: Int = #line) -> Self {
        app.buttons.assertCount(count, file: file, line: line)
        return self
    }

    func leave(file: String = #filePath, line: Int = #line) -> OtherRobot {
        app.buttons["Work"].tap(file: file, line: line)
        return next(OtherRobot.self, file: file, line: line)
    }
}

/// Every old form, for the test that each reports at the place it is given.
protocol OldForms {
    /// Each old form that takes a place, as a call on `app` at `file` and a given line.
    static func forms(on app: FlowApp, file: String) -> [(name: String, call: (Int) -> Void)]
    /// The element `Lend` and the element at 1 of `query`, made by the old forms.
    static func elements(of query: ElementQuery) -> (named: FlowElement, bound: FlowElement)
}

enum EveryOldForm: OldForms {}

@available(*, deprecated, message: "calls every old form on purpose")
extension EveryOldForm {
    static func forms(on app: FlowApp, file: String) -> [(name: String, call: (Int) -> Void)] {
        let lend = app.buttons["Lend"]
        return [
            ("launch", { app.launch(file: file, line: $0) }),
            ("waitForLaunch", { app.waitForLaunch(file: file, line: $0) }),
            ("snapshot", { _ = app.snapshot(file: file, line: $0) }),
            ("renderedScreen", { _ = app.renderedScreen(file: file, line: $0) }),
            ("idleFrame", { _ = app.idleFrame(file: file, line: $0) }),
            ("title", { _ = app.title(file: file, line: $0) }),
            ("assertScreen", { app.assertScreen(title: "Desk", of: "Desk", file: file, line: $0) }),
            ("back", { app.back(file: file, line: $0) }),
            ("attempt", { _ = app.attempt(.back, target: nil, text: nil, file: file, line: $0) }),
            ("performAccessibilityAudit", { app.performAccessibilityAudit(file: file, line: $0) }),
            ("count", { _ = app.buttons.count(file: file, line: $0) }),
            ("snapshots", { _ = app.buttons.snapshots(file: file, line: $0) }),
            ("assertCount", { app.buttons.assertCount(1, file: file, line: $0) }),
            ("waitForExistence", { _ = lend.waitForExistence(timeout: 1, file: file, line: $0) }),
            ("waitForNonExistence", { _ = lend.waitForNonExistence(timeout: 1, file: file, line: $0) }),
            ("waitFor", { lend.waitFor(timeout: 1, file: file, line: $0) }),
            ("waitUntilGone", { lend.waitUntilGone(timeout: 1, file: file, line: $0) }),
            ("tap", { lend.tap(file: file, line: $0) }),
            ("replaceText", { app.textFields["Borrower"].replaceText("Bob", file: file, line: $0) }),
            ("assertVisible", { lend.assertVisible(file: file, line: $0) }),
            ("assertNotVisible", { lend.assertNotVisible(file: file, line: $0) }),
            ("assertLabel", { lend.assertLabel("Lend", file: file, line: $0) }),
            ("assertLabel(hasPrefix:)", { lend.assertLabel(hasPrefix: "Le", file: file, line: $0) }),
            ("assertValue", { lend.assertValue("", file: file, line: $0) }),
            ("assertEnabled", { lend.assertEnabled(file: file, line: $0) }),
            ("assertSelected", { lend.assertSelected(false, file: file, line: $0) }),
            ("next", { _ = FakeRobot(app: app).next(OtherRobot.self, file: file, line: $0) }),
        ]
    }

    static func elements(of query: ElementQuery) -> (named: FlowElement, bound: FlowElement) {
        (query["Lend", "Sources/DeskRobots/DeskRobot.swift", 3], query.element(boundBy: 1, file: "Sources/DeskRobots/DeskRobot.swift", line: 4))
    }
}
