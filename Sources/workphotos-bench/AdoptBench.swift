import Foundation

/// From `flow new` to its flows green, beside the toolkit's own build: a new app's first build
/// is dominated by compiling the toolkit's modules it uses, so the floor is the toolkit compiling
/// the same modules for its own runner (`swift build --product flow` in an empty scratch folder).
/// Each run: the floor, then `flow new`, the new package's first `swift build`, and its flows.
/// Minutes a run: `workphotos-bench adopt` only (not part of `all`); `--iterations` runs.
extension Bench {
    func adopt(_ scoreboard: Scoreboard) throws {
        let flow = binaries.debug.appendingPathComponent("flow").path
        guard FileManager.default.isExecutableFile(atPath: flow) else { throw BenchError("no \(flow): swift build --product flow builds it") }
        let repository = FileManager.default.currentDirectoryPath
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-adopt-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = min(iterations, 5)
        var toolkit: [Double] = [], build: [Double] = [], flows: [Double] = [], total: [Double] = []
        for run in 1...runs {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let scratch = folder.appendingPathComponent("toolkit").path
            toolkit.append(try Self.timed("swift", ["build", "--scratch-path", scratch, "--product", "flow"], in: repository))
            try? FileManager.default.removeItem(atPath: scratch)

            let app = folder.appendingPathComponent("benchapp").path
            let made = try Self.timed(flow, ["new", "BenchApp", "--path", app], in: repository)
            build.append(try Self.timed("swift", ["build"], in: app))
            flows.append(try Self.timed(app + "/.build/debug/benchapp-flow", ["run"], in: app))
            total.append(made + build[build.count - 1] + flows[flows.count - 1])
            print(String(format: "adopt run %d: flow new %.2f s, first build %.1f s, flows %.2f s: green after %.1f s; floor: the toolkit's own build of flow %.1f s",
                         run, made, build[build.count - 1], flows[flows.count - 1], total[total.count - 1], toolkit[toolkit.count - 1]))
        }
        scoreboard.add("from flow new to its flows green (floor: the toolkit's own first build of flow)", Self.percentile(total, 0.5),
                       floor: Self.percentile(toolkit, 0.5), unit: "s", target: .report)
        scoreboard.add("a new app's flows, once built (2 flows)", Self.percentile(flows, 0.5), floor: nil, unit: "s", target: .report)
    }

    /// Runs `program` (a path, or a name looked up on PATH) in `folder`, its output discarded but
    /// for a failure: the seconds it took. A non-zero exit is an error that says which and where.
    static func timed(_ program: String, _ arguments: [String], in folder: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.contains("/") ? program : "/usr/bin/env")
        process.arguments = program.contains("/") ? arguments : [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-adopt-\(getpid()).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close(); try? FileManager.default.removeItem(at: log) }
        process.standardOutput = handle
        process.standardError = handle
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        guard process.terminationStatus == 0 else {
            let tail = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").suffix(15).joined(separator: "\n") ?? ""
            throw BenchError("\(program) \(arguments.joined(separator: " ")) in \(folder) exited \(process.terminationStatus):\n\(tail)")
        }
        return seconds
    }
}
