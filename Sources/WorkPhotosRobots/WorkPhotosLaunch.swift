import Console
import FlowKit
import Foundation

/// How a flow starts WorkPhotos: seed a fresh store with `workphotos-seed` (a separate process),
/// then launch `workphotos` on it with stub services configured by launch arguments.
public struct WorkPhotosLaunch: Sendable {
    public var fixture = "default"
    public var user = "test"
    public var password = "1234"
    public var offline = false
    public var arguments: [String] = []
    /// Where the built `workphotos` and `workphotos-seed` are: `WORKPHOTOS_BIN_DIR`, else beside
    /// the running test binary (the build folder).
    public var binaries = ProcessInfo.processInfo.environment["WORKPHOTOS_BIN_DIR"]
        ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().path
    public var timeout: TimeInterval = 10

    public init(fixture: String = "default", offline: Bool = false, arguments: [String] = []) {
        self.fixture = fixture
        self.offline = offline
        self.arguments = arguments
    }

    /// A seeded store in a fresh folder, and an app ready to launch on it.
    public func prepare(reporter: any FailureReporting = PrintReporter()) throws -> PreparedApp {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-flow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("photos.sqlite").path
        do {
            try seed(store)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        var launchArguments = ["-automation", "YES", "-photos.store", store, "-ui-testing", "YES",
                               "-model.user", user, "-model.password", password]
        if offline { launchArguments += ["-model.offline", "YES"] }
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"  // dates read the same on every machine
        let app = FlowApp(
            executable: binaries + "/workphotos", arguments: launchArguments + arguments, environment: environment,
            variables: ["test.user": user, "test.password": password], timeout: timeout, reporter: reporter
        )
        return PreparedApp(app: app, folder: folder)
    }

    private func seed(_ store: String) throws {
        let result = try ChildProcess.run(binaries + "/workphotos-seed", ["--store", store, fixture])
        guard result.status == 0, !result.signaled else {
            throw LaunchError(message: "workphotos-seed \(fixture) failed (\(result.signaled ? "signal" : "exit") \(result.status)): " + result.stderr)
        }
    }

    public struct LaunchError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}

/// An app configured on its own seeded store; `cleanUp()` ends it and removes the store.
public struct PreparedApp: Sendable {
    public let app: FlowApp
    let folder: URL
    /// The store the app was launched on.
    public var storePath: String { folder.appendingPathComponent("photos.sqlite").path }

    public func cleanUp() {
        app.terminate()
        try? FileManager.default.removeItem(at: folder)
    }
}
