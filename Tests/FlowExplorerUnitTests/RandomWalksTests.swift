@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import Testing

/// Seeded random walks on apps in memory: they reach the states data makes, the same seed walks
/// the same walks action for action (on one machine or split), and a walk ends with what it met.
struct RandomWalksTests {
    @Test func walksAloneFindAHangThatOnlyALendMakesReachable() throws {
        let model = ModelCrawl(ModelApp { DeskModel([.returnHang]) }, rules: ScreenIdentity.Rules(mode: .data))
        let (end, walked) = model.walk(40, length: 50, seed: 7)
        #expect(end == .done)
        let found = try #require(model.judge.findings.first { $0.kind == .hang }, "walks reach the second book on loan and return it: \(model.judge.findings.map(\.summary))")
        #expect(found.actions.suffix(1).map(\.description) == ["tap Return"])
        #expect(found.actions.contains { $0.description == "tap book-2" }, "\(found.actions.map(\.description))")
        #expect(found.screen.title == "Book")
        #expect(walked.contains { $0.ended == .hung })
        #expect(found.origin != .map, "found by a walk")
    }

    @Test func theSameSeedWalksTheSameWalksActionForActionAndAnotherSeedOthers() {
        func walks(_ seed: UInt64) -> (digests: [String], log: [String]) {
            let model = ModelCrawl(ModelApp { DeskModel([.longLend]) }, rules: ScreenIdentity.Rules(mode: .data))
            let walked = model.walk(20, length: 30, seed: seed).walked
            return (walked.map(\.digest), model.app.log.map(\.action.yaml))
        }
        let (one, two, other) = (walks(42), walks(42), walks(43))
        #expect(one.log.count > 100)
        #expect(one.log == two.log, "the same seed, the same actions")
        #expect(one.digests == two.digests)
        #expect(one.digests != other.digests, "another seed, other walks")
        #expect(Set(one.digests).count > 15, "the walks differ from each other: \(one.digests)")
    }

    @Test func eachWalkIsChosenByItsOwnNumberSoShardsWalkWhatOneMachineWalks() {
        let whole = ModelCrawl(ModelApp { DeskModel([.longLend, .returnHang]) }, rules: ScreenIdentity.Rules(mode: .data)).walk(12, length: 25, seed: 5).walked
        var split: [RandomWalks.Walked] = []
        for index in 1...3 {
            split += ModelCrawl(ModelApp { DeskModel([.longLend, .returnHang]) }, rules: ScreenIdentity.Rules(mode: .data))
                .walk(12, length: 25, seed: 5, shard: ExploreShard(index: index, count: 3)).walked
        }
        #expect(split.map(\.number).sorted() == Array(0..<12))
        #expect(split.sorted { $0.number < $1.number } == whole, "each walk the same, whichever machine walks it")
    }

    @Test func aShardWalksEveryNthWalk() {
        #expect(WalkOptions(count: 7, shard: ExploreShard(index: 2, count: 3)).mine == [1, 4])
        #expect(WalkOptions(count: 7, shard: ExploreShard(index: 1, count: 3)).mine == [0, 3, 6])
        #expect(WalkOptions(count: 3).mine == [0, 1, 2])
        #expect(WalkOptions(count: 2, shard: ExploreShard(index: 3, count: 3)).mine == [])
        #expect(WalkOptions(seed: 9).seed(ofWalk: 0) != WalkOptions(seed: 9).seed(ofWalk: 1))
        #expect(WalkOptions(seed: 9).seed(ofWalk: 4) == WalkOptions(seed: 9).seed(ofWalk: 4))
        #expect(WalkOptions(seed: 9).seed(ofWalk: 4) != WalkOptions(seed: 10).seed(ofWalk: 4))
        // Walks until the time is up: every number, or a shard's, with no end.
        #expect(Array(WalkOptions(count: nil, shard: ExploreShard(index: 2, count: 3)).numbers.prefix(4)) == [1, 4, 7, 10])
        #expect(Array(WalkOptions(count: nil).numbers.prefix(3)) == [0, 1, 2])
        #expect(Array(WalkOptions(count: 7, shard: ExploreShard(index: 2, count: 3)).numbers) == [1, 4])
        #expect(WalkOptions(count: nil).walks && WalkOptions(count: 2).walks && !WalkOptions(count: 0).walks, "no count: until the time is up")
    }

