import PresenterKit

/// The app's launch arguments, read and checked once at start.
///
/// Every key the app understands is listed in `Key`, and checked by PresenterKit's `LaunchKeys`:
/// any other `-key` is reported with the nearest known one, because a mistyped stub that is
/// silently ignored makes a flow test lie.
public struct LaunchOptions: Equatable, Sendable {
    public enum Key {
        public static let uiTesting = "ui-testing"
        public static let modelUser = "model.user"
        public static let modelPassword = "model.password"
        public static let modelOffline = "model.offline"
        public static let photosStore = "photos.store"
        public static let accountsStore = "accounts.store"
        public static let driveFolder = "drive.folder"
        public static let driveFail = "drive.fail"
        public static let driveFailures = "drive.failures"
        public static let driveDelay = "drive.delay"
        public static let driveFlaky = "drive.flaky"

        public static let all = [
            uiTesting, modelUser, modelPassword, modelOffline, photosStore, accountsStore, driveFolder, driveFail,
            driveFailures, driveDelay, driveFlaky,
        ]
        /// Switches that only a test build may honour: they replace real services with stubs.
        public static let stubs = [uiTesting, modelUser, modelPassword, modelOffline, driveFail, driveFailures, driveDelay, driveFlaky]
        /// The keys and stubs as PresenterKit checks them before any value is read.
        public static let launchKeys = LaunchKeys(known: all, stubs: stubs)
        /// The test drive's settings: meaningless with a real drive folder.
        public static let testDrive = [driveFail, driveFailures, driveDelay, driveFlaky]
    }

    /// The longest `-drive.delay` accepted (seconds): longer is a typo, not a slow network.
    public static let longestDriveDelay: Double = 600

    /// The stubbed services' settings; nil when the real services are used.
    public var stubs: Stubs?
    /// The photo store's path; nil for the per-user default.
    public var photosStore: String?
    /// The account store's path (real sign-in); nil for the per-user default.
    public var accountsStore: String?
    /// The drive folder uploads go to; nil for the per-user default (or the test drive when stubbed).
    public var driveFolder: String?

    public struct Stubs: Equatable, Sendable {
        public var user: String?
        public var password: String?
        public var isOffline: Bool
        /// How many uploads to the test drive fail before they succeed: `-drive.failures N`, or
        /// every one (`Int.max`) with `-drive.fail YES`.
        public var driveFailures: Int
        /// Seconds each upload to the test drive takes.
        public var driveDelay: Double
        /// `-drive.flaky PATH`: a marker file that makes the test drive flaky across launches (the
        /// first upload of a launch that finds no marker fails, and that launch leaves the marker),
        /// for testing a runner's retries. The composition root reads and writes the file.
        public var driveFlakyMarker: String?

        public init(
            user: String?, password: String?, isOffline: Bool, driveFailures: Int = 0, driveDelay: Double = 0, driveFlakyMarker: String? = nil
        ) {
            self.user = user
            self.password = password
            self.isOffline = isOffline
            self.driveFailures = driveFailures
            self.driveDelay = driveDelay
            self.driveFlakyMarker = driveFlakyMarker
        }
    }

    public init(stubs: Stubs?, photosStore: String? = nil, accountsStore: String? = nil, driveFolder: String? = nil) {
        self.stubs = stubs
        self.photosStore = photosStore
        self.accountsStore = accountsStore
        self.driveFolder = driveFolder
    }

    /// Reads the options from `defaults`, whose argument domain holds exactly `argumentKeys`.
    ///
    /// - Parameters:
    ///   - toolkitKeys: the keys the text app's entry point reads itself (`-automation`): known,
    ///     so never refused, but not the app's to read.
    ///   - allowsStubs: false in a release build, which must refuse every stub switch: stubbed
    ///     sign-in must never open a real store.
    public static func load(
        from defaults: any LaunchDefaults, argumentKeys: [String], toolkitKeys: [String], allowsStubs: Bool
    ) throws(LaunchOptionsError) -> LaunchOptions {
        do {
            try Key.launchKeys.check(argumentKeys, toolkit: toolkitKeys, allowsStubs: allowsStubs)
        } catch {
            throw .keys(error)
        }
        let uiTesting: Bool, stubs: Stubs, photosStore: String?, accountsStore: String?, driveFolder: String?
        do {
            photosStore = try defaults.string(Key.photosStore)
            accountsStore = try defaults.string(Key.accountsStore)
            driveFolder = try defaults.string(Key.driveFolder)
            uiTesting = try defaults.flag(Key.uiTesting) ?? false
            stubs = Stubs(
                user: try defaults.string(Key.modelUser),
                password: try defaults.string(Key.modelPassword),
                isOffline: try defaults.flag(Key.modelOffline) ?? false,
                driveFailures: try driveFailures(defaults, argumentKeys: argumentKeys),
                driveDelay: try driveDelay(defaults),
                driveFlakyMarker: try driveFlakyMarker(defaults, argumentKeys: argumentKeys)
            )
        } catch {
            throw .invalidValue(error)
        }
        if !uiTesting, let key = Key.stubs.first(where: { $0 != Key.uiTesting && argumentKeys.contains($0) }) {
            throw .stubWithoutUITesting(key: key)
        }
        for (key, value) in [(Key.modelUser, stubs.user), (Key.modelPassword, stubs.password)] where value?.isEmpty == true {
            throw .invalidValue(LaunchArgumentError(key: key, value: "", expected: "a value that is not empty (sign-in would be impossible)"))
        }
        if let photosStore, photosStore.isEmpty {
            throw .invalidValue(LaunchArgumentError(key: Key.photosStore, value: "", expected: "the path of a photo store"))
        }
        if let accountsStore, accountsStore.isEmpty {
            throw .invalidValue(LaunchArgumentError(key: Key.accountsStore, value: "", expected: "the path of an account store"))
        }
        if let driveFolder, driveFolder.isEmpty {
            throw .invalidValue(LaunchArgumentError(key: Key.driveFolder, value: "", expected: "the path of a drive folder"))
        }
        if uiTesting, argumentKeys.contains(Key.accountsStore) {
            throw .stubsMixedWithReal(key: Key.accountsStore)
        }
        if driveFolder != nil, let key = Key.testDrive.first(where: argumentKeys.contains) {
            throw .testDriveWithRealFolder(key: key)
        }
        return LaunchOptions(
            stubs: uiTesting ? stubs : nil, photosStore: photosStore, accountsStore: accountsStore,
            driveFolder: driveFolder
        )
    }

