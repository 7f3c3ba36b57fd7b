@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import Testing

/// What the judge makes of each outcome, word for word: the finding's kind, its summary, the
/// signature that makes it one problem, and the lines of standard error it keeps.
struct JudgeTests {
    static let save = ExploreAction(.tap, kind: .button, identifier: "Save")

    static func judge(_ app: ModelApp = ModelApp { DeskModel() }, variables: [String: String] = [:], wait: TimeInterval = 5) -> Judge {
        Judge(app: app, scheme: Scheme(name: "model"), variables: variables, wait: wait, auditSkipping: [])
    }

    static func state(_ title: String, _ elements: [ElementSnapshot] = [], path: [ExploreAction] = [], id: Int = 0) -> ScreenState {
        let screen = ScreenSnapshot(title: title, elements: elements)
        return ScreenState(id: StateID(index: id), identity: ScreenIdentity(screen), screen: screen, text: title, path: path)
    }

    static func failure(_ cause: FlowFailure.Cause, reason: String = "it ended", standardError: [String] = []) -> FlowFailure {
        FlowFailure(step: "tap Save", reason: reason, screen: nil, standardError: standardError, site: CallSite(file: "model", line: 1), cause: cause)
    }

    static func frame(_ state: ScreenState, text: String? = nil) -> Frame {
        Frame(seq: 1, reply: nil, idle: true, error: nil, screen: state.screen, text: text ?? state.text)
    }

    // MARK: - The app ended

    @Test func anExitWithACodeIsAFindingNamedByTheCodeAndAnExitWithZeroIsTheAppsEnd() throws {
        let judge = Self.judge()
        let form = Self.state("Form")
        judge.ended(Self.failure(.exited(code: 0)), after: Self.save, on: form, trace: [Self.save], origin: .map)
        #expect(judge.findings.isEmpty, "an exit with 0 is the app's end")
        judge.ended(Self.failure(.exited(code: 3)), after: Self.save, on: form, trace: [Self.save], origin: .map)
        let exit = try #require(judge.findings.first)
        #expect(exit.kind == .exit)
        #expect(exit.summary == #"the app exited with code 3 after tap Save on "Form""#)
        #expect(exit.signature == "exit 3")
        judge.ended(Self.failure(.exited(code: 4)), after: Self.save, on: form, trace: [Self.save], origin: .map)
        #expect(judge.findings.map(\.signature) == ["exit 3", "exit 4"], "another code, another problem")
    }

    @Test func aHangSaysTheWaitItWasGiven() throws {
        let judge = Self.judge(wait: 2.5)
        judge.ended(Self.failure(.hung), after: Self.save, on: Self.state("Form"), trace: [Self.save], origin: .walk(1))
        let hang = try #require(judge.findings.first)
        #expect(hang.kind == .hang)
        #expect(hang.summary == #"the app never became idle within 2.5 s after tap Save on "Form" (it was killed)"#)
        #expect(hang.signature == ExploreFinding.hangSignature)
    }

