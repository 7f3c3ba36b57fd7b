import FlowKit
import FlowRunner

/// A problem the crawl found, as it was found: its kind, where, and the actions that led to it
/// (before it is shrunk to the fewest that still show it).
package struct ExploreFinding: Sendable {
    /// What kind of problem.
    package enum Kind: String, Codable, Sendable, CaseIterable, Comparable {
        /// A signal ended the app after an action.
        case crash
        /// The app exited by itself with a code other than 0 after an action.
        case exit
        /// The app never became idle within the wait after an action (it was killed).
        case hang
        /// The app answered an action its own screen offered with an error.
        case refused
        /// The app wrote a line that is not a frame.
        case wireError
        /// The accessibility audit found something on a screen (the rules of `--audit`).
        case audit
        /// A screen with no way out: no action leads to another screen, not even back.
        case deadEnd
        /// A scheme's secret (or a secret typed into a secure field) shown on a screen.
        case secretShown
        /// An alert that none of its buttons takes away.
        case alertNeverCloses
        /// A property the app declares does not hold (``AppProperty``): what is wrong with this
        /// app, not with any app.
        case property

        /// How the report and the flow's name say it.
        package var title: String {
            switch self {
            case .crash: "the app crashed"
            case .exit: "the app exited"
            case .hang: "the app hung"
            case .refused: "the app refused an action its screen offers"
            case .wireError: "the app broke the automation protocol"
            case .audit: "an accessibility audit finding"
            case .deadEnd: "a dead end"
            case .secretShown: "a secret shown"
            case .alertNeverCloses: "an alert no button closes"
            case .property: "a property does not hold"
            }
        }

        /// What it is, as docs/explore.md's table says it.
        package var what: String {
            switch self {
            case .crash: "the app died of a signal after an action (its last lines of standard error)"
            case .exit: "the app exited with a code other than 0"
            case .hang: "the app was not idle within `--wait` (it is killed)"
            case .refused: "the screen offered an action and the app answered with an error"
            case .wireError: "the app wrote a line that is not a frame"
            case .audit: "an accessibility audit finding on a screen reached (the rules of `flow run --audit`; `--audit-skip RULE` leaves one out)"
            case .deadEnd: "a screen with no action that leads anywhere, not even back, short of the app's end, nor changes what the screen holds (a row added, a value changed)"
            case .secretShown: "a scheme's secret (or the made-up secret typed into a secure field) on a screen"
            case .alertNeverCloses: "an alert that stays up whatever is answered"
            case .property: "a property the app declares beside its robots does not hold on a screen reached (an invariant), or after an action (an action property, eventually); one that throws, traps or never returns is one too"
            }
        }

        /// How the flow written for it ends, as docs/explore.md's table says it.
        package var flowEnds: String {
            switch self {
            case .crash: "the action; `flow run` fails with `the app crashed (signal N)`"
            case .exit, .hang, .refused, .wireError: "the action"
            case .audit: "`assertAccessible`"
            case .deadEnd: "`assertWayOut`"
            case .secretShown: "`assertNotShown: \"${name}\"`"
            case .alertNeverCloses: "`assertWayOut` (each of the alert's buttons tried in turn)"
            case .property: "`assertProperty: NAME` (after the action, for an action property)"
            }
        }

        /// The table of the kinds in docs/explore.md: each kind, what it is, what makes two of it
        /// one problem, and how its flow ends.
        package static var table: String {
            (["| Kind | What | One problem | The flow written for it ends with |", "|---|---|---|---|"]
                + allCases.map { "| `\($0.rawValue)` | \($0.what) | \($0.sameProblem) | \($0.flowEnds) |" }).joined(separator: "\n") + "\n"
        }

        /// The section of docs/explore.md that ``table`` is (`flow docs --update docs/explore.md`).
        package static let tableSection = GeneratedSection(name: "finding kinds", source: "the kinds of finding explore declares")

        /// What makes two occurrences of this kind one problem, as docs/explore.md says it (the
        /// table there is made from these: a test fails when it differs).
        package var sameProblem: String {
            switch self {
            case .crash, .exit: "the same signal or code, after the same action (its verb and control; any row of a list is its class) on a screen of the same title"
            case .hang, .wireError: "the same action (its verb and control; any row of a list is its class) on a screen of the same title"
            case .refused: "the same refused action on a screen of the same title"
            case .audit: "the same rules broken by the same elements (rows and controls alike by their class) on a screen of the same title"
            case .deadEnd: "a screen of the same title"
            case .secretShown: "the same secret on a screen of the same title"
            case .alertNeverCloses: "the same alert, whatever screen it is over"
            case .property: "the same property on a screen of the same title (for an action property, the screen its action was taken on, whichever of its actions)"
            }
        }

        /// True for a problem an action brings about (the flow ends with that action); false for
        /// one a screen has (the flow reaches the screen, then checks it).
        var isAnAction: Bool {
            switch self {
            case .crash, .exit, .hang, .refused, .wireError: true
            case .audit, .deadEnd, .secretShown, .alertNeverCloses, .property: false
            }
        }

        /// In the order declared.
        package static func < (a: Kind, b: Kind) -> Bool {
            (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
        }
    }

    /// What was found, one case a kind, with what shows it (the app's last lines of standard
    /// error, the audit's findings, the secret's variable, the alert and its buttons, the property).
    package enum Evidence: Sendable {
        /// A signal ended the app: which, and what it wrote to standard error.
        case crash(signal: Int32, standardError: [String])
        /// The app exited by itself with `code` (not 0).
        case exit(code: Int32, standardError: [String])
        /// The app was not idle within the wait, and was killed.
        case hang(standardError: [String])
        /// The app wrote `line`, which is not a frame.
        case wireError(standardError: [String])
        /// The app refused an action its screen offered.
        case refused
        /// The audit found `rule` broken, by these elements (each said), known by `keys`.
        case audit(rule: AuditRule, findings: [String], keys: [String])
        /// Nothing on the screen led anywhere.
        case deadEnd
        /// The secret `variable` (nil: what was typed into a secure field) is shown.
        case secretShown(variable: String?)
        /// The alert `alert` stays up whichever of `buttons` is answered.
        case alertNeverCloses(alert: String, buttons: [String])
        /// `property` does not hold: its summary, and what its worker wrote to standard error
        /// when its check ended the worker.
        case property(AppProperty, workerSaid: [String])

        /// Its kind.
        package var kind: Kind {
            switch self {
            case .crash: .crash
            case .exit: .exit
            case .hang: .hang
            case .wireError: .wireError
            case .refused: .refused
            case .audit: .audit
            case .deadEnd: .deadEnd
            case .secretShown: .secretShown
            case .alertNeverCloses: .alertNeverCloses
            case .property: .property
            }
        }

        /// What it says beside the summary (secrets masked as they were met): the app's standard
        /// error, the audit's findings, the property's summary and what its worker said.
        package var details: [String] {
            switch self {
            case let .crash(_, lines), let .exit(_, lines), let .hang(lines), let .wireError(lines): lines
            case let .audit(_, findings, _): findings
            case let .property(property, said): [property.summary] + said
            case .refused, .deadEnd, .secretShown, .alertNeverCloses: []
            }
        }
    }

    /// What was found, and what shows it.
    package let evidence: Evidence
    /// What kind of problem.
    package var kind: Kind { evidence.kind }
    /// The screen it happened on (the screen the action was taken on, for an action's problem).
    package let screen: ScreenIdentity
    /// One line: what went wrong.
    package internal(set) var summary: String
    /// More: the app's standard error, the audit's findings, the property's (secrets masked).
    package var details: [String] { evidence.details }
    /// The actions after the prefix that led to it; for an action's problem, the last one is it.
    package internal(set) var actions: [ExploreAction]
    /// How many actions it was found after, before it was shrunk.
    package internal(set) var foundAfter: Int
    /// The fresh launches shrinking it took (0 when it was not shrunk).
    package internal(set) var replays = 0
    /// The app did not start: a problem of the launch, no action's.
    package let atLaunch: Bool
    /// Where it was first found: the map, or which walk.
    package internal(set) var origin: Origin = .map
    /// The different action sequences (from a launch) that reached it, each by its digest: the
    /// paths that met the same problem (``problem``).
    package internal(set) var traces: Set<String> = []
    /// When it was first met, in seconds since the crawl began.
    package internal(set) var seconds: Double = 0
    /// How many different action sequences reached it.
    package var paths: Int { max(1, traces.count) }

    /// A finding of `evidence` on `screen`, said `summary`, after `actions` (`atLaunch`: the app did not start).
    init(_ evidence: Evidence, screen: ScreenIdentity, summary: String, actions: [ExploreAction], atLaunch: Bool = false) {
        self.evidence = evidence
        self.screen = screen
        self.summary = summary
        self.actions = actions
        foundAfter = actions.count
        self.atLaunch = atLaunch
    }

    /// Where a finding was first found.
    package enum Origin: Sendable, Equatable, Comparable, CustomStringConvertible {
        /// The breadth-first map.
        case map
        /// The walk of this number (from 0).
        case walk(Int)

        /// `map`, `walk 12`.
        package var description: String {
            switch self {
            case .map: "map"
            case let .walk(number): "walk \(number)"
            }
        }

        /// Reads `map` or `walk N`.
        package init?(_ text: String) {
            if text == "map" {
                self = .map
            } else if text.hasPrefix("walk "), let number = Int(text.dropFirst(5)), number >= 0 {
                self = .walk(number)
            } else {
                return nil
            }
        }

        /// The map first, then the walks by number: the order one machine finds them in.
        package static func < (a: Origin, b: Origin) -> Bool {
            switch (a, b) {
            case (.map, .walk): true
            case let (.walk(x), .walk(y)): x < y
            case (.map, .map), (.walk, .map): false
            }
        }
    }

    /// The signature of every hang.
    static let hangSignature = "hang"

    /// A problem's identity (``Problem``): its kind, its cause, its place. For an action's
    /// problem, the screen's title and the action's verb and control (a row by its class); for a
    /// screen's, the title (and the audit's findings, or the secret); for an alert that stays, the
    /// alert alone; for the launch, its kind.
    package var problem: Problem {
        let title = screen.title
        if atLaunch { return .launch(kind) }
        switch evidence {
        case let .crash(signal, _): return .crash(signal: signal, title: title, control: actions.last?.problemControl ?? "launch")
        case let .exit(code, _): return .exit(code: code, title: title, control: actions.last?.problemControl ?? "launch")
        case .hang: return .hang(title: title, control: actions.last?.problemControl ?? "launch")
        case .wireError: return .wire(title: title, control: actions.last?.problemControl ?? "launch")
        case .refused: return .refused(verb: actions.last?.verb.rawValue ?? "", identifier: actions.last?.identifier ?? "", title: title,
                                      control: actions.last?.problemControl ?? "launch")
        case let .audit(rule, _, keys): return .audit(rule: rule, title: title, keys: keys)
        case .deadEnd: return .deadEnd(title: title)
        case let .secretShown(variable): return .secret(variable: variable, title: title)
        case let .alertNeverCloses(alert, _): return .alert(alert)
        case let .property(property, _): return .property(name: property.name, title: title)
        }
    }

    /// What makes two occurrences one problem, as ``Kind/sameProblem`` says it in words: a value
    /// the judge keeps findings by, said in `map.json` as its ``description``.
    package enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// The signal, after the action on the control (`tap cell book-#`) on a screen of the title.
        case crash(signal: Int32, title: String, control: String)
        /// The exit code, after the action on the control on a screen of the title.
        case exit(code: Int32, title: String, control: String)
        /// A hang after the action on the control on a screen of the title.
        case hang(title: String, control: String)
        /// A line that is not a frame after the action on the control on a screen of the title.
        case wire(title: String, control: String)
        /// The action (its verb and identifier) refused on a screen of the title that offers it.
        case refused(verb: String, identifier: String, title: String, control: String)
        /// The rule broken by the elements its keys name, on a screen of the title.
        case audit(rule: AuditRule, title: String, keys: [String])
        /// A screen of the title with no way on.
        case deadEnd(title: String)
        /// The secret of the variable (nil: what was typed into a secure field) on a screen of the title.
        case secret(variable: String?, title: String)
        /// The alert, whatever screen it is over.
        case alert(String)
        /// The property, on a screen of the title.
        case property(name: String, title: String)
        /// The app did not start, with this kind (a crash, a hang, an exit, a broken line).
        case launch(Kind)

        /// `crash crash 4 | Desk | tap cell book-#`: its kind, its signature, its place.
        package var description: String {
            func said(_ kind: Kind, _ signature: String, _ place: String) -> String { "\(kind.rawValue) \(signature) | \(place)" }
            return switch self {
            case let .crash(signal, title, control): said(.crash, "crash \(signal)", title + " | " + control)
            case let .exit(code, title, control): said(.exit, "exit \(code)", title + " | " + control)
            case let .hang(title, control): said(.hang, ExploreFinding.hangSignature, title + " | " + control)
            case let .wire(title, control): said(.wireError, "wire", title + " | " + control)
            case let .refused(verb, identifier, title, control): said(.refused, "refused \(verb) \(identifier)", title + " | " + control)
            case let .audit(rule, title, keys): said(.audit, "audit " + rule.rawValue, title + " | " + keys.joined(separator: "\n"))
            case let .deadEnd(title): said(.deadEnd, "dead end", title)
            case let .secret(variable, title): said(.secretShown, "secret \(variable ?? "typed")", title)
            case let .alert(alert): said(.alertNeverCloses, "alert \(alert)", "alert " + alert)
            case let .property(name, title): said(.property, "property \(name)", title)
            case let .launch(kind): said(kind, "launch", Judge.launchTitle + " | launch")
            }
        }
    }

    /// The property, for a property that does not hold.
    package var property: AppProperty? {
        if case let .property(property, _) = evidence { return property }
        return nil
    }

    /// True when the flow that shows it ends with the action that shows it: an action's problem,
    /// or an action property (its trigger, then `assertProperty`).
    var endsWithItsAction: Bool {
        kind.isAnAction || (kind == .property && property.map { $0.kind != .invariant } == true)
    }
}