    @Test func aWalkTakesAtMostItsLengthAndEndsWhenTheAppEnds() {
        let model = ModelCrawl(ModelApp { DeskModel([.longLend]) })
        let (_, walked) = model.walk(40, length: 6, seed: 3)
        #expect(walked.count == 40)
        #expect(walked.allSatisfy { $0.actions <= 6 })
        #expect(walked.filter { $0.ended == .length }.allSatisfy { $0.actions == 6 })
        let crashed = walked.filter { $0.ended == .crashed }
        #expect(!crashed.isEmpty, "a long borrower crashes a lend: \(walked.map(\.ended))")
        #expect(model.judge.findings.filter { $0.kind == .crash }.count == 1, "one problem, however many walks met it")
        #expect(model.judge.findings.first { $0.kind == .crash }?.paths == Set(crashed.map(\.digest)).count)
        #expect(model.app.launches == 40, "each walk from a fresh launch")
    }

    @Test func aWalkStuckOnAnAlertThatComesBackEndsThereAndTheNextWalkGoesOn() {
        let model = ModelCrawl(ModelApp { DeskModel([.helpAlert]) })
        let (end, walked) = model.walk(30, length: 40, seed: 11)
        #expect(end == .done)
        #expect(walked.count == 30)
        let stuck = walked.filter { $0.ended == .stuck }
        #expect(!stuck.isEmpty && stuck.allSatisfy { $0.actions < 40 }, "\(walked.map { "\($0.ended) \($0.actions)" })")
        // Once stuck on the alert the walk answers it once, then ends: no walk spends its length there.
        let answers = model.app.log.filter { $0.action.verb == .answer }.count
        #expect(answers <= walked.count * 2, "\(answers) answers in \(walked.count) walks")
    }

    @Test func aWalkOnAScreenWithNothingToTakeIsStuckAtOnce() {
        // An alert with no button: no control, no back; nothing to choose, whatever the roll.
        struct Blocked: AppModel {
            var screen: ScreenSnapshot {
                ScreenSnapshot(title: "Busy", elements: [.button("Go"), .alert("Busy", title: "Busy", message: "Please wait.", buttons: [])])
            }
            mutating func act(_ action: ExploreAction) -> ModelOutcome { .refused("an alert is up") }
        }
        let model = ModelCrawl(ModelApp { Blocked() })
        let (end, walked) = model.walk(30, length: 10, seed: 2)
        #expect(end == .done && walked.count == 30)
        #expect(walked.allSatisfy { $0.ended == .stuck && $0.actions == 0 }, "\(walked.map { "\($0.ended) \($0.actions)" })")
        #expect(model.app.actionsSent == 0)
    }

    @Test func anAppThatDoesNotStartEndsTheWalksAfterThreeLaunchesAndIsOneFinding() {
        let model = ModelCrawl(ModelApp { CrashAtLaunchModel() })
        let (end, walked) = model.walk(50, seed: 1)
        #expect(end == StrategyEnd(ended: .launch, complete: false))
        #expect(walked.map(\.ended) == [.launch, .launch, .launch])
        #expect(model.judge.findings.map(\.kind) == [.crash])
        #expect(model.judge.findings.first?.summary.hasPrefix("the app did not start") == true)
    }

    @Test func aHangMetAgainWaitsOnlyAMomentForItIsOneMorePathToAKnownProblem() {
        let model = ModelCrawl(ModelApp { DeskModel([.returnHang]) }, rules: ScreenIdentity.Rules(mode: .data))
        _ = model.walk(40, length: 50, seed: 7)
        let returns = model.app.log.filter { $0.action.identifier == "Return" }
        let first = returns.firstIndex { $0.wait != nil }
        #expect(first != nil, "a Return after the hang was found waits a moment")
        #expect(returns.prefix(first ?? 0).allSatisfy { $0.wait == nil }, "until it is found, the whole wait")
        #expect(returns.compactMap(\.wait).allSatisfy { $0 == Crawl.knownHangWait })
        #expect(model.judge.findings.filter { $0.kind == .hang }.count == 1)
    }

