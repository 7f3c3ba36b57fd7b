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
    /// How Go ends the app: from the launch given on, the second ending.
    var goEnds: ModelEnding = .crash(11)
    var goEndsLater: (from: Int, ending: ModelEnding)?
    /// Whether Go is there only once X was tapped (else the app refuses it).
    var goNeedsX = false

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
            if goNeedsX, !x { return .refused("no Go here") }
            if bad { return .screen }
            if let later = goEndsLater, launch >= later.from { return .ends(later.ending) }
            if !needsInput || (x && !name.isEmpty) { return .ends(goEnds) }
        default: return .refused("no \(action.identifier ?? "control") here")
        }
        return .screen
    }

    /// A pad app: each launch numbered from 1.
    static func app(
        flakyFrom: Int = .max, needsInput: Bool = true, goEnds: ModelEnding = .crash(11), goEndsLater: (from: Int, ending: ModelEnding)? = nil,
        goNeedsX: Bool = false
    ) -> ModelApp {
        let launches = Launches()
        return ModelApp {
            launches.count += 1
            return PadModel(launch: launches.count, flakyFrom: flakyFrom, needsInput: needsInput, goEnds: goEnds, goEndsLater: goEndsLater, goNeedsX: goNeedsX)
        }
    }
}

/// Shrinking: the budgets it keeps to, a launch it leaves as it is, the passes that make a path
/// one step minimal, and an app that does not do the same twice.
struct ShrinkerTests {
    static let (a, b, x, go) = (tap("A"), tap("B"), tap("X"), tap("Go"))

    static func tap(_ identifier: String) -> ExploreAction { ExploreAction(.tap, kind: .button, identifier: identifier) }
    static func type(_ text: String) -> ExploreAction { ExploreAction(.type, kind: .textField, identifier: "Name", text: text, value: .word) }

    static func crash(_ actions: [ExploreAction], _ evidence: ExploreFinding.Evidence = .crash(signal: 11, standardError: []), atLaunch: Bool = false) -> ExploreFinding {
        let pad = ScreenIdentity(PadModel().screen)
        return ExploreFinding(evidence, screen: pad, summary: "the app ended after \(actions.last?.description ?? "") on \"Pad\"", actions: actions, atLaunch: atLaunch)
    }

    /// The judge's rules of a model app, with `variables`.
    static func verdicts(variables: [String: String] = [:]) -> Verdicts {
        Verdicts(scheme: Scheme(name: "model"), variables: variables, wait: 5, auditSkipping: [], mask: { $0 })
    }

    static func shrinker(_ app: ModelApp, replays: Int = 200, shownReplays: Int = .max, deadline: ContinuousClock.Instant = .now + .seconds(60)) -> Shrinker {
        Shrinker(driver: app, rules: ScreenIdentity.Rules(), verdicts: verdicts(), replays: replays, shownReplays: shownReplays, deadline: deadline)
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
        let launch = Self.crash([], atLaunch: true)
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

    @Test func aTextNamingAVariableIsMadeEmptyOrKeptNeverHalved() {
        let app = PadModel.app()
        let shrunk = Self.shrinker(app).shrink(Self.crash([Self.x, Self.type("${USER}"), Self.go]), states: [:])
        #expect(shrunk.actions == [Self.x, Self.type("${USER}"), Self.go], "\(shrunk.actions.map(\.description))")
        let typed = Set(app.log.filter { $0.action.verb == .type }.map { $0.action.text ?? "" })
        #expect(typed == ["${USER}", ""], "no half of it was tried: \(typed)")
    }

    @Test func aTypedValueIsHalvedWhileItStillShowsIt() {
        let app = PadModel.app()
        let shrunk = Self.shrinker(app).shrink(Self.crash([Self.x, Self.type("abcd"), Self.go]), states: [:])
        #expect(shrunk.actions == [Self.x, Self.type("a"), Self.go], "\(shrunk.actions.map(\.description))")
    }

    /// Notes: the robot action `Notes.add` (a title, a body, a count) adds a note; Go crashes once
    /// a note has a title, and `Notes.add` itself crashes on a title of three letters or more
    /// when `addCrashes`.
    struct Notes: AppModel {
        var addCrashes = false
        var titled = false
        var screen: ScreenSnapshot { ScreenSnapshot(title: "Notes", elements: [.button("Go")]) }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (action.verb, action.identifier) {
            case (.robot, "Notes.add"):
                guard case let .text(title)? = action.arguments?.first(where: { $0.name == "title" })?.value else { return .refused("no title") }
                if addCrashes, title.count >= 3 { return .ends(.crash(6)) }
                titled = titled || !title.isEmpty
            case (.tap, "Go"): if titled { return .ends(.crash(11)) }
            default: return .refused("no \(action.identifier ?? "control") here")
            }
            return .screen
        }
    }

