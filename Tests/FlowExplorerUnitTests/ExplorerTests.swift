@testable import FlowExplorer
import DeskRobots
import FlowKit
import FlowRunner
import Foundation
import Testing

/// A whole crawl of an app in memory, as `flow explore` makes it: the map, then walks, each
/// finding shrunk to the fewest steps that still show it, and the map's figures.
struct ExplorerTests {
    static func explorer(_ app: ModelApp, walks: Int = 0, seed: UInt64 = 3, maps: Bool = true, mode: ScreenIdentity.Rules.Mode = .data,
                         shrinks: Bool = true, maxActions: Int = 5000, maxFindings: Int? = nil) throws -> Explorer {
        var options = ExploreOptions(maxActions: maxActions, wait: 5, rules: ScreenIdentity.Rules(mode: mode), shrinks: shrinks,
                                     walks: WalkOptions(count: walks, length: 40, seed: seed), maps: maps)
        options.maxFindings = maxFindings
        return try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: RobotCatalog([]), options: options, app: app)
    }

    @Test func theMapThenTheWalksFindEachProblemOnceShrunkToTheFewestSteps() throws {
        let result = try Self.explorer(ModelApp { DeskModel([.longLend, .returnHang]) }, walks: 60).run()
        let crash = try #require(result.findings.first { $0.kind == .crash })
        #expect(crash.actions.map(\.description).count == 3)
        #expect(crash.actions.last?.description == "tap Lend")
        #expect(crash.actions[1].text == String(TypedValue.long.literal.prefix(32)), "halved while it still crashes: \(crash.actions[1].text ?? "")")
        #expect(crash.replays > 1)
        #expect(crash.foundAfter >= 3)
        let hang = try #require(result.findings.first { $0.kind == .hang })
        #expect(hang.actions.map(\.description).count == 5 && hang.actions.first?.description == "tap book-2", "\(hang.actions.map(\.description))")
        #expect(result.findings.count == 2)
        let map = result.map
        #expect(map.walks?.count == 60 && map.walks?.walked == 60 && map.walks?.length == 40 && map.walks?.seed == "3")
        #expect(map.walks?.each.map(\.number) == Array(0..<60))
        #expect(map.walks?.actions == map.walks?.each.reduce(0) { $0 + $1.actions })
        #expect(map.walks?.launches == 60)
        #expect(map.dataLimit == ExploreOptions.defaultDataLimit)
        #expect(map.stats.actions > 0 && map.stats.screens == map.screens.count && map.stats.ended == .done)
        #expect(map.stats.transitions == map.transitions.filter { $0.outcome != .refused }.count)
        #expect(map.stats.findings == 2 && map.stats.shrinkSeconds > 0 && map.stats.seconds >= map.stats.shrinkSeconds)
        #expect(map.screens.first?.depth == 0 && map.screens.dropFirst().allSatisfy { $0.depth > 0 })
    }

    /// The map by data stays bounded: it explores the first state of each structure and leaves the
    /// states data makes to the walks, so it tries about as many actions as the map by structure
    /// (on the desk, where every lend makes a state, not the several times as many it once took),
    /// and walks that follow never make the map itself longer.
    @Test func theMapByDataTriesAboutAsManyActionsAsTheMapByStructure() throws {
        let structure = try Self.explorer(ModelApp { DeskModel() }, mode: .structure).run().map
        let data = try Self.explorer(ModelApp { DeskModel() }, mode: .data).run().map
        let walked = try Self.explorer(ModelApp { DeskModel() }, walks: 30, mode: .data).run().map
        #expect(data.stats.actions <= 2 * structure.stats.actions, "by data \(data.stats.actions), by structure \(structure.stats.actions)")
        #expect(walked.stats.actions == data.stats.actions, "the walks do not make the map longer: \(walked.stats.actions) and \(data.stats.actions)")
        #expect((data.leftToWalks ?? 0) > 0, "states data makes were met and left to the walks")
    }

    @Test func walksAloneMakeNoMapAndTheMapAloneNoWalks() throws {
        let walksOnly = try Self.explorer(ModelApp { DeskModel() }, walks: 5, maps: false).run().map
        #expect(walksOnly.stats.actions == 0 && walksOnly.walks?.walked == 5)
        let mapOnly = try Self.explorer(ModelApp { DeskModel() }, mode: .structure).run().map
        #expect(mapOnly.walks == nil && mapOnly.dataLimit == nil && mapOnly.stats.actions > 0)
        #expect(mapOnly.stats.complete)
    }

    @Test func aBudgetEndsTheCrawlAndTheWalksAreNotWalked() throws {
        let map = try Self.explorer(ModelApp { DeskModel() }, walks: 5, maxActions: 3).run().map
        #expect(map.stats.ended == .maxActions && !map.stats.complete)
        #expect(map.walks?.walked == 5, "the map's budget is the map's: the walks still walk")
    }

    @Test func maxFindingsStopsTheCrawlAtTheNthProblemShrunkAsEver() throws {
        let desk = { ModelApp { DeskModel([.helpAlert, .returnHang]) } }
        // The map meets the alert that stays; the hang is behind a lend only walks reach.
        let first = try Self.explorer(desk(), walks: 60, maxFindings: 1).run()
        #expect(first.findings.map(\.kind) == [.alertNeverCloses], "\(first.findings.map(\.summary))")
        #expect(first.findings.first?.actions.map(\.description) == ["tap Help"], "shrunk as ever")
        #expect(first.map.stats.ended == .maxFindings && !first.map.stats.complete)
        #expect(first.map.budget.maxFindings == 1)
        #expect(first.map.walks == nil, "a map stopped at its first problem is not walked on")
        let both = try Self.explorer(desk(), walks: 60, maxFindings: 2).run()
        #expect(both.findings.map(\.kind).sorted() == [.hang, .alertNeverCloses])
        #expect(both.map.stats.ended == .maxFindings)
        #expect(!both.map.stats.complete, "the map was done, but the walks were not")
        let walked = try #require(both.map.walks?.walked)
        #expect(walked >= 1 && walked < 60, "the walks stop at the walk that met the hang: \(walked) of 60")
        let all = try Self.explorer(desk(), walks: 60, maxFindings: 3).run()
        #expect(all.map.stats.ended == .done && all.map.walks?.walked == 60 && all.findings.count == 2, "fewer problems than the most: to the end")
        #expect(all.map.budget.maxFindings == 3)
    }

    @Test func anAppThatDoesNotStartIsOneFindingAndNothingIsWalked() throws {
        let result = try Self.explorer(ModelApp { CrashAtLaunchModel() }, walks: 5).run()
        #expect(result.findings.map(\.kind) == [.crash])
        #expect(result.map.stats.ended == .launch && result.map.walks == nil)
        #expect(!result.map.stats.complete, "a crawl that never began is not complete")
    }

    /// What the prefix typed is a valid value of its field for the map too: typed first.
    @Test func theMapTypesWhatThePrefixTypedIntoItsField() throws {
        let app = ModelApp { DeskModel() }
        app.typedByPrefix = [("Borrower", "Zed")]
        _ = try Self.explorer(app, mode: .structure).run()
        #expect(app.log.contains { $0.action.verb == .type && $0.action.identifier == "Borrower" && $0.action.text == "Zed" },
                "\(Set(app.log.filter { $0.action.verb == .type }.map(\.action.description)))")
    }

    @Test func findingsNotShrunkAreAsFoundWithNoReplay() throws {
        let result = try Self.explorer(ModelApp { DeskModel([.longLend]) }, walks: 10, shrinks: false).run()
        #expect(!result.findings.isEmpty && result.findings.allSatisfy { $0.replays == 0 && $0.actions.count == $0.foundAfter })
    }
}

