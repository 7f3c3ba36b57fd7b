import Foundation
import PresenterKit
import TextUI
import WorkPhotos
import WorkPhotosDrive
import WorkPhotosSQLite

/// The composition root: reads WorkPhotos' launch arguments, opens its photo store, wires real or
/// stub services and shows the first screen; TextUI's entry point does the rest of `main`.
@main
enum WorkPhotosApp {
    static func main() async {
        await TextApp.main(name: "workphotos", compose: compose)
    }

    @MainActor
    private static func compose(_ launch: TextApp.Launch) throws -> AppComposer {
        let options = try LaunchOptions.load(
            from: launch.defaults, argumentKeys: launch.argumentKeys, toolkitKeys: TextApp.launchKeys, allowsStubs: LaunchKeys.buildAllowsStubs
        )
        // A missing or unreadable store is said before anything is shown; it is never created
        // or repaired over the user's data.
        let storePath = options.photosStore ?? DefaultStorePath.resolve()
        try PhotoStore.checkFile(at: storePath)
        // SQLite opens the store on another thread. Under the automation protocol the first screen
        // does not wait for it: a file that is not a WorkPhotos store, or a damaged one, stops the
        // app with code 2 as soon as that is known (a few milliseconds in, so a flow fails at its
        // launch or its first step, with the store's error in the app's standard error), and at
        // the latest when the input ends.
        let store = OpeningPhotoStore(path: storePath) { launch.stop(because: $0) }
        launch.checkAtEnd { _ = try store.opened().get() }
        // A person (or a script piping lines in) sees no screen of a store that cannot work: only
        // the automation protocol, which a flow runner reads, shows the first screen meanwhile.
        if !launch.isAutomation { _ = try store.opened().get() }

        let logger = launch.logger
        let composer = AppComposer(
            stage: launch.stage, scheduler: launch.scheduler, logger: logger,
            authenticator: makeAuthenticator(options, logger: logger), library: LoggingPhotoLibrary(store, logger: logger),
            drive: LoggingDrive(makeDrive(options, logger: logger), logger: logger), timeZone: { .current }
        )
        composer.start()
        return composer
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
                // Said in the log, so a run that times out on it shows why in the step's lines.
                logger.log("test drive: a slow network (-drive.delay \(seconds)): an upload takes \(seconds) s")
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
}
