import PresenterKit
import Testing

/// The check every app makes of the keys it was launched with, before it reads a value.
struct LaunchKeysTests {
    static let keys = LaunchKeys(known: ["ui-testing", "store.path", "store.fail"], stubs: ["ui-testing", "store.fail"])

    @Test func theAppsKeysAndTheToolkitsPass() throws {
        try Self.keys.check(["store.path", "ui-testing", "automation"], toolkit: ["automation"], allowsStubs: true)
    }

    @Test func anUnknownKeyIsRefusedWithTheNearestKnownOneAndEveryKnownKey() {
        #expect(throws: LaunchKeyError.unknownKey("store.fial", suggestion: "store.fail", known: ["ui-testing", "store.path", "store.fail", "automation"])) {
            try Self.keys.check(["store.fial"], toolkit: ["automation"], allowsStubs: true)
        }
        #expect(LaunchKeyError.unknownKey("store.fial", suggestion: "store.fail", known: ["ui-testing", "store.fail"]).description
            == "unknown launch argument -store.fial (did you mean -store.fail?); known: -ui-testing, -store.fail")
    }

    @Test func aToolkitKeyIsSuggestedToo() {
        #expect(throws: LaunchKeyError.unknownKey("automaton", suggestion: "automation", known: Self.keys.known + ["automation"])) {
            try Self.keys.check(["automaton"], toolkit: ["automation"], allowsStubs: true)
        }
    }

    @Test func keysAreCheckedInSortedOrderSoTheErrorIsAlwaysTheSame() {
        #expect(throws: LaunchKeyError.unknownKey("a.bogus", suggestion: nil, known: Self.keys.known)) {
            try Self.keys.check(["z.bogus", "a.bogus"], toolkit: [], allowsStubs: true)
        }
    }

    @Test func aHugeUnknownKeyIsQuotedShort() {
        let key = String(repeating: "k", count: 10_000)
        let message = LaunchKeyError.unknownKey(key, suggestion: nil, known: ["a"]).description
        #expect(message.count < 200)
        #expect(message.contains("(10000 bytes)"))
    }

    @Test(arguments: ["ui-testing", "store.fail"])
    func aBuildThatAllowsNoStubsRefusesEachStub(key: String) {
        #expect(throws: LaunchKeyError.stubsRefused(key: key)) {
            try Self.keys.check([key], toolkit: [], allowsStubs: false)
        }
        #expect(LaunchKeyError.stubsRefused(key: key).description
            == "launch argument -\(key) is refused: this is a release build, and stubs are for test builds only")
    }

    @Test func aBuildThatAllowsNoStubsStillTakesTheOtherKeys() throws {
        try Self.keys.check(["store.path"], toolkit: [], allowsStubs: false)
    }

    @Test func aDebugBuildAllowsStubs() {
        // The tests run a debug build; a release build (`swift build -c release`) answers false,
        // and what an app does then is checked with `allowsStubs: false` (aBuildThatAllowsNoStubs...).
        #expect(LaunchKeys.buildAllowsStubs)
    }

    @Test func anUnknownKeyIsSaidBeforeARefusedStub() {
        #expect(throws: LaunchKeyError.unknownKey("x", suggestion: nil, known: Self.keys.known)) {
            try Self.keys.check(["ui-testing", "x"], toolkit: [], allowsStubs: false)
        }
    }
}