/// `back` is a way on: a pushed screen whose one button is disabled once its work is done is not
/// stuck when back leads away from it (the audit's enabledWayOn), and is when back leads nowhere.
struct BackIsAWayOnTests {
    @Test func aPushedScreenWithOnlyADisabledButtonIsNoFindingWhenBackLeadsAway() throws {
        let result = try ExplorerTests.explorer(ModelApp { DoneScreenModel(backRefused: false) }).run()
        #expect(result.map.screens.contains { $0.title == "Done" }, "the crawl reached the screen")
        #expect(result.findings.isEmpty, "\(result.findings.map(\.summary))")
    }

    @Test func theSameScreenIsAnEnabledWayOnFindingWhenBackLeadsNowhere() throws {
        let result = try ExplorerTests.explorer(ModelApp { DoneScreenModel(backRefused: true) }, shrinks: false).run()
        let audit = try #require(result.findings.first { $0.kind == .audit }, "\(result.findings.map(\.summary))")
        #expect(audit.signature == "audit enabledWayOn")
        #expect(audit.summary.contains("(enabledWayOn), and back leads nowhere"), "\(audit.summary)")
        #expect(audit.screen.title == "Done")
        #expect(audit.actions.map(\.description) == ["tap Open"])
        #expect(result.findings.filter { $0.kind == .audit }.count == 1, "one problem, one finding")
    }
}

