import FlowKit
import FlowRunner
import Foundation

/// What is wrong, whichever strategy got there: told each action's outcome and each idle screen
/// reached, and each screen whose every action was tried, it notes the problems, one finding a
/// problem (``ExploreFinding/problem``) with the number of paths that met it.
///
/// What a screen or an outcome shows is worked out by pure functions of it (``Verdicts``), which
/// the ``Shrinker`` asks again of each replay: the finding is shown when the same problem is.
final class Judge {
    private let app: any ExploreApp
    /// The rules every verdict is made by.
    let verdicts: Verdicts
    /// The findings, in the order they were added (a property's when the worker's answer came).
    private(set) var findings: [ExploreFinding] = []
    /// When each finding's problem was met (parallel to ``findings``): each event of the crawl
    /// takes the next moment, a property's check when it was asked for.
    private var metAt: [Int] = []
    private var moment = 0
    /// Each problem's finding.
    private var byProblem: [ExploreFinding.Problem: Int] = [:]
    /// The seconds since the crawl began: when a problem was first met.
    private let elapsed: () -> Double
    /// What checks the app's properties (nil: it declares none).
    let properties: PropertyChecker?

    init(
        app: any ExploreApp, scheme: Scheme, variables: [String: String], wait: TimeInterval, auditSkipping: Set<AuditRule>,
        properties: PropertyChecker? = nil, elapsed: @escaping () -> Double = { 0 }
    ) {
        self.app = app
        self.properties = properties
        self.elapsed = elapsed
        verdicts = Verdicts(scheme: scheme, variables: variables, wait: wait, auditSkipping: auditSkipping, mask: app.mask)
    }

    // MARK: - After an action

    /// The app ended after `action` on `state` (reached by `trace`, the action last): a crash, an
    /// exit with a code other than 0, a hang, a line that is not a frame. An exit with 0 is the
    /// app's end, no problem.
    func ended(_ failure: FlowFailure, after action: ExploreAction, on state: ScreenState, trace: [ExploreAction], origin: ExploreFinding.Origin) {
        guard let finding = verdicts.ended(failure, after: action, on: state.identity, trace: trace, standardError: app.errorLines(of: failure)) else { return }
        add(finding, origin: origin)
    }

    /// The app answered `action`, which `state`'s screen offered, with an error (`back` may be
    /// refused: a first screen has nowhere to go back to).
    func refused(_ action: ExploreAction, reason: String, on state: ScreenState, trace: [ExploreAction], origin: ExploreFinding.Origin) {
        guard let finding = verdicts.refused(action, reason: reason, on: state.identity, trace: trace) else { return }
        add(finding, origin: origin)
    }

    /// The app crashed or hung while it launched: a finding with no step.
    func launchFailed(_ failure: FlowFailure, origin: ExploreFinding.Origin) {
        add(verdicts.launchFailed(failure, standardError: app.errorLines(of: failure)), origin: origin)
    }

    /// The title of the screen a launch failure is said to be on.
    static let launchTitle = "(launch)"

    // MARK: - On a screen

    /// An idle screen reached by `trace`: the accessibility audit (every screen: a label is no part
    /// of a screen's identity, and a label no one can read is what the audit finds) and the secrets.
    func screen(_ frame: Frame, on state: ScreenState, trace: [ExploreAction], origin: ExploreFinding.Origin) {
        for finding in verdicts.onScreen(frame, identity: state.identity, trace: trace) { add(finding, origin: origin) }
    }

    /// The properties that did not hold after an action on `actionOn` (nil: a launch) that reached
    /// `reached` by `trace`: an invariant's finding is on the screen reached, an action property's
    /// on the screen its action was taken on.
    /// `asked`: the moment the check was asked for (``nextMoment()``), which the answer, coming
    /// later, keeps.
    func broken(_ violations: [PropertyViolation], actionOn: ScreenState?, reached: ScreenState, trace: [ExploreAction], origin: ExploreFinding.Origin,
                asked: Int? = nil) {
        for violation in violations {
            guard let property = properties?.properties.first(where: { $0.name == violation.property }) else { continue }
            let on = violation.kind == .invariant ? reached : actionOn ?? reached
            add(verdicts.broken(property, violation, on: on.identity, trace: trace), origin: origin, at: asked)
        }
    }

    // MARK: - Once every action was tried

