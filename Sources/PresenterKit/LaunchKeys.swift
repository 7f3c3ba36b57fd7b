import NameMatching

/// The `-key value` launch arguments an app understands, and the check every app makes of the
/// keys it was given before it reads a value.
///
/// A mistyped stub that is silently ignored makes a flow test lie (`-store.fial YES` would test
/// nothing), so any key neither the app nor the toolkit knows is refused, with the nearest known
/// one. And a release build refuses every stub switch before its value is even read: a stubbed
/// run must never open a real store.
public struct LaunchKeys: Sendable, Equatable {
    /// Every key the app reads itself, in the order its error lists them.
    public let known: [String]
    /// Those of ``known`` that replace real services with stubs: only a test build honours them.
    public let stubs: [String]

    /// The app's keys; `stubs` are among them (a stub the app does not list as known is listed
    /// anyway, since an unknown key is refused before a stub is).
    public init(known: [String], stubs: [String] = []) {
        self.known = known
        self.stubs = stubs
    }

    /// Whether this build may honour stubs: a debug build, or an optimised testing build compiled
    /// with `-DTESTING`; a release build may not. SwiftPM builds every module of an executable in
    /// one configuration (and `-Xswiftc -DTESTING` reaches them all), so the toolkit's flags are the app's.
    public static var buildAllowsStubs: Bool {
        #if DEBUG || TESTING
        true
        #else
        false
        #endif
    }

    /// Checks the keys the app was launched with: each must be the app's or the toolkit's (`toolkit`:
    /// the keys a text app's entry point reads itself, known but not the app's to read), and a
    /// build that does not allow stubs must be given none.
    ///
    /// Keys are checked in sorted order, so the same command line always gets the same error.
    public func check(_ given: [String], toolkit: [String], allowsStubs: Bool) throws(LaunchKeyError) {
        let all = known + toolkit
        for key in given.sorted() where !all.contains(key) {
            throw .unknownKey(key, suggestion: NameMatcher.nearest(to: key, in: all), known: all)
        }
        if !allowsStubs, let key = stubs.first(where: given.contains) {
            throw .stubsRefused(key: key)
        }
    }
}

/// A launch argument's key the app refuses, before any value is read.
public enum LaunchKeyError: Error, Equatable, CustomStringConvertible {
    /// A key neither the app nor the toolkit knows, with the nearest of those `known`.
    case unknownKey(String, suggestion: String?, known: [String])
    /// A stub switch given to a release build.
    case stubsRefused(key: String)

    /// The line a person reads: the key as typed, the nearest known one, every known key.
    public var description: String {
        switch self {
        case let .unknownKey(key, suggestion, known):
            "unknown launch argument -\(Suggestion.shown(key))\(Suggestion.format(suggestion, prefix: "-")); known: "
                + known.map { "-\($0)" }.joined(separator: ", ")
        case let .stubsRefused(key):
            "launch argument -\(key) is refused: this is a release build, and stubs are for test builds only"
        }
    }
}
