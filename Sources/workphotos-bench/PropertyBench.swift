import FlowKit
import FlowRunner
import Foundation
import WorkPhotosRobots

/// What checking an app's properties in a worker process costs: the TodoMVC example's walks with
/// its properties checked, beside the same walks without them (the floor), five runs of each taken
/// in turn; and one worker's start (what a property that traps costs: the next check starts a new
/// worker), beside a plain start of a Foundation program linked the same way.
extension Bench {
    func properties(_ scoreboard: Scoreboard) throws {
        let todosFlow = binaries.release.appendingPathComponent("todos-flow").path
        let todos = binaries.release.appendingPathComponent("todos").path
        for path in [todosFlow, todos] where !FileManager.default.isExecutableFile(atPath: path) {
            throw BenchError("no \(path): make bench builds it (in Examples/Todos, swift build -c release, in the toolkit's .build)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-properties-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scheme = folder.appendingPathComponent("todos.yaml").path
        try "app: \(todos)\n".write(toFile: scheme, atomically: true, encoding: .utf8)
        var walks: [(checked: Double, bare: Double)] = []
        for run in 1...Self.exploreRuns {
            var rates: [Bool: Double] = [:]
            for checked in [true, false] {
                let out = folder.appendingPathComponent("walks-\(run)-\(checked)").path
                let arguments = ["explore", "--scheme-file", scheme, "--walks-only", "--walks", "100", "--seed", "\(run)", "--identity", "structure", "--audit-skip", "distinctNames", "--out", out]
                    + (checked ? [] : ["--no-properties"])
                let status = try Self.runTo(todosFlow, arguments, in: folder.path)
                let map = try ExploreFigures(file: out + "/map.json")
                guard status == 0, map.walked == 100 else { throw BenchError("the walks of Todos exited \(status) after \(map.walked) walks; see \(out)") }
                rates[checked] = map.walkActionsPerSecond
            }
            let (checked, bare) = (rates[true] ?? 0, rates[false] ?? 0)
            walks.append((checked, bare))
            print(String(format: "properties run %d: Todos walked (100 walks, seed %d) with its 10 properties checked in their worker: %.0f actions a second; floor: the same walks without them: %.0f a second (%.2f×)",
                         run, run, checked, bare, checked / bare))
        }
        scoreboard.add("explore Todos, walks with its properties checked in their worker, actions a second (floor: the same walks without them; at least 0.9×)",
                       Self.percentile(walks.map(\.checked), 0.5), floor: Self.percentile(walks.map(\.bare), 0.5), unit: "/s", target: .atLeastTimesFloor(0.9))

        // A worker's start: the release flow started again as WorkPhotos' property worker, to its
        // hello and setup; its floor, the same Foundation program linked as usual, started to its exit.
        let flow = binaries.release.appendingPathComponent("flow").path
        guard FileManager.default.isExecutableFile(atPath: flow) else { throw BenchError("no \(flow): make bench builds it") }
        let launch = PropertyWorkerLaunch(executable: flow)
        var startMS: [Double] = []
        var floorMS: [Double] = []
        for _ in 0..<iterations {
            let workers = PropertyWorkers(launch: launch, properties: WorkPhotosCatalog.catalog.properties, variables: [:])
            startMS.append(Self.time {
                if let error = workers.start() { print("properties: the worker did not start: \(error)") }
            })
            workers.close()
            floorMS.append(try Self.runToExit(dynamicFloor, []))
        }
        report("a property worker's start, to its hello (what a trap costs: the next check starts a new one)", startMS, target: "reported")
        scoreboard.add("a property worker's start, release flow (what a trap costs; floor: a Foundation program started to its exit)", Self.percentile(startMS, 0.5),
                       floor: Self.percentile(floorMS, 0.5), unit: "ms", target: .report)
    }
}