    /// A crash (of `signal`) after `actions`, on the notes.
    static func notesCrash(_ actions: [ExploreAction], signal: Int32 = 11) -> ExploreFinding {
        ExploreFinding(.crash(signal: signal, standardError: []), screen: ScreenIdentity(Notes().screen),
                       summary: "the app ended after \(actions.last?.description ?? "") on \"Notes\"", actions: actions)
    }

    static func add(title: String, body: String) -> ExploreAction {
        ExploreAction(robot: "Notes.add", arguments: [
            ExploreAction.RobotArgument(name: "title", value: .text(title), typed: .valid), ExploreAction.RobotArgument(name: "count", value: .integer(3)),
            ExploreAction.RobotArgument(name: "body", value: .text(body), typed: .valid),
        ])
    }

    @Test func aRobotActionsTextArgumentsAreEachMadeEmptyOrHalvedWhileTheyStillShowIt() {
        let app = ModelApp { Notes() }
        let shrunk = Self.shrinker(app).shrink(Self.notesCrash([Self.add(title: "Buy oat milk", body: "a long body"), Self.go]), states: [:])
        // The title is what Go needs: halved to its first letter; the body is not: made empty; the count is no text.
        let expected = ExploreAction(robot: "Notes.add", arguments: [
            ExploreAction.RobotArgument(name: "title", value: .text("B"), typed: .valid), ExploreAction.RobotArgument(name: "count", value: .integer(3)),
            ExploreAction.RobotArgument(name: "body", value: .text(""), typed: .empty),
        ])
        #expect(shrunk.actions == [expected, Self.go], "\(shrunk.actions.map(\.description))")
    }

    @Test func aRobotActionThatShowsItIsShortenedAndTheSummaryNamesItAsItIsNow() {
        let app = ModelApp { Notes(addCrashes: true) }
        let found = Self.add(title: "abcdefgh", body: "")
        let shrunk = Self.shrinker(app).shrink(Self.notesCrash([found], signal: 6), states: [:])
        // Three letters or more crash it: "abcdefgh", "abcd", then neither "ab" nor "cd"; the rest of "abcd".
        let short = Self.add(title: "abcd", body: "")
        #expect(shrunk.actions == [short], "\(shrunk.actions.map(\.description))")
        #expect(shrunk.summary == "the app ended after \(short.description) on \"Notes\"", "\(shrunk.summary)")
    }

