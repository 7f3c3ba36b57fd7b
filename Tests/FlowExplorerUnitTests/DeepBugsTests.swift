@testable import FlowExplorer
import DeskRobots
import FlowKit
import FlowRunner
import Foundation
import Testing

/// Bugs the same action a few times deep: found by the walks (swarm walks, which may leave Undo
/// and Reset out, and steps that repeat), whatever the seed, and shrunk to exactly the actions they
/// need; the walks take the app's robot actions as steps, and a `.robot(...)` property fires on
/// them. And a one-screen app whose actions change only its data is no dead end.
struct DeepBugsTests {
    /// A tally: Add counts one more (the `crashAt`th Add since the last Reset crashes it), Undo one
    /// less, Reset back to 0; and things to do besides: a Note, Help's alert, a Settings screen of
    /// its own. Its robot actions (`Tally.add`, `Tally.reset`) do what its buttons do.
    struct TallyModel: AppModel {
        var crashAt: Int?
        var count = 0
        var note = ""
        var on = "Tally"
        var alert = false

        var screen: ScreenSnapshot {
            var elements: [ElementSnapshot] = on == "Settings" ? [.button("Dark")] : [
                .text("Count: \(count)", identifier: "count"), .textField("Note", value: note), .button("Add"), .button("Undo", isEnabled: count > 0),
                .button("Reset"), .button("Help"), .button("Settings"),
            ]
            if alert { elements.append(.alert("About", title: "Tally", message: "It counts.", buttons: ["OK"])) }
            return ScreenSnapshot(title: on, elements: elements)
        }

        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            if alert {
                guard action.verb == .answer else { return .refused("an alert is up") }
                alert = false
                return .screen
            }
            switch (on, action.verb, action.identifier) {
            case ("Tally", .tap, "Add"), ("Tally", .robot, "Tally.add"):
                if let crashAt, count + 1 == crashAt { return .ends(.crash(4)) }
                count += 1
            case ("Tally", .tap, "Undo") where count > 0: count -= 1
            case ("Tally", .tap, "Reset"), ("Tally", .robot, "Tally.reset"): count = 0
            case ("Tally", .type, "Note"): note = action.text ?? ""
            case ("Tally", .tap, "Help"): alert = true
            case ("Tally", .tap, "Settings"): on = "Settings"
            case ("Settings", .tap, "Dark"): break
            case ("Settings", .back, _): on = "Tally"
            default: return .refused("not here")
            }
            return .screen
        }
    }

    static let add = ExploreAction(.tap, kind: .button, identifier: "Add")

    /// A crawl of `model` as `explore` makes one by default (the map, then walks, screens told apart
    /// by data), with `walks` walks from `seed` instead of until the time is up, so it is the same
    /// crawl every time.
    static func explorer(_ model: @escaping () -> any AppModel, catalog: RobotCatalog = RobotCatalog([]), walks: Int?, seed: UInt64,
                         time: Duration = .seconds(60)) throws -> Explorer {
        let options = ExploreOptions(time: time, wait: 5, rules: ScreenIdentity.Rules(mode: .data), walks: WalkOptions(count: walks, seed: seed))
        return try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: catalog, options: options, app: ModelApp(model))
    }

    @Test(arguments: [3, 5, 8])
    func aCrashTheSameActionNTimesDeepIsFoundWhateverTheSeedAndShrunkToThoseActions(_ depth: Int) throws {
        for seed: UInt64 in 1...5 {
            let result = try Self.explorer({ TallyModel(crashAt: depth) }, walks: 60, seed: seed).run()
            let crash = try #require(result.findings.first { $0.kind == .crash }, "seed \(seed): \(result.findings.map(\.summary))")
            #expect(crash.actions == Array(repeating: Self.add, count: depth), "seed \(seed): \(crash.actions.map(\.description))")
            #expect(result.findings.count == 1, "seed \(seed): nothing else: \(result.findings.map(\.summary))")
        }
    }

    /// The same bug with the tally's robot actions offered too: the walks take `Tally.add` as a
    /// step, and the flow that shows the crash is written with the steps the walk took.
    @Test func robotActionsAreStepsOfTheWalksAndOfTheFlowThatShowsTheirBug() throws {
        var robotSteps = 0
        for seed: UInt64 in 1...5 {
            let result = try Self.explorer({ TallyModel(crashAt: 5) }, catalog: TallyRobot.catalog, walks: 60, seed: seed).run()
            let crash = try #require(result.findings.first { $0.kind == .crash }, "seed \(seed): \(result.findings.map(\.summary))")
            #expect(crash.actions.count == 5 && crash.actions.allSatisfy { $0 == Self.add || $0.identifier == "Tally.add" },
                    "seed \(seed): five adds, by the button or the robot: \(crash.actions.map(\.description))")
            robotSteps += crash.actions.filter(\.isRobot).count
            let text = try result.writer.text(for: crash, name: "explore: the tally crashed", file: "out/findings/01-crash-tally.yaml")
            #expect(text.components(separatedBy: "\n- ").count == 6, "\(text)")
            if crash.actions.contains(where: \.isRobot) { #expect(text.contains("\n- Tally.add\n") || text.hasSuffix("\n- Tally.add\n"), "\(text)") }
            #expect(!text.contains("checkCount"), "a check is never a step of a walk")
        }
        #expect(robotSteps > 0, "some walk took Tally.add on its way to the crash")
    }

    /// A robot action that fails on the screen it was offered on (`Tally.double`: no such button)
    /// is a skipped step, and one whose parameters cannot be filled there (`Tally.remove`: a
    /// position, and no row shown) is not taken: both counted, said under `not searched`, and
    /// neither a finding on the correct tally.
    @Test func aRobotActionThatFailsOrCannotBeFilledIsCountedAndNeverAFinding() throws {
        let result = try Self.explorer({ TallyModel() }, catalog: TallyRobot.catalog, walks: 40, seed: 3).run()
        #expect(result.findings.isEmpty, "\(result.findings.map(\.summary))")
        let walks = try #require(result.map.walks)
        #expect((walks.skipped ?? 0) > 0 && (walks.unfillable ?? 0) > 0, "skipped \(walks.skipped ?? 0), unfillable \(walks.unfillable ?? 0)")
        // Neither leaves a walk stuck while the tally's other actions go on: a walk that may take
        // every action (Add always changes the count) is never stuck.
        let everyAction = walks.each.filter { $0.number % RandomWalks.wholeSwarmEvery == 0 }
        #expect(everyAction.count > 2 && !everyAction.contains { $0.ended == .stuck }, "\(everyAction.map(\.ended))")
        let summary = ExploreOutput.stats(result.map, runner: "flow", folder: nil)
        #expect(summary.contains("robot actions that failed on the screen they were offered on (skipped)")
                && summary.contains("whose parameters could not be filled on their screen"), "\(summary)")
        #expect(!result.map.transitions.contains { $0.step.hasPrefix("Tally.double") || $0.step.hasPrefix("Tally.remove") },
                "no transition of a step that did nothing: \(result.map.transitions.map(\.step))")
    }

    /// A one-screen app whose every action changes what it holds and never which screen it is: by
    /// data (the map and walks) and by structure (the map alone), no dead end, no finding.
    @Test func aOneScreenAppWhoseActionsChangeOnlyItsDataIsNoDeadEnd() throws {
        struct OneScreen: AppModel {
            var count = 0
            var screen: ScreenSnapshot {
                ScreenSnapshot(title: "Tally", elements: [.text("Count: \(count)", identifier: "count"), .button("Add"), .button("Undo", isEnabled: count > 0)])
            }
            mutating func act(_ action: ExploreAction) -> ModelOutcome {
                switch (action.verb, action.identifier) {
                case (.tap, "Add"): count += 1
                case (.tap, "Undo") where count > 0: count -= 1
                default: return .refused("nowhere to go")
                }
                return .screen
            }
        }
        let data = try Self.explorer({ OneScreen() }, walks: 20, seed: 1).run()
        #expect(data.findings.isEmpty, "\(data.findings.map(\.summary))")
        let structure = try ExplorerTests.explorer(ModelApp { OneScreen() }, mode: .structure).run()
        #expect(structure.findings.isEmpty, "\(structure.findings.map(\.summary))")
        #expect(structure.map.screens.count == 2, "no count and a count (Undo enabled): \(structure.map.screens.map(\.identity))")
        // Its actions change its data, which is no way on in a screen that also shows nothing new:
        // the same app whose Add changes nothing is a dead end.
        struct Stuck: AppModel {
            var screen: ScreenSnapshot { ScreenSnapshot(title: "Tally", elements: [.text("Count: 0", identifier: "count"), .button("Add")]) }
            mutating func act(_ action: ExploreAction) -> ModelOutcome { action.verb == .back ? .refused("nowhere to go") : .screen }
        }
        let stuck = try ExplorerTests.explorer(ModelApp { Stuck() }, mode: .structure).run()
        #expect(stuck.findings.map(\.kind) == [.deadEnd], "\(stuck.findings.map(\.summary))")
    }

    /// A property triggered by a robot action (`.robot("Lend.typeBorrower")`) fires where a walk
    /// takes that action: its finding ends with the robot step, then `assertProperty`; a `type`
    /// into the same field is no trigger of it.
    @Test func aPropertyTriggeredByARobotActionFiresOnTheWalksThatTakeIt() throws {
        var options = ExploreOptions(wait: 5, rules: ScreenIdentity.Rules(mode: .data), walks: WalkOptions(count: 40, length: 30, seed: 5))
        options.checksProperties = true
        let named = try #require(DeskCatalog.named["typingShouts"])
        let result = try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: named, options: options,
                                  propertyWorker: DeskWorker.launch("typingShouts"), app: ModelApp { DeskModel() }).run()
        let finding = try #require(result.findings.first { $0.property?.name == "typingShouts" }, "\(result.findings.map(\.summary))")
        #expect(finding.actions.count == 2 && finding.actions.first?.description.hasPrefix("tap book-") == true && finding.actions.last?.identifier == "Lend.typeBorrower",
                "a book, then the robot's action: \(finding.actions.map(\.description))")
        let text = try result.writer.text(for: finding, name: "explore: a property", file: "out/findings/01-property-book.yaml")
        #expect(text.contains("\n- Lend.typeBorrower: {name: ") && text.hasSuffix("\n- assertProperty: typingShouts\n"), "\(text)")
        let counted = try #require(result.map.properties?.first { $0.name == "typingShouts" })
        #expect(counted.applied > 0 && counted.failed > 0)
        // The map alone types into the field, and never takes the robot's action: it never fires.
        var mapOnly = options
        mapOnly.walks = WalkOptions(count: 0)
        let typed = try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: named, options: mapOnly,
                                 propertyWorker: DeskWorker.launch("typingShouts"), app: ModelApp { DeskModel() }).run()
        #expect(typed.map.transitions.contains { $0.key == "type textField Borrower" }, "the map typed a borrower")
        #expect(typed.map.properties?.first { $0.name == "typingShouts" }?.applied == 0)
        #expect(!typed.findings.contains { $0.property?.name == "typingShouts" })
    }
}
