@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import Testing

/// The map (breadth first over the one crawl), the states data makes and their bound, and one
/// finding a problem: on apps in memory.
struct CrawlTests {
    @Test func theMapTriesEveryActionOfEveryScreenOnceAndJudgesEachScreenItFinished() {
        let model = ModelCrawl(ModelApp { ThreeScreensOneAlertModel() })
        let end = model.map()
        #expect(end == .done)
        #expect(model.crawl.states.allSatisfy { $0.explored })
        let home = model.crawl.states[0]
        #expect(home.actions.map(\.description) == ["tap Ask", "tap One", "tap Two", "back"])
        #expect(Set(model.crawl.graph.leaving(home.id).map(\.action.description)) == ["tap Ask", "tap One", "tap Two", "back"])
        #expect(model.crawl.graph.leaving(home.id).first { $0.action == .back }?.outcome == .refused)
    }

    @Test func oneAlertMetFromThreeScreensIsOneFindingWithThreePaths() {
        let model = ModelCrawl(ModelApp { ThreeScreensOneAlertModel() })
        model.map()
        let alerts = model.judge.findings.filter { $0.kind == .alertNeverCloses }
        #expect(alerts.count == 1, "\(model.judge.findings.map(\.summary))")
        #expect(alerts.first?.paths == 3, "from Home, One and Two")
        #expect(alerts.first?.problem.description == "alertNeverCloses alert Question | alert Question")
        #expect(model.judge.findings.count == 1, "and nothing else: \(model.judge.findings.map(\.summary))")
    }

    @Test func inDataModeTheMapExploresAStructureOnceAndTheWalksMeetItsStatesUpToTheBound() {
        let structure = ModelCrawl(ModelApp { CounterModel() })
        structure.map(maxDepth: 8)
        #expect(structure.crawl.states.map(\.identity.title) == ["Counter", "Counter"], "no rows, then rows: \(structure.crawl.states.map(\.identity.key))")
        let data = ModelCrawl(ModelApp { CounterModel() }, rules: ScreenIdentity.Rules(mode: .data), dataLimit: 3)
        #expect(data.map(maxDepth: 8) == .done)
        // No rows (explored), one row (the first of its structure: explored), two rows (a state of
        // data only: on the map, left to the walks).
        #expect(data.crawl.states.map(\.explored) == [true, true, false], "\(data.crawl.states.map(\.identity.key))")
        #expect(data.crawl.states.map { data.crawl.graph.isFirstOfItsStructure($0.id) } == [true, true, false])
        _ = data.walk(2, length: 12)
        let keys = data.crawl.states.map(\.identity)
        #expect(keys.count == 5, "no rows: one; with rows: 3 and the rest as one: \(keys.map(\.key))")
        #expect(keys.filter(\.hasOtherData).count == 1)
        #expect(keys.allSatisfy { $0.hasData })
        #expect(Set(keys.map(\.structure)).count == 2)
    }

