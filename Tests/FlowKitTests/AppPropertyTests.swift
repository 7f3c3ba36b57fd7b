import FlowKit
import Testing

/// A property as declared (``RobotProperties``, ``AppProperties``) and judged on frames made by
/// hand: which screens and actions it applies to, how its trigger is said and matched, and what
/// its verdict says (holds, violated with what the check found, threw, not yet).
struct AppPropertyTests {
    /// A counter's screen: its count, and Add.
    final class CounterRobot: Robot {
        override class var screenTitle: String { "Counter" }
        var count: Int { Int(app.staticTexts["count"].label) ?? -1 }
        func checkCount(_ expected: Int) {
            if count != expected { app.fail("check that the count is \(expected)", "it is \(count)", site: CallSite()) }
        }
    }

    /// The screen Add can lead to.
    final class DoneRobot: Robot {
        override class var screenTitle: String { "Done" }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "the check refused" }
    }

    static func frame(count: Int, title: String = "Counter", alert: Bool = false) -> Frame {
        var elements: [ElementSnapshot] = [.text("\(count)", identifier: "count"), .button("add", label: "Add"), .cell("row-12", label: "Twelve")]
        if alert { elements.append(.alert("sure", title: "Sure?", message: "Really?", buttons: ["Yes"])) }
        return Frame(seq: 1, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: title, elements: elements), text: "count \(count)")
    }

    static let table = RobotProperties<CounterRobot> {
        $0.invariant("countIsSmall", "The count is below 10.") { counter in
            if counter.count >= 10 { counter.app.fail("check that the count is below 10", "it is \(counter.count)", site: CallSite()) }
        }
        $0.after(.tap("Add"), "addAddsOne", "Add adds one.") { before, after in
            after.checkCount(before.count + 1)
        }
        $0.after(.tap("Add"), "addLeadsToDone", "Add at 9 leads to Done.", leadsTo: DoneRobot.self) { _, done in
            done.app.staticTexts["done"].assertVisible()
        }
        $0.eventually(after: .tap("Add"), within: .seconds(2), "countShows", "A count above 0 shows.") { counter in
            counter.count > 0
        }
        $0.invariant("throws", "Throws on 13.") { counter in
            if counter.count == 13 { throw Refused() }
        }
    }

    static func property(_ name: String) throws -> AppProperty {
        try #require(table.properties.first { $0.name == name })
    }

    @Test func eachBuilderDeclaresItsKindRobotTriggerAndTimeInOrder() throws {
        #expect(Self.table.properties.map(\.name) == ["countIsSmall", "addAddsOne", "addLeadsToDone", "countShows", "throws"])
        #expect(Self.table.properties.map(\.kind) == [.invariant, .action, .action, .eventually, .invariant])
        #expect(Self.table.properties.allSatisfy { $0.robot == "Counter" && $0.screenTitle == "Counter" })
        #expect(try Self.property("addAddsOne").trigger == .tap("Add") && Self.property("countIsSmall").trigger == nil)
        #expect(try Self.property("countShows").within == .seconds(2) && Self.property("addAddsOne").within == nil)
        #expect(try Self.property("countIsSmall").summary == "The count is below 10.")
        let app = AppProperties { $0.invariant("noError", "No error line.") { app in app.staticTexts["error"].assertNotVisible() } }
        #expect(app.properties.map(\.name) == ["noError"] && app.properties.first?.robot == nil && app.properties.first?.screenTitle == nil)
        #expect(app.properties.first?.kind == .invariant)
    }

    @Test func anInvariantHoldsOrSaysWhatItsCheckFound() throws {
        let small = try Self.property("countIsSmall")
        #expect(small.verdict(before: nil, after: Self.frame(count: 3)) == .holds)
        #expect(small.verdict(before: nil, after: Self.frame(count: 12)) == .violated("check that the count is below 10 failed: it is 12"))
        let app = AppProperties { $0.invariant("noError", "No error line.") { app in app.staticTexts["error"].assertNotVisible() } }.properties[0]
        #expect(app.verdict(before: nil, after: Self.frame(count: 1)) == .holds)
        let withError = Frame(seq: 1, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: "Any", elements: [.text("Boom", identifier: "error")]), text: "")
        guard case let .violated(found) = app.verdict(before: nil, after: withError) else {
            Issue.record("an app invariant whose check fails is violated")
            return
        }
        #expect(found.contains("error"), "\(found)")
    }

    @Test func anActionPropertyReadsTheScreenBeforeAndAfter() throws {
        let addAddsOne = try Self.property("addAddsOne")
        #expect(addAddsOne.verdict(before: Self.frame(count: 1), after: Self.frame(count: 2)) == .holds)
        #expect(addAddsOne.verdict(before: Self.frame(count: 1), after: Self.frame(count: 3)) == .violated("check that the count is 2 failed: it is 3"))
        #expect(addAddsOne.verdict(before: nil, after: Self.frame(count: 3)) == .holds, "no screen before: nothing to relate")
        let done = try Self.property("addLeadsToDone")
        #expect(done.verdict(before: Self.frame(count: 9), after: Self.frame(count: 9, title: "Done")) != .holds, "the Done robot reads the screen after: no done text")
    }

    @Test func eventuallyIsNotYetUntilItsConditionIsTrue() throws {
        let shows = try Self.property("countShows")
        #expect(shows.verdict(before: Self.frame(count: 0), after: Self.frame(count: 0)) == .notYet)
        #expect(shows.verdict(before: Self.frame(count: 0), after: Self.frame(count: 1)) == .holds)
    }

    @Test func aCheckThatThrowsIsSaidSo() throws {
        let throwing = try Self.property("throws")
        #expect(throwing.verdict(before: nil, after: Self.frame(count: 13)) == .threw("the check refused"))
        #expect(throwing.verdict(before: nil, after: Self.frame(count: 12)) == .holds)
    }

    @Test func aFailureOnTheScreenBeforeIsAViolationToo() {
        let property = RobotProperties<CounterRobot> {
            $0.after(.tap("Add"), "beforeWasOne", "Add is tapped at one.") { before, _ in before.checkCount(1) }
        }.properties[0]
        #expect(property.verdict(before: Self.frame(count: 1), after: Self.frame(count: 2)) == .holds)
        #expect(property.verdict(before: Self.frame(count: 4), after: Self.frame(count: 5)) == .violated("check that the count is 1 failed: it is 4"))
    }

    @Test func aRobotsPropertyAppliesToItsScreenWithNoAlertOnTopAnAppsToEvery() throws {
        let small = try Self.property("countIsSmall")
        #expect(small.applies(to: Self.frame(count: 1).screen))
        #expect(!small.applies(to: Self.frame(count: 1, title: "Other").screen))
        #expect(!small.applies(to: Self.frame(count: 1, alert: true).screen), "an alert covers the screen")
        #expect(small.applies(toScreenTitled: "Counter") && !small.applies(toScreenTitled: "Other"))
        let app = AppProperties { $0.invariant("any", "Any.") { _ in } }.properties[0]
        #expect(app.applies(to: Self.frame(count: 1, title: "Other", alert: true).screen))
        #expect(app.applies(toScreenTitled: "Other"))
    }

    @Test func aTriggerIsSaidAsAFlowSaysIt() {
        #expect(PropertyTrigger.tap("Add").description == "tap Add")
        #expect(PropertyTrigger.type("Name").description == "type Name")
        #expect(PropertyTrigger.answer("Yes").description == "answer Yes")
        #expect(PropertyTrigger.back.description == "back")
        #expect(PropertyTrigger.robot("Todos.add").description == "Todos.add")
        #expect(PropertyTrigger.oneOf([.tap("All"), .back, .robot("Todos.add")]).description == "tap All or back or Todos.add")
    }

    @Test func aTriggerNamesItsRobotActionAloneOrInAOneOf() {
        #expect(PropertyTrigger.robot("Todos.add").names(robotAction: "Todos.add"))
        #expect(!PropertyTrigger.robot("Todos.add").names(robotAction: "Todos.clear"))
        #expect(PropertyTrigger.oneOf([.tap("Add"), .robot("Todos.add")]).names(robotAction: "Todos.add"))
        #expect(!PropertyTrigger.oneOf([.tap("Add"), .robot("Todos.add")]).names(robotAction: "Todos.other"))
        for trigger in [PropertyTrigger.tap("Todos.add"), .type("Todos.add"), .answer("Todos.add"), .back] {
            #expect(!trigger.names(robotAction: "Todos.add"), "\(trigger)")
        }
    }

    @Test func aTriggerMatchesItsVerbOnAnElementByIdentifierLabelOrRowClass() {
        let add = ElementSnapshot.button("add", label: "Add")
        let row = ElementSnapshot.cell("row-12", label: "Twelve")
        let field = ElementSnapshot.textField("name", label: "Name", value: "")
        let yes = ElementSnapshot.button("yes", label: "Yes")
        #expect(PropertyTrigger.tap("add").matches(verb: "tap", element: add), "by identifier")
        #expect(PropertyTrigger.tap("Add").matches(verb: "tap", element: add), "by label")
        #expect(PropertyTrigger.tap("row-#").matches(verb: "tap", element: row), "by its row class")
        #expect(!PropertyTrigger.tap("Remove").matches(verb: "tap", element: add), "another control")
        #expect(!PropertyTrigger.tap("Add").matches(verb: "type", element: add), "another verb")
        #expect(!PropertyTrigger.tap("Add").matches(verb: "tap", element: nil), "no element")
        #expect(PropertyTrigger.type("Name").matches(verb: "type", element: field))
        #expect(!PropertyTrigger.type("Name").matches(verb: "tap", element: field))
        #expect(!PropertyTrigger.type("Other").matches(verb: "type", element: field))
        #expect(PropertyTrigger.answer("Yes").matches(verb: "answer", element: yes))
        #expect(!PropertyTrigger.answer("Yes").matches(verb: "tap", element: yes))
        #expect(!PropertyTrigger.answer("No").matches(verb: "answer", element: yes))
        #expect(PropertyTrigger.back.matches(verb: "back", element: nil))
        #expect(!PropertyTrigger.back.matches(verb: "tap", element: add))
        #expect(!PropertyTrigger.robot("add").matches(verb: "tap", element: add), "a robot action is matched by its step, not a tap")
        #expect(PropertyTrigger.oneOf([.tap("Remove"), .back]).matches(verb: "back", element: nil))
        #expect(!PropertyTrigger.oneOf([.tap("Remove"), .back]).matches(verb: "tap", element: add))
    }
}
