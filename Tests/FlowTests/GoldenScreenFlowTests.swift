import FlowKit
import FlowTesting
import Foundation
import Testing
import WorkPhotosRobots

/// Golden screens from Swift, through swift-snapshot-testing: the same files and the same rule as
/// the YAML flows' `assertScreen`.
struct GoldenScreenFlowTests {
    /// The committed golden that `GoldenScreenFlowTests.yaml` beside this file checks too.
    @Test(.workPhotosApp())
    func theLoginScreenMatchesTheGoldenItsYAMLFlowChecksToo() {
        LoginRobot().assertScreen(matches: "login")
    }

    @Test(.workPhotosApp())
    func aGoldenThatMatchesIsNeitherRecordedNorWritten() throws {
        let golden = GoldenScreenFile.path(screen: "login", checkedBy: #filePath)
        let before = try #require(FileManager.default.contents(atPath: golden), "the golden is committed: a first run must not be what makes it")
        LoginRobot().assertScreen(matches: "login")
        #expect(FileManager.default.contents(atPath: golden) == before)
    }

    @Test(.workPhotosApp())
    func aGoldenIsRecordedThenMatchedThenFailsWithADiffWhenTheScreenChanges() throws {
        let (app, failures, folder) = try isolated()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checking = CallSite(file: folder + "/Checks.swift", line: #line).sourceLocation
        let golden = GoldenScreenFile.path(screen: "login", checkedBy: checking.filePath)

        withKnownIssue("the first run records the golden with a warning") {
            app.assertScreen(matches: "login", sourceLocation: checking)
        } matching: { $0.severity == .warning && "\($0)".contains("recorded golden screen \"login\"") }
        #expect(FileManager.default.fileExists(atPath: golden), "swift-snapshot-testing wrote it where the naming rule says")
        let recorded = try #require(FileManager.default.contents(atPath: golden))
        #expect(String(decoding: recorded, as: UTF8.self).hasPrefix(GoldenScreen.header + "\n"))

        app.assertScreen(matches: "login", sourceLocation: checking)
        #expect(failures.failures.isEmpty, "the same screen matches")

        LoginRobot(app: app).typeUsername("bob")
        app.assertScreen(matches: "login", sourceLocation: checking)
        let failure = try #require(failures.failures.first)
        #expect(failure.reason.contains("does not match its golden \(golden)"))
        #expect(failure.reason.contains("-[1]  Username: (empty)\n+[1]  Username: bob"), "a unified line diff")
        #expect(FileManager.default.contents(atPath: golden) == recorded, "a golden that differs is never rewritten")
        let pending = try String(contentsOfFile: GoldenScreenFile.pendingPath(for: golden), encoding: .utf8)
        #expect(pending.contains("Username: bob"))
    }

    @Test(.workPhotosApp())
    func aMaskedIdentifierIgnoresItsValue() throws {
        let (app, failures, folder) = try isolated()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checking = CallSite(file: folder + "/Checks.swift", line: #line).sourceLocation
        LoginRobot(app: app).typeUsername("alice")
        withKnownIssue { app.assertScreen(matches: "form", masking: ["Username"], sourceLocation: checking) } matching: { $0.severity == .warning }
        #expect(try String(contentsOfFile: GoldenScreenFile.path(screen: "form", checkedBy: checking.filePath), encoding: .utf8).contains("«masked»: «masked»"))
        LoginRobot(app: app).typeUsername("bob")
        app.assertScreen(matches: "form", masking: ["Username"], sourceLocation: checking)
        #expect(failures.failures.isEmpty)
    }

    @Test(.workPhotosApp())
    func aGoldenThatIsNotOneIsALocatedFailureNotACrash() throws {
        let (app, failures, folder) = try isolated()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checking = CallSite(file: folder + "/Checks.swift", line: #line).sourceLocation
        let golden = GoldenScreenFile.path(screen: "login", checkedBy: checking.filePath)
        try FileManager.default.createDirectory(atPath: GoldenScreenFile.folder(of: checking.filePath), withIntermediateDirectories: true)
        try Data([0x3C, 0x3C, 0x3C, 0x3C, 0xFF, 0x00, 0x0A]).write(to: URL(fileURLWithPath: golden))

        app.assertScreen(matches: "login", sourceLocation: checking)
        let failure = try #require(failures.failures.first)
        #expect(failure.reason == "\(golden):1:5: the golden screen is not UTF-8 text: byte 0xFF is never in UTF-8 (Latin-1, or another encoding?); record it again")
        try Data("<<<<<<< HEAD\n".utf8).write(to: URL(fileURLWithPath: golden))
        app.clearFailures()
        app.assertScreen(matches: "login", sourceLocation: checking)
        #expect(failures.failures.last?.reason.hasPrefix("\(golden):1:1: it is not a golden screen") == true)
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == "<<<<<<< HEAD\n", "never rewritten without record")
    }

    /// The app of the test with its failures collected here rather than as issues, and a folder of its own.
    private func isolated() throws -> (FlowApp, FailureCollector, String) {
        let app = try #require(FlowApp.current)
        let failures = FailureCollector()
        app.reporter = failures
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)").path
        return (app, failures, folder)
    }
}