    /// Every action of `state` was tried, with these transitions: a dead end when none led
    /// anywhere (not even back, and none changed what the screen holds) and none ended the app;
    /// an alert no button takes away when it is one.
    func explored(_ state: ScreenState, leaving: [Transition], origin: ExploreFinding.Origin) {
        for finding in verdicts.explored(state, leaving: leaving) { add(finding, origin: origin) }
    }

    // MARK: - One finding a problem

    /// The next moment of the crawl: what a property check asked for now keeps for its answer.
    func nextMoment() -> Int {
        moment += 1
        return moment
    }

    /// The findings in the order their problems were met: a property's at the moment its check was
    /// asked for, wherever the worker's answer came, so the same crawl numbers its findings the same.
    /// Those met at one moment (two properties one action broke) keep the order they were added in:
    /// Swift's sort is stable.
    var findingsInOrder: [ExploreFinding] {
        zip(findings, metAt).sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// Notes `finding` (met `at` a moment asked for earlier, or now), or, when its problem is
    /// known, one more path that met it.
    func add(_ finding: ExploreFinding, origin: ExploreFinding.Origin, at met: Int? = nil) {
        let trace = Self.digest(of: finding.actions)
        let problem = finding.problem
        if let index = byProblem[problem] {
            findings[index].traces.insert(trace)
            return
        }
        var finding = finding
        finding.origin = origin
        finding.traces = [trace]
        finding.seconds = elapsed()
        byProblem[problem] = findings.count
        findings.append(finding)
        metAt.append(met ?? nextMoment())
    }

    /// Whether a problem is known already.
    func knows(_ problem: ExploreFinding.Problem) -> Bool {
        byProblem[problem] != nil
    }

    /// The digest of a path: its steps as a flow writes them.
    static func digest(of actions: [ExploreAction]) -> String {
        ScreenIdentity.digest(of: actions.map(\.yaml).joined(separator: "\n"))
    }
}

/// The judge's rules, as pure functions: what an outcome, an idle screen, or a screen whose every
/// action was tried shows, as findings. The crawl's judge asks them as it goes; the shrinker asks
/// the same of each replay, so a finding is shown again by the same rules it was found by.
struct Verdicts {
    let scheme: Scheme
    let variables: [String: String]
    let wait: TimeInterval
    let auditSkipping: Set<AuditRule>
    /// `text` with every secret masked.
    let mask: (String) -> String

    /// What the app's end after `action` on a screen of `identity` shows (nil: its end, no problem).
    func ended(_ failure: FlowFailure, after action: ExploreAction, on identity: ScreenIdentity, trace: [ExploreAction], standardError: [String]) -> ExploreFinding? {
        let title = identity.title
        let details = said(standardError)
        switch failure.cause {
        case let .crashed(signal):
            return ExploreFinding(.crash(signal: signal, standardError: details), screen: identity,
                                  summary: "the app crashed (signal \(signal)) after \(action) on \"\(title)\"", actions: trace)
        case let .exited(code) where code != 0:
            return ExploreFinding(.exit(code: code, standardError: details), screen: identity, summary: "the app exited with code \(code) after \(action) on \"\(title)\"",
                                  actions: trace)
        case .hung:
            return ExploreFinding(.hang(standardError: details), screen: identity,
                                  summary: "the app never became idle within \(FlowKitSeconds.shown(wait)) after \(action) on \"\(title)\" (it was killed)", actions: trace)
        case let .brokeProtocol(line):
            return ExploreFinding(.wireError(standardError: details), screen: identity,
                                  summary: "after \(action) on \"\(title)\" the app wrote a line that is not a frame: " + mask(String(line.prefix(200))), actions: trace)
        case .exited, .check, .refused, .notStarted, .badSetup:
            return nil
        }
    }

    /// What the app refusing `action` (which a screen of `identity` offered) shows: nothing for back.
    func refused(_ action: ExploreAction, reason: String, on identity: ScreenIdentity, trace: [ExploreAction]) -> ExploreFinding? {
        guard action.verb != .back else { return nil }
        return ExploreFinding(.refused, screen: identity, summary: "\"\(identity.title)\" offers \(action), and the app refused it: \(mask(reason))", actions: trace)
    }

    /// What the app not starting shows.
    func launchFailed(_ failure: FlowFailure, standardError: [String]) -> ExploreFinding {
        let placeholder = ScreenIdentity(ScreenSnapshot(title: Judge.launchTitle, elements: []))
        let lines = said(standardError)
        let evidence: ExploreFinding.Evidence = switch failure.cause {
        case let .crashed(signal): .crash(signal: signal, standardError: lines)
        case .hung: .hang(standardError: lines)
        case let .exited(code): .exit(code: code, standardError: lines)
        case .brokeProtocol: .wireError(standardError: lines)
        case .check, .refused, .notStarted, .badSetup: .crash(signal: 0, standardError: lines)
        }
        return ExploreFinding(evidence, screen: placeholder, summary: "the app did not start: \(mask(failure.reason))", actions: [], atLaunch: true)
    }

