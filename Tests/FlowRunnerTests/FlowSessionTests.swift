import FlowKit
@testable import FlowRunner
import Foundation
import Testing
import WorkPhotosRobots

/// The session engine behind studio, inspect and mcp: steps run at once and are kept as YAML,
/// app commands become the YAML steps they mean, failures are not kept, undo replays, and a
/// secret is never written.
@Suite(.serialized)
struct FlowSessionTests {
    @Test func anAppCommandIsKeptAsTheYAMLStepItMeansNamingTheElementByItsIdentifier() throws {
        let session = try makeSession()
        defer { session.close() }
        #expect(line(session.run("1")) == "tap: {textField: Username}", "by identifier, never by number")
        #expect(line(session.run("type Username test")) == #"type: {textField: Username, text: "${test.user}"}"#,
                "text typed as a credential's value is kept as that variable, so a private scheme's account is used")
        #expect(line(session.run("type Username tester")) == #"type: {textField: Username, text: "tester"}"#, "any other text stays")
        _ = session.undo()
        #expect(line(session.run("type Password 1234")) == #"type: {secureTextField: Password, text: "${test.password}"}"#,
                "a secret typed as the value of a secret variable is kept as that variable")
        #expect(line(session.run("tap login")) == "tap: {button: Login}")
        #expect(line(session.run("tap OK")) == "tap: {button: OK, in: PhotosPermission}", "an alert's button names its alert")
        #expect(session.screen?.title == "At a glance")
        #expect(session.kept.count == 5, "\(session.kept.count)")
    }

    @Test func aStepThatIsNotOneIsRefusedWithLintsErrorAndNothingRuns() throws {
        let session = try makeSession()
        defer { session.close() }
        guard case let .refused(message) = session.run("tpa: Login") else { Issue.record("a misspelt step ran"); return }
        #expect(message.contains(#"error: unknown step "tpa" (did you mean "tap"?)"#), "\(message)")
        guard case let .refused(noControl) = session.run("tap Password hunter2") else { Issue.record("a missing control ran"); return }
        #expect(!noControl.contains("hunter2"))
        guard case let .refused(unknown) = session.run("type: {textField: Username, text: \"${nosuch}\"}") else { Issue.record("ran"); return }
        #expect(unknown.contains("no value for ${nosuch}"))
        #expect(session.kept.isEmpty)
    }

    @Test func aFailedStepIsNotKeptAndTheAppIsPutBackByReplay() throws {
        let session = try makeSession()
        defer { session.close() }
        _ = session.run("type Username test")
        guard case let .failed(failure, _) = session.run("assertVisible: {button: Login, enabled: true}") else {
            Issue.record("a check that cannot pass passed")
            return
        }
        #expect(failure.failure.reason == "it is there, but disabled")
        #expect(session.kept.map(\.line) == [#"type: {textField: Username, text: "${test.user}"}"#])
        #expect(session.screen?.elements.first { $0.identifier == "Username" }?.value == "test", "the app is as the kept steps left it")
        #expect(line(session.run("assertVisible: {textField: Username, value: test}")) != nil, "and the session goes on")
    }

    @Test func undoRelaunchesOnAFreshCopyAndReplaysTheRest() throws {
        let session = try makeSession()
        defer { session.close() }
        _ = session.run("type Username test")
        _ = session.run("type Username alice")
        #expect(session.screen?.elements.first { $0.identifier == "Username" }?.value == "alice")
        #expect(session.undo() != nil)
        #expect(session.kept.count == 1)
        #expect(session.screen?.elements.first { $0.identifier == "Username" }?.value == "test")
        #expect(session.undo() != nil)
        #expect(session.undo() == nil, "nothing left to undo")
        #expect(session.screen?.elements.first { $0.identifier == "Username" }?.value == "")
    }

    @Test func aSecretThatNoVariableHoldsIsMaskedAndRefusedAtSave() throws {
        let session = try makeSession()
        defer { session.close() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("x.yaml").path
        _ = session.run("type Username test")
        _ = session.run("type: {secureTextField: Password, text: hunter2}")
        #expect(session.kept.last?.line == "type: {secureTextField: Password, text: ••••••••}")
        #expect(throws: SessionError.self) { try session.save(to: file, name: "Leaks") }
        do {
            try session.save(to: file, name: "Leaks")
        } catch {
            #expect(error.description.contains("private scheme") && !error.description.contains("hunter2"))
        }
        #expect(!FileManager.default.fileExists(atPath: file), "nothing is written")
        _ = session.undo()
        _ = session.run("Login.typePassword: {password: \"1234\"}")
        try session.save(to: file, name: "Signs in")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains(#"Login.typePassword: {password: "${test.password}"}"#), "\(saved)")
        #expect(!saved.contains("1234") && !saved.contains("hunter2"))
        #expect(FlowParser(catalog: WorkPhotosCatalog.catalog).parse(file: file) != nil, "the saved flow lints")
    }

    @Test func aSavedFlowHasItsNameFixtureLaunchSettingsAndSteps() throws {
        let session = try makeSession(launch: LaunchSettings(defaults: [("drive.delay", "0.1")]), onAlert: [("PhotosPermission", "OK")])
        defer { session.close() }
        _ = session.run("Login.login")
        _ = session.run("Glance.checkCounts: {work: 8, other: 1}")
        let text = try session.flowText(name: "Counts", file: "/tmp/counts.yaml")
        #expect(text == """
            name: Counts
            fixture: default
            launch:
              defaults: {drive.delay: "0.1"}
            onAlert: {PhotosPermission: OK}
            steps:
            - Login.login
            - Glance.checkCounts: {work: 8, other: 1}

            """)
    }

    @Test(arguments: [
        ("Login.lo", ["Login.login"]),
        ("tap Rev", ["tap Review work photos"]),
        ("tap: {", ["tap: {alert: ", "tap: {button: "]),
        ("tap: {button: Rev", ["tap: {button: Review work photos"]),
        ("Glance.checkCounts: {wo", ["Glance.checkCounts: {work: "]),
        ("assertVisible: {cell: Mon", []),
    ])
    func tabCompletesStepsKeysAndTheNamesOnTheScreen(line: String, expected: [String]) {
        let screen = Screen(title: "At a glance", elements: [.text("At a glance", identifier: "title"), .button("Review work photos"), .button("Settings")])
        let lines = Completion.lines(for: line, screen: screen, catalog: WorkPhotosCatalog.catalog)
        for completion in expected { #expect(lines.contains(completion), "\(line): \(lines)") }
        if expected.isEmpty { #expect(lines.isEmpty, "\(line): \(lines)") }
    }

    // MARK: - Helpers

    private func makeSession(launch: LaunchSettings = LaunchSettings(), onAlert: [(alert: String, button: String)] = []) throws -> FlowSession {
        try FlowSession(.init(
            scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, catalog: WorkPhotosCatalog.catalog,
            launch: launch, onAlert: onAlert, folder: FlowWorkspace.repository.appendingPathComponent("Flows").path
        ))
    }

    private func line(_ outcome: FlowSession.Outcome) -> String? {
        if case let .kept(kept) = outcome { return kept.line }
        Issue.record("not kept: \(outcome)")
        return nil
    }
}
