import ArgumentParser
import FlowKit
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
        case seed, step, launch, all
    }

    @Argument(help: "What to measure: \(Measure.allCases.map(\.rawValue).joined(separator: ", ")).")
    var measure: Measure = .all

    @Option(help: "Repetitions of the seeding and launch measurements.")
    var iterations = 20

    @Option(help: "Flow steps to time (after 200 to warm up).")
    var steps = 5000

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
        if measure == .step || measure == .all { try step() }
        if measure == .launch || measure == .all { try launch() }
    }

    /// One flow step, command to answering idle frame, through FlowKit as a flow test drives it.
    private func step() throws {
        try withApp { app in
            let field = app.textFields["Username"]
            for index in 0..<200 { field.replaceText("warm\(index)") }
            let samples = (0..<steps).map { index in Self.time { field.replaceText("user\(index)") } }
            guard !app.hasFailed else { throw BenchError("the step benchmark failed: \(app.failures[0])") }
            report("flow step (type into a field, command to idle frame)", samples, target: "median under 1 ms")
        }
    }

    /// Launch to the first idle frame.
    private func launch() throws {
        try withApp { app in
            var samples: [Double] = []
            for _ in 0..<iterations {
                app.launch()
                guard let duration = app.launchDuration, !app.hasFailed else {
                    throw BenchError("the launch benchmark failed: \(app.failures.first.map { "\($0)" } ?? "no frame")")
                }
                samples.append(duration / .milliseconds(1))
                app.terminate()
            }
            report("launch to first idle frame", samples, target: "under 50 ms")
        }
    }

    /// The release app beside this binary, on a store seeded with the default fixture. No stubs:
    /// a release build refuses them, and typing into the login form needs none.
    private func withApp(_ body: (FlowApp) throws -> Void) throws {
        let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let app = binaries.appendingPathComponent("workphotos").path
        guard FileManager.default.isExecutableFile(atPath: app) else {
            throw BenchError("no workphotos binary beside workphotos-bench at \(app): build every product (make bench does)")
        }
        let (fixture, _) = try FixtureCatalog.locate(explicit: seeds).load("default")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-app-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("photos.sqlite").path
        try Seeder.reset(storeAt: store, to: fixture)
        let flowApp = FlowApp(executable: app, arguments: ["-automation", "YES", "-photos.store", store])
        flowApp.launch()
        defer { flowApp.terminate() }
        try body(flowApp)
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
        print(String(format: "%@: median %.3f ms, p99 %.3f ms, min %.3f ms, max %.3f ms over %d runs (target: %@)",
                     name, percentile(0.5), percentile(0.99), sorted[0], sorted[sorted.count - 1], sorted.count, target))
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Milliseconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return (ContinuousClock.now - start) / .milliseconds(1)
    }
}
