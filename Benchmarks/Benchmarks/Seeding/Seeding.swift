import Benchmark
import Foundation
import WorkPhotosSeeding

/// Seeding the large fixture (10,000 photos) into a new store, replacing the last one each time,
/// as flows and `make seed` do. Target: a fraction of a second.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .syscalls], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 20,
        thresholds: [
            .wallClock: .init(relative: [.p50: 20, .p90: 20]), .mallocCountTotal: .init(relative: [.p50: 20]), .syscalls: .init(relative: [.p50: 20]),
        ]
    )
    // The package lives in Benchmarks/ of the repository: its fixtures are one folder up.
    let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Seeds").path
    guard let (fixture, _) = try? FixtureCatalog.locate(explicit: seeds).load("large") else { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-benchmarks-seed-\(getpid())")
    let store = folder.appendingPathComponent("photos.sqlite").path
    Benchmark("Seed the large fixture (10,000 photos)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { try Seeder.reset(storeAt: store, to: fixture) }
    }
}
