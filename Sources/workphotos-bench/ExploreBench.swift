import FlowKit
import Foundation
import Testing

/// `flow explore`'s figures: WorkPhotos signed in on the testing build, its whole map at the
/// default budget, and its walks alone (100 of 50 actions); a finding ten actions deep (the
/// explore sample's `deep` bug) shrunk; and a hang behind a lend on the sample's lending desk,
/// found by walks alone. Each of five runs beside its floor, measured in the same run: one launch
/// of the app to its first idle frame and one step (what an action costs a crawl that launches
/// the app for each; for walks, a launch's share of a walk and a step); one replay of the
/// finding's ten actions from a fresh launch; a launch and the five steps the hang needs.
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
        var walks: [(perSecond: Double, floor: Double)] = []
        var hang: [(seconds: Double, floor: Double)] = []
        var properties: [(seconds: Double, floor: Double)] = []
        let deskProject = folder.appendingPathComponent("desk")
        try FileManager.default.createDirectory(at: deskProject.appendingPathComponent("Flows/schemes"), withIntermediateDirectories: true)
        try "app: \(sample)\narguments: [-sample.app, desk, -sample.bugs, returnHang]\n"
            .write(to: deskProject.appendingPathComponent("Flows/schemes/default.yaml"), atomically: true, encoding: .utf8)
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
            // The map alone (--walks 0): the whole map at its default budget, as it was measured before walks followed by default.
            let status = try Self.runTo(flow, ["explore", "--scheme", "fast", "--from", "Login.login", "--walks", "0", "--out", out], in: repository)
            let map = try ExploreFigures(file: out + "/map.json")
            guard status == 0, map.complete else { throw BenchError("flow explore of WorkPhotos exited \(status) (complete: \(map.complete)); see \(out)") }
            crawl.append((map.seconds, Double(map.actionsSent), Double(map.actions), floorMS))
            // The same crawl without the app's properties: what checking them costs (its floor).
            let bareOut = folder.appendingPathComponent("workphotos-bare-\(run)").path
            let bareStatus = try Self.runTo(flow, ["explore", "--scheme", "fast", "--from", "Login.login", "--walks", "0", "--no-properties", "--out", bareOut], in: repository)
            let bare = try ExploreFigures(file: bareOut + "/map.json")
            guard bareStatus == 0, bare.complete, bare.actions == map.actions else {
                throw BenchError("flow explore --no-properties of WorkPhotos exited \(bareStatus) after \(bare.actions) actions (with properties: \(map.actions)); see \(bareOut)")
            }
            properties.append((map.seconds, bare.seconds))
            print(String(format: "explore run %d: WorkPhotos' whole map with its properties checked on every state and after every action %.2f s; floor: the same %d actions without them %.2f s (+%.1f%%)",
                         run, map.seconds, bare.actions, bare.seconds, (map.seconds / bare.seconds - 1) * 100))
            print(String(format: "explore run %d: WorkPhotos signed in, testing build: %d screens, %d actions tried, %d sent, %d launches in %.2f s: %.0f actions sent a second (%.0f tried); floor: a launch %.2f ms + a step %.3f ms = %.0f actions a second",
                         run, map.screens, map.actions, map.actionsSent, map.launches, map.seconds, Double(map.actionsSent) / map.seconds, Double(map.actions) / map.seconds,
                         Self.percentile(launchMS, 0.5), Self.percentile(stepMS, 0.5), 1000 / floorMS))

            // WorkPhotos' walks alone, the same seed each run: a walk's launch (the sign-in included)
            // is its share of the floor, beside its steps.
            let walksOut = folder.appendingPathComponent("walks-\(run)").path
            let walksStatus = try Self.runTo(flow, ["explore", "--scheme", "fast", "--from", "Login.login", "--walks-only", "--walks", "100", "--seed", "1",
                                                    "--out", walksOut], in: repository)
            let walked = try ExploreFigures(file: walksOut + "/map.json")
            guard walksStatus == 0, walked.walked == 100 else { throw BenchError("the walks of WorkPhotos exited \(walksStatus) after \(walked.walked) walks; see \(walksOut)") }
            let perWalk = Double(walked.walkActions) / Double(walked.walked)
            let walkFloor = perWalk / ((Self.percentile(launchMS, 0.5) + perWalk * Self.percentile(stepMS, 0.5)) / 1000)
            walks.append((walked.walkActionsPerSecond, walkFloor))
            print(String(format: "explore run %d: WorkPhotos walked alone, testing build: %d walks, %d actions in %.2f s: %.0f actions sent a second; floor: a launch %.2f ms a walk of %.1f actions + a step each = %.0f a second",
                         run, walked.walked, walked.walkActions, walked.walkSeconds, walked.walkActionsPerSecond, Self.percentile(launchMS, 0.5), perWalk, walkFloor))

            // The desk: walks alone, a seed a run, until the hang behind a lend is found (at most 30 s).
            let desk = FlowApp(executable: sample, arguments: AutomationLaunch.arguments + ["-sample.app", "desk"])
            let deskFloorMS = Self.time {
                desk.launch()
                desk.cells["book-2"].tap()
                desk.textFields["Borrower"].replaceText("a")
                desk.buttons["Lend"].tap()
                desk.cells["book-2"].tap()
                desk.buttons["Return"].tap()
            }
            guard !desk.hasFailed else { throw BenchError("the desk's floor failed: \(desk.failures[0])") }
            desk.terminate()
            let deskOut = folder.appendingPathComponent("desk-\(run)").path
            let deskStatus = try Self.runTo(flow, ["explore", "--walks-only", "--walks", "2000", "--seed", "\(run)", "--time", "30", "--no-shrink", "--out", deskOut],
                                            in: deskProject.path)
            let deskMap = try ExploreFigures(file: deskOut + "/map.json")
            let foundAt = deskMap.hangFoundAt ?? 30
            guard deskStatus == 1 || deskStatus == 0 else { throw BenchError("the walks of the desk exited \(deskStatus); see \(deskOut)") }
            hang.append((foundAt, deskFloorMS / 1000))
            print(String(format: "explore run %d: the desk's hang behind a lend, walks alone (seed %d): %@; floor: a launch and its 5 steps %.2f ms",
                         run, run, deskMap.hangFoundAt.map { String(format: "found at %.2f s by the %@", $0, deskMap.hangFoundBy) } ?? "not found in 30 s", deskFloorMS))

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
            let sampleStatus = try Self.runTo(flow, ["explore", "--walks", "0", "--out", sampleOut], in: sampleProject.path)
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
        scoreboard.add("explore WorkPhotos, walks alone, actions sent a second (floor: a launch's share of a walk + a step)", Self.percentile(walks.map(\.perSecond), 0.5),
                       floor: Self.percentile(walks.map(\.floor), 0.5), unit: "/s", target: .atLeast(1000))
        scoreboard.add("explore WorkPhotos, whole map with its properties (floor: the same crawl without them; at most 10% more)", Self.percentile(properties.map(\.seconds), 0.5),
                       floor: Self.percentile(properties.map(\.floor), 0.5), unit: "s", target: .timesFloor(1.10))
        scoreboard.add("explore, a hang behind a lend found by walks alone (floor: a launch + its 5 steps)", Self.percentile(hang.map(\.seconds), 0.5),
                       floor: Self.percentile(hang.map(\.floor), 0.5), unit: "s", target: .atMost(30))
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
    let walked: Int
    let walkActions: Int
    let walkSeconds: Double
    let walkActionsPerSecond: Double
    /// When the first hang was found (seconds since the crawl began), and by what.
    let hangFoundAt: Double?
    let hangFoundBy: String

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
        let walks = map["walks"] as? [String: Any]
        walked = walks?["walked"] as? Int ?? 0
        walkActions = walks?["actions"] as? Int ?? 0
        walkSeconds = walks?["seconds"] as? Double ?? 0
        walkActionsPerSecond = walks?["actionsPerSecond"] as? Double ?? 0
        let hang = (map["findings"] as? [[String: Any]])?.first { $0["kind"] as? String == "hang" }
        hangFoundAt = hang?["foundAt"] as? Double
        hangFoundBy = hang?["found"] as? String ?? ""
    }
}
