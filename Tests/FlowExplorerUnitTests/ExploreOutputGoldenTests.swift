@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import ProcessTesting
import Testing

/// What a crawl writes, word for word: the crawl of the model desk (its two bugs, the map and 30
/// walks from seed 3; the clock's figures set to fixed ones) against the files committed in
/// `__Goldens__`. A change to any of them is a change a reader of those files sees: record them
/// again on purpose with `EXPLORE_GOLDENS=record swift test --filter ExploreOutputGoldenTests`,
/// and read the difference in review.
struct ExploreOutputGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Goldens__")
    static let recording = ProcessInfo.processInfo.environment["EXPLORE_GOLDENS"] == "record"

    /// The crawl, its map with its findings and their flows, every time the same.
    static func crawl() throws -> (map: ExploreMap, flows: [(entry: ExploreMap.Finding, file: String, text: String?, problem: String?)]) {
        let app = ModelApp { DeskModel([.longLend, .returnHang, .helpAlert]) }
        let result = try ExplorerTests.explorer(app, walks: 30).run()
        var map = result.map
        (map.stats.seconds, map.stats.shrinkSeconds, map.stats.actionsPerSecond) = (2.5, 0.5, 1234.5)
        map.walks?.seconds = 1.25
        map.walks?.actionsPerSecond = 987.6
        var flows = ExploreOutput.flows(result, map: map, in: "out/findings")
        for index in flows.indices { flows[index].entry.foundAt = Double(index) + 0.25 }
        map.findings = flows.map(\.entry)
        map.coverage = ExploreMap.Coverage(
            flows: ["Flows"], screens: .init(covered: 1, total: map.screens.count), controls: .init(covered: 1, total: 4),
            transitions: .init(covered: 1, total: map.transitions.count), untestedScreens: map.screens.dropFirst().map(\.id),
            untestedControls: ["s2 button Lend"], untestedTransitions: ["s1 back → refused"], testedScreens: ["s1"], testedTransitions: [0]
        )
        return (map, flows)
    }

    /// `text` is the golden `name`'s, or (recording) becomes it.
    static func check(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = folder.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name): run again without EXPLORE_GOLDENS=record", sourceLocation: sourceLocation)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(text == golden, "\(name) differs from its golden (EXPLORE_GOLDENS=record writes it again, on purpose)", sourceLocation: sourceLocation)
    }

    @Test func theMapsFilesAreTheirGoldens() throws {
        let (map, flows) = try Self.crawl()
        try Self.check(map.json, "map.json")
        try Self.check(map.dot, "map.dot")
        try Self.check(MapPicture.svg(map), "map.svg")
        try Self.check(ExploreReport.html(map, runner: "flow", folder: "out"), "report.html")
        try Self.check(ExploreReport.junit(map, runner: "flow", folder: "out"), "junit.xml")
        try Self.check(ExploreOutput.stats(map, runner: "flow", folder: "out"), "stats.txt")
        try Self.check(ExploreOutput.compact(map, runner: "flow", folder: "out"), "compact.txt")
        for flow in flows {
            try Self.check(try #require(flow.text, "\(flow.problem ?? "")"), "finding-" + (flow.file as NSString).lastPathComponent)
        }
        #expect(flows.map(\.entry.kind) == [.alertNeverCloses, .crash, .hang], "the three bugs: \(flows.map(\.entry.summary))")
    }

    /// A home with a way to each problem the judge knows but a property's: Boom crashes, Quit
    /// exits with 3 (Close with 0: the app's end, no problem), Stall hangs, Garble writes a line that is not a frame, Refuse is refused,
    /// Form shows two buttons of one identifier, Pit leads where nothing leads on, Account shows
    /// the password, and Help raises an alert whatever is answered.
    struct EveryKindModel: AppModel {
        var on = "Home"
        var screen: ScreenSnapshot {
            switch on {
            case "Form": ScreenSnapshot(title: "Form", elements: [.button("Twin"), .button("Twin")])
            case "Pit": ScreenSnapshot(title: "Pit", elements: [.text("nothing here", identifier: "note")])
            case "Account": ScreenSnapshot(title: "Account", elements: [.text("password hunter22", identifier: "shown")])
            case "Help": ScreenSnapshot(title: "Home", elements: [.alert("Sure", title: "Sure?", message: "Really?", buttons: ["OK", "Cancel"])])
            default: ScreenSnapshot(title: "Home", elements: ["Boom", "Quit", "Close", "Stall", "Garble", "Refuse", "Form", "Pit", "Account", "Help"].map { ElementSnapshot.button($0) })
            }
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (on, action.verb, action.identifier) {
            case ("Home", .tap, "Boom"): return .ends(.crash(11))
            case ("Home", .tap, "Quit"): return .ends(.exit(3))
            case ("Home", .tap, "Stall"): return .ends(.hang)
            case ("Home", .tap, "Garble"): return .ends(.wire)
            case ("Home", .tap, "Close"): return .ends(.exit(0))
            case ("Home", .tap, "Refuse"): return .refused("not today")
            case ("Home", .tap, let target?) where ["Form", "Pit", "Account", "Help"].contains(target): on = target
            case ("Form", .back, _), ("Account", .back, _): on = "Home"
            case ("Help", .answer, _): break
            default: return .refused("nowhere")
            }
            return .screen
        }
    }

    @Test func aCrawlOfEveryKindOfProblemWritesItsGoldens() throws {
        let app = ModelApp { EveryKindModel() }
        app.secrets = ["hunter22"]
        var options = ExploreOptions(maxActions: 500, wait: 5, rules: ScreenIdentity.Rules(mode: .data))
        options.walks = WalkOptions(count: 4, length: 10, seed: 9, shard: ExploreShard(index: 1, count: 2))
        let result = try Explorer(scheme: Scheme(name: "model", app: "model"), variables: ["test.password": "hunter22"], catalog: RobotCatalog([]),
                                  options: options, prefix: .step("tap: Home"), app: app).run()
        var map = result.map
        (map.stats.seconds, map.stats.shrinkSeconds, map.stats.actionsPerSecond) = (3.5, 0.25, 321.5)
        map.walks?.seconds = 0.5
        map.walks?.actionsPerSecond = 88.5
        // Written as `flow explore` writes them, into a folder that holds an earlier crawl's flow
        // (removed) and a flow of someone's own (kept).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("every-kind-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let findings = (folder as NSString).appendingPathComponent(ExploreOutput.findingsFolder)
        try FileManager.default.createDirectory(atPath: findings, withIntermediateDirectories: true)
        let earlier = try #require(try ExploreOutput.flows(ExplorerTests.explorer(ModelApp { DeskModel([.helpAlert]) }, walks: 0).run(), map: map, in: findings).first?.text)
        try earlier.write(toFile: findings + "/09-crash-earlier.yaml", atomically: true, encoding: .utf8)
        try "name: mine\nsteps: []\n".write(toFile: findings + "/mine.yaml", atomically: true, encoding: .utf8)
        // A link to an earlier crawl's flow elsewhere is someone's own: kept, and so is what it names.
        let elsewhere = (folder as NSString).appendingPathComponent("elsewhere.yaml")
        try earlier.write(toFile: elsewhere, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: findings + "/linked.yaml", withDestinationPath: elsewhere)
        var flows = ExploreOutput.flows(result, map: map, in: findings)
        for index in flows.indices { flows[index].entry.foundAt = Double(index) + 0.5 }
        let (files, problems) = ExploreOutput.write(flows, into: folder, map: &map, runner: "flow")
        #expect(problems.isEmpty, "\(problems)")
        #expect(Set(map.findings.map(\.kind)) == Set(ExploreFinding.Kind.allCases).subtracting([.property]), "\(map.findings.map(\.summary))")
        #expect(map.findings.allSatisfy { $0.flow?.hasPrefix(ExploreOutput.findingsFolder + "/") == true }, "each finding names its flow")
        #expect(map.stats.findings == map.findings.count)
        let written = try FileManager.default.contentsOfDirectory(atPath: findings).sorted()
        #expect(!written.contains("09-crash-earlier.yaml"), "an earlier crawl's flow is removed")
        #expect(written.contains("mine.yaml"), "a flow of one's own is kept")
        #expect(written.contains("linked.yaml") && FileManager.default.fileExists(atPath: elsewhere), "a link is not followed")
        #expect(files.count == flows.count + 5)
        for name in [ExploreOutput.mapFile, ExploreOutput.dotFile, ExploreOutput.svgFile, ExploreOutput.reportFile, ExploreOutput.junitFile] {
            let path = (folder as NSString).appendingPathComponent(name)
            #expect(files.contains(path))
            // The commands name the flows in the folder the crawl was written to: here a folder of
            // the test's own, said `out` in the goldens.
            try Self.check(try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: folder, with: "out"), "every-kind-" + name)
        }
        try Self.check(ExploreOutput.stats(map, runner: "flow", folder: "out"), "every-kind-stats.txt")
        try Self.check(ExploreOutput.compact(map, runner: "flow", folder: "out"), "every-kind-compact.txt")
        for flow in flows {
            #expect(files.contains(flow.file))
            try Self.check(try String(contentsOfFile: flow.file, encoding: .utf8), "every-kind-finding-" + (flow.file as NSString).lastPathComponent)
        }
    }

    @Test func whatCannotBeWrittenIsSaidAndTheRestIsWritten() throws {
        let (crawled, flows) = try Self.crawl()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unwritable-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The findings' folder is a file: no flow can go in it.
        let notAFolder = (folder as NSString).appendingPathComponent("findings")
        try "not a folder".write(toFile: notAFolder, atomically: true, encoding: .utf8)
        var map = crawled
        let moved = flows.map { ($0.entry, (notAFolder as NSString).appendingPathComponent(($0.file as NSString).lastPathComponent), $0.text, $0.problem) }
        let (files, problems) = ExploreOutput.write(moved, into: folder, map: &map, runner: "flow")
        #expect(problems.count == flows.count, "\(problems)")
        for flow in moved { #expect(problems.contains { $0.hasPrefix("cannot write \(flow.1): ") }, "\(problems)") }
        #expect(map.findings.count == flows.count && map.findings.allSatisfy { $0.flow == nil }, "a finding whose flow was not written names none")
        #expect(files.count == 5, "the map and its pictures are written all the same: \(files)")
        // The folder itself is a file: nothing can be written, and each is said.
        var again = crawled
        let (none, all) = ExploreOutput.write([], into: notAFolder, map: &again, runner: "flow")
        #expect(none.isEmpty)
        #expect(all.count == 5 && all.allSatisfy { $0.hasPrefix("cannot write \(notAFolder)/") }, "\(all)")
    }

    @Test func theFiguresSayHowTheCrawlEnded() throws {
        var (map, _) = try Self.crawl()
        map.budget = .init(maxActions: 300, maxDepth: 7, seconds: 45, maxFindings: 2)
        func first(_ ended: CrawlEnd, complete: Bool = false) -> String {
            var ending = map
            (ending.stats.ended, ending.stats.complete) = (ended, complete)
            return String(ExploreOutput.stats(ending, runner: "flow", folder: "out").prefix { $0 != "\n" })
        }
        #expect(first(.done, complete: true) == "explored in 2.50 s: every screen explored")
        #expect(first(.done) == "explored in 2.50 s: every screen explored (some screens past --max-depth 7)")
        #expect(first(.maxActions) == "explored in 2.50 s: stopped at --max-actions 300")
        #expect(first(.time) == "explored in 2.50 s: stopped at --time 45 s")
        #expect(first(.maxFindings) == "explored in 2.50 s: stopped at --max-findings 2")
        #expect(first(.interrupted) == "explored in 2.50 s: interrupted")
        #expect(first(.launch) == "explored in 2.50 s: the app did not start")
        for index in map.findings.indices { map.findings[index].replays = 0 }
        #expect(ExploreOutput.stats(map, runner: "flow", folder: "out").contains("  findings          3\n"), "none shrunk: no shrinking said")
    }

    @Test func aFindingsFileIsNamedByItsScreensTitleInLettersAndDashes() {
        #expect(ExploreOutput.slug("The Book: Dune!") == "the-book-dune")
        #expect(ExploreOutput.slug("  -- ") == "screen" && ExploreOutput.slug("日本") == "screen")
        #expect(ExploreOutput.slug(String(repeating: "ab ", count: 30)).count == 40)
        #expect(ExploreOutput.flowName(3, .deadEnd, "Pit 2") == "03-deadEnd-pit-2.yaml")
    }

    @Test func whatIsNotAMapIsRefusedNamingTheFileAndWhy() throws {
        func refusal(_ data: Data) -> String? {
            do {
                _ = try ExploreMap.read(data, file: "old/map.json")
                return nil
            } catch {
                return error.description
            }
        }
        let json = try Self.crawl().map.json
        #expect(refusal(Data(json.utf8)) == nil)
        let bytes = refusal(Data([0x7B, 0x0A, 0xFF, 0xFE]))
        #expect(bytes?.hasPrefix("old/map.json:2:1: ") == true && bytes?.contains("the map") == true, "\(bytes ?? "")")
        let format = refusal(Data(json.replacingOccurrences(of: "\"flow-explore-map\"", with: "\"something-else\"").utf8))
        #expect(format == #"old/map.json: not an explore map (its format is "something-else", not "flow-explore-map")"#, "\(format ?? "")")
        let version = refusal(Data(json.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 7").utf8))
        #expect(version == "old/map.json: an explore map of version 7; this runner reads version 1: explore again", "\(version ?? "")")
        let notJSON = refusal(Data("[1, 2]".utf8))
        #expect(notJSON?.hasPrefix("old/map.json: not an explore map (") == true && notJSON?.hasSuffix("): write one with explore --out DIR") == true, "\(notJSON ?? "")")
    }

    @Test func aDecodingErrorIsSaidInWordsNamingTheKey() throws {
        struct Other: Error {}
        func words(_ text: String) -> String {
            do {
                _ = try JSONDecoder().decode(ExploreMap.self, from: Data(text.utf8))
                return "decoded"
            } catch {
                return ExploreMapError.words(error)
            }
        }
        let json = try Self.crawl().map.json
        #expect(words("not json") == "it is not JSON")
        #expect(ExploreMapError.words(Other()) == "it is not JSON")
        #expect(words(json.replacingOccurrences(of: "\"format\" : \"flow-explore-map\"", with: "\"format\" : 3")) == "\"format\" has the wrong type")
        #expect(words(json.replacingOccurrences(of: "\"format\" : \"flow-explore-map\",", with: "")) == "\"format\" is missing")
        #expect(words(json.replacingOccurrences(of: "\"kind\" : \"crash\"", with: "\"kind\" : \"bogus\"")) == "\"findings.1.kind\" is not valid")
        #expect(words(json.replacingOccurrences(of: "\"actions\" : ", with: "\"actionz\" : ")) == "\"stats.actions\" is missing")
    }

    @Test func aScreenWithNothingTriedSaysSoInTheCompactMap() throws {
        var (map, _) = try Self.crawl()
        map.transitions = []
        #expect(ExploreOutput.compact(map, runner: "flow", folder: "out").contains("s1 \"Desk\" 0: (nothing tried)"))
    }

    @Test func aCoverageCountSaysItsShareWhenThereIsAnythingToCount() {
        #expect(ExploreMap.Counted(covered: 12, total: 14).description == "12 of 14 (86%)")
        #expect(ExploreMap.Counted(covered: 0, total: 0).description == "0 of 0", "nothing to count: no share")
    }

    @Test func theUntestedScreensAreTheFirstTenAndHowManyMore() throws {
        var (map, _) = try Self.crawl()
        let ids = (1...11).map { "s\($0)" }
        map.coverage?.untestedScreens = Array(ids.prefix(10))
        #expect(ExploreOutput.untestedScreens(map).count == 10, "ten: no more to say")
        map.coverage?.untestedScreens = ids
        let eleven = ExploreOutput.untestedScreens(map)
        #expect(eleven.count == 11 && eleven.last == "  … 1 more untested screens (report.html lists every one)", "\(eleven)")
    }

    @Test func aScreensBoxShowsItsLinesAsTheyAreAndSaysHowManyMoreThereAre() {
        let most = MapPicture.shownLines
        let lines = (1...most).map { "line \($0)" }
        #expect(MapPicture.lines(of: lines.joined(separator: "\n")) == lines)
        #expect(MapPicture.lines(of: (lines + ["one more", "and another"]).joined(separator: "\n")) == lines + ["… 2 more lines"])
        #expect(MapPicture.lines(of: "a\n\nb") == ["a", "", "b"], "an empty line is a line")
        let long = String(repeating: "x", count: MapPicture.shownColumns + 5)
        #expect(MapPicture.lines(of: long) == [String(repeating: "x", count: MapPicture.shownColumns - 1) + "…"])
        let full = String(repeating: "y", count: MapPicture.shownColumns)
        #expect(MapPicture.lines(of: full) == [full], "a line as wide as the box is whole")
    }

    @Test func aCrawlThatFoundNothingSaysSo() throws {
        let map = try ExplorerTests.explorer(ModelApp { DeskModel() }, walks: 3).run().map
        #expect(map.findings.isEmpty)
        let html = ExploreReport.html(map, runner: "flow", folder: "out")
        #expect(html.contains("<h2>No findings</h2>") && !html.contains("Findings ("))
    }

    @Test func theCommittedSchemaIsTheMapsAndTheCrawlsMapHoldsToIt() throws {
        let committed = try String(contentsOf: Self.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Flows/explore-map.schema.json"), encoding: .utf8)
        #expect(committed == ExploreMap.schema, "Flows/explore-map.schema.json is stale: .build/debug/flow schema --map > Flows/explore-map.schema.json")
        let (map, _) = try Self.crawl()
        let json = try JSONSerialization.jsonObject(with: Data(map.json.utf8))
        var problems: [String] = []
        JSONSchemaCheck.check(json, against: try JSONSerialization.jsonObject(with: Data(ExploreMap.schema.utf8)), at: "map", problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func theKindsOfFindingInTheDocsAreTheCodes() throws {
        let docs = try String(contentsOf: Self.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/explore.md"), encoding: .utf8)
        let kinds = ExploreFinding.Kind.tableSection
        let section = try #require(kinds.section(in: docs), "docs/explore.md has the kinds of finding's markers")
        #expect(section == kinds.begin(runner: .standard) + "\n" + ExploreFinding.Kind.table + kinds.end + "\n",
                "docs/explore.md's table of kinds is stale: .build/debug/flow docs --update docs/explore.md")
        for kind in ExploreFinding.Kind.allCases { #expect(section.contains("| `\(kind.rawValue)` | \(kind.what) | \(kind.sameProblem) | \(kind.flowEnds) |")) }
    }

    @Test func kindsAndOriginsSortInTheOrderDeclaredAndFound() {
        let kinds = ExploreFinding.Kind.allCases
        for (index, kind) in kinds.enumerated() {
            #expect(!(kind < kind), "\(kind)")
            if index > 0 { #expect(kinds[index - 1] < kind && !(kind < kinds[index - 1])) }
        }
        typealias Origin = ExploreFinding.Origin
        #expect(Origin.map < .walk(0) && !(Origin.walk(0) < .map) && !(Origin.map < .map))
        #expect(Origin.walk(2) < .walk(3) && !(Origin.walk(3) < .walk(2)) && !(Origin.walk(2) < .walk(2)))
        #expect(Origin("map") == .map && Origin("walk 12") == .walk(12) && Origin.walk(12).description == "walk 12")
        for bad in ["walk", "walk -1", "walk x", "talk 3", "Map", ""] { #expect(Origin(bad) == nil, "\(bad)") }
    }

    @Test func eachKindOfFindingHasATitleOfItsOwn() {
        let titles = ExploreFinding.Kind.allCases.map(\.title)
        #expect(titles.allSatisfy { $0.count > 8 }, "\(titles)")
        #expect(Set(titles).count == titles.count, "\(titles)")
    }

    @Test func aMapReadsBackAsItWasWritten() throws {
        let (map, _) = try Self.crawl()
        #expect(try ExploreMap.read(Data(map.json.utf8), file: "map.json") == map)
    }
}