    /// `-drive.fail YES` (every upload fails) or `-drive.failures N` (the first N fail), not both.
    private static func driveFailures(_ defaults: any LaunchDefaults, argumentKeys: [String]) throws(LaunchArgumentError) -> Int {
        if argumentKeys.contains(Key.driveFail), argumentKeys.contains(Key.driveFailures) {
            throw LaunchArgumentError(
                key: Key.driveFailures, value: (try? defaults.string(Key.driveFailures)) ?? "",
                expected: "either -\(Key.driveFail) (every upload) or -\(Key.driveFailures) (the first N), not both"
            )
        }
        if try defaults.flag(Key.driveFail) == true { return Int.max }
        guard let count = try defaults.integer(Key.driveFailures) else { return 0 }
        guard (0...1000).contains(count) else {
            throw LaunchArgumentError(key: Key.driveFailures, value: "\(count)", expected: "a number of uploads from 0 to 1000")
        }
        return count
    }

    /// `-drive.flaky PATH`: a path that is not empty, and not with `-drive.fail` or
    /// `-drive.failures`, which already say how many uploads fail.
    private static func driveFlakyMarker(_ defaults: any LaunchDefaults, argumentKeys: [String]) throws(LaunchArgumentError) -> String? {
        guard let marker = try defaults.string(Key.driveFlaky) else { return nil }
        guard !marker.isEmpty else { throw LaunchArgumentError(key: Key.driveFlaky, value: "", expected: "the path of a marker file") }
        if let other = [Key.driveFail, Key.driveFailures].first(where: argumentKeys.contains) {
            throw LaunchArgumentError(key: Key.driveFlaky, value: marker, expected: "either -\(Key.driveFlaky) or -\(other), not both")
        }
        return marker
    }

    /// `-drive.delay`: seconds, from 0 to `longestDriveDelay`.
    private static func driveDelay(_ defaults: any LaunchDefaults) throws(LaunchArgumentError) -> Double {
        guard let seconds = try defaults.number(Key.driveDelay) else { return 0 }
        guard seconds >= 0, seconds <= longestDriveDelay else {
            throw LaunchArgumentError(
                key: Key.driveDelay, value: (try? defaults.string(Key.driveDelay)) ?? "\(seconds)",
                expected: "a number of seconds from 0 to \(Int(longestDriveDelay))"
            )
        }
        return seconds
    }
}

/// A launch argument the app cannot accept.
public enum LaunchOptionsError: Error, Equatable, CustomStringConvertible {
    /// A key neither the app nor the toolkit knows, or a stub given to a release build.
    case keys(LaunchKeyError)
    case invalidValue(LaunchArgumentError)
    case stubWithoutUITesting(key: String)
    /// A stubbed run and a real run never mix: `-ui-testing YES` with a real account store.
    case stubsMixedWithReal(key: String)
    /// A test drive setting (`-drive.fail`, `-drive.delay`) given with a real `-drive.folder`.
    case testDriveWithRealFolder(key: String)

    public var description: String {
        switch self {
        case let .keys(error):
            return error.description
        case let .invalidValue(error):
            return error.description
        case let .stubWithoutUITesting(key):
            return "launch argument -\(key) is a stub setting and needs -ui-testing YES"
        case let .stubsMixedWithReal(key):
            return "launch argument -\(key) is for a real run and cannot be mixed with -ui-testing YES (stubbed sign-in never opens real accounts)"
        case let .testDriveWithRealFolder(key):
            return "launch argument -\(key) sets up the test drive and cannot be combined with -\(LaunchOptions.Key.driveFolder), "
                + "which uploads to a real folder: leave one of them out"
        }
    }
}
