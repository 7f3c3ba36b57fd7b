import FlowKit
import Foundation
import SnapshotTesting
import Testing
import TextBytes

extension Snapshotting where Value == GoldenScreen, Format == String {
    /// A golden screen as its file holds it (FlowKit's `GoldenScreen`): the very text a YAML
    /// flow's `assertScreen` writes, in the same `.txt` files, diffed line by line as the flow
    /// runner diffs it. A file is read as a golden screen is (carriage returns as line ends, a
    /// final newline added), so both sides agree on what matches.
    public static var goldenScreen: Snapshotting<GoldenScreen, String> {
        let diffing = Diffing<String>.diff(
            toData: { Data($0.utf8) },
            fromData: { data in
                let text = String(decoding: data, as: UTF8.self)
                return (try? GoldenScreen(parsing: text))?.text ?? text
            },
            diffV2: { golden, now in LineDiff.unified(from: golden, to: now, fromName: "golden", toName: "the screen now").map { ($0, []) } }
        )
        return SimplySnapshotting<String>(pathExtension: GoldenScreenFile.pathExtension, diffing: diffing).pullback(\.text)
    }
}

extension FlowApp {
    /// Compares the idle screen with its golden screen `name`, kept beside the test file as a YAML
    /// flow keeps its own (`__Screens__/TESTFILE.NAME.txt`, FlowKit's `GoldenScreenFile`), through
    /// swift-snapshot-testing with the `Snapshotting.goldenScreen` strategy.
    ///
    /// - A golden that is missing is recorded, and the test passes with a warning saying so.
    /// - `record: true`, or `SNAPSHOT_TESTING_RECORD=all` in the environment, records it again.
    /// - Otherwise a screen that differs fails at the caller's line with a unified line diff, and
    ///   is written beside the golden (`NAME.txt.pending`) for the runner's `snapshots accept`.
    ///
    /// - Parameters:
    ///   - name: the screen's name (letters, digits, `_` and `-`), which names its file.
    ///   - masking: identifiers whose label and value change from run to run, shown as `«masked»`.
    ///   - record: true records the golden again; nil records it only when it is missing.
    ///   - sourceLocation: where a failure or a warning is reported; its file is the one whose
    ///     golden screens these are (the test's, by default).
    public func assertScreen(
        matches name: String, masking: [String] = [], record: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // Inside a robot's method, the golden is the test's (its caller's), as every failure is.
        let sourceLocation = CallSite.step?.sourceLocation ?? sourceLocation
        let site = CallSite(sourceLocation)
        let filePath = sourceLocation.filePath
        let step = "compare the screen with its golden \"\(name)\""
        if let problem = GoldenScreenFile.problem(withName: name) { return fail(step, problem, site: site) }
        guard let frame = idleFrame(sourceLocation: sourceLocation) else { return }
        let current: GoldenScreen
        do {
            current = try GoldenScreen(screen: frame.screen, rendered: frame.text, masking: masking)
        } catch {
            return fail(step, error.description, site: site)
        }
        let path = GoldenScreenFile.path(screen: name, checkedBy: filePath)
        let exists = FileManager.default.fileExists(atPath: path)
        let recording = record ?? (ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"] == "all")
        if exists, !recording, let problem = Self.problem(readingGolden: path) { return fail(step, problem, site: site) }
        let message = verifySnapshot(
            of: current, as: .goldenScreen, named: name, record: recording || !exists ? .all : .never,
            snapshotDirectory: GoldenScreenFile.folder(of: filePath), fileID: StaticString(stringLiteral: "FlowTesting"),
            file: StaticString(stringLiteral: "FlowTesting"), testName: GoldenScreenFile.owner(of: filePath)
        )
        if recording || !exists {
            // swift-snapshot-testing calls a recording a failure; here it is a warning the test passes with.
            guard FileManager.default.fileExists(atPath: path) else { return fail(step, message ?? "the golden \(path) was not written", site: site) }
            Issue.record("\(exists ? "re-recorded" : "recorded") golden screen \"\(name)\": \(path) (review it and commit it)", severity: .warning, sourceLocation: sourceLocation)
            return
        }
        guard let message else { return }
        let pending = GoldenScreenFile.pendingPath(for: path)
        let written = (try? Data(current.text.utf8).write(to: URL(fileURLWithPath: pending), options: .atomic)) != nil
        fail(step, "the screen does not match its golden \(path)"
            + (written ? "; the screen now is in \(pending), for snapshots accept" : "") + "\n\n" + message, site: site)
    }

    /// Why the golden at `path` is not one, located (`PATH:LINE:COLUMN: ...`), or nil when it is.
    static func problem(readingGolden path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return "cannot read the golden \(path)" }
        let text: String
        switch TextBytes.string(data) {
        case let .success(read): text = read
        case let .failure(problem): return "\(path):\(problem.line):\(problem.column): " + problem.statement("the golden screen") + "; record it again"
        }
        do {
            _ = try GoldenScreen(parsing: text)
            return nil
        } catch {
            if case let .malformed(line, column, _) = error { return "\(path):\(line):\(column): \(error)" }
            return "\(path): \(error)"
        }
    }
}

extension Robot {
    /// Compares the robot's screen with its golden screen `name` (see `FlowApp`'s
    /// `assertScreen(matches:masking:record:sourceLocation:)`), and
    /// returns the robot, so a chain goes on: `LoginRobot().login().assertScreen(matches: "glance")`.
    @discardableResult
    public func assertScreen(
        matches name: String, masking: [String] = [], record: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        app.assertScreen(matches: name, masking: masking, record: record, sourceLocation: sourceLocation)
        return self
    }
}