/// The summary says what was searched as it was: a map cut at `--max-actions` that walks followed
/// is said as cut, never as every screen; a map that ended before the walks is said whole.
struct SearchedSaysHowTheMapEndedTests {
    static func searched(_ map: ExploreMap) -> (searched: String, not: String) {
        let rows = Dictionary(ExploreOutput.searchRows(map), uniquingKeysWith: { first, _ in first })
        return (rows["searched"] ?? "", rows["not searched"] ?? "")
    }

    @Test func aMapCutAtMaxActionsThenWalkedIsSaidAsCut() throws {
        let map = try ExplorerTests.explorer(ModelApp { DeskModel([]) }, walks: 2, maxActions: 3).run().map
        #expect(map.mapEnded == .maxActions && map.walks?.walked == 2, "\(String(describing: map.mapEnded))")
        let rows = Self.searched(map)
        #expect(rows.searched.hasPrefix("the map; 2 of 2 walks asked for"), "\(rows.searched)")
        #expect(!rows.searched.contains("every screen"), "\(rows.searched)")
        #expect(rows.not.contains("the rest of the map (--max-actions 3 ran out)"), "\(rows.not)")
    }

    @Test func aMapThatEndedThenWalkedIsSaidWhole() throws {
        let map = try ExplorerTests.explorer(ModelApp { DeskModel([]) }, walks: 2).run().map
        #expect(map.mapEnded == .done, "\(String(describing: map.mapEnded))")
        let rows = Self.searched(map)
        #expect(rows.searched.hasPrefix("the map (every screen within --max-depth 20); 2 of 2 walks asked for"), "\(rows.searched)")
        #expect(!rows.not.contains("the rest of the map"), "\(rows.not)")
    }

