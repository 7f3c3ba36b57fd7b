import Console
import Foundation
import PresenterKit
import TextUI
import WorkPhotos
import WorkPhotosDrive
import WorkPhotosSQLite

/// The composition root's entry point: reads the launch arguments, wires real or stub services,
/// and runs the text UI until `quit` or the end of input.
@main
enum WorkPhotosApp {
    static func main() async {
        exit(await run())
    }

    /// Exit codes: 0 after a normal quit, 2 for bad launch arguments or an unusable photo store.
    @MainActor
    static func run() async -> Int32 {
        Console.ignoreBrokenPipes()
        let options: LaunchOptions
        let storePath: String
        do {
            options = try readOptions()
            // A missing or unreadable store is said before anything is shown; it is never created
            // or repaired over the user's data.
            storePath = options.photosStore ?? DefaultStorePath.resolve()
            try PhotoStore.checkFile(at: storePath)
        } catch {
            return failed(error)
        }
        // SQLite opens the store on another thread. Under the automation protocol the first screen
        // does not wait for it: a file that is not a WorkPhotos store, or a damaged one, stops the
        // app with code 2 as soon as that is known (a few milliseconds in, so a flow fails at its
        // launch or its first step, with the store's error in the app's standard error), and at
        // the latest when the input ends.
        let terminal = options.isAutomation ? nil : StandardInputTerminal.make()
        let store = OpeningPhotoStore(path: storePath) { error in
            DispatchQueue.main.async { MainActor.assumeIsolated { stop(error, terminal: terminal) } }
        }
        // A person (or a script piping lines in) sees no screen of a store that cannot work: only
        // the automation protocol, which a flow runner reads, shows the first screen meanwhile.
        if !options.isAutomation, case .failure(let error) = store.opened() {
            return failed(error)
        }

        // A person at a terminal sees the screen only; the log goes to a file. A script (or a
        // redirected standard error) gets the log on standard error, where the runner reads it.
        let logger: any EventLogging = !options.isAutomation && Console.isTerminal(STDERR_FILENO)
            ? FileLogger(path: FileLogger.defaultPath())
            : StandardErrorLogger()
        let scheduler = BackgroundScheduler()
        let stage = Stage()
        let composer = AppComposer(
            stage: stage, scheduler: scheduler, logger: logger,
            authenticator: makeAuthenticator(options, logger: logger), library: LoggingPhotoLibrary(store, logger: logger),
            drive: LoggingDrive(makeDrive(options, logger: logger), logger: logger), timeZone: { .current }
        )
        composer.start()

        let session = Session(stage: stage, pendingWork: { scheduler.pendingWorkCount })
        let adapter: Adapter = options.isAutomation
            ? AutomationServer(session: session, output: StandardOutput())
            : InteractiveShell(
                session: session, output: StandardOutput(), terminal: terminal,
                drawsPictures: Console.isTerminal(STDOUT_FILENO) && TerminalColour.supportsTrueColour(environment: ProcessInfo.processInfo.environment)
            )
        let loop = InputLoop(adapter: adapter, session: session)
        scheduler.onSettle = { loop.settle() }
        let interrupt = terminal.map(restoreOnInterrupt)

        await loop.run()
        interrupt?.forEach { $0.cancel() }
        terminal?.restore()
        if case .failure(let error) = store.opened() {
            return failed(error)
        }
        return 0
    }

    /// Says why the app cannot go on, the one way it always does, and gives its exit code, 2.
    private static func failed(_ error: any Error) -> Int32 {
        Console.error("workphotos: error: \(error)\n")
        return 2
    }

    /// Ends the app on a store that could not be opened: the terminal put back, the error said, code 2.
    @MainActor
    private static func stop(_ error: StoreError, terminal: StandardInputTerminal?) {
        terminal?.restore()
        exit(failed(error))
    }

