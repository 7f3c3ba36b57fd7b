// swift-tools-version:6.0
import PackageDescription

// Dependency direction (see README): PresenterKit and TextUI know nothing of the app
// (NameMatching is a leaf utility for "did you mean" hints, shared by every layer);
// WorkPhotos (core) depends on PresenterKit only; WorkPhotosUI joins core and TextUI;
// the `workphotos` executable is the composition root.
let package = Package(
    name: "WorkPhotos",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "workphotos", targets: ["workphotos"]),
        .library(name: "PresenterKit", targets: ["PresenterKit"]),
        .library(name: "TextUI", targets: ["TextUI"]),
    ],
    targets: [
        .target(name: "NameMatching"),
        .target(name: "PresenterKit"),
        .target(name: "PresenterKitTesting", dependencies: ["PresenterKit"]),
        .target(name: "TextUI", dependencies: ["NameMatching"]),
        .target(name: "WorkPhotos", dependencies: ["PresenterKit", "NameMatching"]),
        .target(name: "WorkPhotosUI", dependencies: ["WorkPhotos", "TextUI", "PresenterKit"]),
        .executableTarget(
            name: "workphotos",
            dependencies: ["WorkPhotos", "WorkPhotosUI", "TextUI", "PresenterKit"]
        ),

        .testTarget(name: "NameMatchingTests", dependencies: ["NameMatching"]),
        .testTarget(name: "PresenterKitTests", dependencies: ["PresenterKit", "PresenterKitTesting"]),
        .testTarget(name: "TextUITests", dependencies: ["TextUI"]),
        .testTarget(name: "WorkPhotosTests", dependencies: ["WorkPhotos", "PresenterKit", "PresenterKitTesting"]),
        .testTarget(name: "WorkPhotosUITests", dependencies: ["WorkPhotosUI", "WorkPhotos", "TextUI", "PresenterKitTesting"]),
        // Runs the built `workphotos` binary as a person or a script would.
        .testTarget(name: "AppTests", dependencies: ["workphotos"]),
    ],
    swiftLanguageModes: [.v6]
)