    /// Every row `searchRows` can say, each from one map explored once and then changed: how the
    /// map ended, how many walks, what they skipped, what was left to them.
    @Test func eachWayASearchEndsIsSaidAsItEnded() throws {
        var base = try ExplorerTests.explorer(ModelApp { DeskModel([]) }, walks: 2).run().map
        base.budget.maxDepth = 7
        base.budget.maxActions = 30
        base.budget.seconds = 12
        base.leftToWalks = nil
        let walks = try #require(base.walks)
        func rows(_ change: (inout ExploreMap) -> Void) -> [String] {
            var map = base
            change(&map)
            return ExploreOutput.searchRows(map).map { "\($0.0): \($0.1)" }
        }
        func mapEnded(_ ended: CrawlEnd, complete: Bool = false, walked: Bool = false) -> [String] {
            rows {
                $0.walks = walked ? walks : nil
                $0.stats.ended = ended
                $0.stats.complete = complete
            }
        }
        // The map alone, by how it ended.
        #expect(mapEnded(.done, complete: true) == ["searched: the map (every screen within --max-depth 7)", "not searched: the states data makes (--walks 0)"])
        #expect(mapEnded(.done) == ["searched: the map", "not searched: screens past --max-depth 7; the states data makes (--walks 0)"])
        #expect(mapEnded(.maxActions) == ["searched: the map", "not searched: the rest of the map (--max-actions 30 ran out); the states data makes (--walks 0)"])
        #expect(mapEnded(.time) == ["searched: part of the map", "not searched: the rest of the map (--time 12 s ran out); the states data makes (--walks 0)"])
        #expect(mapEnded(.interrupted) == ["searched: part of the map", "not searched: the rest (interrupted); the states data makes (--walks 0)"])
        #expect(mapEnded(.maxFindings) == ["searched: part of the map", "not searched: the rest (stopped at --max-findings); the states data makes (--walks 0)"])
        #expect(mapEnded(.launch) == ["searched: nothing", "not searched: the app's screens (it did not start); the states data makes (--walks 0)"])
        // Walks followed: the map's own end is what is said; one written before `mapEnded` ended.
        #expect(rows { $0.mapEnded = .done; $0.stats.complete = false } .first == "searched: the map (every screen within --max-depth 7); 2 of 2 walks asked for")
        #expect(rows { $0.mapEnded = nil; $0.stats.ended = .time } .first == "searched: the map (every screen within --max-depth 7); 2 of 2 walks asked for")
        #expect(rows { $0.mapEnded = .time; $0.stats.complete = true } .first == "searched: part of the map; 2 of 2 walks asked for")
        // The walks: fewer than asked for, until the time was up, none.
        #expect(rows { $0.walks?.count = 5; $0.stats.ended = .time }.last == "not searched: 3 walks (time)")
        #expect(rows { $0.walks?.count = nil } == ["searched: the map (every screen within --max-depth 7); 2 walks, until the time was up"])
        #expect(rows { $0.walks?.count = nil; $0.walks?.walked = 0 }
            == ["searched: the map (every screen within --max-depth 7); no walk (the map took the time)",
                "not searched: the states data makes (no time was left for walks: give more --time)"])
        #expect(rows { $0.madeMap = false }.last == "not searched: the map (walks alone)")
        #expect(rows { $0.madeMap = nil }.isEmpty, "a map written before it said")
        // Robot actions skipped or not filled, one and several.
        #expect(rows { $0.walks?.skipped = 1; $0.walks?.unfillable = 0 }.last == "not searched: 1 robot action that failed on the screen it was offered on (skipped)")
        #expect(rows { $0.walks?.skipped = 0; $0.walks?.unfillable = 3 }.last == "not searched: 3 robot actions whose parameters could not be filled on their screen")
        #expect(rows { $0.walks?.skipped = 2; $0.walks?.unfillable = 1 }.last
            == "not searched: 2 robot actions that failed on the screen they were offered on (skipped); 1 robot action whose parameters could not be filled on their screen")
        // Data states the map left: to the walks, or to no one.
        #expect(rows { $0.leftToWalks = 1 }.first == "searched: the map (every screen within --max-depth 7); 2 of 2 walks asked for; the map left the walks 1 data state of screens it explored")
        #expect(rows { $0.leftToWalks = 4; $0.walks = nil; $0.stats.complete = true }.last == "not searched: the states data makes (--walks 0); 4 data states of screens it explored")
        #expect(rows { $0.leftToWalks = 0 }.count == 1, "nothing left, nothing more said")
    }

    @Test func aMapWithoutWalksSaysNoMapEnd() throws {
        let map = try ExplorerTests.explorer(ModelApp { DeskModel([]) }, maxActions: 3).run().map
        #expect(map.mapEnded == nil && map.stats.ended == .maxActions)
        #expect(Self.searched(map).not.contains("the rest of the map (--max-actions 3 ran out)"))
    }
}