    /// A pad that does not do the same twice: in its first `early` launches Go crashes only after
    /// A and B and a name; later, A and B are refused (what they did is done) and Go crashes after
    /// a name alone.
    struct ChangingPad: AppModel {
        let early: Bool
        var a = false, b = false, name = ""
        var screen: ScreenSnapshot { ScreenSnapshot(title: "Pad", elements: [.button("A"), .button("B"), .textField("Name", value: name), .button("Go")]) }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (action.verb, action.identifier) {
            case (.tap, "A"): if early { a = true } else { return .refused("done already") }
            case (.tap, "B"): if early { b = true } else { return .refused("done already") }
            case (.type, "Name"): name = action.text ?? ""
            case (.tap, "Go"): if !name.isEmpty, !early || (a && b) { return .ends(.crash(11)) }
            default: return .refused("no \(action.identifier ?? "control") here")
            }
            return .screen
        }
    }

    @Test func stepsLeftOutWhileATextIsShortenedMoveItAndTheShrinkingStaysOnWhatIsLeft() {
        // Launches 1-5 keep A and B (the finding, then each chunk without one of them or the
        // name); from the 6th A and B are refused and left out, so the text typed moves from the
        // third step to the first while it is being shortened.
        let early = 5
        let app = ModelApp(byLaunch: { ChangingPad(early: $0 <= early) })
        let found = [Self.tap("A"), Self.tap("B"), Self.type("abcd"), Self.go]
        let shrunk = Self.shrinker(app).shrink(Self.crash(found), states: [:])
        #expect(shrunk.actions.last == Self.go && shrunk.actions.count == 2 && shrunk.actions.first?.verb == .type, "\(shrunk.actions.map(\.description))")
        #expect(app.launches > early, "the replays went past the app's change")
    }

    @Test func aReplayThatCrashesSoonerAfterAnotherActionIsAnotherProblemAndTheShrinkingKeepsWhatItHad() {
        // From the fifth launch on, X itself crashes, with the same signal: a crash after tap X is
        // not the crash after tap Go, so no replay from the fifth on shows it, and what the first
        // four showed is kept (no trap on a replay that ended before its last action).
        let app = PadModel.app(flakyFrom: 5)
        let shrunk = Self.shrinker(app).shrink(Self.crash([Self.x, Self.type("abcd"), Self.go]), states: [:])
        #expect(shrunk.actions == [Self.x, Self.type("abcd"), Self.go], "\(shrunk.actions.map(\.description))")
        #expect(app.launches > 5, "replays went on past the fifth launch, each showing another problem")
        let steady = PadModel.app()
        #expect(Self.shrinker(steady).shrink(Self.crash([Self.x, Self.type("abcd"), Self.go]), states: [:]).actions == [Self.x, Self.type("a"), Self.go],
                "the same app without the flaky X shrinks the value")
    }

    // MARK: - The same problem, or another

    @Test func anExitIsShownByAnExitWithItsCodeAndNoOther() {
        let three = PadModel.app(needsInput: false, goEnds: .exit(3))
        let shrunk = Self.shrinker(three).shrink(Self.crash([Self.a, Self.go], .exit(code: 3, standardError: [])), states: [:])
        #expect(shrunk.actions == [Self.go], "shown by exit 3: \(shrunk.actions.map(\.description))")
        let four = PadModel.app(needsInput: false, goEnds: .exit(4))
        let other = Self.shrinker(four).shrink(Self.crash([Self.a, Self.go], .exit(code: 3, standardError: [])), states: [:])
        #expect(other.actions == [Self.a, Self.go] && other.replays == 1, "exit 4 is another problem")
    }

    @Test func aLineThatIsNotAFrameIsShownByAnotherSuchLine() {
        let app = PadModel.app(needsInput: false, goEnds: .wire)
        let shrunk = Self.shrinker(app).shrink(Self.crash([Self.a, Self.go], .wireError(standardError: [])), states: [:])
        #expect(shrunk.actions == [Self.go], "\(shrunk.actions.map(\.description))")
    }

    @Test func aCrashIsNotShownByAHangNorByAnotherSignal() {
        let hangs = PadModel.app(needsInput: false, goEndsLater: (from: 1, ending: .hang))
        let byHang = Self.shrinker(hangs).shrink(Self.crash([Self.a, Self.go]), states: [:])
        #expect(byHang.actions == [Self.a, Self.go] && byHang.replays == 1, "the replay hung: not the crash")
        let other = PadModel.app(needsInput: false, goEnds: .crash(6))
        let bySignal = Self.shrinker(other).shrink(Self.crash([Self.a, Self.go]), states: [:])
        #expect(bySignal.actions == [Self.a, Self.go] && bySignal.replays == 1, "signal 6 is another crash")
    }

    @Test func anActionsProblemIsNotShownWhenItsActionIsRefused() {
        // Go is there only after X: with X dropped, Go is refused, which is not the crash.
        let app = PadModel.app(needsInput: false, goNeedsX: true)
        let shrunk = Self.shrinker(app).shrink(Self.crash([Self.x, Self.go]), states: [:])
        #expect(shrunk.actions == [Self.x, Self.go], "\(shrunk.actions.map(\.description))")
    }

    @Test func theSummaryNamesTheActionThatShowsItAsItIsNow() {
        // Typing two characters or more into Name crashes: the typed text is halved to two.
        struct Typing: AppModel {
            var screen: ScreenSnapshot { ScreenSnapshot(title: "Pad", elements: [.textField("Name", value: "")]) }
            mutating func act(_ action: ExploreAction) -> ModelOutcome {
                (action.text ?? "").count >= 2 ? .ends(.crash(11)) : .screen
            }
        }
        let long = Self.type("abcdefgh")
        let shrunk = Self.shrinker(ModelApp { Typing() }).shrink(Self.crash([long]), states: [:])
        #expect(shrunk.actions == [Self.type("ab")], "\(shrunk.actions.map(\.description))")
        #expect(shrunk.summary == "the app ended after \(Self.type("ab").description) on \"Pad\"", "\(shrunk.summary)")
    }

    @Test func aScreenPastTheDataBoundIsOnItsStructureAnyOtherScreenOnItsIdentity() {
        let rules = ScreenIdentity.Rules(mode: .data)
        let one = ScreenSnapshot(title: "List", elements: [.cell("row-1", label: "Milk")])
        let two = ScreenSnapshot(title: "List", elements: [.cell("row-1", label: "Eggs")])
        let other = ScreenSnapshot(title: "List", elements: [.button("Add")])
        let identity = ScreenIdentity(one, rules: rules)
        #expect(Shrinker.isOn(one, identity, rules: rules))
        #expect(!Shrinker.isOn(two, identity, rules: rules), "another row's data is another state")
        #expect(Shrinker.isOn(two, identity.withOtherData, rules: rules), "past the bound, the structure is the state")
        #expect(!Shrinker.isOn(other, identity.withOtherData, rules: rules))
    }

    // MARK: - A screen's problem

    /// A home whose Noise stays and whose Open leads to a form with two buttons sharing an
    /// identifier (the audit's problem), whose Show leads to an account that shows the password,
    /// and whose secure Password field is echoed by Echo.
    struct ScreensModel: AppModel {
        var on = "Home"
        var typed = ""
        var name = ""
        var screen: ScreenSnapshot {
            switch on {
            case "Form": ScreenSnapshot(title: "Form", elements: [.button("Twin"), .button("Twin")])
            case "Account": ScreenSnapshot(title: "Account", elements: [.text("password hunter22", identifier: "shown")])
            case "Echo": ScreenSnapshot(title: "Echo", elements: [.text("you typed \(typed)", identifier: "echo"), .text("hello \(name)", identifier: "name")])
            default: ScreenSnapshot(title: "Home", elements: [.button("Noise"), .button("Open"), .button("Show"), .secureField("Password", isFilled: !typed.isEmpty), .textField("Name", value: name),
                                                               .button("Echo")])
            }
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (on, action.verb, action.identifier) {
            case ("Home", .tap, "Noise"): break
            case ("Home", .tap, "Open"): on = "Form"
            case ("Home", .tap, "Show"): on = "Account"
            case ("Home", .tap, "Echo"): on = "Echo"
            case ("Home", .type, "Password"): typed = action.text ?? ""
            case ("Home", .type, "Name"): name = action.text ?? ""
            default: return .refused("no")
            }
            return .screen
        }
    }

    static func screenFinding(_ evidence: ExploreFinding.Evidence, on screen: ScreenSnapshot, actions: [ExploreAction]) -> ExploreFinding {
        ExploreFinding(evidence, screen: ScreenIdentity(screen), summary: "a problem", actions: actions)
    }

    @Test func anAuditProblemIsShownByTheSameRuleBrokenByTheSameElements() throws {
        let form = ScreensModel(on: "Form").screen
        let broken = AccessibilityAudit.findings(in: form).filter { $0.rule == .uniqueIdentifiers }
        try #require(!broken.isEmpty)
        let finding = Self.screenFinding(.audit(rule: .uniqueIdentifiers, findings: [], keys: Verdicts.auditKeys(broken)), on: form,
                                         actions: [Self.tap("Noise"), Self.tap("Open")])
        let shrunk = Self.shrinker(ModelApp { ScreensModel() }).shrink(finding, states: [:])
        #expect(shrunk.actions == [Self.tap("Open")], "\(shrunk.actions.map(\.description))")
        let elsewhere = Self.screenFinding(.audit(rule: .uniqueIdentifiers, findings: [], keys: ["uniqueIdentifiers button \"Other\""]), on: form,
                                           actions: [Self.tap("Noise"), Self.tap("Open")])
        let otherElements = Self.shrinker(ModelApp { ScreensModel() }).shrink(elsewhere, states: [:])
        #expect(otherElements.actions == elsewhere.actions && otherElements.replays == 1, "the rule, broken by other elements, is another problem")
    }

    @Test func aSecretShownIsShownByItsVariablesValue() {
        let account = ScreensModel(on: "Account").screen
        let finding = Self.screenFinding(.secretShown(variable: "test.password"), on: account, actions: [Self.tap("Noise"), Self.tap("Show")])
        let app = ModelApp { ScreensModel() }
        let shrinker = Shrinker(driver: app, rules: ScreenIdentity.Rules(), verdicts: Self.verdicts(variables: ["test.password": "hunter22"]))
        #expect(shrinker.shrink(finding, states: [:]).actions == [Self.tap("Show")])
        let other = Shrinker(driver: ModelApp { ScreensModel() }, rules: ScreenIdentity.Rules(), verdicts: Self.verdicts(variables: ["test.password": "other"]))
        #expect(other.shrink(finding, states: [:]).replays == 1, "another value is not shown: left as found")
    }

    @Test func aWouldBeSecretTypedIntoASecureFieldIsKeptAsTypedWhileTheScreenShowsIt() {
        let typing = ExploreAction(.type, kind: .secureTextField, identifier: "Password", text: TypedValue.wouldBeSecretText, value: .wouldBeSecret)
        let echo = ScreensModel(on: "Echo", typed: TypedValue.wouldBeSecretText).screen
        let finding = Self.screenFinding(.secretShown(variable: nil), on: echo, actions: [Self.tap("Noise"), typing, Self.tap("Echo")])
        let shrunk = Self.shrinker(ModelApp { ScreensModel() }).shrink(finding, states: [:])
        #expect(shrunk.actions == [typing, Self.tap("Echo")], "\(shrunk.actions.map(\.description))")
    }

    @Test func aRefusalIsShownOnlyByTheSameActionRefusedWhereItsScreenOffersIt() {
        // Twin is refused on Form, which offers it; from Home, which does not, it is refused too.
        let form = ScreensModel(on: "Form").screen
        let twin = Self.tap("Twin")
        let finding = ExploreFinding(.refused, screen: ScreenIdentity(form), summary: "refused", actions: [Self.tap("Open"), twin])
        let shrunk = Self.shrinker(ModelApp { ScreensModel() }).shrink(finding, states: [:])
        #expect(shrunk.actions == [Self.tap("Open"), twin], "\(shrunk.actions.map(\.description))")
        let noisy = ExploreFinding(.refused, screen: ScreenIdentity(form), summary: "refused", actions: [Self.tap("Noise"), Self.tap("Open"), twin])
        #expect(Self.shrinker(ModelApp { ScreensModel() }).shrink(noisy, states: [:]).actions == [Self.tap("Open"), twin])
    }

    /// Twin is refused everywhere. Home offers it; Open leads to Form, which offers it; Down on
    /// Home leads to a bare screen also titled "Form", without it (Down on Form stays there).
    struct TwinsModel: AppModel {
        var on = "Home"
        var screen: ScreenSnapshot {
            switch on {
            case "Form": ScreenSnapshot(title: "Form", elements: [.button("Twin"), .button("Down")])
            case "Bare": ScreenSnapshot(title: "Form", elements: [.text("nothing", identifier: "note")])
            default: ScreenSnapshot(title: "Home", elements: [.button("Open"), .button("Down"), .button("Twin")])
            }
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (on, action.identifier) {
            case ("Home", "Open"): on = "Form"
            case ("Home", "Down"): on = "Bare"
            case ("Form", "Down"): break
            default: return .refused("no")
            }
            return .screen
        }
    }

    @Test func aRefusalIsNeitherTheSameOnAnotherScreenThatOffersItNorOnOneOfItsTitleThatDoesNot() {
        let twin = Self.tap("Twin")
        let finding = ExploreFinding(.refused, screen: ScreenIdentity(TwinsModel(on: "Form").screen), summary: "refused",
                                     actions: [Self.tap("Open"), Self.tap("Down"), twin])
        // Without Open, Down leads to the bare "Form", where Twin is refused but not offered; Twin
        // alone is refused on Home, which offers it but is another screen. Neither is the finding.
        let shrunk = Self.shrinker(ModelApp { TwinsModel() }).shrink(finding, states: [:])
        #expect(shrunk.actions == [Self.tap("Open"), twin], "\(shrunk.actions.map(\.description))")
    }

    @Test func aWouldBeSecretShownIsAProblemOnlyWhenItWasTypedIntoASecureField() {
        // The same text typed into the plain Name too, which Echo greets: shown, and no secret.
        let secure = ExploreAction(.type, kind: .secureTextField, identifier: "Password", text: TypedValue.wouldBeSecretText, value: .wouldBeSecret)
        let plain = ExploreAction(.type, kind: .textField, identifier: "Name", text: TypedValue.wouldBeSecretText, value: .wouldBeSecret)
        let echo = ScreensModel(on: "Echo", typed: TypedValue.wouldBeSecretText).screen
        let finding = Self.screenFinding(.secretShown(variable: nil), on: echo, actions: [secure, plain, Self.tap("Echo")])
        let shrunk = Self.shrinker(ModelApp { ScreensModel() }).shrink(finding, states: [:])
        #expect(shrunk.actions == [secure, Self.tap("Echo")], "\(shrunk.actions.map(\.description))")
    }
}

