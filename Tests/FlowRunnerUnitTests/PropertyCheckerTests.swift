import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import ProcessTesting
import Testing

/// The checker every use of a property goes through (explore's judge, `flow run --properties`,
/// `assertProperty`), on frames made by hand, its properties checked in a worker (the desk's
/// `counter` catalog, served by `desk-worker`): what it says when a step names a property out of
/// place, where eventually's time is counted from and up to, a property that does not apply, and
/// one that traps: a finding each time, its worker replaced, the next check made.
struct PropertyCheckerTests {
    /// A checker of the catalog `name`'s properties, in `desk-worker`s.
    static func checker(_ name: String = "counter", wait: TimeInterval = 5) -> PropertyChecker {
        PropertyChecker(properties: DeskCatalog.named[name]?.properties ?? [], wait: wait, worker: DeskWorker.launch(name))
    }

    static func frame(_ seq: Int, count: Int, title: String = "Counter", idle: Bool = true) -> Frame {
        Frame(seq: seq, reply: nil, idle: idle, error: nil,
              screen: ScreenSnapshot(title: title, elements: [.text("\(count)", identifier: "count"), .button("Add")]), text: "count \(count)")
    }

    static func tap(_ control: String, from before: Frame, during: [(frame: Frame, at: Duration)] = [], to after: Frame) -> ObservedAction {
        ObservedAction(verb: "tap", element: before.screen.allElements.first { $0.identifier == control } ?? .button(control), before: before, during: during, after: after)
    }

    let checker = Self.checker()
    var addAddsOne: AppProperty { checker.properties[0] }
    var showsACount: AppProperty { checker.properties[1] }

    @Test func anActionPropertyHoldsOrSaysWhatItFound() {
        let before = Self.frame(1, count: 1)
        #expect(checker.check(addAddsOne, now: Self.frame(2, count: 2), last: Self.tap("Add", from: before, to: Self.frame(2, count: 2))) == nil)
        let violation = checker.check(addAddsOne, now: Self.frame(3, count: 3), last: Self.tap("Add", from: before, to: Self.frame(3, count: 3)))
        #expect(violation?.cause == .violated)
        #expect(violation?.message.contains("it read 1, and reads 3") == true, "\(violation?.message ?? "")")
        #expect(checker.check(after: Self.tap("Add", from: before, to: Self.frame(4, count: 3)), invariantsOn: nil).map(\.property) == ["addAddsOne"], "after an action too")
    }

    @Test func anActionIsCheckedOnceWhatItsPropertiesSaidIsKeptForAssertProperty() {
        let add = Self.tap("Add", from: Self.frame(1, count: 1), to: Self.frame(2, count: 5))
        #expect(checker.check(after: add, invariantsOn: add.after).map(\.property) == ["addAddsOne"])
        #expect(checker.check(addAddsOne, now: add.after, last: add)?.message.contains("it read 1, and reads 5") == true, "what it said of that action")
        #expect(checker.tallies[0].checked == 1, "checked once for that action, asked twice: \(checker.tallies[0])")
        // The same frames' numbers with other frames are another action: checked again.
        let other = Self.tap("Add", from: Self.frame(1, count: 1), to: Self.frame(2, count: 2))
        #expect(checker.check(addAddsOne, now: other.after, last: other) == nil)
        #expect(checker.tallies[0].checked == 2)
    }

    @Test func assertPropertyWithNoActionBeforeItSaysWhereToPutIt() {
        let violation = checker.check(addAddsOne, now: Self.frame(1, count: 1), last: nil)
        #expect(violation?.message == "the property addAddsOne follows tap Add, and the step before assertProperty is no action: put it right after that action")
    }

    @Test func assertPropertyAfterAnotherActionNamesThatAction() {
        let before = Self.frame(1, count: 1)
        let violation = checker.check(addAddsOne, now: Self.frame(2, count: 1), last: Self.tap("Reset", from: before, to: Self.frame(2, count: 1)))
        #expect(violation?.message == #"the property addAddsOne follows tap Add, and the step before assertProperty is tap "Reset": put it right after that action"#)
    }