/// The findings are numbered in the order their problems were met: a property's answer comes from
/// its worker later, but its finding keeps the moment its check was asked for, so the same crawl
/// writes the same numbered flows (Expenses' planted bugs compare them byte for byte).
struct FindingsInTheOrderMetTests {
    @Test func aFindingAskedForEarlierComesFirstWhateverOrderItWasAddedIn() {
        let judge = Judge(app: ModelApp { DeskModel() }, scheme: Scheme(name: "model", app: "model"), variables: [:], wait: 5, auditSkipping: [])
        let screen = ScreenIdentity(ScreenSnapshot(title: "Desk", elements: []))
        let asked = judge.nextMoment()
        judge.add(ExploreFinding(.deadEnd, screen: screen, summary: "met later", actions: []), origin: .map)
        judge.add(ExploreFinding(.crash(signal: 4, standardError: []), screen: screen, summary: "asked for first", actions: []), origin: .map, at: asked)
        judge.add(ExploreFinding(.hang(standardError: []), screen: screen, summary: "met last", actions: []), origin: .map)
        #expect(judge.findings.map(\.summary) == ["met later", "asked for first", "met last"], "as added")
        #expect(judge.findingsInOrder.map(\.summary) == ["asked for first", "met later", "met last"], "as met")
    }

    @Test func findingsMetAtOneMomentKeepTheOrderTheyWereAddedIn() {
        let judge = Judge(app: ModelApp { DeskModel() }, scheme: Scheme(name: "model", app: "model"), variables: [:], wait: 5, auditSkipping: [])
        let asked = judge.nextMoment()
        for summary in ["first broken", "second broken", "third broken"] {
            let screen = ScreenIdentity(ScreenSnapshot(title: summary, elements: []))
            judge.add(ExploreFinding(.deadEnd, screen: screen, summary: summary, actions: []), origin: .map, at: asked)
        }
        #expect(judge.findingsInOrder.map(\.summary) == ["first broken", "second broken", "third broken"])
    }
}

/// The properties' row of the summary and their lines: how many, how often checked, how many never
/// applied and why; nothing when the crawl checked none.
struct PropertyRowsTests {
    static func property(_ name: String, checked: Int, applied: Int, failed: Int = 0, never: String? = nil) -> ExploreMap.Property {
        ExploreMap.Property(name: name, kind: "invariant", checked: checked, applied: applied, failed: failed, neverApplied: never)
    }

    @Test func thePropertiesAreSaidByHowManyHowOftenAndWhichNeverApplied() throws {
        var map = try ExplorerTests.explorer(ModelApp { DeskModel([]) }).run().map
        func said(_ properties: [ExploreMap.Property]?) -> (rows: [String], lines: [String]) {
            map.properties = properties
            return (ExploreOutput.propertyRows(map).map { "\($0.0): \($0.1)" }, ExploreOutput.propertyLines(map))
        }
        #expect(said(nil).rows.isEmpty && said(nil).lines.isEmpty, "--no-properties: nothing said")
        #expect(said([]).rows == ["properties: none declared: nothing says what is right for this app (RobotProperties beside the robots do: docs/explore.md)"])
        #expect(said([]).lines.isEmpty)
        #expect(said([Self.property("one", checked: 1, applied: 1)]).rows == ["properties: 1 declared, checked 1 time, each applied"])
        let some = said([Self.property("a", checked: 3, applied: 2, failed: 1), Self.property("neverOnItsScreen", checked: 2, applied: 0, never: "its robot's screen was never reached"),
                         Self.property("b", checked: 0, applied: 0)])
        #expect(some.rows == ["properties: 3 declared, checked 5 times: 1 applied, 2 never did"])
        #expect(some.lines == [
            "    a                 checked 3, applied 2, failed 1",
            "    neverOnItsScreen  checked 2, applied 0, failed 0",
            "    b                 checked 0, applied 0, failed 0",
            "warning: the property neverOnItsScreen never applied: its robot's screen was never reached",
            "warning: the property b never applied: it was never checked",
        ])
        // The report: a row each, marked failed (it did not hold), never (it never applied), or not.
        map.properties = [Self.property("a", checked: 3, applied: 2, failed: 1), Self.property("never<", checked: 2, applied: 0, never: "its screen was not reached"),
                          Self.property("fine", checked: 5, applied: 5), Self.property("failedOnce", checked: 1, applied: 1, failed: 1)]
        #expect(ExploreReport.propertiesSection(map) == "<section id=\"properties\">\n<h2>Properties (4)</h2>\n<table class=\"properties\">\n"
            + "<tr><th>property</th><th>kind</th><th>checked</th><th>applied</th><th>failed</th><th></th></tr>\n"
            + "<tr class=\"failed\"><td>a</td><td>invariant</td><td>3</td><td>2</td><td>1</td><td></td></tr>\n"
            + "<tr class=\"never\"><td>never&lt;</td><td>invariant</td><td>2</td><td>0</td><td>0</td><td>never applied: its screen was not reached</td></tr>\n"
            + "<tr><td>fine</td><td>invariant</td><td>5</td><td>5</td><td>0</td><td></td></tr>\n"
            + "<tr class=\"failed\"><td>failedOnce</td><td>invariant</td><td>1</td><td>1</td><td>1</td><td></td></tr>\n</table>\n</section>\n")
        map.properties = []
        #expect(ExploreReport.propertiesSection(map).isEmpty, "none declared: no section")
        // Names are lined up to the longest, at most 40 characters: a longer one is written whole.
        let long = said([Self.property("theCountSaysHowManyTodosAreNotDoneOnEveryScreen", checked: 4, applied: 4), Self.property("short", checked: 1, applied: 1)])
        #expect(long.lines == ["    theCountSaysHowManyTodosAreNotDoneOnEveryScreen  checked 4, applied 4, failed 0", "    short                                     checked 1, applied 1, failed 0"])
    }
}

