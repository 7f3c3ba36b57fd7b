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
    public var seeds: String?
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaries + "/workphotos-seed")
        process.arguments = ["--store", store, fixture] + (seeds.map { ["--seeds", $0] } ?? [])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LaunchError(message: "workphotos-seed \(fixture) failed (exit \(process.terminationStatus)): "
                + String(decoding: message, as: UTF8.self))
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