    @Test func aLineThatIsNotAFrameIsQuotedCutAndMasked() throws {
        let app = ModelApp { DeskModel() }
        app.secrets = ["hunter22"]
        let judge = Self.judge(app)
        judge.ended(Self.failure(.brokeProtocol("token hunter22 " + String(repeating: "x", count: 300))), after: Self.save, on: Self.state("Form"),
                    trace: [Self.save], origin: .map)
        let wire = try #require(judge.findings.first)
        #expect(wire.kind == .wireError && wire.signature == "wire")
        #expect(wire.summary.hasPrefix(#"after tap Save on "Form" the app wrote a line that is not a frame: token "#), "\(wire.summary)")
        #expect(!wire.summary.contains("hunter22"))
        #expect(wire.summary.hasSuffix(String(repeating: "x", count: 185)) && !wire.summary.hasSuffix(String(repeating: "x", count: 186)),
                "the line's first 200 characters: \(wire.summary.count)")
    }

    @Test func aRefusedActionIsAFindingButARefusedBackIsNot() throws {
        let app = ModelApp { DeskModel() }
        app.secrets = ["hunter22"]
        let judge = Self.judge(app)
        let form = Self.state("Form")
        judge.refused(.back, reason: "nowhere to go", on: form, trace: [.back], origin: .map)
        #expect(judge.findings.isEmpty, "a first screen has nowhere to go back to")
        judge.refused(Self.save, reason: "no button hunter22", on: form, trace: [Self.save], origin: .map)
        let refused = try #require(judge.findings.first)
        #expect(refused.kind == .refused)
        #expect(refused.summary == #""Form" offers tap Save, and the app refused it: no button ••••••••"#, "\(refused.summary)")
        #expect(refused.signature == "refused tap Save")
    }

    @Test func anAppThatDoesNotStartIsAFindingOnTheLaunchWithNoStep() throws {
        let judge = Self.judge()
        judge.launchFailed(Self.failure(.crashed(signal: 6), reason: "the app crashed (signal 6)", standardError: ["Fatal error: no store"]), origin: .map)
        let launch = try #require(judge.findings.first)
        #expect(launch.kind == .crash && launch.atLaunch && launch.problem == .launch(.crash) && launch.actions.isEmpty)
        #expect(launch.screen.title == "(launch)")
        #expect(launch.summary == "the app did not start: the app crashed (signal 6)")
        #expect(launch.details == ["Fatal error: no store"])
    }

    // MARK: - Standard error: the lines that say what went wrong

    @Test func standardErrorKeepsTheLinesThatSayWhatWentWrongElseTheLastFive() throws {
        func details(_ lines: [String]) throws -> [String] {
            let judge = Self.judge()
            judge.ended(Self.failure(.crashed(signal: 11), standardError: lines), after: Self.save, on: Self.state("Form"), trace: [Self.save], origin: .map)
            return try #require(judge.findings.first).details
        }
        let chatter = (1...7).map { "line \($0)" }
        #expect(try details(chatter) == Array(chatter.suffix(5)))
        #expect(try details(chatter + ["FATAL ERROR: index out of range"]) == ["FATAL ERROR: index out of range"], "any case")
        #expect(try details(["main.swift:3: error: bad row"] + chatter) == ["main.swift:3: error: bad row"])
        #expect(try details(chatter + ["error: no store"]) == ["error: no store"])
        #expect(try details(["error: a", "error: b", "error: c", "error: d"]) == ["error: a", "error: b", "error: c"], "three at most")
        #expect(try details(["an error: said in passing"] + chatter) == Array(chatter.suffix(5)), "only a line that begins with error: is one")
    }

    // MARK: - On a screen

    @Test func eachAuditRuleBrokenOnAScreenIsAFindingOfItsOwn() throws {
        let screen = Self.state("Form", [.button("save", label: "Save"), .button("save", label: "Save"), .button("go", label: "")])
        let audit = AccessibilityAudit.findings(in: screen.screen, skipping: [], canGoBack: true)
        let rules = Set(audit.map(\.rule))
        try #require(rules.count >= 2, "the screen breaks two rules at least: \(rules)")
        let judge = Self.judge()
        judge.screen(Self.frame(screen), on: screen, trace: [], origin: .map)
        #expect(Set(judge.findings.map(\.signature)) == Set(rules.map { "audit \($0.rawValue)" }))
        #expect(judge.findings.count == rules.count)
        for finding in judge.findings {
            let rule = try #require(AuditRule(rawValue: String(finding.signature.dropFirst("audit ".count))))
            let broken = audit.filter { $0.rule == rule }
            #expect(finding.details == broken.map(\.description), "only its own rule's problems")
            #expect(finding.summary == #"the accessibility audit of "Form" found \#(broken.count) problem\#(broken.count == 1 ? "" : "s") (\#(rule.rawValue))"#)
            guard case let .audit(said, _, keys) = finding.evidence else {
                Issue.record("an audit finding holds its rule and keys: \(finding.evidence)")
                continue
            }
            #expect(said == rule)
            #expect(keys.allSatisfy { $0.hasPrefix(rule.rawValue + " ") }, "\(keys)")
        }
    }

    @Test func aSecretShownIsAFindingNamingItsVariableOrTheSecureField() throws {
        let judge = Self.judge(variables: ["test.password": "hunter22", "test.user": "ann"])
        let account = Self.state("Account", [.text("Signed in as ann, hunter22")])
        judge.screen(Self.frame(account), on: account, trace: [], origin: .map)
        let shown = try #require(judge.findings.first)
        #expect(judge.findings.count == 1, "a user name is no secret: \(judge.findings.map(\.summary))")
        #expect(shown.kind == .secretShown && shown.signature == "secret test.password" && shown.secretVariable == "test.password")
        #expect(shown.summary == #""Account" shows the secret ${test.password}"#)

        let typed = ExploreAction(.type, kind: .secureTextField, identifier: "Password", text: TypedValue.wouldBeSecretText, value: .wouldBeSecret)
        let echo = Self.state("Echo", [.text("you typed \(TypedValue.wouldBeSecretText)")])
        judge.screen(Self.frame(echo), on: echo, trace: [typed], origin: .map)
        let secure = try #require(judge.findings.last)
        #expect(secure.signature == "secret typed" && secure.secretVariable == nil)
        #expect(secure.summary == #""Echo" shows the secret typed into a secure field"#)
    }

    // MARK: - Once every action was tried

    @Test func aScreenNothingLeadsAwayFromIsADeadEndSayingWhatWasTried() throws {
        let judge = Self.judge()
        let stuck = Self.state("Stuck", [.button("Retry")], path: [Self.save])
        let retry = ExploreAction(.tap, kind: .button, identifier: "Retry")
        judge.explored(stuck, leaving: [Transition(from: stuck.id, action: retry, to: stuck.id, outcome: .screen),
                                        Transition(from: stuck.id, action: .back, to: nil, outcome: .refused)], origin: .map)
        let dead = try #require(judge.findings.first)
        #expect(dead.kind == .deadEnd && dead.signature == "dead end" && dead.actions == [Self.save])
        #expect(dead.summary == #""Stuck" is a dead end: nothing on it leads anywhere, not even back (tried: tap Retry, back)"#, "\(dead.summary)")
        let bare = Self.state("Bare", path: [Self.save])
        judge.explored(bare, leaving: [], origin: .map)
        #expect(judge.findings.last?.summary == #""Bare" is a dead end: nothing on it leads anywhere, not even back"#)
    }

    @Test func aScreenLeftByAnActionOrWhoseActionEndedTheAppIsNoDeadEnd() {
        let judge = Self.judge()
        let stuck = Self.state("Stuck", [.button("Retry")])
        let home = Self.state("Home", id: 1)
        judge.explored(stuck, leaving: [Transition(from: stuck.id, action: .back, to: home.id, outcome: .screen)], origin: .map)
        judge.explored(stuck, leaving: [Transition(from: stuck.id, action: Self.save, to: nil, outcome: .ended)], origin: .map)
        judge.explored(stuck, leaving: [Transition(from: stuck.id, action: Self.save, to: nil, outcome: .crashed)], origin: .map)
        judge.explored(stuck, leaving: [Transition(from: stuck.id, action: Self.save, to: stuck.id, outcome: .screen, changedData: true)], origin: .map)
        #expect(judge.findings.isEmpty, "\(judge.findings.map(\.summary))")
        judge.explored(stuck, leaving: [Transition(from: stuck.id, action: Self.save, to: stuck.id, outcome: .screen, changedData: false)], origin: .map)
        #expect(judge.findings.map(\.kind) == [.deadEnd], "the same screen, the same data: no way on")
    }
}

