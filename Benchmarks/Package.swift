// swift-tools-version:6.1
import PackageDescription

// WorkPhotos' benchmarks, in a package of their own so that the main build and CI never build
// the benchmark harness (ordo-one/benchmark): `make bench` runs them and `make bench-check`
// compares them with the committed baseline (Benchmarks/.benchmarkBaselines), failing on a
// regression of more than 20% in any of them.
let package = Package(
    name: "WorkPhotosBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so the product references below do not depend on the folder the repository is cloned into.
        .package(name: "WorkPhotos", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The dominant colour and Show & Hide of 12 megapixels, on one thread and on the cores.
        .executableTarget(
            name: "Images",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), .product(name: "WorkPhotos", package: "WorkPhotos")],
            path: "Benchmarks/Images",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The wire's share of a step, in process: encoding and decoding frames and commands.
        .executableTarget(
            name: "Wire",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"), .product(name: "AutomationWire", package: "WorkPhotos"),
            ],
            path: "Benchmarks/Wire",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Seeding the large fixture (10,000 photos) into a new store.
        .executableTarget(
            name: "Seeding",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), .product(name: "WorkPhotosSeeding", package: "WorkPhotos")],
            path: "Benchmarks/Seeding",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
