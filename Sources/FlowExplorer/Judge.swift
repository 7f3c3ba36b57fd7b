import FlowKit
import FlowRunner
import Foundation

/// What is wrong, whichever strategy got there: told each action's outcome and each idle screen
/// reached, and each screen whose every action was tried, it notes the problems, one finding a
/// problem (``ExploreFinding/problem``) with the number of paths that met it.
final class Judge {
    private let app: any ExploreApp
    private let scheme: Scheme
    private let variables: [String: String]
    private let wait: TimeInterval
    private let auditSkipping: Set<AuditRule>
    /// The findings, in the order their problems were first met.
    private(set) var findings: [ExploreFinding] = []
    /// Each problem's finding, by ``ExploreFinding/problem``.
    private var byProblem: [String: Int] = [:]
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
        self.scheme = scheme
        self.variables = variables
        self.wait = wait
        self.auditSkipping = auditSkipping
    }

    // MARK: - After an action

    /// The app ended after `action` on `state` (reached by `trace`, the action last): a crash, an
    /// exit with a code other than 0, a hang, a line that is not a frame. An exit with 0 is the
    /// app's end, no problem.
    func ended(_ failure: FlowFailure, after action: ExploreAction, on state: ScreenState, trace: [ExploreAction], origin: ExploreFinding.Origin) {
        let title = state.identity.title
        let details = said(app.errorLines(of: failure))
        let finding: ExploreFinding
        switch failure.cause {
        case let .crashed(signal):
            finding = ExploreFinding(kind: .crash, screen: state.identity, summary: "the app crashed (signal \(signal)) after \(action) on \"\(title)\"",
                                     details: details, actions: trace, signature: "crash \(signal)", secretVariable: nil, alertButtons: [], alert: nil)
        case let .exited(code) where code != 0:
            finding = ExploreFinding(kind: .exit, screen: state.identity, summary: "the app exited with code \(code) after \(action) on \"\(title)\"",
                                     details: details, actions: trace, signature: "exit \(code)", secretVariable: nil, alertButtons: [], alert: nil)
        case .hung:
            finding = ExploreFinding(kind: .hang, screen: state.identity,
                                     summary: "the app never became idle within \(FlowKitSeconds.shown(wait)) after \(action) on \"\(title)\" (it was killed)",
                                     details: details, actions: trace, signature: ExploreFinding.hangSignature, secretVariable: nil, alertButtons: [], alert: nil)
        case let .brokeProtocol(line):
            finding = ExploreFinding(kind: .wireError, screen: state.identity,
                                     summary: "after \(action) on \"\(title)\" the app wrote a line that is not a frame: " + app.mask(String(line.prefix(200))),
                                     details: details, actions: trace, signature: "wire", secretVariable: nil, alertButtons: [], alert: nil)
        case .exited, .check, .refused, .notStarted, .badSetup:
            return
        }
        add(finding, origin: origin)
    }

    /// The app answered `action`, which `state`'s screen offered, with an error (`back` may be
    /// refused: a first screen has nowhere to go back to).
    func refused(_ action: ExploreAction, reason: String, on state: ScreenState, trace: [ExploreAction], origin: ExploreFinding.Origin) {
        guard action.verb != .back else { return }
        add(ExploreFinding(kind: .refused, screen: state.identity, summary: "\"\(state.identity.title)\" offers \(action), and the app refused it: \(app.mask(reason))",
                           details: [], actions: trace, signature: "refused \(action.verb) \(action.identifier ?? "")", secretVariable: nil, alertButtons: [], alert: nil),
            origin: origin)
    }

    /// The app crashed or hung while it launched: a finding with no step.
    func launchFailed(_ failure: FlowFailure, origin: ExploreFinding.Origin) {
        let placeholder = ScreenIdentity(ScreenSnapshot(title: Self.launchTitle, elements: []))
        let kind: ExploreFinding.Kind = switch failure.cause {
        case .crashed: .crash
        case .hung: .hang
        case .exited: .exit
        case .brokeProtocol: .wireError
        case .check, .refused, .notStarted, .badSetup: .crash
        }
        add(ExploreFinding(kind: kind, screen: placeholder, summary: "the app did not start: \(app.mask(failure.reason))",
                           details: said(app.errorLines(of: failure)), actions: [], signature: "launch", secretVariable: nil, alertButtons: [], alert: nil),
            origin: origin)
    }

    /// The title of the screen a launch failure is said to be on.
    static let launchTitle = "(launch)"

    // MARK: - On a screen

    /// An idle screen reached by `trace`: the accessibility audit (every screen: a label is no part
    /// of a screen's identity, and a label no one can read is what the audit finds) and the secrets.
    func screen(_ frame: Frame, on state: ScreenState, trace: [ExploreAction], origin: ExploreFinding.Origin) {
        // One finding a rule broken: each rule is its own problem. Back is a way on (enabledWayOn),
        // and whether back leads anywhere is known once it was tried: that rule waits for
        // `explored`, as a dead end does.
        let audit = AccessibilityAudit.findings(in: frame.screen, skipping: auditSkipping, canGoBack: true)
        for rule in Set(audit.map(\.rule)).sorted() {
            add(auditFinding(rule, audit.filter { $0.rule == rule }, on: state, trace: trace), origin: origin)
        }
        for (variable, value) in secretsToLookFor(after: trace) where Self.shows(frame, value) {
            add(ExploreFinding(kind: .secretShown, screen: state.identity,
                               summary: "\"\(state.identity.title)\" shows the secret \(variable.map { "${\($0)}" } ?? "typed into a secure field")",
                               details: [], actions: trace, signature: "secret \(variable ?? "typed")", secretVariable: variable, alertButtons: [], alert: nil),
                origin: origin)
        }
    }

    /// The properties that did not hold after an action on `actionOn` (nil: a launch) that reached
    /// `reached` by `trace`: an invariant's finding is on the screen reached, an action property's
    /// on the screen its action was taken on.
    func broken(_ violations: [PropertyViolation], actionOn: ScreenState?, reached: ScreenState, trace: [ExploreAction], origin: ExploreFinding.Origin) {
        for violation in violations {
            add(propertyFinding(violation, on: violation.kind == .invariant ? reached : actionOn ?? reached, trace: trace), origin: origin)
        }
    }

    /// The finding of a property that does not hold on `state` (for an action property, the
    /// state the action was taken on), reached by `trace`: its summary, and what its worker wrote
    /// to standard error when its check ended the worker.
    private func propertyFinding(_ violation: PropertyViolation, on state: ScreenState, trace: [ExploreAction]) -> ExploreFinding {
        let property = properties?.properties.first { $0.name == violation.property }
        return ExploreFinding(kind: .property, screen: state.identity, summary: app.mask(violation.message),
                              details: (property.map { [$0.summary] } ?? []) + violation.details.map(app.mask),
                              actions: trace, signature: "property \(violation.property)", secretVariable: nil, alertButtons: [], alert: nil, property: property)
    }

    /// One rule's audit findings on `state`, reached by `trace`, as one finding keyed by the rule
    /// and the elements that break it (`said` ends its summary).
    private func auditFinding(_ rule: AuditRule, _ broken: [AuditFinding], on state: ScreenState, trace: [ExploreAction], said: String = "") -> ExploreFinding {
        var finding = ExploreFinding(kind: .audit, screen: state.identity,
                                     summary: "the accessibility audit of \"\(state.identity.title)\" found \(broken.count) problem\(broken.count == 1 ? "" : "s") (\(rule.rawValue))" + said,
                                     details: broken.map { app.mask($0.description) }, actions: trace, signature: "audit " + rule.rawValue,
                                     secretVariable: nil, alertButtons: [], alert: nil)
        finding.auditKeys = Self.auditKeys(broken)
        return finding
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

    // MARK: - Once every action was tried

    /// Every action of `state` was tried, with these outcomes: a dead end when none led anywhere
    /// (not even back) and none ended the app; an alert no button takes away when it is one.
    func explored(_ state: ScreenState, leaving: [(action: ExploreAction, to: ScreenState?, outcome: String)], origin: ExploreFinding.Origin) {
        let backLeads = leaving.contains { $0.action.verb == .back && $0.to != nil && $0.to !== state }
        let stuck = AccessibilityAudit.findings(in: state.screen, skipping: auditSkipping, canGoBack: backLeads).filter { $0.rule == .enabledWayOn }
        if !stuck.isEmpty {
            add(auditFinding(.enabledWayOn, stuck, on: state, trace: state.path, said: ", and back leads nowhere"), origin: origin)
        }
        let ways = leaving.filter { ($0.to != nil && $0.to !== state) || $0.outcome == "ended" }
        let fails = leaving.contains { ["crashed", "exited", "hung", "broke"].contains($0.outcome) }
        guard ways.isEmpty, !fails else { return }
        if let alert = state.screen.topAlert {
            let buttons = alert.children.filter { $0.kind == .button && $0.isEnabled }.map(\.identifier)
            add(ExploreFinding(kind: .alertNeverCloses, screen: state.identity,
                               summary: "the alert \"\(alert.identifier)\" on \"\(state.identity.title)\" stays up whatever is answered (\(buttons.joined(separator: ", ")))",
                               details: [], actions: state.path, signature: "alert \(alert.identifier)", secretVariable: nil, alertButtons: buttons, alert: alert.identifier),
                origin: origin)
        } else {
            let tried = leaving.map(\.action.description)
            add(ExploreFinding(kind: .deadEnd, screen: state.identity,
                               summary: "\"\(state.identity.title)\" is a dead end: nothing on it leads anywhere, not even back"
                                   + (tried.isEmpty ? "" : " (tried: \(tried.joined(separator: ", ")))"),
                               details: [], actions: state.path, signature: "dead end", secretVariable: nil, alertButtons: [], alert: nil),
                origin: origin)
        }
    }

    // MARK: - One finding a problem

    /// Notes `finding`, or, when its problem is known, one more path that met it.
    func add(_ finding: ExploreFinding, origin: ExploreFinding.Origin) {
        let trace = Self.digest(of: finding.actions)
        if let index = byProblem[finding.problem] {
            findings[index].traces.insert(trace)
            return
        }
        var finding = finding
        finding.origin = origin
        finding.traces = [trace]
        finding.seconds = elapsed()
        byProblem[finding.problem] = findings.count
        findings.append(finding)
    }

    /// Whether a problem is known already.
    func knows(_ problem: String) -> Bool {
        byProblem[problem] != nil
    }

    /// The digest of a path: its steps as a flow writes them.
    static func digest(of actions: [ExploreAction]) -> String {
        ScreenIdentity.digest(of: actions.map(\.yaml).joined(separator: "\n"))
    }

    /// What of the app's standard error a finding shows: the lines that say what went wrong (a
    /// fatal error's), else the last few; secrets masked.
    private func said(_ lines: [String]) -> [String] {
        let telling = lines.filter { $0.localizedCaseInsensitiveContains("fatal error") || $0.contains(": error:") || $0.hasPrefix("error:") }
        return (telling.isEmpty ? Array(lines.suffix(5)) : Array(telling.prefix(3))).map(app.mask)
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
