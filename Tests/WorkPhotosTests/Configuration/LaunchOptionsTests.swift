import PresenterKit
import Testing
import WorkPhotos

struct LaunchOptionsTests {
    @Test func withoutArgumentsTheAppUsesRealServicesInteractively() throws {
        #expect(try load([:]) == LaunchOptions(stubs: nil))
    }

    @Test func uiTestingSelectsStubsWithTheirSettings() throws {
        let options = try load(["ui-testing": "YES", "model.user": "test", "model.password": "1234", "automation": "YES"])
        #expect(options == LaunchOptions(stubs: .init(user: "test", password: "1234", isOffline: false)))
    }

    @Test func offlineIsAStubSwitch() throws {
        let options = try load(["ui-testing": "YES", "model.offline": "YES"])
        #expect(options.stubs?.isOffline == true)
    }

    @Test(arguments: [
        (["model.pasword": "x"], "unknown launch argument -model.pasword (did you mean -model.password?); known: -ui-testing, -model.user, -model.password, -model.offline, -photos.store, -accounts.store, -drive.folder, -drive.fail, -drive.failures, -drive.delay, -drive.flaky, -automation"),
        (["ui-testing": "maybe"], #"launch argument -ui-testing: expected YES or NO, got "maybe""#),
        (["ui-testing": "YES", "model.offline": "sometimes"], #"launch argument -model.offline: expected YES or NO, got "sometimes""#),
        (["model.user": "test"], "launch argument -model.user is a stub setting and needs -ui-testing YES"),
        (["ui-testing": "NO", "model.offline": "YES"], "launch argument -model.offline is a stub setting and needs -ui-testing YES"),
        (["ui-testing": "YES", "model.user": ""], "launch argument -model.user: expected a value that is not empty (sign-in would be impossible)"),
        (["ui-testing": "YES", "model.user": "a", "model.password": ""], "launch argument -model.password: expected a value that is not empty (sign-in would be impossible)"),
        (["photos.store": ""], "launch argument -photos.store: expected the path of a photo store"),
        (["accounts.store": ""], "launch argument -accounts.store: expected the path of an account store"),
        (["ui-testing": "YES", "accounts.store": "/a.sqlite"],
         "launch argument -accounts.store is for a real run and cannot be mixed with -ui-testing YES (stubbed sign-in never opens real accounts)"),
        (["drive.folder": ""], "launch argument -drive.folder: expected the path of a drive folder"),
        (["ui-testing": "YES", "drive.delay": "abc"], #"launch argument -drive.delay: expected a number, got "abc""#),
        (["ui-testing": "YES", "drive.delay": "nan"], #"launch argument -drive.delay: expected a number, got "nan""#),
        (["ui-testing": "YES", "drive.delay": "-1"], #"launch argument -drive.delay: expected a number of seconds from 0 to 600, got "-1""#),
        (["ui-testing": "YES", "drive.delay": "600.5"], #"launch argument -drive.delay: expected a number of seconds from 0 to 600, got "600.5""#),
        (["ui-testing": "YES", "drive.fail": "sometimes"], #"launch argument -drive.fail: expected YES or NO, got "sometimes""#),
        (["drive.fail": "YES"], "launch argument -drive.fail is a stub setting and needs -ui-testing YES"),
        (["drive.delay": "1"], "launch argument -drive.delay is a stub setting and needs -ui-testing YES"),
        (["ui-testing": "YES", "drive.folder": "/d", "drive.fail": "YES"],
         "launch argument -drive.fail sets up the test drive and cannot be combined with -drive.folder, which uploads to a real folder: leave one of them out"),
        (["ui-testing": "YES", "drive.fail": "YES", "drive.failures": "2"],
         #"launch argument -drive.failures: expected either -drive.fail (every upload) or -drive.failures (the first N), not both, got "2""#),
        (["ui-testing": "YES", "drive.failures": "many"], #"launch argument -drive.failures: expected a whole number, got "many""#),
        (["ui-testing": "YES", "drive.failures": "1001"], #"launch argument -drive.failures: expected a number of uploads from 0 to 1000, got "1001""#),
        (["drive.failures": "1"], "launch argument -drive.failures is a stub setting and needs -ui-testing YES"),
        (["drive.flaky": "/tmp/m"], "launch argument -drive.flaky is a stub setting and needs -ui-testing YES"),
        (["ui-testing": "YES", "drive.flaky": ""], "launch argument -drive.flaky: expected the path of a marker file"),
        (["ui-testing": "YES", "drive.flaky": "/tmp/m", "drive.failures": "1"],
         #"launch argument -drive.flaky: expected either -drive.flaky or -drive.failures, not both, got "/tmp/m""#),
        (["ui-testing": "YES", "drive.flaky": "/tmp/m", "drive.fail": "YES"],
         #"launch argument -drive.flaky: expected either -drive.flaky or -drive.fail, not both, got "/tmp/m""#),
        (["ui-testing": "YES", "drive.folder": "/d", "drive.flaky": "/tmp/m"],
         "launch argument -drive.flaky sets up the test drive and cannot be combined with -drive.folder, which uploads to a real folder: leave one of them out"),
        (["ui-testing": "YES", "drive.folder": "/d", "drive.failures": "1"],
         "launch argument -drive.failures sets up the test drive and cannot be combined with -drive.folder, which uploads to a real folder: leave one of them out"),
        (["ui-testing": "YES", "drive.folder": "/d", "drive.delay": "0"],
         "launch argument -drive.delay sets up the test drive and cannot be combined with -drive.folder, which uploads to a real folder: leave one of them out"),
    ] as [([String: String], String)])
    func rejectsBadArgumentsWithAnExactMessage(arguments: [String: String], message: String) {
        #expect {
            try load(arguments)
        } throws: {
            ($0 as? LaunchOptionsError)?.description == message
        }
    }

    @Test func theTestDriveFailsAndWaitsAsTold() throws {
        let options = try load(["ui-testing": "YES", "drive.fail": "YES", "drive.delay": "0.25"])
        #expect(options.stubs?.driveFailures == Int.max)
        #expect(options.stubs?.driveDelay == 0.25)
        #expect(options.driveFolder == nil)
    }

    @Test func theTestDriveNeitherFailsNorWaitsUnlessTold() throws {
        let options = try load(["ui-testing": "YES"])
        #expect(options.stubs?.driveFailures == 0)
        #expect(options.stubs?.driveDelay == 0)
    }

    @Test func theTestDriveCanFailItsFirstUploadsOnly() throws {
        #expect(try load(["ui-testing": "YES", "drive.failures": "1"]).stubs?.driveFailures == 1)
        #expect(try load(["ui-testing": "YES", "drive.fail": "NO"]).stubs?.driveFailures == 0)
    }

    @Test func theTestDriveCanBeFlakyAcrossLaunchesThroughAMarkerFile() throws {
        #expect(try load(["ui-testing": "YES", "drive.flaky": "/tmp/marker"]).stubs?.driveFlakyMarker == "/tmp/marker")
        #expect(try load(["ui-testing": "YES"]).stubs?.driveFlakyMarker == nil)
    }

    @Test(arguments: ["0", "600"])
    func theDelaysBoundsAreAccepted(seconds: String) throws {
        #expect(try load(["ui-testing": "YES", "drive.delay": seconds]).stubs?.driveDelay == Double(seconds))
    }

    @Test func aDriveFolderIsReadInAnyBuildAndWithStubs() throws {
        #expect(try load(["drive.folder": "/mnt/drive"], allowsStubs: false).driveFolder == "/mnt/drive")
        #expect(try load(["ui-testing": "YES", "drive.folder": "/mnt/drive"]).driveFolder == "/mnt/drive")
    }

    @Test(arguments: ["ui-testing", "model.user", "model.offline", "drive.fail", "drive.failures", "drive.delay", "drive.flaky"])
    func aReleaseBuildRefusesEveryStubSwitch(key: String) {
        #expect(throws: LaunchOptionsError.keys(.stubsRefused(key: key))) {
            try load([key: "YES"], allowsStubs: false)
        }
    }

    @Test func aReleaseBuildsRefusalSaysWhy() {
        #expect(LaunchOptionsError.keys(.stubsRefused(key: "ui-testing")).description
            == "launch argument -ui-testing is refused: this is a release build, and stubs are for test builds only")
    }

    @Test func aReleaseBuildRefusesAStubBeforeReadingItsValue() {
        #expect(throws: LaunchOptionsError.keys(.stubsRefused(key: "model.offline"))) {
            try load(["model.offline": "maybe"], allowsStubs: false)
        }
    }

    @Test func aRealRunReadsTheAccountStoreInAnyBuild() throws {
        #expect(try load(["accounts.store": "/a.sqlite"], allowsStubs: false).accountsStore == "/a.sqlite")
    }

    @Test func aReleaseBuildStillRunsWithoutStubs() throws {
        #expect(try load(["automation": "YES"], allowsStubs: false) == LaunchOptions(stubs: nil))
    }

    @Test func aToolkitKeyIsKnownAndSuggestedButNotTheAppsToRead() {
        #expect(throws: LaunchOptionsError.keys(.unknownKey("automaton", suggestion: "automation", known: LaunchOptions.Key.all + Self.toolkitKeys))) {
            try load(["automaton": "YES"])
        }
    }

    /// The text app's entry point's own keys (TextApp.launchKeys), which this module cannot import.
    static let toolkitKeys = ["automation"]

    private func load(_ arguments: [String: String], allowsStubs: Bool = true) throws -> LaunchOptions {
        try LaunchOptions.load(
            from: DictionaryDefaults(values: arguments), argumentKeys: Array(arguments.keys), toolkitKeys: Self.toolkitKeys, allowsStubs: allowsStubs
        )
    }
}

private struct DictionaryDefaults: LaunchDefaults {
    let values: [String: String]
    func value(forKey key: String) -> Any? { values[key] }
}

struct LaunchOptionsStoreTests {
    @Test func readsThePhotoStorePathInAnyBuild() throws {
        let defaults = StoreDefaults(values: ["photos.store": "/tmp/s.sqlite"])
        let options = try LaunchOptions.load(from: defaults, argumentKeys: ["photos.store"], toolkitKeys: [], allowsStubs: false)
        #expect(options.photosStore == "/tmp/s.sqlite")
    }

    @Test func anEmptyPathIsAnError() {
        let defaults = StoreDefaults(values: ["photos.store": ""])
        #expect(throws: LaunchOptionsError.self) {
            try LaunchOptions.load(from: defaults, argumentKeys: ["photos.store"], toolkitKeys: [], allowsStubs: true)
        }
    }
}

private struct StoreDefaults: LaunchDefaults {
    let values: [String: String]
    func value(forKey key: String) -> Any? { values[key] }
}