    /// Step 1, Step 2, ... each with Next to the one after: a way as deep as it is long.
    struct StairsModel: AppModel {
        var step = 1
        var screen: ScreenSnapshot { ScreenSnapshot(title: "Step \(step)", elements: [.button("Next")]) }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (action.verb, action.identifier) {
            case (.tap, "Next"): step += 1
            case (.back, _) where step > 1: step -= 1
            default: return .refused("no")
            }
            return .screen
        }
    }

    @Test func theMapStopsAtItsDepthAndItsActionBudgetAndSaysSo() {
        let deep = ModelCrawl(ModelApp { StairsModel() })
        #expect(deep.map(maxDepth: 3) == StrategyEnd(ended: .done, complete: false))
        #expect(deep.crawl.states.filter(\.explored).map(\.depth) == [0, 1, 2], "the state of depth 3 is on the map, unexplored")
        #expect(deep.crawl.states.contains { $0.depth == 3 && !$0.explored })
        #expect(deep.crawl.states.count == 4)
        let short = ModelCrawl(ModelApp { DeskModel() })
        #expect(short.map(actions: 5) == StrategyEnd(ended: .maxActions, complete: false))
        #expect(short.app.log.count >= 5)
        #expect(short.crawl.states.contains { !$0.explored }, "the screen the budget ended on is unexplored, and not judged")
    }

    /// Rows alike are tapped three times (the first, one between, the last) among the enabled
    /// ones only: a disabled row is never one of the three.
    @Test func threeOfARowClassAreTappedAmongTheEnabledOnly() {
        let rows: [ElementSnapshot] = (1...5).map { .cell("book-\($0)", label: "Book \($0)", isEnabled: $0 != 5) }
        let screen = ScreenSnapshot(title: "Books", elements: rows)
        let values = FieldValues(flowValues: [], variables: [:], scheme: Scheme(name: "model"))
        #expect(BreadthFirst.actions(on: screen, values: values).map(\.description) == ["tap book-1", "tap book-3", "tap book-4", "back"])
    }

    /// A row's own buttons (`delete-1` ... `delete-5`) are a class of three taps; a button of its
    /// own beside them (Save, shown first) is tapped once, and makes none of them one of its own.
    @Test func aRowsOwnButtonsAreAClassAndAButtonBesideThemIsNot() {
        let screen = ScreenSnapshot(title: "Books", elements: [.button("Save")] + (1...5).map { .button("delete-\($0)", label: "Delete") })
        let values = FieldValues(flowValues: [], variables: [:], scheme: Scheme(name: "model"))
        #expect(BreadthFirst.actions(on: screen, values: values).map(\.description) == ["tap Save", "tap delete-1", "tap delete-3", "tap delete-5", "back"])
    }

    /// The valid values of the fields come first, a round at a time: each field's first, then each
    /// field's second, and a field with fewer values is left out of the rounds past them.
    @Test func validValuesComeARoundAtATimeAndAFieldWithFewerDropsOut() {
        let screen = ScreenSnapshot(title: "Lend", elements: [.textField("Borrower", value: ""), .textField("Note", value: ""), .button("Lend")])
        let values = FieldValues(flowValues: [("borrower", "Bob"), ("borrower", "Ann"), ("note", "soon")], variables: [:], scheme: Scheme(name: "model"))
        let valid = BreadthFirst.actions(on: screen, values: values).filter { $0.value == .valid }
        #expect(valid.map(\.description) == [#"type "Bob" into Borrower"#, #"type "soon" into Note"#, #"type "Ann" into Borrower"#], "\(valid.map(\.description))")
    }

    /// The map on a crawl that never launched ends at once, incomplete; one that runs tells who
    /// watches that it is exploring, after each action.
    @Test func theMapOfNoLaunchEndsAtOnceAndAMapSaysItExplores() {
        let never = ModelCrawl(ModelApp { ThreeScreensOneAlertModel() })
        var strategy = BreadthFirst(maxDepth: 5, values: never.values)
        #expect(strategy.run(on: never.crawl, budget: ModelCrawl.budget()) == StrategyEnd(ended: .launch, complete: false))
        #expect(never.app.log.isEmpty)

        let model = ModelCrawl(ModelApp { ThreeScreensOneAlertModel() })
        guard case .success = model.crawl.launch() else {
            Issue.record("the model did not launch")
            return
        }
        var phases: [String] = []
        let budget = Budget(maxActions: 5000, time: .seconds(60), start: ContinuousClock.now, interrupted: { false }) { _, phase in phases.append(phase) }
        var map = BreadthFirst(maxDepth: 20, values: model.values)
        #expect(map.run(on: model.crawl, budget: budget) == .done)
        #expect(!phases.isEmpty && phases.allSatisfy { $0 == "exploring" } && phases.count == budget.tried, "\(phases.count) of \(budget.tried)")
    }

    /// The depth is the most actions from the first screen to a screen explored: with 1, the first
    /// screen alone is explored and the screens it leads to are on the map; with 0, nothing is.
    @Test func theDepthIsTheDeepestScreenExplored() {
        let one = ModelCrawl(ModelApp { ThreeScreensOneAlertModel() })
        #expect(one.map(maxDepth: 1) == StrategyEnd(ended: .done, complete: false))
        #expect(one.crawl.states.filter(\.explored).map(\.identity.title) == ["Home"])
        #expect(one.crawl.states.count > 1, "the screens one action away are on the map")
        let none = ModelCrawl(ModelApp { ThreeScreensOneAlertModel() })
        #expect(none.map(maxDepth: 0) == StrategyEnd(ended: .done, complete: false))
        #expect(none.crawl.states.map(\.explored) == [false])
    }

    @Test func aCrashIsOneFindingPerActionAndScreenTitleWhateverRowOrValue() {
        // The map types an ordinary word into the Borrower: the Lend of a long name is never
        // tried there. The walks type every kind of value, and meet it from more than one book.
        let model = ModelCrawl(ModelApp { DeskModel([.longLend]) }, rules: ScreenIdentity.Rules(mode: .data), dataLimit: 10)
        model.map()
        #expect(model.judge.findings.isEmpty, "\(model.judge.findings.map(\.summary))")
        _ = model.walk(150, length: 20, seed: 4)
        let crashes = model.judge.findings.filter { $0.kind == .crash }
        #expect(crashes.count == 1, "\(crashes.map(\.summary))")
        #expect(crashes.first?.problem == .crash(signal: 4, title: "Book", control: "tap Lend"))
        #expect(crashes.first?.problem.description == "crash crash 4 | Book | tap Lend")
        #expect(crashes.first?.summary == "the app crashed (signal 4) after tap Lend on \"Book\"")
        #expect((crashes.first?.paths ?? 0) > 1, "the long name lent from more than one book, or after another value")
    }

    @Test func theProblemOfEachKindIsItsKindItsCauseAndItsPlace() {
        let identity = ScreenIdentity(ScreenSnapshot(title: "Book", elements: [.button("Lend")]))
        func finding(_ evidence: ExploreFinding.Evidence, _ actions: [ExploreAction], atLaunch: Bool = false) -> ExploreFinding {
            ExploreFinding(evidence, screen: identity, summary: "", actions: actions, atLaunch: atLaunch)
        }
        let row = ExploreAction(.tap, kind: .cell, identifier: "book-12")
        #expect(finding(.crash(signal: 4, standardError: []), [row]).problem.description == "crash crash 4 | Book | tap book-#")
        #expect(finding(.exit(code: 3, standardError: []), []).problem.description == "exit exit 3 | Book | launch")
        #expect(finding(.hang(standardError: []), [.back]).problem == .hang(title: "Book", control: "back"))
        #expect(finding(.refused, [ExploreAction(.answer, kind: .button, identifier: "OK", alert: "About")]).problem.description
            == "refused refused answer OK | Book | answer About OK")
        #expect(finding(.audit(rule: .readableLabels, findings: ["x"], keys: ["a", "b"]), [row]).problem.description == "audit audit readableLabels | Book | a\nb")
        #expect(finding(.deadEnd, [row]).problem.description == "deadEnd dead end | Book")
        #expect(finding(.secretShown(variable: "x"), [row]).problem.description == "secretShown secret x | Book")
        #expect(finding(.secretShown(variable: nil), [row]).problem.description == "secretShown secret typed | Book")
        #expect(finding(.alertNeverCloses(alert: "Q", buttons: ["OK"]), [row]).problem.description == "alertNeverCloses alert Q | alert Q")
        #expect(finding(.wireError(standardError: []), [row]).problem.description == "wireError wire | Book | tap book-#")
        #expect(finding(.crash(signal: 6, standardError: []), [], atLaunch: true).problem == .launch(.crash))
        #expect(finding(.crash(signal: 6, standardError: []), [], atLaunch: true).problem.description == "crash launch | \(Judge.launchTitle) | launch")
        let typed = [ExploreAction(.type, kind: .textField, identifier: "Name", text: "a")], other = [ExploreAction(.type, kind: .textField, identifier: "Name", text: "b")]
        #expect(finding(.crash(signal: 4, standardError: ["one"]), typed).problem == finding(.crash(signal: 4, standardError: ["two"]), other).problem,
                "what was typed, or written, is no part of it")
        #expect(finding(.crash(signal: 4, standardError: []), typed).problem != finding(.crash(signal: 11, standardError: []), typed).problem)
        #expect(finding(.audit(rule: .readableLabels, findings: [], keys: ["a"]), [row]).problem != finding(.audit(rule: .readableLabels, findings: [], keys: ["b"]), [row]).problem)
    }

    @Test func eachKindSaysWhatMakesItOneProblem() {
        for kind in ExploreFinding.Kind.allCases {
            #expect(!kind.sameProblem.isEmpty)
        }
        #expect(ExploreFinding.Kind.alertNeverCloses.sameProblem.contains("whatever screen"))
        #expect(ExploreFinding.Kind.crash.sameProblem.contains("the same signal"))
    }

    @Test func aProblemMetAgainAddsAPathOnlyWhenTheActionsDiffer() {
        let app = ModelApp { DeskModel() }
        let judge = Judge(app: app, scheme: Scheme(name: "model"), variables: [:], wait: 5, auditSkipping: [])
        let identity = ScreenIdentity(ScreenSnapshot(title: "Stuck", elements: []))
        func deadEnd(_ path: [ExploreAction]) -> ExploreFinding {
            ExploreFinding(.deadEnd, screen: identity, summary: "stuck", actions: path)
        }
        judge.add(deadEnd([.back]), origin: .walk(3))
        judge.add(deadEnd([.back]), origin: .walk(1))
        #expect(judge.findings.count == 1 && judge.findings[0].paths == 1)
        judge.add(deadEnd([.back, .back]), origin: .map)
        #expect(judge.findings.count == 1 && judge.findings[0].paths == 2)
        #expect(judge.findings[0].origin == .walk(3), "where it was first met")
        #expect(judge.knows(deadEnd([]).problem))
        #expect(!judge.knows(.deadEnd(title: "Elsewhere")))
    }

    @Test func theMapComesBeforeTheWalksAndTheWalksByNumber() {
        #expect(ExploreFinding.Origin.map < .walk(0))
        #expect(ExploreFinding.Origin.walk(2) < .walk(10))
        #expect(!(ExploreFinding.Origin.walk(10) < .walk(2)))
        #expect(!(ExploreFinding.Origin.walk(0) < .map))
        #expect(!(ExploreFinding.Origin.map < .map))
        #expect(ExploreFinding.Origin("walk 12") == .walk(12))
        #expect(ExploreFinding.Origin("map") == .map)
        #expect(ExploreFinding.Origin("walk -1") == nil && ExploreFinding.Origin("walk") == nil && ExploreFinding.Origin("maps") == nil)
        #expect(ExploreFinding.Origin.walk(4).description == "walk 4")
    }

    @Test func aSecretOnAScreenIsFoundAndNamedByItsVariableNeverShown() {
        let app = ModelApp { DeskModel() }
        app.secrets = ["hunter2"]
        let scheme = Scheme(name: "model", secretVariables: ["pin"])
        let judge = Judge(app: app, scheme: scheme, variables: ["pin": "hunter2", "user": "ann"], wait: 5, auditSkipping: [])
        let screen = ScreenSnapshot(title: "Oops", elements: [.text("your pin is hunter2", identifier: "leak")])
        let state = ScreenState(id: StateID(index: 0), identity: ScreenIdentity(screen), screen: screen, text: "", path: [])
        judge.screen(Frame(seq: 1, reply: nil, idle: true, error: nil, screen: screen, text: "-"), on: state, trace: [], origin: .map)
        #expect(judge.findings.map(\.kind) == [.secretShown])
        #expect(judge.findings.first?.summary == "\"Oops\" shows the secret ${pin}")
        let clean = ScreenSnapshot(title: "Fine", elements: [.text("ann", identifier: "user")])
        judge.screen(Frame(seq: 2, reply: nil, idle: true, error: nil, screen: clean, text: "ann"), on: state, trace: [], origin: .map)
        #expect(judge.findings.count == 1, "a value that is no secret is no finding")
    }

    /// The would-be secret the explorer types into a secure field is looked for on every screen
    /// after: shown, it is a finding; shown before it was typed, or typed into a plain field, not.
    @Test func theWouldBeSecretTypedIntoASecureFieldIsFoundWhereShown() {
        let app = ModelApp { DeskModel() }
        let judge = Judge(app: app, scheme: Scheme(name: "model"), variables: [:], wait: 5, auditSkipping: [])
        let screen = ScreenSnapshot(title: "Oops", elements: [.text("you typed " + TypedValue.wouldBeSecretText, identifier: "echo")])
        let state = ScreenState(id: StateID(index: 0), identity: ScreenIdentity(screen), screen: screen, text: "", path: [])
        let typed = { (kind: ElementSnapshot.Kind) in
            ExploreAction(.type, kind: kind, identifier: "Password", text: TypedValue.wouldBeSecretText, value: .wouldBeSecret)
        }
        let frame = Frame(seq: 1, reply: nil, idle: true, error: nil, screen: screen, text: "-")
        judge.screen(frame, on: state, trace: [], origin: .map)
        judge.screen(frame, on: state, trace: [typed(.textField)], origin: .map)
        #expect(judge.findings.isEmpty, "not typed into a secure field: \(judge.findings.map(\.summary))")
        judge.screen(frame, on: state, trace: [typed(.secureTextField)], origin: .map)
        #expect(judge.findings.map(\.summary) == ["\"Oops\" shows the secret typed into a secure field"])
        #expect(TypedValue.wouldBeSecretText.count >= 8, "a secret no screen shows by chance")
    }

    /// A screen offers an action when an enabled element of its kind and identifier is on it.
    @Test func aScreenOffersOnlyAnEnabledElementOfTheActionsKindAndIdentifier() {
        let tapSave = ExploreAction(.tap, kind: .button, identifier: "Save")
        #expect(ScreenSnapshot(title: "A", elements: [.button("Save")]).offers(tapSave))
        #expect(!ScreenSnapshot(title: "A", elements: [.button("Save", isEnabled: false)]).offers(tapSave), "disabled")
        #expect(!ScreenSnapshot(title: "A", elements: [.button("Cancel")]).offers(tapSave), "another identifier")
        #expect(!ScreenSnapshot(title: "A", elements: [.text("Save", identifier: "Save")]).offers(tapSave), "another kind")
        #expect(!ScreenSnapshot(title: "A", elements: [.button("Cancel"), .text("Save", identifier: "Save")]).offers(tapSave))
        #expect(ScreenSnapshot(title: "A", elements: [.text("Save", identifier: "Save")]).offers(ExploreAction(.tap, identifier: "Save")), "no kind asked")
        #expect(ScreenSnapshot(title: "A", elements: []).offers(.back), "back, always")
    }

    @Test func theMapsPathsLeadBackToEachStateAndAHangIsJudgedOnce() {
        let model = ModelCrawl(ModelApp { DeskModel([.returnHang]) }, rules: ScreenIdentity.Rules(mode: .data), dataLimit: 2)
        model.map()
        #expect(model.crawl.states.allSatisfy { !$0.unreachable }, "\(model.crawl.states.filter(\.unreachable).map(\.identity.key))")
    }
}

