// swift-tools-version:6.0
import PackageDescription

// Dependency direction (see docs/layout.md): PresenterKit and TextUI know nothing of the app
// (NameMatching and Console are leaves shared across layers, "did you mean" hints and writes that
// never end a process; AutomationWire, the automation protocol itself, uses only NameMatching);
// PresenterKit uses NameMatching (a mistyped launch argument's did-you-mean) and TextBytes (its bytes checked) only;
// TextUI depends on PresenterKit (a text app's entry point wires its scheduler, log and launch
// arguments), never the other way: PresenterKit knows no UI;
// WorkPhotos (core) depends on PresenterKit (and NameMatching) only; WorkPhotosUI joins core and TextUI;
// WorkPhotosIdentifiers is a leaf that WorkPhotosUI and the robots both import (the robots, no
// other app module); WorkPhotosSQLite and WorkPhotosDrive implement the core's services, each on
// its own libraries; the `workphotos` executable is the composition root.
/// The debug `workphotos`'s link: the Swift runtime and Foundation from their static archives
/// (`_FoundationICU` last: the others use it), at a fixed address. See the target.
let staticDebugAppFlags = [
    "-static-stdlib", "-lCoreFoundation", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
    "-lswift_RegexParser", "-lswift_StringProcessing", "-l_FoundationICU", "-Xclang-linker", "-no-pie",
]