    /// What the idle screen `frame` (of `identity`, reached by `trace`) shows: each audit rule it
    /// breaks, and each secret it shows.
    func onScreen(_ frame: Frame, identity: ScreenIdentity, trace: [ExploreAction]) -> [ExploreFinding] {
        var findings: [ExploreFinding] = []
        // One finding a rule broken: each rule is its own problem. Back is a way on (enabledWayOn),
        // and whether back leads anywhere is known once it was tried: that rule waits for
        // `explored`, as a dead end does.
        let audit = withoutNamesTheCrawlMade(AccessibilityAudit.findings(in: frame.screen, skipping: auditSkipping, canGoBack: true), on: frame.screen, trace: trace)
        for rule in Set(audit.map(\.rule)).sorted() {
            findings.append(auditFinding(rule, audit.filter { $0.rule == rule }, on: identity, trace: trace))
        }
        for (variable, value) in secretsToLookFor(after: trace) where Self.shows(frame, value) {
            findings.append(ExploreFinding(.secretShown(variable: variable), screen: identity,
                                           summary: "\"\(identity.title)\" shows the secret \(variable.map { "${\($0)}" } ?? "typed into a secure field")", actions: trace))
        }
        return findings
    }

    /// `audit` without the names two controls share only because the crawl typed the same text
    /// twice (two todos both titled "a", two rows "Edit Ann"): the app shows what it was given, and
    /// a list whose data is alike has rows alike. A name that holds, word for word, a text `trace`
    /// typed (into a field, or as a robot action's argument) is the crawl's making; any other
    /// clash (two buttons "Save") is still the app's.
    private func withoutNamesTheCrawlMade(_ audit: [AuditFinding], on screen: ScreenSnapshot, trace: [ExploreAction]) -> [AuditFinding] {
        let typed = Set(trace.flatMap(\.typedTexts).map(Self.words).filter { !$0.isEmpty })
        // (The audit runs on every screen a crawl meets: with nothing typed, or no clash, nothing to do.)
        guard !typed.isEmpty, audit.contains(where: { $0.rule == .distinctNames }) else { return audit }
        let elements = screen.allElements
        // A clash is of the controls the audit names (`cell "todo"`, rows may share an identifier)
        // whose name its problem quotes (`2 controls here read "Buy milk"`).
        func madeByTheCrawl(_ finding: AuditFinding) -> Bool {
            elements.contains { element in
                let shown = element.kind == .cell ? element.rowText : element.label
                guard AccessibilityAudit.describe(element) == finding.element,
                      finding.problem.contains(ElementTree.quoted(shown)) else { return false }
                let name = " " + Self.words(shown) + " "
                return typed.contains { name.contains(" " + $0 + " ") }
            }
        }
        return audit.filter { $0.rule != .distinctNames || !madeByTheCrawl($0) }
    }

    /// `text`'s words, lowercased, one space apart: what names are compared by.
    static func words(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }

    /// What a property that does not hold on a screen of `identity` shows.
    func broken(_ property: AppProperty, _ violation: PropertyViolation, on identity: ScreenIdentity, trace: [ExploreAction]) -> ExploreFinding {
        ExploreFinding(.property(property, workerSaid: violation.details.map(mask)), screen: identity, summary: mask(violation.message), actions: trace)
    }

