import Foundation

/// `flow explore` on states many steps deep, on the TodoMVC example (Examples/Todos, release): its
/// map by data beside its map by structure (the floor: the map must stay bounded, at most twice
/// as long), and each depth variant's bug (the same action several times over) found by
/// `todos-flow explore` with the default options, a seed a run, beside its floor: running the flow
/// explore wrote for it, the least a crawl can take to show the bug. Five runs of each.
extension Bench {
    /// The depth variants of Todos (Examples/Todos/Sources/Todos/TodoVariant.swift), each with the
    /// properties its bug breaks (a count wrong breaks whichever checks the count first).
    static let depthVariants: [(variant: String, properties: [String])] = [
        ("countWrongFromThree", ["itemsLeftCountsTheActiveTodos"]),
        ("deleteTakesTwoFromFive", ["deleteRemovesOneTodo"]),
        ("addUnderFilterLostFromFive", ["addAddsOneTrimmedTodoAndEmptiesTheField"]),
        ("countWrongFromEight", ["itemsLeftCountsTheActiveTodos", "addAddsOneTrimmedTodoAndEmptiesTheField", "toggleMovesTheCountByOne"]),
    ]

    func depth(_ scoreboard: Scoreboard) throws {
        let todosFlow = binaries.release.appendingPathComponent("todos-flow").path
        let todos = binaries.release.appendingPathComponent("todos").path
        for path in [todosFlow, todos] where !FileManager.default.isExecutableFile(atPath: path) {
            throw BenchError("no \(path): make bench builds it (in Examples/Todos, swift build -c release, in the toolkit's .build)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-depth-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func scheme(_ variant: String?) throws -> String {
            let file = folder.appendingPathComponent("\(variant ?? "correct").yaml").path
            try ("app: \(todos)\n" + (variant.map { "arguments: [-todos.variant, \($0)]\n" } ?? "")).write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        let correct = try scheme(nil)
        var maps: [(data: Double, structure: Double)] = []
        var found: [String: [(seconds: Double, floor: Double)]] = [:]
        for run in 1...Self.exploreRuns {
            // The map alone, by structure (the floor), then by data: the same app, no walks.
            var seconds: [String: Double] = [:]
            for identity in ["structure", "data"] {
                let out = folder.appendingPathComponent("map-\(identity)-\(run)").path
                let status = try Self.runTo(todosFlow, ["explore", "--scheme-file", correct, "--walks", "0", "--identity", identity, "--out", out], in: folder.path)
                let map = try ExploreFigures(file: out + "/map.json")
                guard status == 0, map.complete else { throw BenchError("the map of Todos by \(identity) exited \(status) (complete: \(map.complete)); see \(out)") }
                seconds[identity] = map.seconds
                print(String(format: "depth run %d: the map of Todos by %@: %d screens, %d actions tried, %d sent in %.2f s", run, identity, map.screens, map.actions,
                             map.actionsSent, map.seconds))
            }
            maps.append((seconds["data"] ?? 0, seconds["structure"] ?? 0))
            // Each depth variant with the default options but the seed (the run's: the same crawl
            // again) and a stop at the first finding; its floor, its flow run.
            for (variant, properties) in Self.depthVariants {
                let file = try scheme(variant)
                let out = folder.appendingPathComponent("\(variant)-\(run)").path
                let start = ContinuousClock.now
                let status = try Self.runTo(todosFlow, ["explore", "--scheme-file", file, "--seed", "\(run)", "--max-findings", "1", "--out", out], in: folder.path)
                let took = (ContinuousClock.now - start) / .seconds(1)
                // In the order explore numbered them: the first finding's property, when two broke at once.
                let flows = ((try? FileManager.default.contentsOfDirectory(atPath: out + "/findings")) ?? []).sorted()
                let asserted = flows.lazy.compactMap { name -> (flow: String, property: String)? in
                    let text = (try? String(contentsOfFile: out + "/findings/" + name, encoding: .utf8)) ?? ""
                    return properties.first { text.contains("assertProperty: \($0)\n") }.map { (name, $0) }
                }.first
                guard status == 1, let (flow, property) = asserted else {
                    throw BenchError("todos-flow explore did not find \(variant) by \(properties.joined(separator: " or ")) (exit \(status), seed \(run)); see \(out)")
                }
                let flowStart = ContinuousClock.now
                let replay = try Self.runTo(todosFlow, ["run", "--scheme-file", file, out + "/findings/" + flow], in: folder.path)
                let floor = (ContinuousClock.now - flowStart) / .seconds(1)
                guard replay == 1 else { throw BenchError("the flow explore wrote for \(variant) exited \(replay), not 1; see \(out)") }
                found[variant, default: []].append((took, floor))
                print(String(format: "depth run %d: %@ found by %@ with the default options (seed %d) in %.2f s; floor: its flow run %.2f s", run, variant, property, run, took, floor))
            }
        }
        scoreboard.add("explore Todos, the map by data (floor: the map by structure; at most 2×)", Self.percentile(maps.map(\.data), 0.5),
                       floor: Self.percentile(maps.map(\.structure), 0.5), unit: "s", target: .timesFloor(2))
        for (variant, _) in Self.depthVariants {
            let figures = found[variant] ?? []
            scoreboard.add("explore Todos, \(variant) found with the default options (floor: its flow run)", Self.percentile(figures.map(\.seconds), 0.5),
                           floor: Self.percentile(figures.map(\.floor), 0.5), unit: "s", target: .atMost(30))
        }
    }
}
