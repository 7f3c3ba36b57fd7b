import Console
import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `flow explore --walks` on the explore sample's lending desk (`-sample.app desk`), as a tester
/// runs it: walks alone reach a hang only a lend makes reachable, the flow written for it fails on
/// the broken desk and passes on the mended one; the same seed walks the same walks; shards merged
/// say what one machine says; and a walk that meets a crash at launch, an app that never idles or
/// ten thousand rows ends with its finding and the next goes on.
@Suite(.timeLimit(.minutes(5)))
struct ExploreWalksTests {
    static func desk(_ bugs: [String]) throws -> ExploreWorkspace {
        try ExploreWorkspace(bugs: bugs, extra: "", app: "desk")
    }

    @Test func walksAloneFindAHangOnOneBookOnlyALendMakesReachable() throws {
        let workspace = try Self.desk(["returnHang"])
        defer { workspace.remove() }
        // --time is the shrinking's deadline too: ample, so a busy machine still shrinks to the end.
        let explore = try workspace.flow(["explore", "--walks-only", "--walks", "200", "--seed", "7", "--wait", "1", "--time", "600", "--out", "out"])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stdout.contains("walking 200 walks of at most 50 actions, seed 7, screens told apart by data"), "\(explore.stdout)")
        #expect(explore.stdout.contains("seed              7 (--seed 7 walks the same walks again)"), "\(explore.stdout)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        #expect(map.findings.map(\.kind) == [.hang], "\(map.findings.map(\.summary))")
        let hang = try #require(map.findings.first)
        #expect(hang.steps.count == 5 && hang.steps[0] == "tap: {cell: book-2}" && hang.steps[2...] == ["tap: {button: Lend}", "tap: {cell: book-2}", "tap: {button: Return}"],
                "the fewest steps: \(hang.steps)")
        #expect(hang.steps[1].hasPrefix("type: {textField: Borrower, text: ") && hang.steps[1].count <= #"type: {textField: Borrower, text: "A"}"#.count,
                "a name of one letter, shrunk: \(hang.steps)")
        #expect(hang.found?.hasPrefix("walk ") == true && map.stats.actions == 0, "found by a walk, no map made")
        #expect(map.walks?.seed == "7" && map.walks?.each.count == 200)
        let flow = try #require(hang.flow)
        let broken = try workspace.flow(["run", "--timeout", "1", "out/\(flow)"])
        #expect(broken.status == 1 && broken.stdout.contains("the app was still busy after 1 s: return the book"), "\(broken.stdout)")
        try workspace.scheme(bugs: [], app: "desk")
        let mended = try workspace.flow(["run", "--timeout", "1", "out/\(flow)"])
        #expect(mended.status == 0, "the flow passes once the desk is mended: \(mended.stdout)")
    }

    @Test func theSameSeedWalksTheSameWalksActionForAction() throws {
        let workspace = try Self.desk(["longLend"])
        defer { workspace.remove() }
        func walks(_ seed: String, into out: String) throws -> [ExploreMap.Walk] {
            let explore = try workspace.flow(["explore", "--walks-only", "--walks", "25", "--seed", seed, "--out", out, "--no-shrink"])
            #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
            return try ExploreMap.read(Data(workspace.read("\(out)/map.json").utf8), file: out).walks?.each ?? []
        }
        let one = try walks("99", into: "one"), two = try walks("99", into: "two"), other = try walks("100", into: "other")
        #expect(one.count == 25 && one == two, "the same seed, the same walks")
        #expect(one.map(\.digest) != other.map(\.digest), "another seed, others")
        #expect(one.reduce(0) { $0 + $1.actions } > 100)
    }

    @Test func twoShardsMergedFindWhatOneMachineFinds() throws {
        let workspace = try Self.desk(["returnHang", "longLend"])
        defer { workspace.remove() }
        let common = ["explore", "--walks", "60", "--seed", "11", "--wait", "1"]
        #expect(try workspace.flow(common + ["--out", "one"]).status == 1)
        let first = try workspace.flow(common + ["--shard", "1/2", "--out", "s1"])
        let second = try workspace.flow(common + ["--shard", "2/2", "--out", "s2"])
        #expect(first.stdout.contains("(shard 1/2: 30 of them) after the map"), "\(first.stdout)")
        #expect(second.stdout.contains("(shard 2/2: 30 of them) (shard 1 makes the map)"), "\(second.stdout)")
        let merge = try workspace.flow(["merge", "s2", "s1", "--out", "merged"])
        #expect(merge.status == 1, "findings: \(merge.stdout)\(merge.stderr)")
        #expect(merge.stdout.contains("merged 2 shards of 60 walks (seed 11)"), "\(merge.stdout)")
        let one = try ExploreMap.read(Data(workspace.read("one/map.json").utf8), file: "one")
        let merged = try ExploreMap.read(Data(workspace.read("merged/map.json").utf8), file: "merged")
        func said(_ map: ExploreMap) -> [String] {
            map.findings.map { "\($0.kind) \($0.steps) \($0.paths ?? 0) \($0.found ?? "")" }
        }
        #expect(said(one) == said(merged), "\(said(one))\n\(said(merged))")
        #expect(one.findings.count == 2)
        #expect(one.walks?.each.map(\.digest) == merged.walks?.each.map(\.digest), "every walk the same")
        #expect(workspace.files(in: "merged/findings") == workspace.files(in: "one/findings"))
        for file in workspace.files(in: "one/findings") {
            #expect(try workspace.read("merged/findings/\(file)") == workspace.read("one/findings/\(file)"))
        }
        let run = try workspace.flow(["run", "--timeout", "1", "merged/findings"])
        #expect(run.status == 1 && run.stdout.contains("0 passed, 2 failed"), "\(run.stdout)")
    }

    @Test func maxFindingsStopsAtTheFirstProblemAndWritesItsFlow() throws {
        let workspace = try Self.desk(["returnHang", "longLend"])
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--walks", "60", "--seed", "11", "--wait", "1", "--max-findings", "1", "--out", "out"])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stdout.contains("stopped at --max-findings 1"), "\(explore.stdout)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        #expect(map.findings.count == 1 && map.budget.maxFindings == 1 && map.stats.ended == .maxFindings, "\(map.findings.map(\.summary))")
        #expect(workspace.files(in: "out/findings").count == 1)
        let run = try workspace.flow(["run", "--timeout", "1", "out/findings"])
        #expect(run.status == 1 && run.stdout.contains("0 passed, 1 failed"), "its flow fails on the desk: \(run.stdout)")
    }

    @Test func mergeRefusesFoldersThatAreNotShardsOfOneCrawl() throws {
        let workspace = try Self.desk([])
        defer { workspace.remove() }
        #expect(try workspace.flow(["explore", "--walks", "4", "--seed", "1", "--shard", "1/2", "--out", "a"]).status == 0)
        #expect(try workspace.flow(["explore", "--walks", "4", "--seed", "2", "--shard", "2/2", "--out", "b"]).status == 0)
        let merge = try workspace.flow(["merge", "a", "b", "--out", "merged"])
        #expect(merge.status == 2, "\(merge.stdout)\(merge.stderr)")
        #expect(merge.stderr.contains("b: the seed is 2, but a's is 1: these are not shards of one crawl"), "\(merge.stderr)")
        let twice = try workspace.flow(["merge", "a", "a/", "--out", "merged"])
        #expect(twice.status == 2 && twice.stderr.contains("given twice"), "\(twice.stderr)")
        let noOut = try workspace.flow(["merge", "a"])
        #expect(noOut.status == 2 && noOut.stderr.contains("give --out DIR"), "\(noOut.stderr)")
        #expect(!workspace.exists("merged"), "nothing written")
    }

    @Test func aFieldNoFlowNamesGetsAShortOrdinaryValueAndOneProblemFromThreeScreensIsOneFinding() throws {
        let workspace = try Self.desk(["helpAlert"])
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--identity", "data", "--walks", "0", "--out", "out"])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        let typed = Set(map.transitions.filter { $0.key == "type textField Borrower" }.map(\.action))
        #expect(typed.isSuperset(of: [#"type "a" into Borrower"#, #"type "Ann" into Borrower"#, #"type "7" into Borrower"#]), "\(typed)")
        #expect(map.transitions.contains { $0.action == "tap Lend" && $0.outcome == .screen }, "a short name lends the book")
        #expect(map.findings.map(\.kind) == [.alertNeverCloses], "\(map.findings.map(\.summary))")
        #expect((map.findings.first?.paths ?? 0) >= 2, "met over the desk and over a book: \(map.findings.first?.paths ?? 0)")
        #expect(explore.stdout.contains("paths)"), "\(explore.stdout)")
    }

    @Test func aWalkThatMeetsACrashAtLaunchOrAnAppThatNeverIdlesEndsAndTheWalksStop() throws {
        for (arguments, kind) in [("[-sample.app, desk, -sample.crash, YES]", "crash"), ("[-sample.app, desk, -sample.busy, YES]", "hang")] {
            let workspace = try ExploreWorkspace(extra: "arguments: \(arguments)\n")
            defer { workspace.remove() }
            let explore = try workspace.flow(["explore", "--walks-only", "--walks", "20", "--seed", "1", "--wait", "1", "--out", "out"])
            #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
            #expect(explore.stdout.contains("FINDING  \(kind)  the app did not start"), "\(explore.stdout)")
            #expect(explore.stdout.contains("the app did not start"), "\(explore.stdout)")
            let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
            #expect(map.walks?.each.map(\.ended) == [.launch, .launch, .launch], "three in a row, then no more: \(map.walks?.each.map(\.ended) ?? [])")
            #expect(map.findings.count == 1 && map.stats.ended == .launch)
        }
    }

    @Test func walksOverTenThousandRowsChooseAmongTheRowsShown() throws {
        let workspace = try ExploreWorkspace(extra: "arguments: [-sample.rows, \"10000\"]\n")
        defer { workspace.remove() }
        let start = ContinuousClock.now
        let explore = try workspace.flow(["explore", "--walks-only", "--walks", "30", "--seed", "4", "--out", "out"])
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        #expect(ContinuousClock.now - start < .seconds(60))
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        #expect(map.walks?.walked == 30)
        let rows = Set(map.transitions.filter { $0.key == "tap cell row-#" }.map(\.step))
        #expect(rows.count > 3, "walks tap rows the map would not (the map takes three a class): \(rows)")
    }

    @Test func shardAutoReadsTheShareFromTheCIEngine() throws {
        let workspace = try Self.desk([])
        defer { workspace.remove() }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CI_NODE") && !$0.key.hasPrefix("FLOW_SHARD") }
        environment["CI_NODE_INDEX"] = "2"
        environment["CI_NODE_TOTAL"] = "3"
        let explore = try workspace.flow(["explore", "--walks", "7", "--seed", "1", "--shard", "auto", "--out", "out"], environment: environment)
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stdout.contains("GitLab CI"), "says where the share came from: \(explore.stdout)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        #expect(map.walks?.shard == ExploreShard(index: 2, count: 3))
        #expect(map.walks?.each.map(\.number) == [1, 4], "walks 1 and 4 of 0...6")
        #expect(map.stats.actions == 0, "shard 2 walks only")
    }

    @Test func ctrlCMidWalkWritesTheMapAndFindingsSoFarAndEndsEveryApp() throws {
        let workspace = try Self.desk(["returnHang", "longLend"])
        defer { workspace.remove() }
        let pids = workspace.folder.appendingPathComponent("pids").path
        let process = Process()
        process.executableURL = ExploreWorkspace.binaries.appendingPathComponent("flow")
        // A long wait: the walk is still at the hang when the signal comes.
        process.arguments = ["explore", "--walks-only", "--walks", "1000", "--seed", "7", "--wait", "60", "--out", "out"]
        process.currentDirectoryURL = workspace.folder
        process.environment = ProcessInfo.processInfo.environment.merging(["SAMPLE_PIDS": pids]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let watcher = try FileWatcher()
        #expect(watcher.watch(workspace.folder.path))
        try process.run()
        var atTheHang = false
        let deadline = ContinuousClock.now + .seconds(60)
        while !atTheHang, ContinuousClock.now < deadline {
            var poller = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 1000)
            _ = watcher.read()
            atTheHang = ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").contains { $0.hasPrefix("hang ") }
        }
        #expect(atTheHang, "a walk reached the hang")
        kill(process.processIdentifier, SIGINT)
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(said)")
        #expect(ContinuousClock.now < deadline, "Ctrl-C ended the walks at once")
        #expect(said.contains(": interrupted"), "\(said)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        #expect(map.stats.ended == .interrupted && (map.walks?.walked ?? 0) >= 1 && (map.walks?.walked ?? 0) < 1000)
        #expect(map.walks?.each.last?.ended == .interrupted, "the walk cut short says so: \(map.walks?.each.last?.ended.rawValue ?? "")")
        #expect(map.findings.contains { $0.kind == .crash } || map.walks?.each.dropLast().isEmpty == true, "what was found before is kept")
        #expect(!map.findings.contains { $0.kind == .hang }, "the hang Ctrl-C cut is no finding")
        let started = ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
        #expect(!started.isEmpty)
        for pid in started { #expect(kill(pid, 0) != 0, "the app \(pid) is still running") }
    }
}
