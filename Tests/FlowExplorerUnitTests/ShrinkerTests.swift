@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import Testing

/// A pad whose Go crashes (signal 11) once X was tapped and something typed into Name, unless a B
/// was tapped before any A. From `flakyFrom` launches on (counted in `launches`, shared by every
/// launch), X crashes too, with the same signal: an app that does not do the same twice.
struct PadModel: AppModel {
    final class Launches: @unchecked Sendable { var count = 0 }
    var launch = 0
    var flakyFrom = Int.max
    var x = false, name = "", aSeen = false, bad = false
    /// Whether Go needs X and a name (else Go alone crashes, unless B came before A).
    var needsInput = true

    var screen: ScreenSnapshot {
        ScreenSnapshot(title: "Pad", elements: [.button("A"), .button("B"), .button("X"), .textField("Name", value: name), .button("Go")])
    }

    mutating func act(_ action: ExploreAction) -> ModelOutcome {
        switch (action.verb, action.identifier) {
        case (.tap, "A"): aSeen = true
        case (.tap, "B"): if !aSeen { bad = true }
        case (.tap, "X"):
            if launch >= flakyFrom { return .ends(.crash(11)) }
            x = true
        case (.type, "Name"): name = action.text ?? ""
        case (.tap, "Go"):
            if bad { return .screen }
            if !needsInput || (x && !name.isEmpty) { return .ends(.crash(11)) }
        default: return .refused("no \(action.identifier ?? "control") here")
        }
        return .screen
    }

    /// A pad app: each launch numbered from 1.
    static func app(flakyFrom: Int = .max, needsInput: Bool = true) -> ModelApp {
        let launches = Launches()
        return ModelApp {
            launches.count += 1
            return PadModel(launch: launches.count, flakyFrom: flakyFrom, needsInput: needsInput)
        }
    }
}

/// Shrinking: the budgets it keeps to, a launch it leaves as it is, the passes that make a path
/// one step minimal, and an app that does not do the same twice.
struct ShrinkerTests {
    static let (a, b, x, go) = (tap("A"), tap("B"), tap("X"), tap("Go"))

    static func tap(_ identifier: String) -> ExploreAction { ExploreAction(.tap, kind: .button, identifier: identifier) }
    static func type(_ text: String) -> ExploreAction { ExploreAction(.type, kind: .textField, identifier: "Name", text: text, value: .word) }

    static func crash(_ actions: [ExploreAction], signature: String = "crash 11") -> ExploreFinding {
        let pad = ScreenIdentity(PadModel().screen)
        return ExploreFinding(kind: .crash, screen: pad, summary: "the app crashed (signal 11) after tap Go on \"Pad\"", details: [], actions: actions,
                              signature: signature, secretVariable: nil, alertButtons: [], alert: nil)
    }

    static func shrinker(_ app: ModelApp, replays: Int = 200, shownReplays: Int = .max, deadline: ContinuousClock.Instant = .now + .seconds(60)) -> Shrinker {
        Shrinker(driver: app, rules: ScreenIdentity.Rules(), scheme: Scheme(name: "model"), variables: [:], replays: replays, shownReplays: shownReplays,
                 deadline: deadline)
    }

    @Test func aStepThatCanGoOnlyOnceALaterOneWentGoesInASecondPass() {
        // B may go only once A went (else B comes before any A); A may go at once.
        let app = PadModel.app(needsInput: false)
        let shrunk = Self.shrinker(app).shrink(Self.crash([Self.a, Self.b, Self.go]), states: [:])
        #expect(shrunk.actions == [Self.go], "\(shrunk.actions.map(\.description))")
        #expect(shrunk.replays == app.launches)
    }

    @Test func noMoreReplaysThanItsBudget() {
        let app = PadModel.app(needsInput: false)
        let shrunk = Self.shrinker(app, replays: 2).shrink(Self.crash([Self.a, Self.b, Self.go]), states: [:])
        #expect(app.launches == 2 && shrunk.replays == 2)
        #expect(shrunk.actions == [Self.a, Self.b, Self.go], "the second replay (A dropped) did not show it: nothing more was tried")
    }

    @Test func noMoreReplaysThatShowItThanItsBudget() {
        let app = PadModel.app(needsInput: false)
        let shrunk = Self.shrinker(app, shownReplays: 2).shrink(Self.crash([Self.a, Self.b, Self.go]), states: [:])
        // Shown as found (1), A dropped: not shown, B dropped: shown (2); then it stops.
        #expect(shrunk.actions == [Self.a, Self.go], "\(shrunk.actions.map(\.description))")
        #expect(shrunk.replays == 3 && app.launches == 3)
    }

    @Test func pastItsDeadlineNothingIsReplayed() {
        let app = PadModel.app(needsInput: false)
        let finding = Self.crash([Self.a, Self.b, Self.go])
        let shrunk = Self.shrinker(app, deadline: .now - .seconds(1)).shrink(finding, states: [:])
        #expect(app.launches == 0 && shrunk.replays == 0)
        #expect(shrunk.actions == finding.actions)
    }

    @Test func anAppThatDidNotStartIsLeftAsFoundWithNoLaunch() {
        let app = PadModel.app()
        let launch = Self.crash([], signature: "launch")
        let shrunk = Self.shrinker(app).shrink(launch, states: [:])
        #expect(app.launches == 0 && shrunk.replays == 0 && shrunk.actions.isEmpty)
    }

    @Test func aProblemAFreshLaunchDoesNotShowIsLeftAsFound() {
        let app = PadModel.app()
        let finding = Self.crash([Self.x, Self.go])  // nothing typed: Go does not crash
        let shrunk = Self.shrinker(app).shrink(finding, states: [:])
        #expect(shrunk.actions == finding.actions && shrunk.replays == 1)
    }

    @Test func anEmptyTypedValueIsNotReplayedAgain() {
        // Go crashes once Name was typed into, whatever was typed: nothing to simplify.
        struct Typed: AppModel {
            var typed = false
            var screen: ScreenSnapshot { ScreenSnapshot(title: "Pad", elements: [.textField("Name", value: ""), .button("Go")]) }
            mutating func act(_ action: ExploreAction) -> ModelOutcome {
                if action.verb == .type { typed = true } else if typed { return .ends(.crash(11)) }
                return .screen
            }
        }
        let app = ModelApp { Typed() }
        let shrunk = Self.shrinker(app).shrink(Self.crash([Self.type(""), Self.go]), states: [:])
        // Shown as found, then the type dropped (not shown): two replays, none for the empty value.
        #expect(shrunk.actions == [Self.type(""), Self.go])
        #expect(shrunk.replays == 2 && app.launches == 2)
    }

    @Test func aTypedValueIsHalvedWhileItStillShowsIt() {
        let app = PadModel.app()
        let shrunk = Self.shrinker(app).shrink(Self.crash([Self.x, Self.type("abcd"), Self.go]), states: [:])
        #expect(shrunk.actions == [Self.x, Self.type("a"), Self.go], "\(shrunk.actions.map(\.description))")
    }

    @Test func anAppThatCrashesSoonerOnAReplayEndsTheShrinkingOfThatValueWithoutATrap() {
        // From the fifth launch on, X itself crashes: the replay halving "abcd" shows the crash
        // after one action, so the path is cut to [X] while its second action is being halved.
        let app = PadModel.app(flakyFrom: 5)
        let shrunk = Self.shrinker(app).shrink(Self.crash([Self.x, Self.type("abcd"), Self.go]), states: [:])
        #expect(shrunk.actions == [Self.x], "\(shrunk.actions.map(\.description))")
    }
}
