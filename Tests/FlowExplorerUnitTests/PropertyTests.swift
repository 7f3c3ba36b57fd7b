@testable import FlowExplorer
import DeskRobots
import FlowKit
import FlowRunner
import Foundation
import Testing

/// Properties declared beside a robot, checked by the crawl on every state and after every action:
/// a count off by one after a lend is found by its property, shrunk to the flow that shows it and
/// ending in `assertProperty`; a property that throws, traps or never returns is a finding of that
/// property, never the runner's end.
struct PropertyTests {
    /// A crawl of the desk in memory with `bugs`, the properties of the desk catalog `catalog`
    /// checked in `desk-worker`s.
    static func explorer(_ bugs: Set<DeskModel.Bug>, catalog: String = "desk", walks: Int = 0, wait: TimeInterval = 5,
                         checks: Bool = true, maps: Bool = true, shrinks: Bool = true, memory: Int = PropertyWorkerLaunch.defaultMemory) throws -> Explorer {
        var options = ExploreOptions(wait: wait, rules: ScreenIdentity.Rules(mode: .data), shrinks: shrinks, walks: WalkOptions(count: walks, length: 30, seed: 5),
                                     maps: maps)
        options.checksProperties = checks
        let named = try #require(DeskCatalog.named[catalog])
        return try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: named, options: options,
                            propertyWorker: DeskWorker.launch(catalog, memory: memory), app: ModelApp { DeskModel(bugs) })
    }

    /// A counter that counts its Adds from 0 at each launch, as DeskRobots' `CounterRobot` reads it,
    /// with a Help that changes nothing; when `addsTwoAtTwo`, Add adds two once the count is 2.
    /// When `settings`, a Settings button (before Help) opens a screen back does not leave.
    struct TallyCounterModel: AppModel {
        var addsTwoAtTwo = false
        var settings = false
        var count = 0
        var inSettings = false
        var screen: ScreenSnapshot {
            inSettings ? ScreenSnapshot(title: "Settings", elements: [.text("Nothing to set")])
                : ScreenSnapshot(title: "Counter", elements: [.text("\(count)", identifier: "count"), .button("Add")] + (settings ? [.button("Settings")] : []) + [.button("Help")])
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (inSettings, action.verb, action.identifier) {
            case (false, .tap, "Add"): count += addsTwoAtTwo && count == 2 ? 2 : 1
            case (false, .tap, "Help"): break
            case (false, .tap, "Settings") where settings: inSettings = true
            default: return .refused("nothing")
            }
            return .screen
        }
    }

    /// A crawl (in data identity) of `model` by `walks`, the map first when `maps`, checking the
    /// properties of the desk catalog counterTally (a model tallies the Adds since launch).
    static func counterTallyCrawl(_ model: TallyCounterModel, walks: WalkOptions, maps: Bool) throws -> ExploreResult {
        var options = ExploreOptions(wait: 5, rules: ScreenIdentity.Rules(mode: .data), walks: walks, maps: maps)
        options.checksProperties = true
        let catalog = try #require(DeskCatalog.named["counterTally"])
        return try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: catalog, options: options,
                            propertyWorker: DeskWorker.launch("counterTally"), app: ModelApp { model }).run()
    }

    @Test func aModelKeptByPropertiesStartsAnewAtEachLaunchOfACrawl() throws {
        // The count is the Adds since launch, as the model tallies them: each walk launches the
        // counter afresh, and a model carried over from the walk before would not be the count.
        // Six actions at most a walk: the catalog's trap at 7 stays out of the way.
        let result = try Self.counterTallyCrawl(TallyCounterModel(), walks: WalkOptions(count: 12, length: 6, seed: 3), maps: true)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.summary))")
        let tally = try #require(result.map.properties?.first { $0.name == "countIsTheTally" })
        #expect(tally.checked > 12 && tally.applied == tally.checked && tally.failed == 0, "\(tally)")
    }

    @Test func aModelKeptByPropertiesStartsAnewWhenTheMapRelaunchesToReachAScreen() throws {
        // The map adds one, opens Settings (back does not leave it), and launches again to tap
        // Help on the counter: the count is 0 again, and so must the tally be.
        let result = try Self.counterTallyCrawl(TallyCounterModel(settings: true), walks: WalkOptions(count: 0), maps: true)
        #expect(result.map.screens.contains { $0.title == "Settings" } && result.map.stats.launches > 1, "the map relaunched: \(result.map.stats.launches) launches")
        #expect(!result.findings.contains { $0.kind == .property }, "\(result.findings.map(\.summary))")
        let tally = try #require(result.map.properties?.first { $0.name == "countIsTheTally" })
        #expect(tally.checked >= 3 && tally.failed == 0, "\(tally)")
    }

    @Test func aWorkerThatCannotBeStartedAgainIsSaidAndTheCrawlGoesOnWithoutProperties() throws {
        // The counter traps its worker at 7 Adds; the worker's launcher starts it once only.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var launch = DeskWorker.launch("counterTally")
        let script = folder.appendingPathComponent("worker-once").path
        try "#!/bin/sh\nif [ -e '\(folder.path)/started' ]; then echo 'no second worker' >&2; exit 3; fi\n: > '\(folder.path)/started'\nexec '\(launch.executable)' \"$@\"\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        launch.executable = script
        var options = ExploreOptions(wait: 5, rules: ScreenIdentity.Rules(mode: .data), walks: WalkOptions(count: 20, length: 40, seed: 3), maps: false)
        options.checksProperties = true
        let result = try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: try #require(DeskCatalog.named["counterTally"]), options: options,
                                  propertyWorker: launch, app: ModelApp { TallyCounterModel() }).run()
        // (The trap that ended the one worker is a finding only when the worker named it before
        // it died: a death it did not name is checked again on a new worker, and there is none.)
        #expect(result.problems.count == 1 && result.problems.allSatisfy {
            $0.hasPrefix("the property worker could not be started again (") && $0.hasSuffix("): the properties were not checked from then on")
        }, "\(result.problems)")
        #expect(result.map.walks?.walked == 20, "the walks went on")
    }

    @Test func aPropertyThatKeepsAModelIsShrunkWithTheModelStartedAnewAtEachReplay() throws {
        // The count is not the tally from the third Add: each replay of the shrinker is a launch,
        // and a model carried from the replay before would make fewer Adds seem to break it.
        let result = try Self.counterTallyCrawl(TallyCounterModel(addsTwoAtTwo: true), walks: WalkOptions(count: 10, length: 12, seed: 3), maps: false)
        let finding = try #require(result.findings.first { $0.property?.name == "countIsTheTally" }, "\(result.findings.map(\.summary))")
        #expect(finding.foundAfter > 3, "met after a Help or more: \(finding.foundAfter) actions")
        #expect(finding.actions.map(\.description) == ["tap Add", "tap Add", "tap Add"])
    }

    @Test func aCountOffByOneAfterALendIsFoundByItsPropertyAndShrunkToTheFlowThatShowsIt() throws {
        let result = try Self.explorer([.lentCount]).run()
        #expect(result.findings.map(\.kind) == [.property], "\(result.findings.map(\.summary))")
        let finding = try #require(result.findings.first)
        #expect(finding.property?.name == "lentCountMatchesRows")
        #expect(finding.summary.hasPrefix("the property lentCountMatchesRows (The Lent count says how many books are on loan.) does not hold: "), "\(finding.summary)")
        #expect(finding.summary.contains("Lent: 1") && finding.summary.contains("Lent: 2"), "what it found and what it expected: \(finding.summary)")
        #expect(finding.actions.map(\.description).count == 3, "a book, a name, Lend: \(finding.actions.map(\.description))")
        #expect(finding.actions.last?.description == "tap Lend")
        let text = try result.writer.text(for: finding, name: "explore: a property", file: "out/findings/01-property-desk.yaml")
        #expect(text.hasSuffix("- tap: {button: Lend}\n- assertProperty: lentCountMatchesRows\n"), "\(text)")
    }

    @Test func anInvariantMetOnAWalkIsShrunkToTheStepsThatBreakIt() throws {
        let result = try Self.explorer([.lentCount], walks: 30, maps: false).run()
        let finding = try #require(result.findings.first { $0.property?.name == "lentCountMatchesRows" }, "\(result.findings.map(\.summary))")
        #expect(finding.foundAfter > 3, "met on a walk, after more steps than it needs: \(finding.foundAfter)")
        #expect(finding.actions.count == 3 && finding.actions.last?.description == "tap Lend", "\(finding.actions.map(\.description))")
        #expect(finding.screen.title == "Desk")
    }

    @Test func anActionPropertyMetOnAWalkIsShrunkToTheActionThatBreaksIt() throws {
        let result = try Self.explorer([], catalog: "lendShouts", walks: 30, maps: false).run()
        let finding = try #require(result.findings.first { $0.property?.name == "lendShouts" }, "\(result.findings.map(\.summary))")
        #expect(finding.foundAfter > 3, "met on a walk, after more steps than it needs: \(finding.foundAfter)")
        #expect(finding.actions.count == 3 && finding.actions.last?.description == "tap Lend", "\(finding.actions.map(\.description))")
        #expect(finding.screen.title == "Book")
    }

    @Test func anActionPropertysFindingIsShrunkToItsTriggerOnItsRobotsScreenOnly() throws {
        // The desk has a Lend too: not the book robot's, so no trigger of its property, and no
        // step of the shrunk flow (a Lend from the desk would leave the typed name out).
        let result = try Self.explorer([.deskLend], catalog: "lendShouts", walks: 30, maps: false).run()
        let onBook = try #require(result.findings.first { $0.property?.name == "lendShouts" && $0.screen.title == "Book" },
                                  "\(result.findings.map { "\($0.screen.title): \($0.summary)" })")
        #expect(onBook.actions.count == 3 && onBook.actions.first?.description.hasPrefix("tap book-") == true, "\(onBook.actions.map(\.description))")
        #expect(!result.findings.contains { $0.property?.name == "lendShouts" && $0.screen.title == "Desk" })
        #expect(result.map.walks.map { walks in walks.each.contains { $0.actions > 0 } } == true)
    }

    @Test func aPropertysFindingWithNoCheckerToCheckItAgainIsLeftAsFound() throws {
        let found = try #require(try Self.explorer([.lentCount], walks: 30, maps: false, shrinks: false).run().findings.first { $0.kind == .property })
        #expect(found.actions.count > 3)
        let app = ModelApp { DeskModel([.lentCount]) }
        let shrunk = Shrinker(driver: app, rules: ScreenIdentity.Rules(mode: .data), verdicts: ShrinkerTests.verdicts()).shrink(found, states: [:])
        #expect(shrunk.actions == found.actions && shrunk.replays == 1, "not shown without its checker: \(shrunk.actions.count) steps")
    }

    @Test func eachPropertyThatNeverAppliedSaysWhyAndOnlyThose() throws {
        let result = try Self.explorer([], catalog: "neverApplies", walks: 10).run()
        let properties = try #require(result.map.properties)
        let renew = try #require(properties.first { $0.name == "renewKeepsTheLoan" })
        #expect(renew.applied == 0 && renew.neverApplied == "no screen titled \"Book\" had a control \"Renew\" (its trigger, tap Renew)", "\(renew)")
        let overdue = try #require(properties.first { $0.name == "overdueBooksSaySo" })
        #expect(overdue.applied == 0 && overdue.checked > 0 && overdue.neverApplied?.hasPrefix("its check said it does not apply each of the ") == true, "\(overdue)")
        let applied = properties.filter { $0.applied > 0 }
        #expect(!applied.isEmpty && applied.allSatisfy { $0.neverApplied == nil }, "\(applied)")
    }

    @Test func theCorrectDeskBreaksNoPropertyOnItsMapOrItsWalks() throws {
        let result = try Self.explorer([], walks: 30).run()
        #expect(result.findings.isEmpty, "\(result.findings.map(\.summary))")
    }

    @Test func anActionPropertyRelatesTheScreensBeforeAndAfterItsAction() throws {
        // The desk whose Lend puts no name: the lend property sees the book's row without its borrower.
        let result = try Self.explorer([], catalog: "lendShouts").run()
        let finding = try #require(result.findings.first { $0.property?.name == "lendShouts" })
        #expect(finding.endsWithItsAction && finding.actions.last?.description == "tap Lend")
        #expect(finding.screen.title == "Book", "an action property's finding is on the screen the action was taken on")
        #expect(finding.problem.description == "property property lendShouts | Book", "its kind, the property, its screen's title")
        #expect(finding.summary.contains("does not hold"), "\(finding.summary)")
    }

    @Test func aCrawlChecksThePropertiesUnlessToldNotTo() {
        #expect(ExploreOptions().checksProperties, "on by default: --no-properties leaves them out")
    }

    @Test func withoutItsPropertiesTheCrawlFindsNothingOnTheSameDesk() throws {
        let result = try Self.explorer([.lentCount], checks: false).run()
        #expect(result.findings.isEmpty, "a crawler can only judge what is wrong with any app")
    }
}
