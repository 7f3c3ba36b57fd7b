import Expenses
import PresenterKit
import Testing

struct LaunchOptionsTests {
    @Test func noArgumentsIsTheRealStoreAtItsDefaultPath() throws {
        #expect(try load([:]) == LaunchOptions(stub: nil, storePath: nil))
    }

    @Test func theStorePathIsReadInAnyBuild() throws {
        #expect(try load(["expenses.store": "/tmp/e.sqlite"], allowsStubs: false) == LaunchOptions(stub: nil, storePath: "/tmp/e.sqlite"))
    }

    @Test func uiTestingChoosesTheStubWithWhatItIsTold() throws {
        let options = try load(["ui-testing": "YES", "store.failSaving": "YES", "store.failLoading": "NO", "store.delay": "1.5"])
        #expect(options.stub == StubExpenseStore.Behaviour(failsSaving: true, failsLoading: false, delay: 1.5))
    }

    @Test func uiTestingNoIsTheRealStore() throws {
        #expect(try load(["ui-testing": "NO"]).stub == nil)
    }

    @Test(arguments: ["store.failSaving", "store.failLoading", "store.delay"])
    func aStubSettingWithoutUITestingIsAnError(key: String) {
        #expect(throws: LaunchArgumentError(key: key, value: "", expected: "-ui-testing YES with it: it sets up the stub store")) {
            try load([key: "1"])
        }
    }

    @Test(arguments: ["ui-testing", "store.failSaving", "store.failLoading", "store.delay"])
    func aReleaseBuildRefusesEveryStubBeforeReadingIt(key: String) {
        #expect(throws: LaunchKeyError.stubsRefused(key: key)) {
            try load([key: "maybe"], allowsStubs: false)
        }
    }

    @Test func aMistypedStubIsRefusedWithTheNearestKey() {
        #expect(throws: LaunchKeyError.unknownKey("store.failSavng", suggestion: "store.failSaving", known: LaunchOptions.Key.launchKeys.known + ["automation"])) {
            try load(["ui-testing": "YES", "store.failSavng": "YES"])
        }
    }

    @Test(arguments: [("60", 60.0), ("0", 0.0)])
    func theDelaysBoundsAreAccepted(text: String, seconds: Double) throws {
        #expect(try load(["ui-testing": "YES", "store.delay": text]).stub?.delay == seconds)
    }

    @Test(arguments: ["60.01", "soon", "nan", "inf"])
    func aDelayOutOfBoundsOrNotANumberIsAnError(text: String) {
        #expect(throws: LaunchArgumentError.self) {
            try load(["ui-testing": "YES", "store.delay": text])
        }
    }

    @Test func anEmptyStorePathIsAnError() {
        #expect(throws: LaunchArgumentError(key: "expenses.store", value: "", expected: "the path of an expense store")) {
            try load(["expenses.store": ""])
        }
    }

    @Test func aFlagThatIsNotYesOrNoIsAnError() {
        #expect(throws: LaunchArgumentError(key: "store.failSaving", value: "sometimes", expected: "YES or NO")) {
            try load(["ui-testing": "YES", "store.failSaving": "sometimes"])
        }
    }

    private func load(_ values: [String: String], allowsStubs: Bool = true) throws -> LaunchOptions {
        try LaunchOptions.load(from: Defaults(values: values), argumentKeys: Array(values.keys), toolkitKeys: ["automation"], allowsStubs: allowsStubs)
    }
}

/// Launch arguments as a dictionary, as Foundation's argument domain would hold them.
struct Defaults: LaunchDefaults {
    let values: [String: String]
    func value(forKey key: String) -> Any? { values[key] }
}
