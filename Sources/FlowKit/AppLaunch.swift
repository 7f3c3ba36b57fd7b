import Console
import Foundation

/// How a test starts an app: on a store of its own, or, for an app that keeps no data, as it is.
///
/// With a seeder and a store, the seeder resets a fresh store to a fixture in a new temporary
/// folder, and the app is made ready to launch on it; with neither (``init(app:arguments:environment:variables:binaries:timeout:)``),
/// nothing is seeded and no store argument is passed. Either way the app runs under the automation
/// protocol, with the test's launch arguments, environment and variables. The seeder and the store
/// go together, as in a flow runner's scheme: ``StoreSetup`` decides for both.
///
/// It says everything about the app it launches, so any app's tests use it with their own
/// settings (WorkPhotos' are in `AppLaunch.workPhotos(...)`, beside its robots); the settings
/// are those a flow runner's scheme gives (`app`, `seeder`, `seeds`, `store`, `arguments`,
/// `environment`, `variables`). A test framework's glue (FlowTesting's `LaunchAppTrait`) launches
/// it for each test and always cleans up afterwards.
public struct AppLaunch: Sendable {
    /// Where the app reads its store: each test's store is passed as `-argument FOLDER/file`
    /// (``AppStore``, as a flow runner's scheme has it).
    public typealias Store = AppStore

    /// The app's executable, by its name in ``binaries`` (`workphotos`).
    public var app: String
    /// The seeder's executable, by its name in ``binaries``: run as
    /// `SEEDER --store PATH [--seeds FOLDER] FIXTURE`, it resets the store at PATH to the fixture;
    /// nil for an app with no store.
    public var seeder: String?
    /// Where the app reads its store; nil for an app with no store.
    public var store: Store?
    /// The fixture each test's store is seeded from; for an app with no store, only
    /// `StoreSetup.defaultFixture` (the app as it is launched).
    public var fixture: String
    /// The folder of the fixtures, passed to the seeder as `--seeds`; nil for the seeder's default.
    public var seeds: String?
    /// The app's launch arguments, after `-automation YES` and its store's.
    public var arguments: [String]
    /// Environment variables for the app, over the test process's own.
    public var environment: [String: String]
    /// Values the robots and steps can read (`test.user`), as ``FlowApp/variables``.
    public var variables: [String: String]
    /// The folder of the built app and seeder: by default, the running test binary's (the build
    /// folder, where `swift build --build-tests` puts every executable).
    public var binaries: String
    /// The longest any step waits for the app (seconds): a safety net for an app that hangs.
    public var timeout: TimeInterval
    /// Where each test's own folder, holding its store, is made: the system's temporary folder
    /// unless a test gives another.
    public var temporaryFolder = FileManager.default.temporaryDirectory.path

    /// A launch of `app` on a store seeded by `seeder` from `fixture`; see each property.
    public init(
        app: String, seeder: String, store: Store, fixture: String = StoreSetup.defaultFixture, seeds: String? = nil, arguments: [String] = [],
        environment: [String: String] = [:], variables: [String: String] = [:], binaries: String = AppLaunch.builtBinaries(),
        timeout: TimeInterval = 10
    ) {
        self.app = app
        self.seeder = seeder
        self.store = store
        self.fixture = fixture
        self.seeds = seeds
        self.arguments = arguments
        self.environment = environment
        self.variables = variables
        self.binaries = binaries
        self.timeout = timeout
    }

    /// A launch of `app`, which keeps no data, as it is: nothing seeded, no store argument; see
    /// each property.
    public init(
        app: String, arguments: [String] = [], environment: [String: String] = [:], variables: [String: String] = [:],
        binaries: String = AppLaunch.builtBinaries(), timeout: TimeInterval = 10
    ) {
        self.app = app
        self.fixture = StoreSetup.defaultFixture
        self.arguments = arguments
        self.environment = environment
        self.variables = variables
        self.binaries = binaries
        self.timeout = timeout
    }