    /// What `state`, every action of which was tried with these transitions, shows: a screen no
    /// enabled control and no working back leave (the audit's enabledWayOn); a dead end when none
    /// led anywhere (not to another state, not to other data on the same) and none ended the app;
    /// an alert no button takes away when it is one.
    func explored(_ state: ScreenState, leaving: [Transition]) -> [ExploreFinding] {
        var findings: [ExploreFinding] = []
        let backLeads = leaving.contains { $0.action.verb == .back && $0.to != nil && $0.to != state.id }
        let stuck = AccessibilityAudit.findings(in: state.screen, skipping: auditSkipping, canGoBack: backLeads).filter { $0.rule == .enabledWayOn }
        if !stuck.isEmpty {
            findings.append(auditFinding(.enabledWayOn, stuck, on: state.identity, trace: state.path, said: ", and back leads nowhere"))
        }
        // A way on: another state, other data on this one (a row added to a one-screen app), or the app's end.
        let ways = leaving.filter { ($0.to != nil && ($0.to != state.id || $0.changedData)) || $0.outcome == .ended }
        let fails = leaving.contains { $0.outcome.isFailure }
        guard ways.isEmpty, !fails else { return findings }
        if let alert = state.screen.topAlert {
            let buttons = alert.children.filter { $0.kind == .button && $0.isEnabled }.map(\.identifier)
            findings.append(ExploreFinding(.alertNeverCloses(alert: alert.identifier, buttons: buttons), screen: state.identity,
                                           summary: "the alert \"\(alert.identifier)\" on \"\(state.identity.title)\" stays up whatever is answered (\(buttons.joined(separator: ", ")))",
                                           actions: state.path))
        } else {
            let tried = leaving.map(\.action.description)
            findings.append(ExploreFinding(.deadEnd, screen: state.identity,
                                           summary: "\"\(state.identity.title)\" is a dead end: nothing on it leads anywhere, not even back"
                                               + (tried.isEmpty ? "" : " (tried: \(tried.joined(separator: ", ")))"), actions: state.path))
        }
        return findings
    }

    /// One rule's audit findings on a screen of `identity`, reached by `trace`, as one finding keyed
    /// by the rule and the elements that break it (`said` ends its summary).
    private func auditFinding(_ rule: AuditRule, _ broken: [AuditFinding], on identity: ScreenIdentity, trace: [ExploreAction], said: String = "") -> ExploreFinding {
        ExploreFinding(.audit(rule: rule, findings: broken.map { mask($0.description) }, keys: Self.auditKeys(broken)), screen: identity,
                       summary: "the accessibility audit of \"\(identity.title)\" found \(broken.count) problem\(broken.count == 1 ? "" : "s") (\(rule.rawValue))" + said,
                       actions: trace)
    }

    /// What makes audit findings the problem they are: each rule with the element that breaks it
    /// by its class (`distinctNames cell "expense-#"`), once, sorted: not its words, not how many.
    static func auditKeys(_ audit: [AuditFinding]) -> [String] {
        Set(audit.map { "\($0.rule.rawValue) " + ScreenIdentity.rowClass(of: $0.element) }).sorted()
    }

    /// The secrets to look for after `trace`, each with the variable that holds it (nil for the
    /// would-be secret, when the trace typed it into a secure field).
    private func secretsToLookFor(after trace: [ExploreAction]) -> [(String?, String)] {
        var found: [(String?, String)] = []
        for name in variables.keys.sorted() where scheme.isSecret(name) {
            if let value = variables[name], !value.isEmpty { found.append((name, value)) }
        }
        if trace.contains(where: { $0.value == .wouldBeSecret && $0.kind == .secureTextField }) { found.append((nil, TypedValue.wouldBeSecretText)) }
        return found
    }

    /// Whether any part of the frame (an element's label or value, a line as drawn) holds `value`.
    static func shows(_ frame: Frame, _ value: String) -> Bool {
        frame.text.holds(value) || frame.screen.allElements.contains { $0.label.holds(value) || $0.value?.holds(value) == true }
    }

    /// What of the app's standard error a finding shows: the lines that say what went wrong (a
    /// fatal error's), else the last few; secrets masked.
    private func said(_ lines: [String]) -> [String] {
        let telling = lines.filter { $0.localizedCaseInsensitiveContains("fatal error") || $0.contains(": error:") || $0.hasPrefix("error:") }
        return (telling.isEmpty ? Array(lines.suffix(5)) : Array(telling.prefix(3))).map(mask)
    }
}

extension String {
    /// Whether this holds `part`. Every screen is searched for each secret, and Foundation's
    /// `contains` goes through NSString: for an ASCII `part`, its UTF-8 bytes are searched (an ASCII
    /// character is one byte, and no other character's bytes hold one); otherwise Foundation's.
    func holds(_ part: String) -> Bool {
        guard !part.isEmpty, part.utf8.allSatisfy(UTF8.isASCII) else { return contains(part) }
        var haystack = self
        var needle = part
        return haystack.withUTF8 { text in
            needle.withUTF8 { wanted in
                guard let textBase = text.baseAddress, let wantedBase = wanted.baseAddress, wanted.count <= text.count else { return false }
                let first = wanted[0]
                for start in 0...(text.count - wanted.count) where text[start] == first {
                    if memcmp(textBase + start, wantedBase, wanted.count) == 0 { return true }
                }
                return false
            }
        }
    }
}