    @Test func aWalkPrefersWhatItTriedLeastOnTheScreenAndAnywhere() {
        var counts = RandomWalks.Counts()
        let save = ExploreAction(.tap, kind: .button, identifier: "Save")
        let back = ExploreAction.back
        #expect(counts.weight(save, on: "s", control: "Save") == 1)
        counts.add(save, on: "s", control: "Save")
        #expect(counts.weight(save, on: "s", control: "Save") == 0.25, "tried once here and once anywhere")
        #expect(counts.weight(save, on: "t", control: "Save") == 0.5, "on another screen: tried once anywhere")
        #expect(counts.weight(save, on: "s", control: "Save | other label") == 0.5, "a control that shows something else is a new one")
        #expect(counts.weight(back, on: "s", control: "back") == 1)
        let typing = ExploreAction(.type, kind: .textField, identifier: "Name", text: "a", value: .letter)
        #expect(counts.weight(typing: "a", .letter, typing, on: "s") == 3, "an ordinary value three times a blank one")
        #expect(counts.weight(typing: " ", .whitespace, typing, on: "s") == 1)
        counts.add(typing, on: "s", control: "type textField Name")
        #expect(counts.weight(typing: "a", .letter, typing, on: "s") == 1.5)
        #expect(counts.weight(typing: "b", .letter, typing, on: "s") == 3)
    }

    @Test func aWalkCountsARowByWhatItShowsAndAFieldByItself() {
        let screen = ScreenSnapshot(title: "Desk", elements: [
            .cell("book-1", label: "Dune", value: "on loan to Ann"), .button("Lend", isEnabled: false), .textField("Borrower", value: "Bob"),
        ])
        #expect(RandomWalks.control(ExploreAction(.tap, kind: .cell, identifier: "book-1"), on: screen) == "tap cell book-1 | Dune  on loan to Ann")
        #expect(RandomWalks.control(ExploreAction(.tap, kind: .button, identifier: "Lend"), on: screen) == "tap button Lend | Lend | disabled")
        #expect(RandomWalks.control(ExploreAction(.type, kind: .textField, identifier: "Borrower", text: "x"), on: screen) == "type textField Borrower")
        #expect(RandomWalks.control(.back, on: screen) == "back")
        // A selected row counts apart from the same row unselected; the element is the one of the
        // action's kind, though another with its identifier comes first.
        let choosing = ScreenSnapshot(title: "Desk", elements: [
            .text("Lend", identifier: "Lend"), .cell("book-2", label: "Emma", isSelected: true, isSelectable: true), .button("Lend", isEnabled: false),
        ])
        #expect(RandomWalks.control(ExploreAction(.tap, kind: .cell, identifier: "book-2"), on: choosing) == "tap cell book-2 | Emma | selected")
        #expect(RandomWalks.control(ExploreAction(.tap, kind: .button, identifier: "Lend"), on: choosing) == "tap button Lend | Lend | disabled")
    }

    @Test func aWalkChoosesAmongEveryEnabledControlOfTheScreenOrTheAlertsButtons() {
        let screen = ScreenSnapshot(title: "Form", elements: [
            .text("Hello"), .textField("Name", value: ""), .button("Save", isEnabled: false), .button("Cancel"), .cell("row-1", label: "One"),
            .cell("row-2", label: "Two", isEnabled: false), .button(""),
        ])
        #expect(ScreenActions.controls(on: screen).map(\.description) == ["type \"\" into Name", "tap Cancel", "tap row-1", "back"])
        let alert = ScreenSnapshot(title: "Form", elements: screen.elements + [.alert("Sure", title: "Sure?", message: "", buttons: ["Yes", "No"])])
        #expect(ScreenActions.controls(on: alert).map(\.description) == ["answer Yes", "answer No"])
        #expect(ScreenActions.controls(on: alert).allSatisfy { $0.alert == "Sure" })
    }

