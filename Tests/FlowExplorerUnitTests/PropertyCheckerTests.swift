@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import Testing

/// The checker every use of a property goes through (explore's judge, `flow run --properties`,
/// `assertProperty`), on frames made by hand: what it says when a step names a property out of
/// place, where eventually's time is counted from and up to, and a property that traps said once.
struct PropertyCheckerTests {
    /// A counter's screen: its count, and Add.
    final class CounterRobot: Robot {
        override class var screenTitle: String { "Counter" }
        var count: Int { Int(app.staticTexts["count"].label) ?? -1 }
    }

    static let properties = RobotProperties<CounterRobot> {
        $0.after(.tap("Add"), "addAddsOne", "Add adds one.") { before, after in
            if after.count != before.count + 1 { after.app.fail("check that Add added one", "it read \(before.count), and reads \(after.count)", site: CallSite()) }
        }
        $0.eventually(after: .tap("Add"), within: .milliseconds(500), "showsACount", "A count above 0 shows within half a second.") { counter in
            counter.count > 0
        }
        $0.invariant("trapsOnSeven", "Traps when the count is 7.") { counter in
            if counter.count == 7 { _ = [Int]()[1] }
        }
    }

    static func frame(_ seq: Int, count: Int, title: String = "Counter", idle: Bool = true) -> Frame {
        Frame(seq: seq, reply: nil, idle: idle, error: nil,
              screen: ScreenSnapshot(title: title, elements: [.text("\(count)", identifier: "count"), .button("Add")]), text: "count \(count)")
    }

    static func tap(_ control: String, from before: Frame, during: [(frame: Frame, at: Duration)] = [], to after: Frame) -> ObservedAction {
        ObservedAction(verb: "tap", element: before.screen.allElements.first { $0.identifier == control } ?? .button(control), before: before, during: during, after: after)
    }

    let checker = PropertyChecker(properties: Self.properties.properties, wait: 5)
    var addAddsOne: AppProperty { checker.properties[0] }
    var showsACount: AppProperty { checker.properties[1] }

    @Test func anActionPropertyHoldsOrSaysWhatItFound() {
        let before = Self.frame(1, count: 1)
        #expect(checker.check(addAddsOne, now: Self.frame(2, count: 2), last: Self.tap("Add", from: before, to: Self.frame(2, count: 2))) == nil)
        let violation = checker.check(addAddsOne, now: Self.frame(2, count: 3), last: Self.tap("Add", from: before, to: Self.frame(2, count: 3)))
        #expect(violation?.cause == .violated)
        #expect(violation?.message.contains("it read 1, and reads 3") == true, "\(violation?.message ?? "")")
        #expect(checker.after(Self.tap("Add", from: before, to: Self.frame(2, count: 3))).map(\.property) == ["addAddsOne"], "after an action too")
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
        #expect(checker.after(Self.tap("Add", from: before, to: Self.frame(2, count: 5))).isEmpty, "an action on another screen triggers none of the robot's")
    }

    @Test func eventuallyCountsFromTheActionUpToItsTimeIncluded() {
        let before = Self.frame(1, count: 0)
        let atTheLimit = Self.frame(3, count: 1)
        let inTime = Self.tap("Add", from: before, during: [(Self.frame(2, count: 0, idle: false), .milliseconds(100)), (atTheLimit, .milliseconds(500))], to: atTheLimit)
        #expect(checker.check(showsACount, now: atTheLimit, last: inTime) == nil, "true at exactly 0.5 s is in time")
        let late = Self.frame(3, count: 1)
        let tooLate = Self.tap("Add", from: before, during: [(Self.frame(2, count: 0, idle: false), .milliseconds(100)), (late, .milliseconds(600))], to: late)
        #expect(checker.check(showsACount, now: late, last: tooLate)?.message == #"the property showsACount (A count above 0 shows within half a second.) came true only 0.60 s after tap "Add", later than 0.50 s"#)
    }

    @Test func eventuallyHoldsWhenABusyFrameShowedItThoughTheIdleOneDoesNot() {
        let before = Self.frame(1, count: 0)
        let after = Self.frame(3, count: 0)
        let action = Self.tap("Add", from: before, during: [(Self.frame(2, count: 4, idle: false), .milliseconds(100)), (after, .milliseconds(200))], to: after)
        #expect(checker.check(showsACount, now: after, last: action) == nil, "it came true at 0.1 s, on a busy frame")
        let never = Self.tap("Add", from: before, during: [(Self.frame(2, count: 0, idle: false), .milliseconds(100)), (after, .milliseconds(200))], to: after)
        #expect(checker.check(showsACount, now: after, last: never)?.message
            == #"the property showsACount (A count above 0 shows within half a second.) did not come true within 0.50 s after tap "Add": the app was idle after 0.20 s without it, so it never will"#)
    }

    @Test func aPropertyThatTrapsIsSaidOnceThenNeverRunAgain() {
        let checker = PropertyChecker(properties: Self.properties.properties, wait: 5)
        let first = checker.invariants(on: Self.frame(1, count: 7))
        #expect(first.map(\.cause) == [.trapped])
        #expect(first.first?.message.hasPrefix("the property trapsOnSeven (Traps when the count is 7.) trapped in the runner (signal 4): its check stopped, as a failed precondition, a force unwrap of nil or an index out of range stops") == true,
                "\(first.first?.message ?? "")")
        #expect(checker.invariants(on: Self.frame(2, count: 7)).isEmpty, "said once: a broken property is not run again")
        #expect(checker.invariants(on: Self.frame(3, count: 1)).isEmpty)
    }
}
