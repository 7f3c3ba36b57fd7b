import FlowKit
import Foundation
import Testing

/// AppLaunch with a stand-in app and seeder (scripts written for each test): the store seeded in a
/// folder of its own, the app launched on it as the settings say, and nothing left behind.
struct AppLaunchTests {
    @Test func theAppIsLaunchedUnderAutomationOnAFreshlySeededStoreWithTheTestsSettings() throws {
        let binaries = try StandIns()
        let launch = binaries.launch(arguments: ["-app.user", "ann"], environment: ["STAND_IN_ZONE": "UTC"], variables: ["test.user": "ann"])

        let prepared = try launch.prepare(reporter: FailureCollector())
        defer { prepared.cleanUp() }
        prepared.app.launch()

        #expect(prepared.storePath.hasSuffix("/app.store"))
        #expect(prepared.app.staticTexts["arguments"].label == "-automation YES -app.store-path \(prepared.storePath) -app.user ann")
        #expect(prepared.app.staticTexts["store"].label == "small from the seeder's default")
        #expect(prepared.app.staticTexts["zone"].label == "UTC")
        #expect(prepared.app.variables["test.user"] == "ann")
        #expect(prepared.app.failures.isEmpty)
    }

    @Test func theSeedsFolderIsTheSeedersWhenGiven() throws {
        let binaries = try StandIns()
        var launch = binaries.launch()
        launch.seeds = "/fixtures"

        let prepared = try launch.prepare(reporter: FailureCollector())
        defer { prepared.cleanUp() }

        #expect(try String(contentsOfFile: prepared.storePath, encoding: .utf8) == "small from /fixtures")
    }

    @Test func cleanUpEndsTheAppAndRemovesItsStore() throws {
        let binaries = try StandIns()
        let prepared = try binaries.launch().prepare(reporter: FailureCollector())
        prepared.app.launch()
        let folder = (prepared.storePath as NSString).deletingLastPathComponent

        prepared.cleanUp()

        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(prepared.app.state != .running)
    }

    @Test func seedResetsTheStoreUnderTheRunningApp() throws {
        let binaries = try StandIns()
        var launch = binaries.launch()
        let prepared = try launch.prepare(reporter: FailureCollector())
        defer { prepared.cleanUp() }

        launch.fixture = "large"
        try launch.seed(prepared.storePath)

        #expect(try String(contentsOfFile: prepared.storePath, encoding: .utf8) == "large from the seeder's default")
    }