    private static func readOptions() throws -> LaunchOptions {
        try UserDefaultsLaunchDefaults.validateShape(of: CommandLine.arguments)
        let defaults = UserDefaultsLaunchDefaults()
        return try LaunchOptions.load(from: defaults, argumentKeys: defaults.argumentKeys, allowsStubs: isTestBuild)
    }

    /// Stubs are honoured only by test builds: a debug build, or the optimised testing build the
    /// flows can run (`-Xswiftc -DTESTING`, `make testing-app`). A release build refuses them.
    private static var isTestBuild: Bool {
        #if DEBUG || TESTING
        true
        #else
        false
        #endif
    }

    /// The one place that decides which sign-in the app uses.
    private static func makeAuthenticator(_ options: LaunchOptions, logger: any EventLogging) -> any Authenticating {
        #if DEBUG || TESTING
        if let stubs = options.stubs {
            logger.log("using stub services (-ui-testing YES)")
            return StubAuthenticator(user: stubs.user, password: stubs.password, isOffline: stubs.isOffline)
        }
        #endif
        // The account store is opened at the first sign-in (off the main actor), not before the
        // Login screen: what it says about the store is logged then.
        let accountsStore = options.accountsStore
        return FirstUseAuthenticator {
            let path = accountsStore ?? DefaultStorePath.resolve(file: "accounts.sqlite")
            do throws(AccountStoreError) {
                let store = try AccountStore.open(at: path)
                logger.log("signing in against the account store at \(path)")
                return AccountAuthenticator(store: store)
            } catch {
                logger.log("warning: real sign-in is unavailable: \(error)")
                return UnconfiguredAuthenticator(reason: Self.unavailableReason(error))
            }
        }
    }

    /// The one place that decides where uploads go: the test drive when stubbed (unless a real
    /// `-drive.folder` is given), else that folder or the per-user default. A folder that cannot
    /// take uploads is said in the log now; the app runs on, and an upload says it again on screen.
    private static func makeDrive(_ options: LaunchOptions, logger: any EventLogging) -> any Drive {
        #if DEBUG || TESTING
        if let stubs = options.stubs, options.driveFolder == nil {
            let seconds = stubs.driveDelay
            var failures = stubs.driveFailures
            if let marker = stubs.driveFlakyMarker {
                // Flaky across launches: the first launch to find no marker leaves one and fails
                // its first upload; every later launch finds it and uploads.
                failures = FileManager.default.fileExists(atPath: marker) ? 0 : 1
                if failures == 1, !FileManager.default.createFile(atPath: marker, contents: Data()) {
                    logger.log("warning: -drive.flaky \(marker): cannot make the marker file; every launch will fail its first upload")
                }
            }
            return StubDrive(failures: failures, delay: .seconds(seconds)) { _ in
                // Not a wait for anything: this sleep *is* the slow network `-drive.delay` asks the
                // test drive to be, spent inside the upload's background job (the app is busy all
                // along). Flows and the runner never sleep; they wait on the frames the app pushes.
                Thread.sleep(forTimeInterval: seconds)
            }
        }
        #endif
        let drive = options.driveFolder.map { FolderDrive(folder: $0) }
            ?? FolderDrive(folder: DefaultStorePath.resolve(file: "Drive"), createsFolder: true)
        if !drive.createsFolder, let problem = drive.problem() {
            logger.log("warning: uploads will fail until this is put right: \(problem)")
        } else {
            logger.log("uploads go to the drive folder \(drive.folder)")
        }
        return drive
    }

    /// What the Login screen says when the account store cannot be used (no path on screen).
    private static func unavailableReason(_ error: AccountStoreError) -> String {
        switch error {
        case .missing:
            return "No account store yet: add an account with workphotos-accounts add NAME."
        default:
            return "Sign-in is unavailable: the account store cannot be used. The log says why."
        }
    }

    /// Ctrl-C, a `kill` or a closed terminal while a password is typed (echo off) must not leave
    /// the terminal silent: each puts it back, then exits as that signal would (128 + its number).
    @MainActor
    private static func restoreOnInterrupt(_ terminal: StandardInputTerminal) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated { terminal.restore() }
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
