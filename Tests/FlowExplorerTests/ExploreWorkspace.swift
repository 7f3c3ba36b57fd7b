import Console
import Foundation
import ProcessTesting
import Testing

/// A folder with a scheme for the explore sample (Tests/ExploreSample), in which the built `flow`
/// runs as a tester would: `flow explore`, then `flow run` on what it wrote.
struct ExploreWorkspace {
    static let binaries = BuiltProduct.url("flow").deletingLastPathComponent()
    static let sample = BuiltProduct.url("explore-sample").path
    static let fakeApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FlowKitTests/Fixtures/fake-app.sh").path

    let folder: URL

    /// A workspace whose default scheme launches the sample (`app`: the lending desk, `desk`) with
    /// `bugs` planted, and `extra` lines.
    init(bugs: [String] = [], extra: String = "", app: String? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Flows/schemes"), withIntermediateDirectories: true)
        try scheme(bugs: bugs, extra: extra, app: app)
    }

    /// Writes the default scheme again: the sample (`app`) with `bugs` planted, and `extra` lines.
    func scheme(bugs: [String], extra: String = "", app: String? = nil) throws {
        let words = (app.map { ["-sample.app", $0] } ?? []) + (bugs.isEmpty ? [] : ["-sample.bugs", "\"\(bugs.joined(separator: ","))\""])
        let arguments = words.isEmpty ? "" : "arguments: [\(words.joined(separator: ", "))]\n"
        try write("Flows/schemes/default.yaml", "app: \(Self.sample)\n" + arguments + extra)
    }

    func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }

    /// The files in `path`, sorted.
    func files(in path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(path).path)) ?? []).sorted()
    }

    /// Runs `flow ARGUMENTS` here.
    func flow(_ arguments: [String], environment: [String: String]? = nil) throws -> ChildProcess.Output {
        try ChildProcess.run(Self.binaries.appendingPathComponent("flow").path, arguments, environment: environment, currentDirectory: folder.path)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