/// What the crawl does around each action: the first screen judged, the app left, a known hang
/// not waited on again, and how the map names an app's end.
struct CrawlEdgeTests {
    /// A home whose Go hangs, and whose two buttons share an identifier (an audit problem).
    struct HangingHome: AppModel {
        var screen: ScreenSnapshot { ScreenSnapshot(title: "Home", elements: [.button("Go"), .button("Twin"), .button("Twin")]) }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            action.identifier == "Go" ? .ends(.hang) : .screen
        }
    }

    static func ending(_ taken: Crawl.Taken) -> TransitionOutcome? {
        if case let .ended(how) = taken { return how }
        return nil
    }

    @Test func theFirstScreenIsJudgedWithNoStep() throws {
        let model = ModelCrawl(ModelApp { HangingHome() })
        guard case .success = model.crawl.launch() else {
            Issue.record("the model launches")
            return
        }
        let audit = try #require(model.judge.findings.first { $0.kind == .audit }, "\(model.judge.findings.map(\.summary))")
        #expect(audit.actions.isEmpty && audit.screen.title == "Home")
    }

    @Test func leavingEndsTheApp() {
        let model = ModelCrawl(ModelApp { HangingHome() })
        _ = model.crawl.launch()
        #expect(model.app.isRunning)
        model.crawl.leave()
        #expect(!model.app.isRunning && model.crawl.current == nil)
    }

    @Test func theSameActionOnTheSameScreenThatHungIsTheSameHangWithoutSendingIt() throws {
        let model = ModelCrawl(ModelApp { HangingHome() })
        let go = ExploreAction(.tap, kind: .button, identifier: "Go")
        guard case let .success(home) = model.crawl.launch() else {
            Issue.record("the model launches")
            return
        }
        #expect(Self.ending(model.crawl.take(go, from: home)) == .hung)
        guard case let .success(again) = model.crawl.launch() else {
            Issue.record("the model launches")
            return
        }
        #expect(model.app.isRunning)
        #expect(Self.ending(model.crawl.take(go, from: again)) == .hung)
        #expect(model.app.log.filter { $0.action == go }.count == 1, "sent once: the second was known to hang")
        #expect(!model.app.isRunning, "the app it would have been sent to is ended, as a hang ends it")
        #expect(model.judge.findings.filter { $0.kind == .hang }.count == 1)
    }

    @Test func theMapNamesEachWayAnAppEnds() {
        #expect(TransitionOutcome.of(.crashed(signal: 11)) == .crashed)
        #expect(TransitionOutcome.of(.exited(code: 3)) == .exited)
        #expect(TransitionOutcome.of(.exited(code: 0)) == .ended, "an exit with 0 is the app's end")
        #expect(TransitionOutcome.of(.hung) == .hung)
        #expect(TransitionOutcome.of(.brokeProtocol("x")) == .broke)
        #expect(TransitionOutcome.of(.check) == .ended)
        #expect(TransitionOutcome.allCases.filter(\.isFailure) == [.crashed, .exited, .hung, .broke])
    }

    // MARK: - Reaching a screen

    /// A home and screens no back leaves: One leads to Deep (whose Stay stays), Two to Other.
    struct NoBackModel: AppModel {
        var title = "Home"
        var screen: ScreenSnapshot {
            switch title {
            case "Home": ScreenSnapshot(title: "Home", elements: [.button("One"), .button("Two")])
            case "Deep": ScreenSnapshot(title: "Deep", elements: [.button("Stay")])
            default: ScreenSnapshot(title: title, elements: [])
            }
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (title, action.identifier) {
            case ("Home", "One"): title = "Deep"
            case ("Home", "Two"): title = "Other"
            case ("Deep", "Stay"): break
            default: return .refused("nowhere")
            }
            return .screen
        }
    }

    @Test func aScreenNoWayLeadsBackToIsReachedByAFreshLaunchAndItsPath() throws {
        let model = ModelCrawl(ModelApp { NoBackModel() })
        #expect(model.map() == .done)
        let home = try #require(model.crawl.states.first)
        #expect(Set(model.crawl.graph.leaving(home.id).map(\.action.description)) == ["tap One", "tap Two", "back"])
        #expect(model.crawl.states.map(\.identity.title) == ["Home", "Deep", "Other"])
        #expect(model.crawl.states.allSatisfy { $0.explored && !$0.unreachable })
        #expect(model.app.launches > 1, "Home again only by a launch")
    }

    /// A home whose Open leads to a room on the first launch only: after it, Open is refused.
    struct OnceModel: AppModel {
        let launch: Int
        var inRoom = false
        var screen: ScreenSnapshot {
            inRoom ? ScreenSnapshot(title: "Room", elements: [.button("Ring")]) : ScreenSnapshot(title: "Home", elements: [.button("Open")])
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (inRoom, action.identifier) {
            case (false, "Open") where launch == 1: inRoom = true
            case (true, "Ring"): break
            default: return .refused("not now")
            }
            return .screen
        }
    }

    @Test func aScreenTheAppNoLongerLeadsToIsUnreachableAndNothingIsTriedOnIt() throws {
        let model = ModelCrawl(ModelApp(byLaunch: { OnceModel(launch: $0) }))
        model.map()
        let room = try #require(model.crawl.states.first { $0.identity.title == "Room" })
        #expect(model.crawl[room.id].unreachable)
        #expect(!model.crawl.graph.leaving(room.id).contains { $0.action.identifier == "Ring" }, "\(model.crawl.graph.leaving(room.id).map(\.action.description))")
        #expect(!model.app.log.contains { $0.action.identifier == "Ring" }, "never sent to an app not on the room")
        #expect(model.judge.findings.map(\.kind) == [.refused], "Open, refused on the second launch; and the room not reached again is not judged (it would look a dead end): \(model.judge.findings.map(\.summary))")
    }

    @Test func aTransitionsControlIsItsClassAndKeepsWhatItWasCalled() throws {
        let home = StateID(index: 0)
        func control(_ action: ExploreAction) -> ExploreMap.Control? {
            Transition(from: home, action: action, to: nil, outcome: .refused).mapped.control
        }
        #expect(control(ExploreAction(.tap, kind: .cell, identifier: "row-12")) == ExploreMap.Control(kind: "cell", identifier: "row-#", label: "row-12"))
        #expect(control(ExploreAction(.tap, kind: .button, identifier: "b12")) == ExploreMap.Control(kind: "button", identifier: "b#", label: "b12"))
        #expect(control(ExploreAction(.tap, kind: .button, identifier: "Save")) == ExploreMap.Control(kind: "button", identifier: "Save", label: "Save"))
        #expect(control(ExploreAction(.tap, identifier: "Save"))?.kind == "button", "a control of no kind said is a button")
        #expect(control(.back) == nil)
    }

    /// A home of 70 buttons (named in letters: buttons alike by their digits are sampled), each
    /// to a screen of its own that back leaves.
    struct WideModel: AppModel {
        static let names: [String] = (1...70).map { number in
            let letters = String(number).unicodeScalars.map { digit -> Character in Character(UnicodeScalar(digit.value - 48 + 97) ?? "a") }
            return "go-" + String(letters)
        }
        var on: String?
        var screen: ScreenSnapshot {
            on.map { ScreenSnapshot(title: "Screen \($0)", elements: [.text("screen \($0)")]) }
                ?? ScreenSnapshot(title: "Home", elements: Self.names.map { ElementSnapshot.button($0) })
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            if action.verb == .back {
                guard on != nil else { return .refused("home") }
                on = nil
            } else if on == nil, let name = action.identifier, Self.names.contains(name) {
                on = name
            } else {
                return .refused("no \(action.identifier ?? "")")
            }
            return .screen
        }
    }

    /// One screen of 130 buttons that each leave it as it is.
    struct TallModel: AppModel {
        var screen: ScreenSnapshot { ScreenSnapshot(title: "Home", elements: WideModel.names.map { ElementSnapshot.button($0) } + WideModel.names.prefix(60).map { ElementSnapshot.button("x" + $0) }) }
        mutating func act(_ action: ExploreAction) -> ModelOutcome { action.verb == .back ? .refused("home") : .screen }
    }

    @Test func aRobotActionRefusedIsNoFindingAControlTheScreenOffersRefusedIs() throws {
        let app = ModelApp { ShrinkerStepsThatFailTests.AlertPad() }
        app.refusesRobotActions = true
        let model = ModelCrawl(app)
        guard case let .success(pad) = model.crawl.launch() else {
            Issue.record("the pad launches")
            return
        }
        #expect(model.crawl.take(ShrinkerStepsThatFailTests.check, from: pad) == .refused)
        #expect(model.judge.findings.isEmpty, "the robot's to take, not the screen's to offer: \(model.judge.findings.map(\.summary))")
        #expect(model.crawl.take(ShrinkerStepsThatFailTests.ok, from: pad) == .refused)
        #expect(model.judge.findings.map(\.kind) == [.refused], "OK is on the screen: \(model.judge.findings.map(\.summary))")
    }

    /// Rooms off a hall, one a button of the hall: each room has a Stay that keeps it, and back
    /// leads to the hall. Three actions a room, so the hall is met at every count of actions.
    struct RoomsModel: AppModel {
        var room: String?
        var screen: ScreenSnapshot {
            room.map { ScreenSnapshot(title: "Room \($0)", elements: [.button("Stay")]) }
                ?? ScreenSnapshot(title: "Hall", elements: WideModel.names.prefix(60).map { ElementSnapshot.button($0) })
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (room, action.verb, action.identifier) {
            case (nil, .tap, let name?): room = name
            case (_?, .tap, "Stay"): break
            case (_?, .back, _): room = nil
            default: return .refused("nothing")
            }
            return .screen
        }
    }

    /// A back tried to find the way (where back leads is not known yet) that would end at the
    /// limit is not taken: no action would be left to take after it, and a launch would follow
    /// anyway. Room 50 is reached at 99 actions, where that back would be taken; only the map's
    /// exact cost tells (the back would end at the limit, not past it).
    @Test func aBackThatWouldEndAtTheTraceLimitIsNotTaken() {
        let model = ModelCrawl(ModelApp { RoomsModel() })
        #expect(model.map() == .done)
        #expect(model.crawl.states.count == 61 && model.app.mostActionsInALaunch <= Crawl.traceLimit)
        #expect(model.app.actionsSent == 302 && model.app.launches == 4, "\(model.app.actionsSent) actions, \(model.app.launches) launches")
    }

    @Test func noLaunchTakesMoreActionsThanTheTraceLimit() {
        let model = ModelCrawl(ModelApp { WideModel() })
        #expect(model.map() == .done)
        #expect(model.crawl.states.count == 71)
        #expect(model.app.mostActionsInALaunch == Crawl.traceLimit, "up to the limit by routes, and no further")
        // The map's whole cost, pinned (no route of this map happens to end at the limit, so the
        // routes' own bound is not what this pins).
        #expect(model.app.actionsSent == 280 && model.app.launches == 3, "\(model.app.actionsSent) actions, \(model.app.launches) launches")
        let tall = ModelCrawl(ModelApp { TallModel() })
        #expect(tall.map() == .done)
        #expect(tall.crawl.states.count == 1 && tall.crawl.graph.leaving(tall.crawl.states[0].id).count == 131)
        #expect(tall.app.mostActionsInALaunch == Crawl.traceLimit, "up to the limit on one screen, and no further")
        #expect(tall.app.launches == 2)
    }

    @Test func ctrlCOnTheWayToAScreenIsNotBeingThere() throws {
        let model = ModelCrawl(ModelApp { WideModel() })
        guard case let .success(home) = model.crawl.launch() else {
            Issue.record("the model launches")
            return
        }
        let (goA, goB) = (ExploreAction(.tap, kind: .button, identifier: WideModel.names[0]), ExploreAction(.tap, kind: .button, identifier: WideModel.names[1]))
        guard case let .screen(screenA) = model.crawl.take(goA, from: home), case .screen = model.crawl.take(.back, from: screenA),
              case let .screen(screenB) = model.crawl.take(goB, from: home) else {
            Issue.record("the model leads there")
            return
        }
        #expect(model.crawl.graph.route(from: screenB, to: screenA) == nil, "back from B not yet seen")
        _ = model.crawl.take(.back, from: screenB)
        _ = model.crawl.take(goB, from: home)
        #expect(model.crawl.graph.route(from: screenB, to: screenA)?.count == 2, "back, then A")
        model.crawl.isInterrupted = { true }
        #expect(!model.crawl.reach(screenA, for: .back), "Ctrl-C came on the way")
        #expect(model.crawl.current == nil)
    }

    /// A list of three rows, each leading to its detail, and Drop, which takes the last row away.
    struct RowsModel: AppModel {
        var rows = 3
        var detail: Int?
        var screen: ScreenSnapshot {
            if let detail { return ScreenSnapshot(title: "Detail", elements: [.text("row \(detail)", identifier: "which")]) }
            return ScreenSnapshot(title: "List", elements: [.button("Drop")] + (1...max(1, rows)).prefix(rows).map { ElementSnapshot.cell("row-\($0)", label: "Row \($0)") })
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (detail, action.verb, action.identifier) {
            case (.some, .back, _): detail = nil
            case (nil, .tap, "Drop"): rows = max(0, rows - 1)
            case let (nil, .tap, row?) where row.hasPrefix("row-"):
                guard let number = Int(row.dropFirst(4)), number <= rows else { return .refused("no \(row)") }
                detail = number
            default: return .refused("nowhere")
            }
            return .screen
        }
    }

    @Test func aRouteWhoseControlIsGoneIsNotTakenAndAFreshLaunchGoesThere() throws {
        let model = ModelCrawl(ModelApp { RowsModel() })
        let (row3, drop) = (ExploreAction(.tap, kind: .cell, identifier: "row-3"), ExploreAction(.tap, kind: .button, identifier: "Drop"))
        guard case let .success(list) = model.crawl.launch(), case let .screen(detail) = model.crawl.take(row3, from: list),
              case .screen = model.crawl.take(.back, from: detail), case let .screen(shorter) = model.crawl.take(drop, from: list) else {
            Issue.record("the model leads there")
            return
        }
        #expect(shorter == list, "two rows or three: one state of the list")
        #expect(model.crawl.reach(detail, for: .back))
        #expect(model.app.log.filter { $0.action == row3 }.count == 2, "row 3 is gone from the list the app is on: not tapped there, but after a fresh launch")
        #expect(model.app.launches == 2)
    }

    /// Home's Open leads to a hall on the first launch, whose Enter leads to a room; on every later
    /// launch Open leads straight to the room, where Enter is refused.
    struct ShortcutModel: AppModel {
        let launch: Int
        var on = "Home"
        var screen: ScreenSnapshot {
            switch on {
            case "Hall": ScreenSnapshot(title: "Hall", elements: [.button("Enter")])
            case "Room": ScreenSnapshot(title: "Room", elements: [.button("Ring")])
            default: ScreenSnapshot(title: "Home", elements: [.button("Open")])
            }
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (on, action.identifier) {
            case ("Home", "Open"): on = launch == 1 ? "Hall" : "Room"
            case ("Hall", "Enter"): on = "Room"
            case ("Room", "Ring"): break
            default: return .refused("not here")
            }
            return .screen
        }
    }

    @Test func aPathThatBreaksOnTheWayDoesNotReachItsScreenEvenWhereTheScreenBeforeTheBreakLooksLikeIt() throws {
        let model = ModelCrawl(ModelApp(byLaunch: { ShortcutModel(launch: $0) }))
        let (open, enter, ring) = (ExploreAction(.tap, kind: .button, identifier: "Open"), ExploreAction(.tap, kind: .button, identifier: "Enter"),
                                   ExploreAction(.tap, kind: .button, identifier: "Ring"))
        guard case let .success(home) = model.crawl.launch(), case let .screen(hall) = model.crawl.take(open, from: home),
              case let .screen(room) = model.crawl.take(enter, from: hall) else {
            Issue.record("the model leads there")
            return
        }
        model.crawl.leave()
        // Relaunched, Open shows the room already, and Enter is refused there: the path is broken.
        #expect(!model.crawl.reach(room, for: ring))
        #expect(model.crawl[room].unreachable && model.crawl.current == nil)
        #expect(model.crawl[room].path == [open, enter])
    }

    /// Home's Aside shows a side screen and opens the door: Door then leads to the vault (refused
    /// before). Long leads to a corridor whose Next leads to the vault whatever was done.
    struct DoorModel: AppModel {
        var on = "Home"
        var opened = false
        var screen: ScreenSnapshot {
            switch on {
            case "Aside": ScreenSnapshot(title: "Aside", elements: [.text("the door is open", identifier: "note")])
            case "Corridor": ScreenSnapshot(title: "Corridor", elements: [.button("Next")])
            case "Vault": ScreenSnapshot(title: "Vault", elements: [.button("Ring")])
            default: ScreenSnapshot(title: "Home", elements: [.button("Aside"), .button("Door"), .button("Long")])
            }
        }
        mutating func act(_ action: ExploreAction) -> ModelOutcome {
            switch (on, action.verb, action.identifier) {
            case ("Home", .tap, "Aside"): (on, opened) = ("Aside", true)
            case ("Aside", .back, _): on = "Home"
            case ("Home", .tap, "Door") where opened: on = "Vault"
            case ("Home", .tap, "Long"): on = "Corridor"
            case ("Corridor", .tap, "Next"): on = "Vault"
            case ("Vault", .tap, "Ring"): break
            default: return .refused("not now")
            }
            return .screen
        }
    }

    @Test func aShorterWayKeepsTheLaunchsWholeTraceAsItsSecondWay() throws {
        let model = ModelCrawl(ModelApp { DoorModel() })
        let tap = { (name: String) in ExploreAction(.tap, kind: .button, identifier: name) }
        guard case let .success(home) = model.crawl.launch(), case let .screen(corridor) = model.crawl.take(tap("Long"), from: home),
              case let .screen(vault) = model.crawl.take(tap("Next"), from: corridor) else {
            Issue.record("the model leads there")
            return
        }
        #expect(model.crawl[vault].path == [tap("Long"), tap("Next")] && model.crawl[vault].fallback == nil, "its path is the launch's trace: no second way")
        model.crawl.leave()
        guard case .success = model.crawl.launch(), case let .screen(aside) = model.crawl.take(tap("Aside"), from: home),
              case .screen = model.crawl.take(.back, from: aside), case let .screen(again) = model.crawl.take(tap("Door"), from: home) else {
            Issue.record("the model leads there again")
            return
        }
        #expect(again == vault)
        #expect(model.crawl[vault].path == [tap("Door")], "the shorter way is kept")
        #expect(model.crawl[vault].fallback == [tap("Aside"), .back, tap("Door")], "and the launch's trace that surely led there")
        model.crawl.leave()
        // Door alone is refused on a fresh launch; the trace leads there.
        #expect(model.crawl.reach(vault, for: tap("Ring")))
        #expect(model.crawl[vault].path == [tap("Aside"), .back, tap("Door")] && model.crawl[vault].fallback == nil)
        #expect(!model.crawl[vault].unreachable)
    }
}