    @Test func walksMeetTheStatesTheirOwnActionsMakeAndMapThemByWhatRowsHold() {
        let model = ModelCrawl(ModelApp { DeskModel() }, rules: ScreenIdentity.Rules(mode: .data), dataLimit: 50)
        _ = model.walk(40, length: 30, seed: 2)
        let desks = model.crawl.states.filter { $0.identity.title == "Desk" && $0.screen.topAlert == nil }
        #expect(desks.count > 3, "a desk with a book lent is a state of its own: \(desks.count)")
        #expect(Set(desks.map(\.identity.structure)).count == 1, "one structure, several states by their data")
    }

    /// What the prefix typed (`--from`'s steps) is a valid value of its field for walks alone too,
    /// with no map to learn it first.
    @Test func walksAloneTypeWhatThePrefixTyped() {
        let app = ModelApp { DeskModel() }
        app.typedByPrefix = [("Borrower", "Zed")]
        let model = ModelCrawl(app, rules: ScreenIdentity.Rules(mode: .data))
        _ = model.walk(30, length: 20, seed: 4)
        #expect(model.app.log.contains { $0.action.verb == .type && $0.action.identifier == "Borrower" && $0.action.text == "Zed" },
                "\(Set(model.app.log.filter { $0.action.verb == .type }.map(\.action.description)))")
    }

    /// Each field is typed from its own pool: a value the flows type into one field never goes
    /// into another beside it.
    @Test func eachFieldIsTypedFromItsOwnPool() {
        let model = ModelCrawl(ModelApp { TwoFieldsModel() }, rules: ScreenIdentity.Rules(mode: .data), flowValues: [("borrower", "Bob"), ("note", "soon")])
        _ = model.walk(10, length: 20, seed: 2)
        let typed = model.app.log.map(\.action).filter { $0.verb == .type }
        #expect(typed.contains { $0.identifier == "Note" } && typed.contains { $0.identifier == "Borrower" })
        #expect(typed.contains { $0.identifier == "Note" && $0.text == "soon" }, "the note's own value is typed into it")
        #expect(!typed.contains { $0.identifier == "Note" && $0.text == "Bob" }, "the borrower's value went into the note")
        #expect(!typed.contains { $0.identifier == "Borrower" && $0.text == "soon" }, "the note's value went into the borrower")
    }

    /// Walks tell who watches how far they have got, one line a walk.
    @Test func walksSayHowFarTheyHaveGot() {
        let model = ModelCrawl(ModelApp { DeskModel() })
        var phases: [String] = []
        let budget = Budget(maxActions: 5000, time: .seconds(60), start: ContinuousClock.now, interrupted: { false }) { _, phase in phases.append(phase) }
        var walks = RandomWalks(options: WalkOptions(count: 3, length: 4, seed: 1), values: model.values, rules: model.crawl.rules)
        #expect(walks.run(on: model.crawl, budget: budget) == .done)
        #expect(phases.filter { $0.hasPrefix("walking") } == ["walking 1 of 3", "walking 2 of 3", "walking 3 of 3"], "\(phases)")
    }

    /// A walk cut short by Ctrl-C ends the walks, not complete; the map's action budget is the
    /// map's: walks walk their length however many actions it tried.
    @Test func anInterruptedWalkEndsTheWalksAndTheMapsBudgetIsNotTheirs() {
        let cut = ModelCrawl(ModelApp { DeskModel() })
        let interrupted = Budget(maxActions: 5000, time: .seconds(60), start: ContinuousClock.now, interrupted: { cut.app.actionsSent >= 3 })
        var walks = RandomWalks(options: WalkOptions(count: 5, length: 10, seed: 1), values: cut.values, rules: cut.crawl.rules)
        #expect(walks.run(on: cut.crawl, budget: interrupted) == StrategyEnd(ended: .interrupted, complete: false))
        #expect(walks.walked.map(\.ended) == [.interrupted])

        let spent = ModelCrawl(ModelApp { DeskModel() })
        let noActionsLeft = Budget(maxActions: 0, time: .seconds(60), start: ContinuousClock.now, interrupted: { false })
        var more = RandomWalks(options: WalkOptions(count: 3, length: 5, seed: 1), values: spent.values, rules: spent.crawl.rules)
        #expect(more.run(on: spent.crawl, budget: noActionsLeft) == .done)
        #expect(more.walked.allSatisfy { $0.ended == .length && $0.actions > 0 }, "\(more.walked)")
    }
}

