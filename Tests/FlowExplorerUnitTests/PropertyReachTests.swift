@testable import FlowExplorer
import DeskRobots
import FlowKit
import FlowRunner
import Testing

/// Why a property never applied, said from the map: its robot's screen never reached, a trigger
/// naming a control none of its screens had, a trigger never taken, a check that always said it
/// does not apply, or no check at all; nothing when it applied.
struct PropertyReachTests {
    static func property(_ name: String, in catalog: RobotCatalog) throws -> AppProperty {
        try #require(catalog.properties.first { $0.name == name })
    }

    static func screen(_ title: String, _ controls: [(identifier: String, label: String)] = []) -> ExploreMap.Screen {
        ExploreMap.Screen(id: "s1", title: title, identity: title, depth: 0, path: [], text: title,
                          controls: controls.map { ExploreMap.Control(kind: "button", identifier: $0.identifier, label: $0.label) }, visits: 1)
    }

    static func why(_ property: AppProperty, checked: Int = 0, applied: Int = 0, on screens: [ExploreMap.Screen]) -> String? {
        var tally = PropertyTally(name: property.name, kind: property.kind.rawValue)
        (tally.checked, tally.applied) = (checked, applied)
        return PropertyReach.whyNeverApplied(property, tally: tally, screens: screens)
    }

    @Test func anInvariantIsSaidByItsScreenAndItsChecks() throws {
        let overdue = try Self.property("overdueBooksSaySo", in: DeskCatalog.neverApplies)
        #expect(Self.why(overdue, checked: 3, applied: 1, on: []) == nil, "it applied")
        #expect(Self.why(overdue, on: [Self.screen("Desk")]) == "no screen titled \"Book\" (the Lend robot's) was reached")
        #expect(Self.why(overdue, checked: 3, on: [Self.screen("Desk"), Self.screen("Book")]) == "its check said it does not apply each of the 3 times it ran")
        #expect(Self.why(overdue, checked: 1, on: [Self.screen("Book")]) == "its check said it does not apply the one time it ran")
        #expect(Self.why(overdue, on: [Self.screen("Book")]) == "it was never checked")
    }

    @Test func anInvariantOfTheWholeAppIsOnEveryScreen() throws {
        let oops = try Self.property("noScreenSaysOops", in: CounterRobot.mishapsCatalog)
        #expect(Self.why(oops, on: []) == "it was never checked", "no robot: no screen it waits for")
        #expect(Self.why(oops, checked: 2, on: [Self.screen("Counter")]) == "its check said it does not apply each of the 2 times it ran")
    }

    @Test func anActionPropertyIsSaidByTheControlItsTriggerNames() throws {
        let renew = try Self.property("renewKeepsTheLoan", in: DeskCatalog.neverApplies)
        #expect(Self.why(renew, on: [Self.screen("Book", [("Lend", "Lend")]), Self.screen("Desk", [("Renew", "Renew")])])
            == "no screen titled \"Book\" had a control \"Renew\" (its trigger, tap Renew)", "a Renew on another screen is not its robot's")
        #expect(Self.why(renew, on: [Self.screen("Book", [("Renew", "Renew")])]) == "its trigger (tap Renew) was never taken on a screen titled \"Book\"")
        #expect(Self.why(renew, on: [Self.screen("Book", [("renew-button", "Renew")])]) == "its trigger (tap Renew) was never taken on a screen titled \"Book\"",
                "a control is named by its label too")
        #expect(Self.why(renew, checked: 2, on: [Self.screen("Book")]) == "its check said it does not apply each of the 2 times it ran")
        #expect(Self.why(renew, applied: 1, on: []) == nil)
    }

    @Test func aTriggerOfSeveralControlsNamesEachItsScreensLacked() throws {
        let catalog = RobotCatalog([LendRobot.yaml], properties: [RobotProperties<LendRobot> {
            $0.after(.oneOf([.tap("Renew"), .tap("Extend"), .back]), "renewOrExtend", "Renew or Extend keeps the loan.") { _, _ in }
        }])
        let renew = try Self.property("renewOrExtend", in: catalog)
        #expect(Self.why(renew, on: [Self.screen("Book")]) == "no screen titled \"Book\" had a control \"Renew\" or \"Extend\" (its trigger, tap Renew or tap Extend or back)")
        #expect(Self.why(renew, on: [Self.screen("Book", [("Extend", "Extend")])]) == "no screen titled \"Book\" had a control \"Renew\" (its trigger, tap Renew or tap Extend or back)")
    }

    @Test func aTriggersControlsAreTheOnesItNames() {
        #expect(PropertyReach.controls(of: .tap("Add")) == ["Add"])
        #expect(PropertyReach.controls(of: .type("Name")) == ["Name"])
        #expect(PropertyReach.controls(of: .answer("OK")) == ["OK"])
        #expect(PropertyReach.controls(of: .back).isEmpty && PropertyReach.controls(of: .robot("Todos.add")).isEmpty)
        #expect(PropertyReach.controls(of: .oneOf([.tap("Save"), .back, .oneOf([.answer("OK")])])) == ["Save", "OK"])
    }
}
