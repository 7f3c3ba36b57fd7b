import FlowRunner
import Foundation
import Synchronization

/// `run --trace`'s cost: the hundred flows of the default run (2 jobs, next app started ahead),
/// five rounds of three runs side by side, `--trace off`, `on-failure` and `on`, in an order that
/// turns each round (a machine that slows part-way slows them alike). A traced run writes its
/// traces as `flow run --trace-out` does, into a folder of its own: that is in its time. Every
/// flow passes, so `on-failure` pays the bookkeeping and keeps nothing; `on` keeps and writes
/// every trace. Each figure is the median of the five, beside its floor: the echo floor for
/// `off`, `off` itself for the others.
extension Bench {
    func trace(_ scoreboard: Scoreboard) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-trace-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var (suite, scheme) = try hundredFlows(in: folder.appendingPathComponent("flows"))
        // The testing build when there is one (make testing-app): the app with the least noise of its own.
        if app == nil, let testing = binaries.testing { scheme.app = testing }
        print("trace: the app: \(scheme.app)")
        let floor = FileManager.default.isExecutableFile(atPath: self.floor) ? try Self.launches(of: self.floor, count: 100).reduce(0, +) / 1000 : 0
        let modes: [TraceMode] = [.off, .onFailure, .on]
        var walls: [TraceMode: [Double]] = [:]
        for round in 0..<5 {
            for offset in 0..<modes.count {
                let mode = modes[(round + offset) % modes.count]
                var options = SuiteRunner.Options(jobs: 2, prelaunch: true)
                options.trace = mode
                let runner = SuiteRunner(scheme: scheme, variables: ["test.user": "test", "test.password": "1234"], secrets: ["1234"], options: options)
                defer { runner.cleanUp() }
                let templates = try runner.prepare(fixtures: suite.fixtures) { _ in }
                let out = folder.appendingPathComponent("traces-\(round)-\(mode.rawValue)").path
                let start = ContinuousClock.now
                let unwritten = Atomic(0)
                let results = runner.run(suite, templates: templates) { result in
                    guard result.steps.contains(where: { $0.trace != nil }) else { return }
                    let path = out + "/" + FlowTraceFile.fileName(result.flow, iteration: result.iteration)
                    do { try OutputFile.write(FlowTraceFile.json(result), to: path) } catch { unwritten.add(1, ordering: .relaxed) }
                }
                let wall = (ContinuousClock.now - start) / .seconds(1)
                guard results.count == 100, results.allSatisfy(\.passed), unwritten.load(ordering: .relaxed) == 0 else {
                    throw BenchError("the trace benchmark failed (\(mode.rawValue)): \(results.first { !$0.passed }?.failure.map { "\($0)" } ?? "\(results.count) results, \(unwritten.load(ordering: .relaxed)) traces unwritten")")
                }
                let traced = results.filter { $0.steps.contains { $0.trace != nil } }.count
                guard traced == (mode == .on ? 100 : 0) else { throw BenchError("--trace \(mode.rawValue) kept \(traced) traces of 100 passing flows") }
                walls[mode, default: []].append(wall)
                print(String(format: "trace round %d, --trace %@: %.2f s wall (%d traces written)", round + 1, mode.rawValue, wall, traced))
            }
        }
        func median(_ mode: TraceMode) -> Double { (walls[mode] ?? [0]).sorted()[2] }
        let off = median(.off)
        print(String(format: "100 flows, 2 jobs, median of 5: --trace off %.2f s (floor: 100 echo launches %.2f s), on-failure %.2f s (%+.1f%%), on %.2f s (%+.1f%%)",
                     off, floor, median(.onFailure), (median(.onFailure) / off - 1) * 100, median(.on), (median(.on) / off - 1) * 100))
        scoreboard.add("100 flows, --trace off (median of 5)", off, floor: floor > 0 ? floor : nil, unit: "s", target: .atMost(1))
        scoreboard.add("100 flows, --trace on-failure, all passing (median of 5, floor: off)", median(.onFailure), floor: off, unit: "s", target: .timesFloor(1.10))
        scoreboard.add("100 flows, --trace on (median of 5, floor: off)", median(.on), floor: off, unit: "s", target: .timesFloor(1.30))
    }
}