/// A crawl whose properties cannot be checked is refused before it starts, saying why and what to
/// write: two properties of one name; properties and no worker to check them in.
struct ExplorerRefusesPropertiesItCannotCheckTests {
    static func explorer(_ catalog: RobotCatalog, checks: Bool = true, worker: PropertyWorkerLaunch? = nil) throws(ExploreError) -> Explorer {
        var options = ExploreOptions(rules: ScreenIdentity.Rules(mode: .data))
        options.checksProperties = checks
        return try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: catalog, options: options, propertyWorker: worker,
                            app: ModelApp { DeskModel([]) })
    }

    @Test func twoPropertiesOfOneNameAreRefusedNamingIt() {
        let refused = ExplorerEdgeTests.error { () throws(ExploreError) in try Self.explorer(DeskCatalog.twice, worker: DeskWorker.launch("twice")) }
        #expect(refused?.description == "the catalog declares two properties of one name (lentCountMatchesRows): give each property a name of its own")
        #expect(refused?.exit == .badInput)
    }

    @Test func propertiesWithNoWorkerAreRefusedUnlessLeftOut() {
        let refused = ExplorerEdgeTests.error { () throws(ExploreError) in try Self.explorer(DeskCatalog.catalog) }
        #expect(refused?.description == "the app's properties cannot be checked: there is no worker to check them in (--no-properties leaves them out)")
        #expect(refused?.exit == .notMade)
        #expect(ExplorerEdgeTests.error { () throws(ExploreError) in try Self.explorer(DeskCatalog.catalog, checks: false) } == nil, "--no-properties: none to check")
        #expect(ExplorerEdgeTests.error { () throws(ExploreError) in try Self.explorer(DeskCatalog.none) } == nil, "no property: no worker needed")
    }

    @Test func aWorkerThatCannotBeStartedEndsTheCrawlBeforeItBegins() throws {
        let explorer = try Self.explorer(DeskCatalog.catalog, worker: PropertyWorkerLaunch(executable: "/nonexistent/desk-worker"))
        do {
            _ = try explorer.run()
            Issue.record("a crawl with no worker to check its properties in ran")
        } catch {
            #expect(error.description.hasPrefix("the property worker could not be started: ") && error.description.hasSuffix(" (--no-properties leaves the properties out)"),
                    "\(error.description)")
            #expect(error.description.contains("/nonexistent/desk-worker"), "names what could not be started: \(error.description)")
            #expect(error.exit == .notMade)
        }
    }
}
