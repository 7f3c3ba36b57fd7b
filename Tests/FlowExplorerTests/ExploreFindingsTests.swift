import FlowExplorer
import Foundation
import Testing

/// `flow explore` on the explore sample with one bug planted at a time: each is found, once, as
/// its kind, shrunk to exactly the steps it needs, and `flow run` fails on the flow written for it
/// with that very problem. And on the sample with no bug, nothing is found and every screen is
/// explored: a crawler must be able to fail, and must not fail on a good app.
@Suite(.timeLimit(.minutes(5)))
struct ExploreFindingsTests {
    /// A planted bug, what explore must write for it, and what `flow run` must then say.
    struct Planted: Sendable, CustomTestStringConvertible {
        let bug: String
        let kind: String
        let steps: [String]
        let failure: String
        var testDescription: String { bug }
    }

    static let long = String(String(repeating: "Wide text ", count: 13).prefix(128))

    static let planted: [Planted] = [
        Planted(bug: "crash", kind: "crash", steps: ["tap: {button: Form}", #"type: {textField: Name, text: "ë"}"#], failure: "the app crashed (signal 4)"),
        Planted(bug: "exit", kind: "exit", steps: ["tap: {button: Menu}", "tap: {button: Quit}"], failure: "the app exited with code 3"),
        Planted(bug: "hang", kind: "hang", steps: ["tap: {button: Form}", #"type: {textField: Name, text: "\#(long)"}"#],
                failure: "the app was still busy after 1 s: save the name (1."),  // 1.0 s or a little more: the time it ran
        Planted(bug: "wire", kind: "wireError", steps: ["tap: {button: Menu}", "tap: {button: Noise}"],
                failure: "the app wrote a line that is not a frame on its output (not valid JSON: this is not a frame)"),
        Planted(bug: "audit", kind: "audit", steps: ["assertAccessible"], failure: #"button "Help": readableLabels: no label a person can read"#),
        Planted(bug: "deadEnd", kind: "deadEnd", steps: ["tap: {button: Stuck}", "assertWayOut"],
                failure: #"check that there is a way out of the screen "Stuck" failed: no way out: back is refused"#),
        Planted(bug: "secret", kind: "secretShown", steps: [
            // The map fills Name with an ordinary word first ("Ann"), then the Code: shrunk, "A".
            "tap: {button: Form}", #"type: {textField: Name, text: "A"}"#, #"type: {secureTextField: Code, text: "${sample.code}"}"#, "tap: {button: Save}",
            #"assertNotShown: "${sample.code}""#,
        ], failure: #"the screen shows it, in the label of the static text "status""#),
        Planted(bug: "alert", kind: "alertNeverCloses", steps: ["tap: {button: Ask}", "assertWayOut"],
                failure: #"no way out: the alert's button "Again" leaves it as it is"#),
    ]

    @Test(arguments: planted)
    func eachPlantedBugIsFoundAsTheFlowItNeedsAndTheRunnerFailsOnIt(_ planted: Planted) throws {
        let workspace = try ExploreWorkspace(bugs: [planted.bug], extra: "variables: {sample.code: {secret: c0de-secret-77}}\n")
        defer { workspace.remove() }
        // The map alone: each planted bug is on a screen the map reaches.
        let explore = try workspace.flow(["explore", "--wait", "1", "--out", "out", "--walks", "0"])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        let map = try JSONSerialization.jsonObject(with: Data(workspace.read("out/map.json").utf8)) as? [String: Any]
        let findings = map?["findings"] as? [[String: Any]] ?? []
        #expect(findings.map { $0["kind"] as? String } == [planted.kind], "exactly one finding, of its kind: \(findings)")
        let flows = workspace.files(in: "out/findings")
        try #require(flows.count == 1, "\(flows)")
        let text = try workspace.read("out/findings/\(flows[0])")
        #expect(text.hasPrefix("# Found by flow explore: "), "\(text)")
        #expect(steps(of: text) == planted.steps, "the fewest steps that show it:\n\(text)")
        #expect(findings.first?["steps"] as? [String] == planted.steps)
        let replays = findings.first?["replays"] as? Int ?? 0
        #expect(replays > 0 && explore.stdout.contains(" replays)"), "shrinking replayed it from fresh launches, and says how many: \(explore.stdout)")
        let run = try workspace.flow(["run", "--timeout", "1", "out/findings/\(flows[0])"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(planted.failure), "\(run.stdout)")
        for output in [explore.stdout, explore.stderr, text, try workspace.read("out/map.json"), try workspace.read("out/report.html"), try workspace.read("out/junit.xml")] {
            #expect(!output.contains("c0de-secret-77"), "a secret in the output")
        }
    }

    @Test func aCrashDeepDownIsShrunkToTheActionsItNeedsAndNoMore() throws {
        // The bench's finding, smaller: Boom on the last of five levels crashes the app. The crawl
        // finds it after more actions than that (it goes on from where the app is); shrinking gives
        // the six it needs, each replayed from a fresh launch.
        let workspace = try ExploreWorkspace(bugs: ["deep"], extra: "defaults: {sample.depth: \"6\"}\n")
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--out", "out", "--walks", "0"])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        let finding = try #require(map.findings.first)
        #expect(map.findings.count == 1 && finding.kind == .crash, "\(map.findings)")
        #expect(finding.steps == Array(repeating: "tap: {button: Deeper}", count: 5) + ["tap: {button: Boom}"], "\(finding.steps)")
        #expect(finding.foundAfter >= 6 && finding.replays > 0, "found after \(finding.foundAfter), \(finding.replays) replays")
        #expect(map.stats.shrinkSeconds > 0 && map.stats.shrinkSeconds <= map.stats.seconds, "\(map.stats)")
    }

    @Test func anActionTheScreenOffersAndTheAppRefusesIsFound() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/schemes/fake.yaml", "app: /bin/bash\narguments: [\(ExploreWorkspace.fakeApp)]\nenvironment: {FAKE_SCREEN: refuse}\n")
        let explore = try workspace.flow(["explore", "--scheme", "fake", "--out", "out", "--walks", "0"])
        #expect(explore.status == 1)
        #expect(explore.stdout.contains(#"FINDING  refused  "Fake" offers tap Refuse, and the app refused it: it is not allowed"#), "\(explore.stdout)")
        // Refused, and back leaves it as it is: the screen is a dead end too.
        #expect(workspace.files(in: "out/findings") == ["01-refused-fake.yaml", "02-deadEnd-fake.yaml"])
        #expect(steps(of: try workspace.read("out/findings/01-refused-fake.yaml")) == ["tap: {button: Refuse}"])
        let run = try workspace.flow(["run", "--scheme", "fake", "out/findings/01-refused-fake.yaml"])
        #expect(run.status == 1 && run.stdout.contains("the app refused it: it is not allowed"), "\(run.stdout)")
    }

    @Test func aGoodAppIsExploredToItsEndWithNothingFound() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--out", "out", "--walks", "0"])
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stdout.contains("every screen explored"), "\(explore.stdout)")
        #expect(explore.stdout.contains("  distinct screens  10\n"),
                "Home, Form (Save disabled, enabled, saved, saved with Save disabled), List, Rows 1 to 3, Menu: \(explore.stdout)")
        #expect(workspace.files(in: "out/findings").isEmpty)
        #expect(workspace.files(in: "out") == ["junit.xml", "map.dot", "map.json", "map.svg", "report.html"])
        let junit = try workspace.read("out/junit.xml")
        #expect(junit.contains(#"tests="1" failures="0""#), "\(junit)")
    }

    /// With no options, explore makes the map, then walks for the rest of its time, telling screens
    /// apart by their data: on the good sample, nothing is found, and the summary says what was
    /// searched; `--time` is the whole crawl's.
    @Test func withNoOptionsTheMapThenWalksSearchTheDataAndAGoodAppHasNoFinding() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        let start = ContinuousClock.now
        let explore = try workspace.flow(["explore", "--out", "out", "--time", "4"])
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        #expect(ContinuousClock.now - start < .seconds(30), "--time is the whole crawl's")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        #expect(map.rules.mode == .data && map.walks?.count == nil && (map.walks?.walked ?? 0) > 0, "\(String(describing: map.walks))")
        #expect(map.findings.isEmpty, "\(map.findings.map(\.summary))")
        #expect(explore.stdout.contains("  searched          the map (every screen within --max-depth 20); "), "\(explore.stdout)")
        #expect(explore.stdout.contains(" walks, until the time was up"), "\(explore.stdout)")
    }

    /// A one-screen app whose actions change what it holds, never which screen it is: no dead end,
    /// by data and by structure (`assertWayOut` passes on it: WayOutAndNotShownStepTests).
    @Test func aOneScreenAppWhoseActionsChangeItsDataIsNoDeadEnd() throws {
        let workspace = try ExploreWorkspace(app: "tally")
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--out", "out", "--time", "3"])
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        #expect(workspace.files(in: "out/findings").isEmpty)
        let structure = try workspace.flow(["explore", "--out", "structure", "--walks", "0"])
        #expect(structure.status == 0, "by structure alone too: \(structure.stdout)\(structure.stderr)")
    }

    /// A crash at the eighth Add of a tally (Undo takes one away): found by explore with no options
    /// but a short time, and shrunk to the eight Adds.
    @Test func aCrashEightAddsDeepIsFoundWithNoOptionsAndShrunkToTheEightAdds() throws {
        let workspace = try ExploreWorkspace(extra: "defaults: {sample.tally: \"8\"}\n", app: "tally")
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--out", "out", "--time", "10"])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        #expect(map.findings.map(\.kind) == [.crash], "\(map.findings.map(\.summary))")
        #expect(map.findings.first?.steps == Array(repeating: "tap: {button: Add}", count: 8), "\(map.findings.first?.steps ?? [])")
    }

    /// The command the summary prints for a finding runs where explore ran: its path holds the
    /// `--out` folder, quoted for a shell; the report and the JUnit file say the same.
    @Test func theCommandPrintedForAFindingRunsWhereExploreRan() throws {
        let workspace = try ExploreWorkspace(bugs: ["exit"])
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--walks", "0", "--out", "runs/first try"])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        let line = try #require(explore.stdout.split(separator: "\n").first { $0.hasPrefix("    flow run ") }, "\(explore.stdout)")
        #expect(line.hasPrefix("    flow run 'runs/first try/findings/01-exit-menu.yaml'  ("), "\(line)")
        let run = try workspace.flow(["run", "--timeout", "1", "runs/first try/findings/01-exit-menu.yaml"])
        #expect(run.status == 1 && run.stdout.contains("the app exited with code 3"), "\(run.stdout)")
        #expect(try workspace.read("runs/first try/report.html").contains("flow run &#39;runs/first try/findings/01-exit-menu.yaml&#39; fails on it"))
        #expect(try workspace.read("runs/first try/junit.xml").contains("flow run &#39;runs/first try/findings/01-exit-menu.yaml&#39;"))
    }

    /// The `steps:` of a flow file, each on one line, as written.
    private func steps(of text: String) -> [String] {
        let lines = text.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: "steps:") else { return [] }
        return lines[(start + 1)...].filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    }
}