/// Two fields side by side, each keeping what is typed into it.
struct TwoFieldsModel: AppModel {
    var borrower = ""
    var note = ""

    var screen: ScreenSnapshot {
        ScreenSnapshot(title: "Lend", elements: [.textField("Borrower", value: borrower), .textField("Note", value: note)])
    }

    mutating func act(_ action: ExploreAction) -> ModelOutcome {
        switch (action.verb, action.identifier) {
        case (.type, "Borrower"): borrower = action.text ?? ""
        case (.type, "Note"): note = action.text ?? ""
        default: return .refused("nothing")
        }
        return .screen
    }
}

/// How walks end within their budget: walks until the time is up are done when it is (before a
/// walk or in one); numbered walks the time cut short, Ctrl-C and the findings limit are not; and
/// each walk is said as it begins.
struct RandomWalksEndTests {
    /// Walks (`count` of them, nil: until the time is up) of a counter that is never stuck, within `budget`.
    static func run(_ count: Int?, length: Int = 50, budget: Budget) -> StrategyEnd {
        let model = ModelCrawl(ModelApp { PropertyTests.TallyCounterModel() })
        var walks = RandomWalks(options: WalkOptions(count: count, length: length, seed: 1), values: model.values, rules: model.crawl.rules)
        return walks.run(on: model.crawl, budget: budget)
    }

    static func budget(time: Duration, interruptedAfter: Int? = nil, progress: @escaping (Budget, String) -> Void = { _, _ in }) -> Budget {
        var asked = 0
        return Budget(maxActions: .max, time: time, start: .now, interrupted: {
            asked += 1
            return interruptedAfter.map { asked > $0 } ?? false
        }, progress: progress)
    }

    @Test func walksUntilTheTimeIsUpAreDoneWhenItIsAndNumberedOnesAreCutShort() {
        // Up before the first walk.
        #expect(Self.run(nil, budget: Self.budget(time: .zero)) == .done)
        #expect(Self.run(3, budget: Self.budget(time: .zero)) == StrategyEnd(ended: .time, complete: false))
        // Up in a walk (of a million actions: it is never over first).
        #expect(Self.run(nil, length: 1_000_000, budget: Self.budget(time: .milliseconds(30))) == .done)
        #expect(Self.run(3, length: 1_000_000, budget: Self.budget(time: .milliseconds(30))) == StrategyEnd(ended: .time, complete: false))
    }

    @Test func walksInterruptedAreNotComplete() {
        for count in [nil, 3] {
            #expect(Self.run(count, budget: Self.budget(time: .seconds(60), interruptedAfter: 10)) == StrategyEnd(ended: .interrupted, complete: false), "\(String(describing: count))")
        }
    }

    @Test func walksStoppedByTheFindingsLimitAreNotComplete() {
        // The limit is met in a walk: from the 10th question on, one problem is found.
        var asked = 0
        let budget = Budget(maxActions: .max, maxFindings: 1, findings: {
            asked += 1
            return asked > 10 ? 1 : 0
        }, time: .seconds(60), start: .now, interrupted: { false })
        #expect(Self.run(nil, length: 1_000, budget: budget) == StrategyEnd(ended: .maxFindings, complete: false))
    }

    @Test func eachWalkIsSaidAsItEnds() {
        var numbered: [String] = []
        _ = Self.run(3, length: 2, budget: Self.budget(time: .seconds(60), progress: { _, phase in numbered.append(phase) }))
        #expect(numbered.filter { $0.hasPrefix("walking") } == ["walking 1 of 3", "walking 2 of 3", "walking 3 of 3"])
        var untilTime: [String] = []
        _ = Self.run(nil, length: 2, budget: Self.budget(time: .seconds(60), interruptedAfter: 40, progress: { _, phase in untilTime.append(phase) }))
        let walking = untilTime.filter { $0.hasPrefix("walking") }
        #expect(walking.count >= 2 && walking.prefix(2) == ["walking 1", "walking 2"], "\(walking)")
    }
}
