import PresenterKit

/// The expense app's launch arguments, read and checked once at start.
///
/// `-expenses.store PATH` is the real store. `-ui-testing YES` (test builds only) puts the stub
/// store in its place, which `-store.failSaving YES`, `-store.failLoading YES` and
/// `-store.delay SECONDS` control; a stub setting without `-ui-testing YES` is an error, not a
/// setting silently ignored.
public struct LaunchOptions: Equatable, Sendable {
    /// Every key the app reads.
    public enum Key {
        public static let uiTesting = "ui-testing"
        public static let store = "expenses.store"
        public static let failSaving = "store.failSaving"
        public static let failLoading = "store.failLoading"
        public static let delay = "store.delay"

        /// The keys as PresenterKit checks them: stubs are refused by a release build.
        public static let launchKeys = LaunchKeys(
            known: [uiTesting, store, failSaving, failLoading, delay], stubs: [uiTesting, failSaving, failLoading, delay]
        )
    }

    /// The longest `-store.delay` accepted (seconds): longer is a typo, not a slow store.
    public static let longestDelay: Double = 60

    /// The stub store's behaviour under `-ui-testing YES`; nil for the real store.
    public var stub: StubExpenseStore.Behaviour?
    /// The real store's path; nil for the per-user default.
    public var storePath: String?

    /// Options as read.
    public init(stub: StubExpenseStore.Behaviour?, storePath: String? = nil) {
        self.stub = stub
        self.storePath = storePath
    }

    /// Reads the options from `defaults`, whose argument domain holds exactly `argumentKeys`;
    /// `toolkitKeys` are the text app's own (known, not read here); a build that does not
    /// `allowsStubs` (a release build) refuses every stub key.
    public static func load(
        from defaults: any LaunchDefaults, argumentKeys: [String], toolkitKeys: [String], allowsStubs: Bool
    ) throws -> LaunchOptions {
        try Key.launchKeys.check(argumentKeys, toolkit: toolkitKeys, allowsStubs: allowsStubs)
        let uiTesting = try defaults.flag(Key.uiTesting) ?? false
        let behaviour = StubExpenseStore.Behaviour(
            failsSaving: try defaults.flag(Key.failSaving) ?? false,
            failsLoading: try defaults.flag(Key.failLoading) ?? false,
            delay: try delay(defaults)
        )
        if !uiTesting, let key = [Key.failSaving, Key.failLoading, Key.delay].first(where: argumentKeys.contains) {
            throw LaunchArgumentError(key: key, value: "", expected: "-\(Key.uiTesting) YES with it: it sets up the stub store")
        }
        let storePath = try defaults.string(Key.store)
        if storePath?.isEmpty == true {
            throw LaunchArgumentError(key: Key.store, value: "", expected: "the path of an expense store")
        }
        return LaunchOptions(stub: uiTesting ? behaviour : nil, storePath: storePath)
    }

    /// `-store.delay`: seconds, from 0 to ``longestDelay``.
    private static func delay(_ defaults: any LaunchDefaults) throws -> Double {
        guard let seconds = try defaults.number(Key.delay) else { return 0 }
        guard seconds >= 0, seconds <= longestDelay else {
            throw LaunchArgumentError(
                key: Key.delay, value: (try? defaults.string(Key.delay)) ?? "\(seconds)", expected: "a number of seconds from 0 to \(Int(longestDelay))"
            )
        }
        return seconds
    }
}