    /// The folder of the built executables: the value of `environmentVariable` when it is set
    /// (a build of another configuration, an installed app), else the running test binary's.
    public static func builtBinaries(overriddenBy environmentVariable: String? = nil) -> String {
        if let environmentVariable, let folder = ProcessInfo.processInfo.environment[environmentVariable], !folder.isEmpty {
            return folder
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().path
    }

    /// The app ready to launch in a fresh temporary folder of the test's own: on a store seeded
    /// there, or as it is for an app with no store; its failures go to `reporter`. Nothing is left
    /// behind when seeding fails.
    public func prepare(reporter: any FailureReporting = PrintReporter()) throws(LaunchError) -> PreparedApp {
        let setup = try checkSettings()
        let executable = try executable(app, "app")
        let folder = URL(fileURLWithPath: temporaryFolder).appendingPathComponent("flow-app-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw LaunchError(message: "cannot make a folder for the test at \(folder.path): \(error.localizedDescription)")
        }
        let prepared = PreparedApp(
            app: FlowApp(
                executable: executable, arguments: AutomationLaunch.arguments + (store?.arguments(in: folder) ?? []) + arguments,
                environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, variables: variables, timeout: timeout,
                reporter: reporter
            ),
            folder: folder, store: store
        )
        guard case .seeded = setup else { return prepared }
        do {
            try seed(prepared.storePath)
        } catch {
            prepared.cleanUp()
            throw error
        }
        return prepared
    }

    /// Resets the store at `path` to ``fixture`` with the seeder (as ``prepare(reporter:)`` does;
    /// a test also calls it to reseed the store under the running app). Refused for an app with
    /// no store, which has no seeder.
    public func seed(_ storePath: String) throws(LaunchError) {
        guard case let .seeded(seederName, _) = try checkSettings() else {
            throw LaunchError(message: noSeeder(for: "seed \(fixture)", takeOut: "the seed"))
        }
        let seeder = try executable(seederName, "seeder")
        let result: ChildProcess.Output
        do {
            result = try ChildProcess.run(seeder, ["--store", storePath] + (seeds.map { ["--seeds", $0] } ?? []) + [fixture])
        } catch {
            throw LaunchError(message: "cannot run the seeder \(seeder): \(error.localizedDescription)")
        }
        guard result.status == 0, !result.signaled else {
            throw LaunchError(message: "\(seederName) \(fixture) failed (\(result.signaled ? "signal" : "exit") \(result.status)): " + result.stderr)
        }
    }

    /// The setup the settings give; settings that would launch the app wrongly, rather than fail
    /// plainly, are refused: half of a seeder and a store, a store's argument or file that is not
    /// one, a fixture the seeder would read as an option, or any fixture but the default without
    /// a seeder.
    private func checkSettings() throws(LaunchError) -> StoreSetup {
        let setup = StoreSetup(seeder: seeder, store: store)
        switch setup {
        case .seederWithoutStore:
            throw LaunchError(message: "the launch gives the seeder \"\(seeder ?? "")\" but no store: give store: AppLaunch.Store(argument: \"app.store\", file: \"app.sqlite\") too (where the app reads what the seeder wrote), or take the seeder out for an app with no store")
        case .storeWithoutSeeder:
            throw LaunchError(message: "the launch gives a store but no seeder: give seeder: too (the program that writes the store from a fixture), or take the store out for an app with no store")
        case .noStore:
            if StoreSetup.needsSeeder(fixture) { throw LaunchError(message: noSeeder(for: "fixture \"\(fixture)\"", takeOut: "the fixture")) }
        case let .seeded(_, store):
            if !Store.isArgument(store.argument) {
                throw LaunchError(message: "the store's argument \"\(store.argument)\" should be the app's key for its store, without its dash")
            }
            if !Store.isFileName(store.file) {
                throw LaunchError(message: "the store's file \"\(store.file)\" should be a file name, without a folder")
            }
            if fixture.isEmpty || fixture.hasPrefix("-") {
                throw LaunchError(message: "the fixture \"\(fixture)\" should be a fixture's name: the seeder would read it as an option")
            }
        }
        return setup
    }

    /// `WHAT: the launch of APP has no seeder...`: why a fixture or a seed cannot be, and what to do.
    private func noSeeder(for what: String, takeOut: String) -> String {
        "\(what): the launch of \(app) has no seeder, so the app starts as it is launched; "
            + "give the launch a seeder and a store, or take \(takeOut) out"
    }

    private func executable(_ name: String, _ role: String) throws(LaunchError) -> String {
        let path = URL(fileURLWithPath: binaries).appendingPathComponent(name).path
        var isFolder: ObjCBool = false
        guard !name.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              FileManager.default.isExecutableFile(atPath: path) else {
            throw LaunchError(message: "no \(role) \"\(name)\" in \(binaries): build it first (swift build), or give the folder it is in")
        }
        return path
    }

    /// Why an app could not be prepared: an executable missing, or a fixture that would not seed.
    public struct LaunchError: Error, CustomStringConvertible {
        /// What went wrong and what to do, for the test's failure.
        public let message: String
        /// The message.
        public var description: String { message }
    }
}

/// An app ready to launch in a folder of its own, on its own seeded store when it has one;
/// ``cleanUp()`` ends it and removes the folder.
public struct PreparedApp: Sendable {
    /// The app, launched by the test (or its trait) when it is ready.
    public let app: FlowApp
    let folder: URL
    let store: AppStore?

    /// The store the app is launched on; for an app with no store, the test's own folder, which
    /// the app is not told of.
    public var storePath: String { store?.path(in: folder) ?? folder.path }

    /// Ends the app if it runs, and removes its folder and the store in it.
    public func cleanUp() {
        app.terminate()
        try? FileManager.default.removeItem(at: folder)
    }
}
