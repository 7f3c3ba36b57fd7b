// swift-tools-version:6.0
import Foundation
import PackageDescription

// The manifest of an app with no store, as the guide (Adopting the toolkit) shows it: a tally
// counter with presenter tests, robots, its runner and Swift flow tests. Not built here (the root
// package excludes this folder); DocumentationTests check that it names only the toolkit's products.

// The toolkit's clone: write your own clone's path.
let toolkitPath = "/home/me/src/WorkPhotos"
// A package depended on by path is known by its folder's name: work it out rather than spell one.
let toolkit = URL(fileURLWithPath: toolkitPath).lastPathComponent

func product(_ name: String) -> Target.Dependency {
    .product(name: name, package: toolkit)
}

let package = Package(
    name: "Counter",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: toolkitPath)],
    targets: [
        .target(name: "Counter", dependencies: [product("PresenterKit")]),
        .target(name: "CounterIdentifiers"),
        .target(name: "CounterUI", dependencies: ["Counter", "CounterIdentifiers", product("TextUI"), product("PresenterKit")]),
        .executableTarget(name: "counter", dependencies: ["Counter", "CounterUI", product("TextUI"), product("PresenterKit")]),
        .target(name: "CounterRobots", dependencies: [product("FlowKit"), "CounterIdentifiers"]),
        .executableTarget(name: "counter-flow", dependencies: [product("FlowCommandLine"), "CounterRobots"]),

        .testTarget(name: "CounterTests", dependencies: ["Counter", product("PresenterKit"), product("PresenterKitTesting")]),
        // "counter": the app is built beside the test binary, where AppLaunch(app: "counter") looks for it.
        .testTarget(name: "CounterFlowTests", dependencies: ["CounterRobots", product("FlowKit"), product("FlowTesting"), "counter"]),
    ],
    swiftLanguageModes: [.v6]
)
