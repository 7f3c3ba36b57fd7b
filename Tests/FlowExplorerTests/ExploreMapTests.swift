import FlowExplorer
import FlowKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ProcessTesting
import Testing

/// The map: the same crawl twice is the same map, action for action; its JSON is what its schema
/// says; its picture and page are well-formed and show every screen; the budgets stop it; a long
/// list is three actions, not ten thousand; and a suite's coverage is counted on it.
@Suite(.timeLimit(.minutes(5)))
struct ExploreMapTests {
    @Test func theSameAppAndOptionsMakeTheSameCrawlActionForAction() throws {
        let workspace = try ExploreWorkspace(bugs: ["audit", "alert", "deadEnd"])
        defer { workspace.remove() }
        var maps: [ExploreMap] = []
        for out in ["one", "two"] {
            // Walks given by number and seed (not by the time left): the same walks each time.
            _ = try workspace.flow(["explore", "--out", out, "--walks", "20", "--seed", "5"])
            var map = try ExploreMap.read(Data(workspace.read("\(out)/map.json").utf8), file: out)
            (map.stats.seconds, map.stats.shrinkSeconds, map.stats.actionsPerSecond) = (0, 0, 0)
            map.walks?.seconds = 0
            map.walks?.actionsPerSecond = 0
            for index in map.findings.indices { map.findings[index].foundAt = 0 }
            maps.append(map)
        }
        #expect(maps[0] == maps[1], "the two crawls differ")
        #expect(maps[0].stats.actions > 20 && maps[0].screens.count > 5, "\(maps[0].stats)")
        #expect(try workspace.read("one/map.dot") == workspace.read("two/map.dot"))
    }