/// A finding's flow is one `flow run` replays to the problem: no step in it fails. A step the app
/// refuses (an alert answered with none up, once what raised it was dropped) or a robot action
/// that fails on its screen makes a replay show nothing, and a walk's own failed robot step is
/// dropped before its first replay, so the rest still shrinks.
struct ShrinkerStepsThatFailTests {
    /// A pad whose Go crashes; OK answers the alert Open raises, and is refused with none up; the
    /// robot action Pad.check fails (a check of its own that does not hold) with no alert up.
    struct AlertPad: AppModel {
        var alertUp = false
        var screen: ScreenSnapshot {
            ScreenSnapshot(title: "Pad", elements: [.button("Open"), .button("OK"), .button("Go")])
        }

        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (action.verb, action.identifier) {
            case (.tap, "Open"): alertUp = true
            case (.tap, "OK"):
                guard alertUp else { return .refused("no alert is up") }
                alertUp = false
            case (.tap, "Go"): return .ends(.crash(11))
            case (.robot, "Pad.check"):
                guard alertUp else { return .refused("Pad.check: no alert is up to check") }
            default: return .refused("no \(action.identifier ?? "control") here")
            }
            return .screen
        }
    }

    static let (open, ok, check) = (ShrinkerTests.tap("Open"), ShrinkerTests.tap("OK"), ExploreAction(robot: "Pad.check", arguments: []))

    @Test func aStepTheAppRefusesInAReplayIsLeftOutOfTheFlow() {
        let app = ModelApp { AlertPad() }
        // Two replays: the finding as found, then Open dropped, which leaves OK with no alert up:
        // refused, it did nothing, and the flow leaves it out.
        let shrunk = ShrinkerTests.shrinker(app, replays: 2).shrink(ShrinkerTests.crash([Self.open, Self.ok, ShrinkerTests.go]), states: [:])
        #expect(shrunk.actions == [ShrinkerTests.go], "no step flow run would stop at: \(shrunk.actions.map(\.description))")
        #expect(shrunk.replays == 2)
    }

    @Test func aRobotStepThatFailsInAReplayIsNoReplayOfIt() {
        // Two replays: the finding as found, then Open dropped, which leaves Check with no alert
        // up: it fails, as flow run would stop there, so that replay shows nothing.
        let app = ModelApp { AlertPad() }
        let found = [Self.open, Self.check, ShrinkerTests.go]
        let shrunk = ShrinkerTests.shrinker(app, replays: 2).shrink(ShrinkerTests.crash(found), states: [:])
        #expect(shrunk.actions == found && shrunk.replays == 2, "Check, Go is no flow of it: \(shrunk.actions.map(\.description))")
        let whole = ShrinkerTests.shrinker(ModelApp { AlertPad() }).shrink(ShrinkerTests.crash(found), states: [:])
        #expect(whole.actions == [ShrinkerTests.go], "\(whole.actions.map(\.description))")
    }

    @Test func aWalksFailedRobotStepIsDroppedBeforeItsFirstReplayAndTheRestShrinks() {
        let app = ModelApp { AlertPad() }
        let shrunk = ShrinkerTests.shrinker(app).shrink(ShrinkerTests.crash([Self.check, Self.open, Self.ok, ShrinkerTests.go]), states: [:])
        #expect(shrunk.actions == [ShrinkerTests.go], "\(shrunk.actions.map(\.description))")
        #expect(!shrunk.actions.contains(Self.check))
    }

    @Test func aFindingsOwnActionThatFailsInTheFirstReplayIsNeverDropped() {
        // Its action is what it is of: with it dropped no replay could show it, so none is tried.
        let app = ModelApp { AlertPad() }
        let shrunk = ShrinkerTests.shrinker(app).shrink(ShrinkerTests.crash([Self.check]), states: [:])
        #expect(shrunk.actions == [Self.check] && shrunk.replays == 1 && app.launches == 1, "\(shrunk.actions.map(\.description)), \(shrunk.replays) replays")
    }

    @Test func failedStepsAreDroppedOnlyUpToTheirBound() {
        let steps = Array(repeating: Self.check, count: Shrinker.failedStepsDropped + 1) + [ShrinkerTests.go]
        let app = ModelApp { AlertPad() }
        let shrunk = ShrinkerTests.shrinker(app).shrink(ShrinkerTests.crash(steps), states: [:])
        #expect(shrunk.actions == steps, "left as found once the bound is reached")
        #expect(shrunk.replays == Shrinker.failedStepsDropped + 1 && app.launches == shrunk.replays)
    }
}
