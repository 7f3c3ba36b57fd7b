import Console
import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `flow explore` given what a hostile tester would give it: a clear answer, the exit code its
/// help says (2 bad input, 1 findings, 130 interrupted), nothing written where it should not be,
/// no app left running, and no secret in any output.
@Suite(.timeLimit(.minutes(5)))
struct ExploreBadInputTests {
    @Test(arguments: [
        (["--max-actions", "0"], "--max-actions 0: give at least 1"),
        (["--max-actions=-5"], "--max-actions -5: give at least 1"),
        (["--max-actions", "-5"], "Missing value for '--max-actions <n>'"),
        (["--max-depth", "0"], "--max-depth 0: give at least 1"),
        (["--max-findings", "0"], "--max-findings 0: give at least 1"),
        (["--max-findings=-2"], "--max-findings -2: give at least 1"),
        (["--max-findings", "one"], "The value 'one' is invalid for '--max-findings <n>'"),
        (["--time", "0"], "--time 0.0: give a number of seconds above 0"),
        (["--time", "nan"], "--time nan: give a number of seconds above 0"),
        (["--wait=-1"], "--wait -1.0: give a number of seconds above 0, an hour at most"),
        (["--wait", "7200"], "--wait 7200.0: give a number of seconds above 0, an hour at most"),
        (["--audit-skip", "readableLabel"], #"--audit-skip readableLabel: not a rule (did you mean "readableLabels"?)"#),
        (["--scheme", "nosuch"], #"no scheme "nosuch": there is no Flows/schemes/nosuch.yaml; schemes: default"#),
        (["--from", "Nobody.login"], "--from Nobody.login: "),
        (["--from", "tap: ${nobodyGaveThis}"], "--from tap: ${nobodyGaveThis}: no value for ${nobodyGaveThis}"),
        (["--from", "Flows/nosuch.yaml"], "--from Flows/nosuch.yaml: there is no such flow file"),
        (["--walks", "5", "--seed", "abc"], "--seed abc: give a whole number from 0 to 18446744073709551615"),
        (["--walks", "5", "--seed=-1"], "--seed -1: give a whole number from 0 to 18446744073709551615"),
        (["--walks", "5", "--seed", "-1"], "--seed -1: give a whole number from 0 to 18446744073709551615"),
        (["--seed", "-1"], "--seed -1: give a whole number from 0 to 18446744073709551615"),
        (["--walks", "5", "--seed", "1.5"], "--seed 1.5: give a whole number from 0 to 18446744073709551615"),
        (["--walks", "5", "--seed", "18446744073709551616"], "--seed 18446744073709551616: give a whole number from 0 to 18446744073709551615"),
        (["--walks", "5", "--seed", ""], "--seed : give a whole number from 0 to 18446744073709551615"),
        (["--walks", "0", "--seed", "3"], "--seed chooses the walks, and --walks 0 walks none: leave one of them out"),
        (["--time", "-1"], "--time -1.0: give a number of seconds above 0"),
        (["--time", "inf"], "--time inf: give a number of seconds above 0"),
        (["--walks=-1"], "--walks -1: give 0 or more"),
        (["--walks", "2000000"], "--walks 2000000: give at most 1000000"),
        (["--walks", "5", "--walk-length", "0"], "--walk-length 0: give at least 1"),
        (["--walks", "5", "--walk-length=-3"], "--walk-length -3: give at least 1"),
        (["--identity", "words"], "The value 'words' is invalid for '--identity <structure|data>'"),
        (["--walks-only", "--walks", "0"], "--walks-only walks instead of making the map: --walks 0 walks none"),
        (["--walks", "4", "--shard", "1/2"], "--shard 1/2: every shard must walk from the same seed: give --seed N too"),
        (["--shard", "1/2", "--seed", "3"], "--shard 1/2: every shard must walk the same walks: give --walks N too"),
        (["--walks", "0", "--shard", "1/2"], "--shard splits the walks between machines: --walks 0 walks none"),
        (["--walks", "4", "--seed", "3", "--shard", "3/2"], "--shard 3/2: expected I/N with 1 ≤ I ≤ N, such as 1/2, or auto"),
        (["--walks", "4", "--seed", "3", "--shard", "auto"], "--shard auto: no CI engine's shard variables are set"),
    ])
    func badOptionsAreRefusedWithExitTwoAndNothingIsLaunched(_ arguments: [String], message: String) throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        let pids = workspace.folder.appendingPathComponent("pids").path
        let explore = try workspace.flow(["explore", "--out", "out"] + arguments, environment: ProcessInfo.processInfo.environment.merging(["SAMPLE_PIDS": pids]) { $1 })
        #expect(explore.status == 2, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stderr.contains(message), "\(explore.stderr)")
        #expect(!workspace.exists("out"), "nothing written")
        #expect(!FileManager.default.fileExists(atPath: pids), "nothing launched")
    }

    @Test func aFixtureThatDoesNotSeedIsRefusedWithExitThreeAndLeavesNoStoreBehind() throws {
        let workspace = try ExploreWorkspace(extra: "seeder: /bin/false\nseeds: Seeds\nstore: {argument: desk.store, file: desk.sqlite}\n")
        defer { workspace.remove() }
        let temporary = workspace.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let explore = try workspace.flow(["explore", "--out", "out"], environment: ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 })
        #expect(explore.status == 3, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stderr.contains("cannot seed the fixture \"default\""), "\(explore.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "the run's folder is removed")
    }

