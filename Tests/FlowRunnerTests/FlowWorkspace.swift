import Console
import Foundation
import Testing

/// A folder laid out like the repository (Flows/, Flows/schemes/default.yaml) in which the built
/// `flow` binary runs, on the built app and seeder and the repository's Seeds/.
struct FlowWorkspace {
    static let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let folder: URL

    init(scheme extra: String = "") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flow-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Flows/schemes"), withIntermediateDirectories: true)
        try write("Flows/schemes/default.yaml", """
            app: \(Self.binaries.appendingPathComponent("workphotos").path)
            seeder: \(Self.binaries.appendingPathComponent("workphotos-seed").path)
            seeds: \(Self.repository.appendingPathComponent("Seeds").path)
            store: {argument: photos.store, file: photos.sqlite}
            credentials: [test.user, test.password]
            arguments: [-ui-testing, YES]
            defaults: {model.user: test, model.password: "1234"}
            variables: {test.user: test, test.password: "1234"}
            environment: {TZ: UTC}
            \(extra)
            """)
    }

    func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// Runs `flow ARGUMENTS` in the workspace (with `environment` instead of this process's, when given).
    func flow(_ arguments: [String], environment: [String: String]? = nil) throws -> ChildProcess.Output {
        try ChildProcess.run(Self.binaries.appendingPathComponent("flow").path, arguments, environment: environment, currentDirectory: folder.path)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// A flow that passes: sign in, answer the alert, check the counts.
    static func passing(_ name: String, tags: [String] = []) -> String {
        """
        name: \(name)
        tags: [\(tags.joined(separator: ", "))]
        steps:
          - Login.login
          - assertVisible: {alert: PhotosPermission}
          - answerAlert: OK
          - Glance.checkCounts: {work: 8, other: 1}
        """
    }
}

extension ChildProcess.Output {
    /// The flows' names from the PASS and FAIL lines.
    var flowLines: [(passed: Bool, name: String)] {
        stdout.split(separator: "\n").compactMap { line in
            let parts = line.components(separatedBy: "  ")
            guard parts.count >= 3, parts[0] == "PASS" || parts[0] == "FAIL" else { return nil }
            return (parts[0] == "PASS", parts[1])
        }
    }
}

import FlowRunner

extension FlowWorkspace {
    /// The default scheme as a value, for tests that drive the runner in process.
    static var scheme: Scheme {
        Scheme(
            name: "default", app: binaries.appendingPathComponent("workphotos").path, seeder: binaries.appendingPathComponent("workphotos-seed").path,
            seeds: repository.appendingPathComponent("Seeds").path, store: Scheme.Store(argument: "photos.store", file: "photos.sqlite"),
            credentials: ["test.user", "test.password"],
            launch: LaunchSettings(arguments: ["-ui-testing", "YES"], defaults: [("model.user", "test"), ("model.password", "1234")],
                                   environment: [("TZ", "UTC")]),
            variables: ["test.user": "test", "test.password": "1234"]
        )
    }
}