extension ExploreFinding {
    /// What makes another occurrence the same problem besides its place: the problem as said,
    /// between its kind and its place (`exit 3`, `refused tap Save`, `audit readableLabels`).
    var signature: String {
        let head = problem.description.components(separatedBy: " | ")[0]
        return String(head.dropFirst(kind.rawValue.count + 1))
    }
    /// The secret's variable, for a secret shown (nil: typed into a secure field, or no secret).
    var secretVariable: String? {
        if case let .secretShown(variable) = evidence { return variable }
        return nil
    }
}

/// Names two controls share only because the crawl typed the same text twice are the crawl's
/// making, not the app's: a clash whose name holds, word for word, a text the trace typed (into a
/// field, or as a robot action's argument) is left out; any other clash stays.
struct JudgeNamesTheCrawlMadeTests {
    /// Two rows reading `row` (labelled by their value after a tab of the label, when given), and
    /// two buttons "Save".
    static func list(rows row: String, value: String? = nil) -> ScreenState {
        let screen = ScreenSnapshot(title: "List", elements: [
            .cell("todo-1", label: row, value: value), .cell("todo-2", label: row, value: value),
            .button("save-1", label: "Save"), .button("save-2", label: "Save"),
        ])
        return ScreenState(id: StateID(index: 0), identity: ScreenIdentity(screen), screen: screen, text: "List", path: [])
    }

