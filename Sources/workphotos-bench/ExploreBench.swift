import FlowKit
import Foundation
import Testing

/// `flow explore`'s figures: WorkPhotos signed in on the testing build, its whole map at the
/// default budget; and a finding ten actions deep (the explore sample's `deep` bug) shrunk. Each
/// of five runs beside its floor, measured in the same run: one launch of the app to its first
/// idle frame and one step (what an action costs a crawl that launches the app for each); one
/// replay of the finding's ten actions from a fresh launch.
extension Bench {
    /// The runs each figure is the median of.
    static let exploreRuns = 5

    func explore(_ scoreboard: Scoreboard) throws {
        let flow = binaries.release.appendingPathComponent("flow").path
        let sample = binaries.release.appendingPathComponent("explore-sample").path
        guard let testing = binaries.testing else {
            print("explore: skipped: no testing build (make testing-app builds it; make bench does)")
            return
        }
        for path in [flow, sample] where !FileManager.default.isExecutableFile(atPath: path) {
            throw BenchError("no \(path): make bench builds it (swift build -c release --product \((path as NSString).lastPathComponent))")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-explore-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The sample's project: its scheme as the default, so nothing of WorkPhotos' is merged in.
        let sampleProject = folder.appendingPathComponent("sample")
        try FileManager.default.createDirectory(at: sampleProject.appendingPathComponent("Flows/schemes"), withIntermediateDirectories: true)
        try "app: \(sample)\narguments: [-sample.bugs, deep, -sample.depth, \"10\"]\n"
            .write(to: sampleProject.appendingPathComponent("Flows/schemes/default.yaml"), atomically: true, encoding: .utf8)
        let repository = FileManager.default.currentDirectoryPath

        var crawl: [(seconds: Double, sent: Double, tried: Double, floorMS: Double)] = []
        var shrink: [(seconds: Double, floorMS: Double)] = []
        for run in 1...Self.exploreRuns {
            // WorkPhotos: the floor (a launch to the first idle frame, and a step), then the crawl.
            var launchMS: [Double] = [], stepMS: [Double] = []
            try withApp(testing) { app, _ in
                app.terminate()
                for _ in 0..<5 {
                    app.launch()
                    guard let duration = app.launchDuration, !app.hasFailed else { throw BenchError("the testing build did not launch: \(app.failures.first.map { "\($0)" } ?? "no frame")") }
                    launchMS.append(duration / .milliseconds(1))
                    let field = app.textFields["Username"]
                    for index in 0..<20 { stepMS.append(Self.time { field.replaceText("user\(index)") }) }
                    app.terminate()
                }
            }
            let floorMS = Self.percentile(launchMS, 0.5) + Self.percentile(stepMS, 0.5)
            let out = folder.appendingPathComponent("workphotos-\(run)").path
            let status = try Self.runTo(flow, ["explore", "--scheme", "fast", "--from", "Login.login", "--out", out], in: repository)
            let map = try ExploreFigures(file: out + "/map.json")
            guard status == 0, map.complete else { throw BenchError("flow explore of WorkPhotos exited \(status) (complete: \(map.complete)); see \(out)") }
            crawl.append((map.seconds, Double(map.actionsSent), Double(map.actions), floorMS))
            print(String(format: "explore run %d: WorkPhotos signed in, testing build: %d screens, %d actions tried, %d sent, %d launches in %.2f s: %.0f actions sent a second (%.0f tried); floor: a launch %.2f ms + a step %.3f ms = %.0f actions a second",
                         run, map.screens, map.actions, map.actionsSent, map.launches, map.seconds, Double(map.actionsSent) / map.seconds, Double(map.actions) / map.seconds,
                         Self.percentile(launchMS, 0.5), Self.percentile(stepMS, 0.5), 1000 / floorMS))

            // The sample: the floor (a fresh launch and the finding's ten actions, but the crash), then the crawl and its shrinking.
            let replay = FlowApp(executable: sample, arguments: AutomationLaunch.arguments + ["-sample.bugs", "deep", "-sample.depth", "10"])
            var replayMS: [Double] = []
            for _ in 0..<5 {
                replayMS.append(Self.time {
                    replay.launch()
                    for _ in 0..<9 { replay.buttons["Deeper"].tap() }
                    replay.back()
                })
                guard !replay.hasFailed else { throw BenchError("the sample's replay failed: \(replay.failures[0])") }
                replay.terminate()
            }
            let sampleOut = folder.appendingPathComponent("sample-\(run)").path
            let sampleStatus = try Self.runTo(flow, ["explore", "--out", sampleOut], in: sampleProject.path)
            let sampleMap = try ExploreFigures(file: sampleOut + "/map.json")
            guard sampleStatus == 1, sampleMap.findingSteps == 10 else {
                throw BenchError("flow explore of the sample exited \(sampleStatus) with a finding of \(sampleMap.findingSteps) steps, not 1 and 10; see \(sampleOut)")
            }
            shrink.append((sampleMap.shrinkSeconds, Self.percentile(replayMS, 0.5)))
            print(String(format: "explore run %d: a crash 10 actions deep, found after %d, shrunk to 10 in %.3f s (%d replays); floor: one replay %.2f ms",
                         run, sampleMap.foundAfter, sampleMap.shrinkSeconds, sampleMap.replays, Self.percentile(replayMS, 0.5)))
        }
        let sent = crawl.map { $0.sent / $0.seconds }
        let floors = crawl.map { 1000 / $0.floorMS }
        scoreboard.add("explore WorkPhotos, whole map, testing build (floor: each action tried a launch + a step)", Self.percentile(crawl.map(\.seconds), 0.5),
                       floor: Self.percentile(crawl.map { $0.tried * $0.floorMS / 1000 }, 0.5), unit: "s", target: .atMost(10))
        scoreboard.add("explore WorkPhotos, actions sent a second (floor: one launch + one step)", Self.percentile(sent, 0.5),
                       floor: Self.percentile(floors, 0.5), unit: "/s", target: .atLeast(1000))
        scoreboard.add("explore, shrinking a finding 10 actions deep (floor: one replay)", Self.percentile(shrink.map(\.seconds), 0.5),
                       floor: Self.percentile(shrink.map(\.floorMS), 0.5) / 1000, unit: "s", target: .atMost(2))
    }

    /// Runs `path` with `arguments` in `folder`, its output discarded: its exit status.
    static func runTo(_ path: String, _ arguments: [String], in folder: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// What the bench reads of a map.json.
struct ExploreFigures {
    let seconds: Double
    let shrinkSeconds: Double
    let actions: Int
    let actionsSent: Int
    let screens: Int
    let launches: Int
    let complete: Bool
    let findingSteps: Int
    let foundAfter: Int
    let replays: Int

    init(file: String) throws {
        guard let data = FileManager.default.contents(atPath: file),
              let map = try JSONSerialization.jsonObject(with: data) as? [String: Any], let stats = map["stats"] as? [String: Any] else {
            throw Bench.BenchError("no map at \(file)")
        }
        seconds = stats["seconds"] as? Double ?? 0
        shrinkSeconds = stats["shrinkSeconds"] as? Double ?? 0
        actions = stats["actions"] as? Int ?? 0
        actionsSent = stats["actionsSent"] as? Int ?? 0
        screens = stats["screens"] as? Int ?? 0
        launches = stats["launches"] as? Int ?? 0
        complete = stats["complete"] as? Bool ?? false
        let finding = (map["findings"] as? [[String: Any]])?.first
        findingSteps = (finding?["steps"] as? [String])?.count ?? 0
        foundAfter = finding?["foundAfter"] as? Int ?? 0
        replays = finding?["replays"] as? Int ?? 0
    }
}
