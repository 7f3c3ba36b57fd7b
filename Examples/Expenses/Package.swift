// swift-tools-version:6.1
import Foundation
import PackageDescription

// Expenses: the toolkit's second reference app, an expense tally. It depends on the toolkit's
// package by path and uses only its products (never a target of it), as any app would.
//
// Dependency direction: Expenses (core: domain, store protocol, presenters, view protocols) on
// PresenterKit only; ExpensesIdentifiers is a leaf the screens and the robots share; ExpensesUI
// joins core and TextUI; ExpensesSQLite (the one module that imports GRDB) implements the core's
// store; ExpensesSeeding reads fixtures (LocatedYAML) and resets a store (StoreSeeding); the
// `expenses` executable is the composition root; ExpensesRobots import FlowKit and the identifiers,
// never the app; `expenses-flow` is the toolkit's runner with those robots.

// The toolkit's clone: here, the repository this example is in. An app kept anywhere else gives
// its own clone's path instead (let toolkitPath = "/home/me/src/WorkPhotos").
let toolkitPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL.path
// A package depended on by path is known by its folder's name, which is the clone's (main,
// wt-example, WorkPhotos...), not the name in its manifest: work it out rather than spell one.
let toolkit = URL(fileURLWithPath: toolkitPath).lastPathComponent

func product(_ name: String) -> Target.Dependency {
    .product(name: name, package: toolkit)
}

// The broken build's bugs (scripts/broken-build.sh, scripts/planted-bugs.sh), each a package trait
// (`swift build --traits BrokenTotal,PlantedBugs`): a trait sets its define in this package's
// targets alone, so the toolkit and GRDB, built with the same command lines as ever, are not
// compiled again for it (`-Xswiftc -D...` would reach every module and rebuild them all).
let brokenBuild: [SwiftSetting] = [
    .define("BROKEN_TOTAL", .when(traits: ["BrokenTotal"])),
    .define("PLANTED_BUGS", .when(traits: ["PlantedBugs"])),
]

let package = Package(
    name: "Expenses",
    platforms: [.macOS(.v15)],
    traits: [
        .trait(name: "BrokenTotal", description: "The list's total leaves out the last expense: the line make expenses-broken-build breaks."),
        .trait(name: "PlantedBugs", description: "Five bugs off every flow's path, for flow explore to find (scripts/planted-bugs.sh)."),
    ],
    dependencies: [
        .package(path: toolkitPath),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .target(name: "Expenses", dependencies: [product("PresenterKit")], swiftSettings: brokenBuild),
        .target(name: "ExpensesIdentifiers"),
        .target(name: "ExpensesUI", dependencies: ["Expenses", "ExpensesIdentifiers", product("TextUI"), product("PresenterKit")], swiftSettings: brokenBuild),
        .target(name: "ExpensesSQLite", dependencies: ["Expenses", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "ExpensesSeeding",
            dependencies: ["Expenses", "ExpensesSQLite", product("LocatedYAML"), product("StoreSeeding")]
        ),
        .executableTarget(name: "expenses", dependencies: ["Expenses", "ExpensesUI", "ExpensesSQLite", product("TextUI"), product("PresenterKit")]),
        .executableTarget(name: "expenses-seed", dependencies: ["ExpensesSeeding", product("StoreSeeding"), product("LocatedYAML"), product("Console")]),
        .target(name: "ExpensesRobots", dependencies: [product("FlowKit"), "ExpensesIdentifiers"]),
        .executableTarget(name: "expenses-flow", dependencies: [product("FlowCommandLine"), "ExpensesRobots"]),

        // Test support for the example's tests: a temporary folder for real files.
        .target(name: "ExpensesTesting"),

        .testTarget(name: "ExpensesTests", dependencies: ["Expenses", product("PresenterKit"), product("PresenterKitTesting"), product("StrictMocks")]),
        .testTarget(name: "ExpensesUITests", dependencies: ["ExpensesUI", "Expenses", "ExpensesIdentifiers", product("TextUI"), product("PresenterKitTesting")]),
        .testTarget(name: "ExpensesSQLiteTests", dependencies: ["ExpensesSQLite", "Expenses", "ExpensesTesting", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "ExpensesSeedingTests",
            dependencies: ["ExpensesSeeding", "ExpensesSQLite", "Expenses", product("StoreSeeding"), product("LocatedYAML"), product("Console"), "ExpensesTesting", "expenses-seed"]
        ),
        // The robots on the built app, from Swift (FlowTesting), and the runner as a tester runs it.
        .testTarget(
            name: "ExpensesFlowTests",
            dependencies: ["ExpensesRobots", product("FlowKit"), product("FlowTesting"), product("Console"), "ExpensesTesting", "expenses", "expenses-seed", "expenses-flow"],
            // The golden screens ExpenseFlowTests keeps (FlowTesting's assertScreen): not resources.
            exclude: ["__Screens__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
