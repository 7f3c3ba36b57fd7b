import FlowKit
import Foundation
import TextBytes

/// The golden screens under some folders and which flows check them: what `snapshots` lists,
/// prunes and accepts. A golden is in a `__Screens__` folder (`GoldenScreenFile`); a flow checks
/// it with an `assertScreen` step, wherever the step is (a `repeat`, a flow `runFlow` includes).
package struct GoldenScreenCatalog: Sendable {
    /// One golden screen file, or one a flow checks that is not recorded yet.
    package struct Entry: Sendable, Equatable {
        /// The golden file.
        package let path: String
        /// The screen's name.
        package let screen: String
        /// The flow files whose `assertScreen` steps check it (empty: none does).
        package let checkedBy: [String]
        /// True when the golden file is there.
        package let exists: Bool
        /// The pending file beside it, when a run left one (the screen that did not match).
        package let pending: String?
        /// True when a Swift test beside the folder checks it (`OWNER.swift` is there): no flow
        /// refers to it, and it is not unused for that.
        package let isSwiftTests: Bool

        /// No flow checks it and no Swift test beside it does: `snapshots prune` removes it.
        package var isUnused: Bool { exists && checkedBy.isEmpty && !isSwiftTests }
    }

    /// Every golden screen found or checked, by path.
    package let entries: [Entry]

    /// The golden screens under `paths` (folders, or flow files for their own screens), with the
    /// flows of `suite` that check each.
    package static func survey(_ paths: [String], suite: FlowSuite) -> GoldenScreenCatalog {
        // Keyed by the absolute path, shown as found (or as the flow names it).
        var checks: [String: [String]] = [:]  // golden → flow files
        var shown: [String: String] = [:]
        for flow in suite.flows {
            walk(flow.steps) { step, name in
                let path = GoldenScreenFile.path(screen: name, checkedBy: step.location.file)
                let key = FlowParser.key(path)
                shown[key] = shown[key] ?? path
                if !(checks[key] ?? []).contains(flow.file) { checks[key, default: []].append(flow.file) }
            }
        }
        var goldens: Set<String> = []
        var pendings: Set<String> = []
        for path in paths {
            let files: [String]
            if InputFile.kind(path) == .folder {
                files = InputFile.entries(below: path).filter { $0.kind == .file }.map(\.path)
            } else {
                let owner = GoldenScreenFile.owner(of: path)
                let folder = GoldenScreenFile.folder(of: path)
                files = InputFile.entries(below: folder).filter { $0.kind == .file }.map(\.path)
                    .filter { GoldenScreenFile.parts(ofGolden: PathText.name(of: GoldenScreenFile.golden(ofPending: $0) ?? $0))?.owner == owner }
            }
            for file in files where PathText.name(of: PathText.parent(of: file)) == GoldenScreenFile.folderName {
                if let golden = GoldenScreenFile.golden(ofPending: file), GoldenScreenFile.parts(ofGolden: PathText.name(of: golden)) != nil {
                    pendings.insert(FlowParser.key(golden))
                    goldens.insert(FlowParser.key(golden))
                    shown[FlowParser.key(golden)] = golden
                } else if GoldenScreenFile.parts(ofGolden: PathText.name(of: file)) != nil {
                    goldens.insert(FlowParser.key(file))
                    shown[FlowParser.key(file)] = file
                }
            }
        }
        // The goldens the flows check that lie under the paths surveyed, recorded or not.
        for key in checks.keys where paths.contains(where: { covers($0, key) }) { goldens.insert(key) }
        let entries = goldens.compactMap { key -> Entry? in
            let path = shown[key] ?? key
            guard let parts = GoldenScreenFile.parts(ofGolden: PathText.name(of: path)) else { return nil }
            let swift = (PathText.parent(of: PathText.parent(of: path)) as NSString).appendingPathComponent(parts.owner + ".swift")
            return Entry(
                path: path, screen: parts.screen, checkedBy: checks[key] ?? [], exists: InputFile.kind(path) == .file,
                pending: pendings.contains(key) ? GoldenScreenFile.pendingPath(for: path) : nil, isSwiftTests: InputFile.kind(swift) == .file
            )
        }.sorted { $0.path < $1.path }
        return GoldenScreenCatalog(entries: entries)
    }

    /// Every `assertScreen` of `steps`, the steps they hold included.
    static func walk(_ steps: [Step], _ visit: (Step, String) -> Void) {
        for step in steps {
            if let assert = step.action as? AssertScreen { visit(step, assert.name) }
            for inner in step.action.inner { walk(inner.steps, visit) }
        }
    }

    /// True when `path` is `root` or below it (both as given, or both made absolute).
    static func covers(_ root: String, _ path: String) -> Bool {
        let root = FlowParser.key(root), path = FlowParser.key(path)
        if InputFile.kind(root) == .folder { return path == root || path.hasPrefix(root + "/") }
        return PathText.parent(of: path) == PathText.parent(of: GoldenScreenFile.path(screen: "x", checkedBy: root))
            && GoldenScreenFile.parts(ofGolden: PathText.name(of: path))?.owner == GoldenScreenFile.owner(of: root)
    }

    /// Puts the pending file of `entry` in place of its golden (checked to be a golden screen
    /// first, written through ``OutputFile``), then removes the pending file.
    package static func accept(_ entry: Entry) throws(AcceptError) {
        guard let pending = entry.pending else { throw AcceptError(path: entry.path, reason: "nothing is pending for it") }
        let text: String
        switch InputFile.read(pending, limit: GoldenScreenStore.fileLimit) {
        case let .failure(problem):
            throw AcceptError(path: pending, reason: "\(problem)")
        case let .success(data):
            switch TextBytes.string(data) {
            case let .success(read):
                text = read
            case let .failure(problem):
                throw AcceptError(path: pending, reason: problem.statement("it") + " at line \(problem.line), column \(problem.column), so it is not a screen a run wrote: delete it")
            }
        }
        let golden: GoldenScreen
        do {
            golden = try GoldenScreen(parsing: text)
        } catch {
            throw AcceptError(path: pending, reason: "it is not a golden screen (\(error)): delete it, and run the flow again")
        }
        do {
            try OutputFile.write(golden.text, to: entry.path)
        } catch {
            throw AcceptError(path: entry.path, reason: error.explanation)
        }
        _ = try? FileManager.default.removeItem(atPath: pending)
    }

    /// Why a pending screen could not be accepted.
    package struct AcceptError: Error, Sendable, CustomStringConvertible {
        /// The file at fault.
        package let path: String
        /// What is wrong, and what to do.
        package let reason: String

        /// `PATH: REASON`.
        package var description: String { "\(PathText.shown(path)): \(reason)" }
    }
}