    @Test func anAppThatIsNotThereIsRefusedWithExitThree() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/schemes/default.yaml", "app: /nowhere/app\n")
        let explore = try workspace.flow(["explore", "--out", "out"])
        #expect(explore.status == 3, "no app built: the crawl could not be made")
        #expect(explore.stderr.contains("the app /nowhere/app (scheme default) is not there or not executable"), "\(explore.stderr)")
    }

    @Test(arguments: ["file", "device", "fifo"])
    func anOutputFolderThatIsNotOneIsRefusedAndLeftAsItIs(_ kind: String) throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        let out: String
        switch kind {
        case "file":
            try workspace.write("taken", "keep me\n")
            out = "taken"
        case "device":
            out = "/dev/null"
        default:
            out = "pipe"
            try #require(mkfifo(workspace.folder.appendingPathComponent(out).path, 0o600) == 0)
        }
        let explore = try workspace.flow(["explore", "--out", out])
        #expect(explore.status == 2, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stderr.contains("--out \(out): "), "\(explore.stderr)")
        if kind == "file" { #expect(try workspace.read("taken") == "keep me\n") }
    }

    @Test func aPrefixThatFailsSaysSoWithExitTwo() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/login.yaml", "name: Sign in\nsteps:\n  - tap: Login\n")
        let explore = try workspace.flow(["explore", "--out", "out", "--from", "Flows/login.yaml"])
        #expect(explore.status == 2, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stderr.contains("the prefix Flows/login.yaml failed, so there is nowhere to explore from: tap: tap element \"Login\" failed: no element"), "\(explore.stderr)")
    }

    @Test func anAppThatCrashesAtLaunchIsAFindingWithExitOne() throws {
        let workspace = try ExploreWorkspace(extra: "arguments: [-sample.crash, YES]\n")
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--out", "out"])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stdout.contains("FINDING  crash  the app did not start: the app crashed (signal 4)"), "\(explore.stdout)")
        #expect(explore.stdout.contains("Fatal error: the sample crashes at launch, as asked"), "its fatal error is said: \(explore.stdout)")
        #expect(explore.stdout.contains("explored in") && explore.stdout.contains("the app did not start"))
    }

    @Test func anAppThatNeverIdlesIsAHangFoundWithinTheWait() throws {
        let workspace = try ExploreWorkspace(extra: "arguments: [-sample.busy, YES]\n")
        defer { workspace.remove() }
        let start = ContinuousClock.now
        let explore = try workspace.flow(["explore", "--out", "out", "--wait", "1"])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stdout.contains("FINDING  hang  the app did not start: the app was still busy after 1 s: start up ("), "how long it was busy varies with the machine's load: \(explore.stdout)")
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func ctrlCWritesWhatWasFoundSoFarEndsEveryAppAndExits130() throws {
        let workspace = try ExploreWorkspace(bugs: ["hang"])
        defer { workspace.remove() }
        let pids = workspace.folder.appendingPathComponent("pids").path
        let process = Process()
        process.executableURL = ExploreWorkspace.binaries.appendingPathComponent("flow")
        // A long wait: the crawl is still at the hang when the signal comes.
        process.arguments = ["explore", "--out", "out", "--wait", "60"]
        process.currentDirectoryURL = workspace.folder
        process.environment = ProcessInfo.processInfo.environment.merging(["SAMPLE_PIDS": pids]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        // Sent once an app says it is at the hang (`hang PID` in the file of the apps' numbers), the
        // file watched as it changes, never polled on a timer.
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
        #expect(atTheHang, "an app reached the hang")
        kill(process.processIdentifier, SIGINT)
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(said)")
        #expect(ContinuousClock.now < deadline, "Ctrl-C ended the crawl at once: no wait of 60 s on the hang")
        #expect(said.contains("explored in") && said.contains(": interrupted"), "\(said)")
        #expect(workspace.exists("out/map.json") && workspace.exists("out/report.html"), "what was found so far is written")
        let started = ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
        #expect(!started.isEmpty)
        for pid in started { #expect(kill(pid, 0) != 0, "the app \(pid) is still running") }
    }

    @Test func noAppIsLeftRunningAfterACrawl() throws {
        let workspace = try ExploreWorkspace(bugs: ["crash", "exit", "deadEnd"])
        defer { workspace.remove() }
        let pids = workspace.folder.appendingPathComponent("pids").path
        // The map, then walks for the rest of a short time: no app of either is left running.
        let explore = try workspace.flow(["explore", "--out", "out", "--time", "4"], environment: ProcessInfo.processInfo.environment.merging(["SAMPLE_PIDS": pids]) { $1 })
        #expect(explore.status == 1)
        #expect(explore.stdout.contains("  walks  ") || explore.stdout.contains("walks until the time was up"), "\(explore.stdout)")
        let started = ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
        #expect(started.count > 10, "\(started.count) launches")
        for pid in started { #expect(kill(pid, 0) != 0, "the app \(pid) is still running") }
    }

    @Test func aBadMapGivenToRunCoverageIsRefusedWithExitTwo() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - tap: Form\n")
        try workspace.write("notjson.json", "{not json")
        try workspace.write("other.json", #"{"format": "something else", "version": 1}"#)
        try Data([0x7B, 0xFF, 0x7D]).write(to: workspace.folder.appendingPathComponent("latin1.json"))
        for (file, message) in [("notjson.json", "notjson.json: not an explore map (it is not JSON)"),
                                ("other.json", "other.json: not an explore map"),
                                ("latin1.json", "latin1.json:1:2: the map is not UTF-8 text: byte 0xFF is never in UTF-8"),
                                ("missing.json", "--coverage missing.json: there is no such file")] {
            let run = try workspace.flow(["run", "--coverage", file, "Flows/a.yaml"])
            #expect(run.status == 2, "\(file): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains(message), "\(file): \(run.stderr)")
        }
    }
}