    /// The elements the judge says share their name on `state` after `trace`.
    static func clashes(_ state: ScreenState, after trace: [ExploreAction]) -> [String] {
        let judge = JudgeTests.judge()
        judge.screen(JudgeTests.frame(state), on: state, trace: trace, origin: .map)
        // The audit's problem names each clash by its elements' class: `distinctNames cell "todo-#"`.
        return judge.findings.filter { $0.kind == .audit }.flatMap { $0.problem.description.split(separator: "\n").map(String.init) }
    }

    static func typing(_ text: String) -> ExploreAction {
        ExploreAction(.type, kind: .textField, identifier: "Title", text: text, value: .valid)
    }

    @Test func rowsNamedByATextTheCrawlTypedAreNoClashButTwoSavesAre() {
        let none = Self.clashes(Self.list(rows: "Buy milk"), after: [])
        #expect(none.contains { $0.contains("todo-") } && none.contains { $0.contains("save-") }, "nothing typed: both clash: \(none)")
        let typed = Self.clashes(Self.list(rows: "Buy milk"), after: [Self.typing("buy MILK"), JudgeTests.save])
        #expect(!typed.contains { $0.contains("todo-") }, "the rows read what was typed (case and spacing aside): \(typed)")
        #expect(typed.contains { $0.contains("save-") }, "two Saves are the app's: \(typed)")
    }

    @Test func aTextTypedAsARobotArgumentCountsAndARowsValueIsPartOfItsName() {
        let robot = ExploreAction(robot: "Todos.add", arguments: [ExploreAction.RobotArgument(name: "title", value: .text("Ann"))])
        let byRobot = Self.clashes(Self.list(rows: "Edit", value: "Ann"), after: [robot])
        #expect(!byRobot.contains { $0.contains("todo-") } && byRobot.contains { $0.contains("save-") }, "\(byRobot)")
    }

    @Test func onlyTheClashIsLeftOutAnotherRuleBrokenByTheSameRowsStays() {
        // Two rows with one identifier, both reading what was typed: the clash of their names is
        // the crawl's making; their shared identifier is the app's.
        let screen = ScreenSnapshot(title: "List", elements: [.cell("todo", label: "Buy milk"), .cell("todo", label: "Buy milk")])
        let state = ScreenState(id: StateID(index: 0), identity: ScreenIdentity(screen), screen: screen, text: "List", path: [])
        let found = Self.clashes(state, after: [Self.typing("buy milk")])
        #expect(found.contains { $0.contains("uniqueIdentifiers") } && !found.contains { $0.contains("distinctNames") }, "\(found)")
    }

    @Test func rowsSharingAnIdentifierAreToldApartByTheNameTheirClashQuotes() {
        // Four rows of one identifier: two the app had ("Pay rent"), two the crawl typed ("Buy
        // milk"). The audit names both clashes `cell "todo"`; only the typed one is the crawl's.
        let screen = ScreenSnapshot(title: "List", elements: [
            .cell("todo", label: "Pay rent"), .cell("todo", label: "Pay rent"), .cell("todo", label: "Buy milk"), .cell("todo", label: "Buy milk"),
        ])
        let state = ScreenState(id: StateID(index: 0), identity: ScreenIdentity(screen), screen: screen, text: "List", path: [])
        let judge = JudgeTests.judge()
        judge.screen(JudgeTests.frame(state), on: state, trace: [Self.typing("Buy milk")], origin: .map)
        let clashes = judge.findings.flatMap { finding -> [String] in
            guard case let .audit(rule, findings, _) = finding.evidence, rule == .distinctNames else { return [] }
            return findings
        }
        #expect(!clashes.isEmpty && clashes.allSatisfy { $0.contains("\"Pay rent\"") }, "the app's own clash stays, the typed one goes: \(clashes)")
    }

    @Test func aTextThatIsOnlyPartOfAWordMakesNoName() {
        let part = Self.clashes(Self.list(rows: "Buy milk"), after: [Self.typing("mil")])
        #expect(part.contains { $0.contains("todo-") }, "\"mil\" is not a word of \"Buy milk\": \(part)")
    }
}