    @Test func everyControlOfEveryScreenIsTriedFromIt() throws {
        // Screens reached by going on from where the app is, and by replays whose way there holds a
        // refused back (on the first screen): each must still be reached again for each action.
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--out", "out", "--walks", "0"])
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        #expect(map.stats.complete && map.screens.count > 5, "\(map.stats)")
        for screen in map.screens {
            let tried = Set(map.transitions.filter { $0.from == screen.id }.compactMap(\.control?.identifier))
            // The identity says which are disabled: `button Save disabled`.
            let disabled = Set(screen.identity.split(separator: "\n").filter { $0.hasSuffix(" disabled") }.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" })
            for control in screen.controls where !["staticText", "image", "alert"].contains(control.kind) && !disabled.contains(control.identifier) {
                #expect(tried.contains(control.identifier), "\(screen.id) \(screen.title): \(control.kind) \(control.identifier) was never tried (tried: \(tried.sorted()))")
            }
        }
        #expect(map.stats.launches < map.stats.actions, "most actions go on from where the app is: \(map.stats.launches) launches for \(map.stats.actions) actions")
    }

    @Test func theMapsJSONIsWhatItsSchemaSays() throws {
        let workspace = try ExploreWorkspace(bugs: ["crash"])
        defer { workspace.remove() }
        // With walks (the map by data), so every key of the map is there to check.
        _ = try workspace.flow(["explore", "--out", "out", "--walks", "3", "--seed", "2", "--walk-length", "4"])
        try workspace.write("Flows/cover.yaml", "name: Cover\nsteps:\n  - tap: Form\n  - back\n")
        let run = try workspace.flow(["run", "--coverage", "out/map.json", "Flows/cover.yaml"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let map = try JSONSerialization.jsonObject(with: Data(workspace.read("out/map.json").utf8))
        let schema = try JSONSerialization.jsonObject(with: Data(ExploreMap.schema.utf8))
        var problems: [String] = []
        JSONSchemaCheck.check(map, against: schema, at: "map", problems: &problems)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Every kind of object was there to check: screens, transitions, findings, the coverage.
        let object = map as? [String: Any]
        #expect(["screens", "transitions", "findings", "coverage", "walks"].allSatisfy { (object?[$0] as? [Any])?.isEmpty == false || object?[$0] is [String: Any] })
        #expect(((object?["walks"] as? [String: Any])?["each"] as? [Any])?.count == 3)
        #expect(((object?["coverage"] as? [String: Any])?["testedScreens"] as? [Any])?.isEmpty == false, "a map made by data is covered by structure")
        // The committed schema is this one.
        let committed = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Flows/explore-map.schema.json"), encoding: .utf8)
        #expect(committed == ExploreMap.schema, "Flows/explore-map.schema.json is stale: .build/debug/flow schema --map > Flows/explore-map.schema.json")
    }

    @Test func thePictureAndThePageAreWellFormedAndShowEveryScreen() throws {
        let workspace = try ExploreWorkspace(bugs: ["exit", "deadEnd"])
        defer { workspace.remove() }
        // The map and a few seconds of walks: the screens data makes are drawn too.
        _ = try workspace.flow(["explore", "--out", "out", "--time", "4"])
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        for file in ["out/map.svg", "out/report.html"] {
            let text = try workspace.read(file)
            let parser = XMLParser(data: Data(text.utf8))
            #expect(parser.parse(), "\(file) is not well-formed: \(String(describing: parser.parserError))")
            for screen in map.screens { #expect(text.contains(">\(screen.id)  \(screen.title)"), "\(file) lacks \(screen.id)") }
        }
        let svg = try workspace.read("out/map.svg")
        #expect(svg.contains("the app ended") == false && svg.contains(">exited<"), "Quit exits with 3: an end mark, in red")
        #expect(svg.contains("stroke=\"#c62828\" stroke-width=\"3\""), "the dead end's box is red")
        let dot = try workspace.read("out/map.dot")
        for screen in map.screens { #expect(dot.contains("  \(screen.id) [label=")) }
    }

    @Test(arguments: [
        (["--max-actions", "3", "--walks", "0"], "max-actions"), (["--time", "0.001"], "time"),
    ])
    func aBudgetStopsTheCrawlAndSaysSo(_ budget: [String], ended: String) throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--out", "out"] + budget)
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        #expect(map.stats.ended.rawValue == ended && !map.stats.complete, "\(map.stats)")
        if ended == "max-actions" { #expect(map.stats.actions == 3) }
    }

    @Test func theDepthBudgetLeavesDeeperScreensUnexplored() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        _ = try workspace.flow(["explore", "--out", "out", "--max-depth", "1", "--walks", "0"])
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        // Home's screens are found; none of theirs is explored (a row of the list is never opened).
        #expect(map.screens.contains { $0.title == "List" } && !map.screens.contains { $0.title.hasPrefix("Row") }, "\(map.screens.map(\.title))")
        #expect(!map.stats.complete)
    }

    @Test func aListOfTenThousandRowsIsThreeActionsOfOneClass() throws {
        let workspace = try ExploreWorkspace(extra: "arguments: [-sample.rows, \"10000\"]\n")
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--out", "out", "--walks", "0"])
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        let list = try #require(map.screens.first { $0.title == "List" })
        let taps = map.transitions.filter { $0.from == list.id && $0.key == "tap cell row-#" }
        #expect(taps.map(\.step) == ["tap: {cell: row-1}", "tap: {cell: row-11}", "tap: {cell: row-20}"], "the first, one between, the last of the rows shown")
        #expect(list.controls.filter { $0.kind == "cell" }.map(\.identifier) == ["row-#"])
        #expect(map.stats.complete)
    }

    @Test func aSuitesCoverageIsCountedAndDrawnOnTheMap() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", "name: Form\nsteps:\n  - tap: Form\n  - type: {textField: Name, text: Ann}\n  - type: {secureTextField: Code, text: \"1234\"}\n  - tap: Save\n  - back\n")
        let explore = try workspace.flow(["explore", "--out", "out", "--against", "Flows/form.yaml", "--walks", "0"])
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        let map = try ExploreMap.read(Data(workspace.read("out/map.json").utf8), file: "map.json")
        let coverage = try #require(map.coverage)
        let shown = Set(coverage.testedScreens.compactMap { id in map.screen(id)?.title })
        #expect(shown == ["Home", "Form"], "\(coverage.testedScreens)")
        #expect(coverage.screens.total == map.screens.count && coverage.untestedScreens.count == map.screens.count - coverage.screens.covered)
        #expect(coverage.untestedControls.contains { $0.hasSuffix("button Menu") }, "Menu was never tapped")
        #expect(!coverage.untestedControls.contains { $0.hasSuffix("button Form") }, "Form was tapped")
        #expect(coverage.transitions.covered >= 3, "Form, Name, Save, back: \(coverage.transitions)")
        #expect(explore.stdout.contains("coverage by Flows/form.yaml: screens \(coverage.screens), controls \(coverage.controls)"), "\(explore.stdout)")
        let untested = try #require(coverage.untestedScreens.first.flatMap { id in map.screen(id).map { (id, $0.title) } })
        #expect(explore.stdout.contains("  untested screen \(untested.0) \(untested.1)\n"), "the untested screens are listed: \(explore.stdout)")
        #expect(!explore.stdout.contains("untested screen \(coverage.testedScreens[0]) "), "a tested screen is not")
        let svg = try workspace.read("out/map.svg")
        #expect(svg.contains("#1a7f37") && svg.contains("stroke-dasharray"), "tested in green, untested dashed")
        // run --coverage counts the same on the map, and rewrites the picture beside it.
        let again = try workspace.flow(["run", "--coverage", "out/map.json", "Flows/form.yaml"])
        #expect(again.stdout.contains("coverage on out/map.json: screens \(coverage.screens)"), "\(again.stdout)")
        #expect(again.stdout.contains("  untested screen \(untested.0) \(untested.1)\n"), "\(again.stdout)")
    }
}