    @Test func aFixtureThatDoesNotSeedIsAnErrorWithTheSeedersWordsAndLeavesNoFolder() throws {
        let binaries = try StandIns()
        var launch = binaries.launch()
        launch.fixture = "broken"
        launch.temporaryFolder = binaries.folder + "/stores"
        try FileManager.default.createDirectory(atPath: launch.temporaryFolder, withIntermediateDirectories: true)

        #expect {
            try launch.prepare(reporter: FailureCollector())
        } throws: { error in
            "\(error)" == "seed broken failed (exit 2): no fixture named broken\n"
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: launch.temporaryFolder) == [], "the store's folder is removed")
    }

    @Test(arguments: ["app", "seeder"])
    func aMissingExecutableIsNamedWithWhereItWasLookedFor(role: String) throws {
        let binaries = try StandIns()
        var launch = binaries.launch()
        if role == "app" { launch.app = "missing" } else { launch.seeder = "missing" }

        #expect {
            try launch.prepare(reporter: FailureCollector())
        } throws: { error in
            "\(error)" == "no \(role) \"missing\" in \(binaries.folder): build it first (swift build), or give the folder it is in"
        }
    }

    @Test func aFolderIsNoExecutable() throws {
        let binaries = try StandIns()
        var launch = binaries.launch()
        launch.app = ""

        #expect(throws: AppLaunch.LaunchError.self) { try launch.prepare(reporter: FailureCollector()) }
    }

    @Test(arguments: [
        (AppLaunch.Store(argument: "-app.store-path", file: "app.store"), "default",
         #"the store's argument "-app.store-path" should be the app's key for its store, without its dash"#),
        (AppLaunch.Store(argument: "", file: "app.store"), "default", #"the store's argument "" should be the app's key for its store, without its dash"#),
        (AppLaunch.Store(argument: "app.store-path", file: "../app.store"), "default", #"the store's file "../app.store" should be a file name, without a folder"#),
        (AppLaunch.Store(argument: "app.store-path", file: ""), "default", #"the store's file "" should be a file name, without a folder"#),
        (AppLaunch.Store(argument: "app.store-path", file: "app.store"), "--force", #"the fixture "--force" should be a fixture's name: the seeder would read it as an option"#),
        (AppLaunch.Store(argument: "app.store-path", file: "app.store"), "", #"the fixture "" should be a fixture's name: the seeder would read it as an option"#),
    ])
    func settingsThatWouldLaunchTheAppWronglyAreRefused(store: AppLaunch.Store, fixture: String, message: String) throws {
        let binaries = try StandIns()
        var launch = binaries.launch()
        launch.store = store
        launch.fixture = fixture

        #expect {
            try launch.prepare(reporter: FailureCollector())
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func anAppWithNoStoreIsLaunchedAsItIsWithNothingSeeded() throws {
        let binaries = try StandIns()
        let launch = binaries.launchWithNoStore(arguments: ["-app.user", "ann"])

        let prepared = try launch.prepare(reporter: FailureCollector())
        prepared.app.launch()

        #expect(prepared.app.staticTexts["arguments"].label == "-automation YES -app.user ann")
        #expect(!FileManager.default.fileExists(atPath: binaries.folder + "/seeded"), "the seeder never ran")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prepared.storePath) == [], "nothing is written in the test's folder")
        #expect(prepared.app.failures.isEmpty)
        prepared.cleanUp()
        #expect(!FileManager.default.fileExists(atPath: prepared.storePath), "its folder is removed")
        #expect(prepared.app.state != .running)
    }

    @Test(arguments: [
        ("seed", nil, #"the launch gives the seeder "seed" but no store: give store: AppLaunch.Store(argument: "app.store", file: "app.sqlite") too (where the app reads what the seeder wrote), or take the seeder out for an app with no store"#),
        (nil, AppLaunch.Store(argument: "app.store-path", file: "app.store"),
         "the launch gives a store but no seeder: give seeder: too (the program that writes the store from a fixture), or take the store out for an app with no store"),
    ] as [(String?, AppLaunch.Store?, String)])
    func aSeederWithoutAStoreOrAStoreWithoutASeederIsRefusedAndNothingIsMade(seeder: String?, store: AppLaunch.Store?, message: String) throws {
        let binaries = try StandIns()
        var launch = binaries.launch()
        launch.seeder = seeder
        launch.store = store
        launch.temporaryFolder = binaries.folder + "/tests"
        try FileManager.default.createDirectory(atPath: launch.temporaryFolder, withIntermediateDirectories: true)

        #expect {
            try launch.prepare(reporter: FailureCollector())
        } throws: { error in
            "\(error)" == message
        }
        #expect(throws: AppLaunch.LaunchError.self) { try launch.seed(binaries.folder + "/app.store") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: launch.temporaryFolder) == [], "no folder is made")
        #expect(!FileManager.default.fileExists(atPath: binaries.folder + "/seeded"), "the seeder never ran")
    }

    @Test func aFixtureForAnAppWithNoStoreIsRefused() throws {
        let binaries = try StandIns()
        var launch = binaries.launchWithNoStore()
        launch.fixture = "small"

        #expect {
            try launch.prepare(reporter: FailureCollector())
        } throws: { error in
            "\(error)" == #"fixture "small": the launch of app has no seeder, so the app starts as it is launched; give the launch a seeder and a store, or take the fixture out"#
        }
    }

    @Test func seedingAnAppWithNoStoreIsRefused() throws {
        let binaries = try StandIns()
        let launch = binaries.launchWithNoStore()
        let prepared = try launch.prepare(reporter: FailureCollector())
        defer { prepared.cleanUp() }

        #expect {
            try launch.seed(prepared.storePath)
        } throws: { error in
            "\(error)" == "seed default: the launch of app has no seeder, so the app starts as it is launched; give the launch a seeder and a store, or take the seed out"
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: prepared.storePath) == [])
    }

    @Test func theBinariesAreBesideTheTestBinaryUnlessAnEnvironmentVariableSaysOtherwise() throws {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        #expect(AppLaunch.builtBinaries() == beside)
        #expect(AppLaunch.builtBinaries(overriddenBy: "APP_LAUNCH_TESTS_UNSET_\(UUID().uuidString)") == beside)
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        #expect(AppLaunch.builtBinaries(overriddenBy: "HOME") == home)
    }
}

/// A folder with a stand-in app and seeder, removed when the test lets go of it.
///
/// The seeder writes `FIXTURE from SEEDS` into the store (fixture `broken` fails) and leaves a
/// file `seeded` beside itself; the app shows its arguments, its store's contents (none without
/// a store) and `$STAND_IN_ZONE` as texts, then reads commands forever.
private final class StandIns {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stand-ins-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write("seed", """
            #!/bin/bash
            [ "$1" = --store ] || exit 64
            store=$2; shift 2
            seeds="the seeder's default"
            if [ "$1" = --seeds ]; then seeds=$2; shift 2; fi
            if [ "$1" = broken ]; then echo "no fixture named broken" >&2; exit 2; fi
            printf '%s from %s' "$1" "$seeds" > "$store"
            touch "$(dirname "$0")/seeded"
            """)
        try write("app", """
            #!/bin/bash
            arguments="$*"
            store=/dev/null
            while [ $# -gt 0 ]; do [ "$1" = -app.store-path ] && store=$2; shift; done
            text() {
              printf '{"kind":"staticText","identifier":"%s","label":"%s","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]}' "$1" "$2"
            }
            printf '{"seq":1,"reply":null,"error":null,"idle":true,"screen":{"title":"Store","elements":[%s,%s,%s],"list":null},"text":"Store"}\\n' \\
              "$(text arguments "$arguments")" "$(text store "$(cat "$store")")" "$(text zone "$STAND_IN_ZONE")"
            while IFS= read -r _; do :; done
            """)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func launch(arguments: [String] = [], environment: [String: String] = [:], variables: [String: String] = [:]) -> AppLaunch {
        AppLaunch(
            app: "app", seeder: "seed", store: AppLaunch.Store(argument: "app.store-path", file: "app.store"), fixture: "small",
            arguments: arguments, environment: environment, variables: variables, binaries: folder
        )
    }

    func launchWithNoStore(arguments: [String] = []) -> AppLaunch {
        AppLaunch(app: "app", arguments: arguments, binaries: folder)
    }

    /// Writes an executable script through a descriptor closed on exec: a process another test
    /// starts meanwhile does not inherit it open for writing, which would make running the script
    /// fail as "text file busy" (ETXTBSY) under load.
    private func write(_ name: String, _ script: String) throws {
        let path = folder + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array((script + "\n").utf8)
        guard bytes.withUnsafeBytes({ Foundation.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