    @Test func assertPropertyAfterItsTriggerOnAnotherScreenSaysWhichScreen() {
        let before = Self.frame(1, count: 1, title: "Elsewhere")
        let violation = checker.check(addAddsOne, now: Self.frame(2, count: 2), last: Self.tap("Add", from: before, to: Self.frame(2, count: 2)))
        #expect(violation?.message == #"the property addAddsOne is checked on the Counter screen ("Counter"), and the action before assertProperty was taken on "Elsewhere""#)
        #expect(checker.check(after: Self.tap("Add", from: before, to: Self.frame(3, count: 5)), invariantsOn: nil).isEmpty,
                "an action on another screen triggers none of the robot's")
    }

    @Test func eventuallyCountsFromTheActionUpToItsTimeIncluded() {
        let before = Self.frame(1, count: 0)
        let atTheLimit = Self.frame(3, count: 1)
        let inTime = Self.tap("Add", from: before, during: [(Self.frame(2, count: 0, idle: false), .milliseconds(100)), (atTheLimit, .milliseconds(500))], to: atTheLimit)
        #expect(checker.check(showsACount, now: atTheLimit, last: inTime) == nil, "true at exactly 0.5 s is in time")
        let late = Self.frame(5, count: 1)
        let tooLate = Self.tap("Add", from: before, during: [(Self.frame(4, count: 0, idle: false), .milliseconds(100)), (late, .milliseconds(600))], to: late)
        #expect(checker.check(showsACount, now: late, last: tooLate)?.message == #"the property showsACount (A count above 0 shows within half a second.) came true only 0.60 s after tap "Add", later than 0.50 s"#)
    }

    @Test func eventuallyHoldsWhenABusyFrameShowedItThoughTheIdleOneDoesNot() {
        let before = Self.frame(1, count: 0)
        let after = Self.frame(3, count: 0)
        let action = Self.tap("Add", from: before, during: [(Self.frame(2, count: 4, idle: false), .milliseconds(100)), (after, .milliseconds(200))], to: after)
        #expect(checker.check(showsACount, now: after, last: action) == nil, "it came true at 0.1 s, on a busy frame")
        let idle = Self.frame(5, count: 0)
        let never = Self.tap("Add", from: before, during: [(Self.frame(4, count: 0, idle: false), .milliseconds(100)), (idle, .milliseconds(200))], to: idle)
        #expect(checker.check(showsACount, now: idle, last: never)?.message
            == #"the property showsACount (A count above 0 shows within half a second.) did not come true within 0.50 s after tap "Add": the app was idle after 0.20 s without it, so it never will"#)
    }

    @Test func aReplayAfterALaunchKeepsItsModelThoughTheLaunchBeforeTookTheSameActionWithTheSameFrames() throws {
        // Explore relaunches and replays a path: the same actions, on frames alike to the last
        // launch's (sequence numbers start again). What was said of the last launch's Lend, read
        // once the new launch began, is not what was said of the replay's: its model is kept anew.
        let checker = Self.checker("ledger")
        let book = Frame(seq: 1, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: "Book", elements: [.button("Lend")]), text: "book")
        let desk = Frame(seq: 2, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: "Desk", elements: [.text("Lent: 1", identifier: "lent")]), text: "desk")
        let lend = Self.tap("Lend", from: book, to: desk)
        let follows = try #require(checker.properties.first { $0.name == "lentCountFollowsTheLedger" })
        checker.keepModels(after: lend)
        checker.launched()
        checker.flush()
        checker.keepModels(after: lend)
        #expect(checker.check(follows, now: desk, last: lend) == nil, "the ledger of the new launch counts its Lend")
    }

    @Test func aPropertyThatDoesNotApplyIsCountedAsCheckedNotAsApplied() throws {
        let index = try #require(checker.properties.firstIndex { $0.name == "countIsNotNegative" })
        let blank = Frame(seq: 1, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: "Counter", elements: [.text("none", identifier: "count")]), text: "")
        #expect(checker.check(after: nil, invariantsOn: blank).isEmpty, "not applying is not a violation")
        #expect(checker.tallies[index] == PropertyTally(name: "countIsNotNegative", kind: "invariant", checked: 1, applied: 0, failed: 0))
        #expect(checker.check(after: nil, invariantsOn: Self.frame(2, count: 3)).isEmpty)
        #expect(checker.tallies[index] == PropertyTally(name: "countIsNotNegative", kind: "invariant", checked: 2, applied: 1, failed: 0))
    }

    @Test func assertPropertyOfAPropertyNotInTheCatalogSaysSo() throws {
        let elsewhere = try #require(DeskCatalog.named["returned"]?.properties.first)
        let violation = checker.check(elsewhere, now: Self.frame(1, count: 1), last: nil)
        #expect(violation == PropertyViolation(property: "returnEndsOnTheDesk", kind: .eventually, cause: .violated,
                                               message: "the property returnEndsOnTheDesk is not one this runner's catalog declares"))
    }

    @Test func assertPropertyOfAnInvariantChecksItOnTheScreenNow() throws {
        let violation = checker.check(checker.properties[3], now: Self.frame(1, count: -3), last: nil)
        #expect(violation?.message == "the property countIsNotNegative (The count is 0 or more.) does not hold: check that the count is 0 or more failed: it is -3")
        #expect(checker.check(checker.properties[3], now: Self.frame(2, count: 3), last: nil) == nil)
    }

    @Test func aCheckWithNothingToCheckStartsNoWorker() {
        #expect(checker.check(after: nil, invariantsOn: Self.frame(1, count: 1, title: "Elsewhere")).isEmpty)
        #expect(checker.check(after: Self.tap("Reset", from: Self.frame(1, count: 1), to: Self.frame(2, count: 0, title: "Elsewhere")), invariantsOn: nil).isEmpty)
        #expect(checker.workerProcess == nil)
    }

    @Test func whatAnActionsPropertiesSaidIsKeptForTheLastEightActionsThatTriggeredOne() {
        let actions = (1...9).map { Self.tap("Add", from: Self.frame(2 * $0, count: $0), to: Self.frame(2 * $0 + 1, count: $0 + 1)) }
        for action in actions { #expect(checker.check(after: action, invariantsOn: nil).isEmpty) }
        #expect(checker.check(addAddsOne, now: actions[1].after, last: actions[1]) == nil)
        #expect(checker.tallies[0].checked == 9, "the second action is among the last eight: not checked again")
        #expect(checker.check(addAddsOne, now: actions[0].after, last: actions[0]) == nil)
        #expect(checker.tallies[0].checked == 10, "the first is not")
    }

    @Test func actionsThatTriggerNoneAreNotKeptAndPushOutNone() {
        let add = Self.tap("Add", from: Self.frame(1, count: 1), to: Self.frame(2, count: 2))
        #expect(checker.check(after: add, invariantsOn: nil).isEmpty)
        for seq in 3...10 {
            let reset = Self.tap("Reset", from: Self.frame(seq, count: 2), to: Self.frame(seq + 100, count: 0))
            #expect(checker.check(after: reset, invariantsOn: reset.after).isEmpty)
        }
        #expect(checker.check(addAddsOne, now: add.after, last: add) == nil)
        #expect(checker.tallies[0].checked == 1, "what it said of Add is still kept")
    }

    @Test func whatEachActionsPropertiesSaidIsKeptApart() {
        let holds = Self.tap("Add", from: Self.frame(1, count: 1), to: Self.frame(2, count: 2))
        let violated = Self.tap("Add", from: Self.frame(3, count: 1), to: Self.frame(4, count: 5))
        #expect(checker.check(after: holds, invariantsOn: nil).isEmpty)
        #expect(checker.check(after: violated, invariantsOn: nil).map(\.property) == ["addAddsOne"])
        #expect(checker.check(addAddsOne, now: holds.after, last: holds) == nil)
        #expect(checker.check(addAddsOne, now: violated.after, last: violated)?.message.contains("it read 1, and reads 5") == true)
        #expect(checker.tallies[0].checked == 2)
    }

    @Test func aPropertyThatTrapsIsAFindingEveryTimeWithItsMessageAndTheNextCheckIsMade() throws {
        let first = checker.check(after: nil, invariantsOn: Self.frame(1, count: 7))
        let trapped = try #require(first.first)
        #expect(first.count == 1 && trapped.property == "trapsOnSeven", "\(first)")
        guard case .crashed = trapped.cause else {
            Issue.record("a trap ends the worker: \(trapped.cause)")
            return
        }
        #expect(trapped.message.hasPrefix("the property trapsOnSeven (Traps when the count is 7.) trapped (signal "), "\(trapped.message)")
        #expect(trapped.message.contains("Fatal error: Index out of range"), "the trap's own message: \(trapped.message)")
        #expect(trapped.details.contains { $0.contains("Fatal error: Index out of range") }, "\(trapped.details) / \(trapped.message)")
        // Checked again on the next state (a new worker takes it): found again, not passed over.
        #expect(checker.check(after: nil, invariantsOn: Self.frame(2, count: 7)).map(\.property) == ["trapsOnSeven"])
        #expect(checker.check(after: nil, invariantsOn: Self.frame(3, count: 1)).isEmpty, "and it holds where it does not trap")
        let index = try #require(checker.properties.firstIndex { $0.name == "countIsNotNegative" })
        #expect(checker.tallies[index].checked == 3, "the other invariant of the trapped check was checked in a new worker: \(checker.tallies[index])")
    }
}