let package = Package(
    name: "WorkPhotos",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "workphotos", targets: ["workphotos"]),
        .executable(name: "flow", targets: ["flow"]),
        .library(name: "PresenterKit", targets: ["PresenterKit"]),
        .library(name: "TextUI", targets: ["TextUI"]),
        .library(name: "FlowKit", targets: ["FlowKit"]),
        // The runner's engine, for the toolkit's own modules: it declares nothing public and promises
        // nothing; kept through 2.x so that a manifest naming it still resolves, removed in 3.0.0
        // (CHANGELOG.md's Versioning). An app's runner is FlowCommandLine's.
        .library(name: "FlowRunner", targets: ["FlowRunner"]),
        // An app's flow runner: its executable is one call with its robot catalog.
        .library(name: "FlowCommandLine", targets: ["FlowCommandLine"]),
        // Test support for an app's own tests: a scheduler and a log spy for presenters, strict
        // mocks, and the Swift Testing glue that launches the app for each flow test.
        .library(name: "PresenterKitTesting", targets: ["PresenterKitTesting"]),
        .library(name: "StrictMocks", targets: ["StrictMocks"]),
        .library(name: "FlowTesting", targets: ["FlowTesting"]),
        // A seeder's parts (its fixtures' folder, the atomic reset of its store) and YAML read with
        // every problem located (file:line:column), for an app's fixtures.
        .library(name: "StoreSeeding", targets: ["StoreSeeding"]),
        .library(name: "LocatedYAML", targets: ["LocatedYAML"]),
        // Writes to standard output and error that never end the process, and a child program run
        // to its end: for an app's command-line tools and the tests that run them.
        .library(name: "Console", targets: ["Console"]),
        // The check every reader of outside bytes makes: UTF-8 text, no NUL, no stray byte-order mark.
        .library(name: "TextBytes", targets: ["TextBytes"]),
        // For the benchmarks package in Benchmarks/ (its own package, so CI never builds it).
        .library(name: "WorkPhotos", targets: ["WorkPhotos"]),
        .library(name: "AutomationWire", targets: ["AutomationWire"]),
        .library(name: "WorkPhotosSeeding", targets: ["WorkPhotosSeeding"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // For FlowRunnerTests only: a real MCP client for `flow mcp` (no product of ours links it), and
        // the file descriptors its stdio transport is given (the version the SDK already resolves).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-system.git", exact: "1.8.1"),
        // For FlowTesting only: golden screens in Swift tests (its SnapshotTesting target depends on nothing;
        // SwiftPM resolves the package's other dependencies, swift-syntax among them, but builds none of them).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
    ],
    targets: [
        .target(name: "NameMatching"),
        // The one check every reader of bytes from outside the process makes before it reads them as
        // text (UTF-8, no NUL, no stray byte-order mark), with the first problem's place: a leaf.
        .target(name: "TextBytes"),
        // Writes to standard output and error that never end the process, and the one helper that
        // runs a child program to its end (every executable, the robots' seeding, the tests).
        .target(name: "Console"),
        // NameMatching for the did-you-mean of an unknown launch argument (LaunchKeys).
        .target(name: "PresenterKit", dependencies: ["NameMatching", "TextBytes"]),
        .target(name: "PresenterKitTesting", dependencies: ["PresenterKit"]),
        // The automation protocol (frames, elements, commands): a leaf both the app and the runner
        // import, so the wire format is declared once. It is the protocol, not the app.
        .target(name: "AutomationWire", dependencies: ["NameMatching", "TextBytes"]),
        .target(name: "TextUI", dependencies: ["AutomationWire", "PresenterKit", "NameMatching", "Console", "TextBytes"]),
        .target(name: "WorkPhotos", dependencies: ["PresenterKit", "NameMatching"]),
        // The base of strict mocks (expect, record, verify): failures recorded at the test's line.
        .target(name: "StrictMocks"),
        // Test doubles for the core's service protocols: used by test targets only.
        .target(name: "WorkPhotosTesting", dependencies: ["WorkPhotos"]),
        // The screens' identifiers and the system alerts' names, declared once for the screens that
        // show them and the robots that find them (no dependencies: the robots import it, never the app).
        .target(name: "WorkPhotosIdentifiers"),
        .target(name: "WorkPhotosUI", dependencies: ["WorkPhotos", "WorkPhotosIdentifiers", "TextUI", "PresenterKit"]),
        // The system's libxcrypt (yescrypt password hashes), for the account store.
        .systemLibrary(name: "CLibcrypt", providers: [.apt(["libcrypt-dev"])]),
        // The system's libedit (BSD editline): line editing, history and Tab completion in flow studio.
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // The system's OpenSSL libcrypto (SHA-256 for the drive's manifest, as sha256sum prints it).
        .systemLibrary(name: "COpenSSLCrypto", providers: [.apt(["libssl-dev"])]),
        // The SQLite side, and the only module that imports GRDB: the photo store, the account
        // store and its password hashes (libxcrypt), and the default paths of the app's files.
        .target(
            name: "WorkPhotosSQLite",
            dependencies: ["WorkPhotos", "CLibcrypt", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The real drive: the folder uploads are written to, with SHA-256 checksums from libcrypto
        // (no GRDB, no libxcrypt).
        .target(name: "WorkPhotosDrive", dependencies: ["WorkPhotos", "COpenSSLCrypto"]),
        // YAML read safely, with every problem located: fixtures, flows and schemes.
        .target(name: "LocatedYAML", dependencies: ["Yams", "NameMatching", "TextBytes"]),
        // A seeder's parts for any app: its fixtures' folder, the atomic reset of its store, its errors.
        .target(name: "StoreSeeding", dependencies: ["NameMatching", "TextBytes"]),
        // WorkPhotos' fixtures (YAML through LocatedYAML) on StoreSeeding's atomic reset.
        .target(name: "WorkPhotosSeeding", dependencies: ["WorkPhotosSQLite", "WorkPhotos", "NameMatching", "LocatedYAML", "StoreSeeding", "Yams"]),
        // The debug app is the one `make flows` runs, launched once a flow: it is linked with the Swift
        // runtime and Foundation static, at a fixed address (no relocation of 80,000 pointers), so it
        // launches in 4.5 ms instead of 12 (about the testing build's), for a second of link time.
        // (Debug objects name only Foundation itself to the linker; the archives behind it follow.)
        // The link warns that Foundation's static archive uses mktemp: its code, not ours, and harmless.
        // Flags of an executable reach every test binary that depends on it, which must stay dynamic
        // (swift-testing is a shared library): no test target depends on `workphotos`, and `swift build
        // --build-tests` builds it all the same.
        .executableTarget(
            name: "workphotos",
            dependencies: ["WorkPhotos", "WorkPhotosUI", "WorkPhotosSQLite", "WorkPhotosDrive", "TextUI", "PresenterKit", "Console"],
            linkerSettings: [.unsafeFlags(staticDebugAppFlags, .when(platforms: [.linux], configuration: .debug))]
        ),
        .executableTarget(
            name: "workphotos-seed",
            dependencies: ["WorkPhotosSeeding", "WorkPhotosSQLite", "Console", "TextBytes", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "workphotos-accounts",
            dependencies: ["WorkPhotosSQLite", "Console", "TextBytes", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Drives the app as a black box, as XCUITest does: no YAML, never an app module.
        .target(name: "FlowKit", dependencies: ["AutomationWire", "NameMatching", "Console", "TextBytes"]),
        // One robot per screen; knows the app only by what its screens show, and finds their controls
        // by the identifiers the screens share with it (WorkPhotosIdentifiers, the one app module it imports).
        .target(name: "WorkPhotosRobots", dependencies: ["FlowKit", "Console", "WorkPhotosIdentifiers"]),
        // Swift Testing glue: failures as issues, an app launched per test, golden screens through
        // swift-snapshot-testing in the same files as the YAML flows' assertScreen.
        .target(name: "FlowTesting", dependencies: ["FlowKit", "TextBytes", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        // YAML flows on FlowKit: the step registry, the parser, schemes, suites, the executor,
        // reports, the schema and the step reference. It knows no app: the scheme and the robot
        // catalog it is given say everything app-specific.
        .target(name: "FlowRunner", dependencies: ["FlowKit", "LocatedYAML", "Yams", "NameMatching", "Console", "TextBytes"]),
        // The crawler (flow explore): every screen an app reaches, each problem as a minimal flow,
        // the map as JSON, DOT and SVG, and a suite's UI coverage on it. It names no app.
        .target(name: "FlowExplorer", dependencies: ["FlowRunner", "FlowKit", "LocatedYAML", "Yams", "TextBytes", "Console"]),
        // The session engine as a Model Context Protocol server (flow mcp): tools for an agent.
        // It serves the protocol itself, on Foundation: see FlowMCPServer for why not the SDK, which
        // only the tests import (an interop test drives the built `flow mcp` with its client).
        .target(name: "FlowMCP", dependencies: ["FlowRunner", "FlowExplorer", "FlowKit", "AutomationWire", "Console", "NameMatching", "TextBytes"]),
        // The flow runner's command line (swift-argument-parser), for any app: every subcommand, with
        // the robot catalog, the runner's name and the folders an app gives its one entry point.
        .target(
            name: "FlowCommandLine",
            dependencies: [
                "FlowRunner", "FlowMCP", "FlowExplorer", "FlowKit", "Console", "LocatedYAML", "NameMatching", "CEditLine", "Yams", "TextBytes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // WorkPhotos' flow runner: the command line with the WorkPhotos robots' catalog.
        .executableTarget(name: "flow", dependencies: ["FlowCommandLine", "WorkPhotosRobots"]),
        .executableTarget(
            name: "workphotos-bench",
            dependencies: [
                "WorkPhotosSeeding", "WorkPhotosSQLite", "WorkPhotosDrive", "FlowKit", "FlowRunner", "Console", "TextUI", "WorkPhotosRobots", "WorkPhotos",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "NameMatchingTests", dependencies: ["NameMatching"]),
        // Bytes that are not text, one of each kind, for every reader's test of them.
        .target(name: "BadText", dependencies: ["TextBytes"], path: "Tests/BadText"),
        .testTarget(name: "TextBytesTests", dependencies: ["TextBytes", "BadText"]),
        .testTarget(name: "PresenterKitTests", dependencies: ["PresenterKit", "PresenterKitTesting"]),
        .testTarget(name: "AutomationWireTests", dependencies: ["AutomationWire", "BadText", "TextBytes"]),
        .testTarget(name: "StrictMocksTests", dependencies: ["StrictMocks"]),
        .testTarget(name: "LocatedYAMLTests", dependencies: ["LocatedYAML"]),
        // For the tests that run the built programs: where they are, and a pseudo-terminal to run one on as a person would.
        .target(name: "ProcessTesting", path: "Tests/ProcessTesting"),
        // The smallest text app on TextApp, TextUI's entry point: TextUITests run it as a person or a script would, and
        // FlowRunnerTests run its flows (Tests/TextAppSample/Flows), and FlowTests its Swift flow tests, as those of an app that keeps no data.
        // NoStoreManifest: the manifest the guide shows for such an app, not built (DocumentationTests read it).
        .executableTarget(name: "textapp-sample", dependencies: ["TextUI", "PresenterKit"], path: "Tests/TextAppSample", exclude: ["Flows", "NoStoreManifest"]),
        // A small app with each kind of problem the crawler finds, planted on request: flow explore's own tests run it.
        .executableTarget(name: "explore-sample", dependencies: ["TextUI", "PresenterKit"], path: "Tests/ExploreSample"),
        .testTarget(name: "TextUITests", dependencies: ["TextUI", "textapp-sample", "ProcessTesting", "Console", "BadText", "TextBytes"]),
        .testTarget(name: "WorkPhotosTests", dependencies: ["WorkPhotos", "PresenterKit", "PresenterKitTesting", "WorkPhotosTesting", "StrictMocks"]),
        .testTarget(name: "WorkPhotosUITests", dependencies: ["WorkPhotosUI", "WorkPhotos", "TextUI", "PresenterKitTesting", "WorkPhotosTesting"]),
        .testTarget(
            name: "WorkPhotosSQLiteTests",
            dependencies: ["WorkPhotosSQLite", "WorkPhotos", "WorkPhotosTesting", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "WorkPhotosDriveTests", dependencies: ["WorkPhotosDrive", "WorkPhotos", "WorkPhotosTesting"]),
        // The screens and the robots agree: identifiers, alerts, and the presenters' words robots use as names.
        .testTarget(
            name: "WorkPhotosIdentifiersTests",
            dependencies: [
                "WorkPhotosIdentifiers", "WorkPhotosRobots", "FlowKit", "WorkPhotosUI", "WorkPhotos", "TextUI", "PresenterKitTesting",
                "WorkPhotosTesting",
            ]
        ),
        .testTarget(name: "WorkPhotosSeedingTests", dependencies: ["WorkPhotosSeeding", "WorkPhotosSQLite", "WorkPhotos", "StoreSeeding"]),
        .testTarget(name: "StoreSeedingTests", dependencies: ["StoreSeeding", "BadText", "TextBytes"]),
        .testTarget(name: "FlowKitTests", dependencies: ["FlowKit", "BadText"], exclude: ["Fixtures"]),
        .testTarget(
            name: "FlowTests",
            // textapp-sample: an app with no store, launched by the trait as it is.
            dependencies: ["FlowKit", "FlowTesting", "WorkPhotosRobots", "Console", "workphotos-seed", "textapp-sample"],
            // Golden screens these tests check, and the YAML flow that checks one of them too.
            exclude: ["__Screens__", "GoldenScreenFlowTests.yaml"]
        ),
        // The crawler: flow explore on the explore sample (and FlowKit's fake app), as a tester runs it.
        .testTarget(
            name: "FlowExplorerTests",
            dependencies: ["FlowExplorer", "FlowRunner", "FlowKit", "flow", "explore-sample", "ProcessTesting", "Console", "DeskRobots"]
        ),
        // The crawler's parts in process: its strategies, judge and values on apps in memory (a model
        // app behind its seam), its outputs against committed goldens; the explore sample for a robot's
        // values. No `flow`: a change of FlowExplorer rebuilds this alone (what the mutation run needs).
        // The robots of the explore sample's lending desk, its actions and its properties: a catalog the
        // crawler's and the runner's tests drive the desk with, in process.
        .target(name: "DeskRobots", dependencies: ["FlowKit"], path: "Tests/DeskRobots"),
        // The toolkit's runner with a desk catalog (DESK_CATALOG names it): the tests of properties
        // check them in its workers, as an app's runner checks its own.
        .executableTarget(name: "desk-flow", dependencies: ["FlowCommandLine", "DeskRobots", "Console"], path: "Tests/DeskFlow"),
        // The same catalogs' property worker alone (no command line, no crawler): what the crawler's
        // tests in process check properties in.
        .executableTarget(name: "desk-worker", dependencies: ["FlowRunner", "DeskRobots", "Console"], path: "Tests/DeskWorker"),
        .testTarget(
            name: "FlowExplorerUnitTests",
            dependencies: ["FlowExplorer", "FlowRunner", "FlowKit", "explore-sample", "ProcessTesting", "DeskRobots", "desk-worker"],
            exclude: ["__Goldens__"]
        ),
        // The runner's parts in process, on frames made by hand: the property checker and its worker
        // (the desk's, `desk-worker`), their protocol. No `flow`: a change of FlowRunner rebuilds this
        // and the worker alone (what the mutation run needs).
        .testTarget(name: "FlowRunnerUnitTests", dependencies: ["FlowRunner", "FlowKit", "DeskRobots", "desk-worker", "ProcessTesting"]),
        // Runs the built `flow` runner in a workspace of its own, as a tester would.
        .testTarget(
            name: "FlowRunnerTests",
            dependencies: [
                "flow", "workphotos-seed", "workphotos-accounts", "textapp-sample", "explore-sample", "DeskRobots", "desk-flow", "desk-worker", "FlowRunner", "FlowMCP", "FlowKit",
                "WorkPhotosRobots", "Console", "ProcessTesting",
                .product(name: "MCP", package: "swift-sdk"), .product(name: "SystemPackage", package: "swift-system"), "Yams", "LocatedYAML", "BadText", "TextBytes",
            ]
        ),
        // The runner's command line as another app's runner has it: its name, its folders, everywhere.
        .testTarget(
            name: "FlowCommandLineTests",
            dependencies: ["FlowCommandLine", "FlowRunner", "FlowKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The DocC catalogues' sources: every public declaration of the toolkit (PresenterKit, TextUI, FlowKit,
        // FlowRunner, FlowCommandLine) and of the test support products has a /// summary, every Swift listing in
        // their articles is code that exists, and the toolkit's code names no app (it reads files); FlowKit, for the guide's
        // table of robot action parameters, checked against the parameters its helpers build.
        // The guide's listings of a new app are checked against what the built `flow new` writes.
        .testTarget(name: "DocumentationTests", dependencies: ["FlowKit", "flow"]),
        // Runs the built `workphotos`, `workphotos-seed` and `workphotos-accounts` binaries as a person or a script would.
        .testTarget(name: "AppTests", dependencies: ["workphotos-seed", "workphotos-accounts", "WorkPhotosSeeding", "WorkPhotosSQLite", "AutomationWire", "Console", "ProcessTesting", "BadText", "TextBytes"]),
    ],
    swiftLanguageModes: [.v6]
)
