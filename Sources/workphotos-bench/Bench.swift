import ArgumentParser
import Foundation
import WorkPhotosSeeding
import WorkPhotosStore

/// `make bench`: the performance figures the design sets targets for, measured on a release build.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workphotos-bench",
        abstract: "Measure WorkPhotos' performance targets (run it from a release build: make bench)."
    )

    enum Measure: String, ExpressibleByArgument, CaseIterable {
        case seed, all
    }

    @Argument(help: "What to measure: \(Measure.allCases.map(\.rawValue).joined(separator: ", ")).")
    var measure: Measure = .all

    @Option(help: "Repetitions of each measurement.")
    var iterations = 20

    @Option(help: "The fixtures folder (default: ./Seeds, or the repository's).")
    var seeds: String?

    func validate() throws {
        guard iterations > 0 else { throw ValidationError("--iterations must be at least 1") }
    }

    func run() throws {
        #if DEBUG
        print("warning: this is a debug build; figures are only meaningful from `make bench` (release)")
        #endif
        if measure == .seed || measure == .all { try seedLarge() }
    }

    /// Seeding `large` (10,000 photos) into a new store, replacing the previous one each time.
    private func seedLarge() throws {
        let (fixture, _) = try FixtureCatalog.locate(explicit: seeds).load("large")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("photos.sqlite").path
        let samples = try (0..<iterations).map { _ in
            try Self.time { try Seeder.reset(storeAt: store, to: fixture) }
        }
        report("seed large (\(fixture.photoCount) photos)", samples, target: "well under 1000 ms")
    }

    private func report(_ name: String, _ samples: [Double], target: String) {
        let sorted = samples.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))] }
        print(String(format: "%@: median %.1f ms, p99 %.1f ms, min %.1f ms, max %.1f ms over %d runs (target: %@)",
                     name, percentile(0.5), percentile(0.99), sorted[0], sorted[sorted.count - 1], sorted.count, target))
    }

    /// Milliseconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
