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
    static func explorer(_ bugs: Set<DeskModel.Bug>, properties: [any PropertyTable] = [DeskRobot.properties], walks: Int = 0, wait: TimeInterval = 5,
                         checks: Bool = true, maps: Bool = true, shrinks: Bool = true) throws -> Explorer {
        var options = ExploreOptions(wait: wait, rules: ScreenIdentity.Rules(mode: .data), shrinks: shrinks, walks: WalkOptions(count: walks, length: 30, seed: 5),
                                     maps: maps)
        options.checksProperties = checks
        return try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: RobotCatalog([DeskRobot.yaml], properties: properties),
                            options: options, app: ModelApp { DeskModel(bugs) })
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
        let result = try Self.explorer([], properties: [DeskRobot.properties, Self.lendNamesTheBorrowerWrongly], walks: 30, maps: false).run()
        let finding = try #require(result.findings.first { $0.property?.name == "lendNamesTheBorrowerAsTyped" }, "\(result.findings.map(\.summary))")
        #expect(finding.foundAfter > 3, "met on a walk, after more steps than it needs: \(finding.foundAfter)")
        #expect(finding.actions.count == 3 && finding.actions.last?.description == "tap Lend", "\(finding.actions.map(\.description))")
        #expect(finding.screen.title == "Book")
    }

    @Test func anActionPropertysFindingIsShrunkToItsTriggerOnItsRobotsScreenOnly() throws {
        // The desk has a Lend too: not the book robot's, so no trigger of its property, and no
        // step of the shrunk flow (a Lend from the desk would leave the typed name out).
        let result = try Self.explorer([.deskLend], properties: [DeskRobot.properties, Self.lendNamesTheBorrowerWrongly], walks: 30, maps: false).run()
        let onBook = try #require(result.findings.first { $0.property?.name == "lendNamesTheBorrowerAsTyped" && $0.screen.title == "Book" },
                                  "\(result.findings.map { "\($0.screen.title): \($0.summary)" })")
        #expect(onBook.actions.count == 3 && onBook.actions.first?.description.hasPrefix("tap book-") == true, "\(onBook.actions.map(\.description))")
        #expect(!result.findings.contains { $0.property?.name == "lendNamesTheBorrowerAsTyped" && $0.screen.title == "Desk" })
        #expect(result.map.walks.map { walks in walks.each.contains { $0.actions > 0 } } == true)
    }

    @Test func aPropertysFindingWithNoCheckerToCheckItAgainIsLeftAsFound() throws {
        let found = try #require(try Self.explorer([.lentCount], walks: 30, maps: false, shrinks: false).run().findings.first { $0.kind == .property })
        #expect(found.actions.count > 3)
        let app = ModelApp { DeskModel([.lentCount]) }
        let shrunk = Shrinker(driver: app, rules: ScreenIdentity.Rules(mode: .data), scheme: Scheme(name: "model"), variables: [:]).shrink(found, states: [:])
        #expect(shrunk.actions == found.actions && shrunk.replays == 1, "not shown without its checker: \(shrunk.actions.count) steps")
    }

    @Test func theCorrectDeskBreaksNoPropertyOnItsMapOrItsWalks() throws {
        let result = try Self.explorer([], walks: 30).run()
        #expect(result.findings.isEmpty, "\(result.findings.map(\.summary))")
    }

    @Test func anActionPropertyRelatesTheScreensBeforeAndAfterItsAction() throws {
        // The desk whose Lend puts no name: the lend property sees the book's row without its borrower.
        let result = try Self.explorer([], properties: [DeskRobot.properties, Self.lendNamesTheBorrowerWrongly]).run()
        let finding = try #require(result.findings.first { $0.property?.name == "lendNamesTheBorrowerAsTyped" })
        #expect(finding.endsWithItsAction && finding.actions.last?.description == "tap Lend")
        #expect(finding.screen.title == "Book", "an action property's finding is on the screen the action was taken on")
        #expect(finding.summary.contains("does not hold"), "\(finding.summary)")
    }

    /// A property that expects the borrower's name in capitals: wrong about the desk, so it fails after every lend.
    static let lendNamesTheBorrowerWrongly = RobotProperties<LendRobot> {
        $0.after(.tap("Lend"), "lendNamesTheBorrowerAsTyped", "The desk's row says the borrower in capitals.", leadsTo: DeskRobot.self) { book, desk in
            let expected = "on loan to \((book.app.textFields["Borrower"].value ?? "").uppercased())"
            if !desk.app.cells.snapshots().contains(where: { $0.value == expected }) {
                desk.app.fail("check that a row reads \(expected)", "none does", site: CallSite())
            }
        }
    }

    @Test func aPropertyThatThrowsTrapsOrNeverReturnsIsAFindingOfItNeverTheRunnersEnd() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the property's own error" } }
        let broken = AppProperties {
            $0.invariant("throwsOnTheDesk", "Throws.") { app in if app.title() == "Desk" { throw Broken() } }
            $0.invariant("trapsOnABook", "Traps.") { app in if app.title() == "Book" { _ = [Int]()[1] } }
            $0.invariant("neverReturns", "Loops.") { app in if app.title() == "Book" { while app.title() == "Book" {} } }
        }
        let result = try Self.explorer([], properties: [broken], wait: 0.5).run()
        let summaries = Dictionary(result.findings.compactMap { finding in finding.property.map { ($0.name, finding.summary) } }, uniquingKeysWith: { first, _ in first })
        #expect(summaries["throwsOnTheDesk"] == "the property throwsOnTheDesk (Throws.) threw an error: the property's own error")
        #expect(summaries["trapsOnABook"]?.hasPrefix("the property trapsOnABook (Traps.) trapped in the runner (signal 4)") == true, "\(summaries)")
        #expect(summaries["neverReturns"] == "the property neverReturns (Loops.) did not return within 0.50 s: its check was cut", "\(summaries)")
        #expect(result.findings.count == 3, "\(result.findings.map(\.summary))")
        #expect(result.map.stats.ended == "done", "the crawl went on to its end")
    }

    @Test func aCrawlChecksThePropertiesUnlessToldNotTo() {
        #expect(ExploreOptions().checksProperties, "on by default: --no-properties leaves them out")
    }

    @Test func withoutItsPropertiesTheCrawlFindsNothingOnTheSameDesk() throws {
        let result = try Self.explorer([.lentCount], checks: false).run()
        #expect(result.findings.isEmpty, "a crawler can only judge what is wrong with any app")
    }

    @Test func eventuallyHoldsWhenItsConditionComesTrueWithinItsTime() throws {
        let checker = PropertyChecker(properties: Self.returned.properties, wait: 1)
        let book = Self.frame(ScreenSnapshot(title: "Book", elements: [.text("On loan to Ann", identifier: "loan"), .button("Return")]), seq: 1)
        let busy = Self.frame(ScreenSnapshot(title: "Book", elements: [.text("Returning…", identifier: "loan")]), seq: 2, idle: false)
        let desk = Self.frame(ScreenSnapshot(title: "Desk", elements: [.text("Lent: 0", identifier: "lent")]), seq: 3)
        let tap = ElementSnapshot.button("Return")
        let inTime = ObservedAction(verb: "tap", element: tap, before: book, during: [(busy, .milliseconds(100)), (desk, .milliseconds(300))], after: desk)
        #expect(checker.after(inTime).isEmpty)
        let late = ObservedAction(verb: "tap", element: tap, before: book, during: [(busy, .milliseconds(100)), (desk, .seconds(3))], after: desk)
        #expect(checker.after(late).map(\.message) == ["the property returnEndsOnTheDesk (A return ends on the desk.) came true only 3 s after tap \"Return\", later than 2 s"])
        let never = ObservedAction(verb: "tap", element: tap, before: book, during: [(busy, .milliseconds(100)), (book, .milliseconds(200))], after: book)
        #expect(checker.after(never).map(\.message) == [
            "the property returnEndsOnTheDesk (A return ends on the desk.) did not come true within 2 s after tap \"Return\": the app was idle after 0.20 s without it, so it never will",
        ])
        let other = ObservedAction(verb: "tap", element: .button("Help"), before: book, during: [(book, .zero)], after: book)
        #expect(checker.after(other).isEmpty, "another action is no trigger")
    }

    static let returned = RobotProperties<LendRobot> {
        $0.eventually(after: .tap("Return"), within: .seconds(2), "returnEndsOnTheDesk", "A return ends on the desk.") { book in
            book.app.title() == "Desk"
        }
    }

    static func frame(_ screen: ScreenSnapshot, seq: Int, idle: Bool = true) -> Frame {
        Frame(seq: seq, reply: nil, idle: idle, error: nil, screen: screen, text: screen.title)
    }
}

