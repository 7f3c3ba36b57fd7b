// swift-tools-version:6.0
import Foundation
import PackageDescription

// Todos: the TodoMVC application (todomvc.com's specification), the toolkit's third reference app,
// and its benchmark: its specification is written as properties beside its robots, and one build
// holds the correct app and its variants, each with one bug of a kind reported in real TodoMVC
// implementations, chosen at launch (-todos.variant NAME). `make todos` explores each: the correct
// app breaks no property, each variant's bug is found by the property it breaks.
//
// Dependency direction: Todos (core: the list, the presenter, the view protocol) on PresenterKit
// only; TodosIdentifiers is a leaf the screen and the robots share; TodosUI joins core and TextUI;
// the `todos` executable is the composition root (it keeps no data: no store, no seeder);
// TodosRobots import FlowKit and the identifiers, never the app; `todos-flow` is the toolkit's
// runner with those robots and their properties.

// The toolkit's clone: here, the repository this example is in.
let toolkitPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL.path
// A package depended on by path is known by its folder's name, which is the clone's.
let toolkit = URL(fileURLWithPath: toolkitPath).lastPathComponent

func product(_ name: String) -> Target.Dependency {
    .product(name: name, package: toolkit)
}

let package = Package(
    name: "Todos",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: toolkitPath),
    ],
    targets: [
        .target(name: "Todos", dependencies: [product("PresenterKit")]),
        .target(name: "TodosIdentifiers"),
        .target(name: "TodosUI", dependencies: ["Todos", "TodosIdentifiers", product("TextUI")]),
        .executableTarget(name: "todos", dependencies: ["Todos", "TodosUI", product("TextUI"), product("PresenterKit")]),
        .target(name: "TodosRobots", dependencies: [product("FlowKit"), "TodosIdentifiers"]),
        .executableTarget(name: "todos-flow", dependencies: [product("FlowCommandLine"), "TodosRobots"]),

        .testTarget(name: "TodosTests", dependencies: ["Todos", "TodosUI", "TodosIdentifiers", product("TextUI"), product("PresenterKit")]),
        // The properties on screens the app draws: each holds on the correct app and fails on the variant whose bug it is.
        .testTarget(name: "TodosRobotsTests", dependencies: ["TodosRobots", "Todos", "TodosUI", "TodosIdentifiers", product("FlowKit"), product("TextUI")]),
    ],
    swiftLanguageModes: [.v6]
)
