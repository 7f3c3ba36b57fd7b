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
            case .deadEnd: "a screen with no action that leads anywhere, not even back, short of the app's end"
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

    /// What kind of problem.
    package let kind: Kind
    /// The screen it happened on (the screen the action was taken on, for an action's problem).
    package let screen: ScreenIdentity
    /// One line: what went wrong.
    package internal(set) var summary: String
    /// More: the app's standard error, the audit's findings (secrets masked).
    package let details: [String]
    /// The actions after the prefix that led to it; for an action's problem, the last one is it.
    package internal(set) var actions: [ExploreAction]
    /// How many actions it was found after, before it was shrunk.
    package internal(set) var foundAfter: Int
    /// The fresh launches shrinking it took (0 when it was not shrunk).
    package internal(set) var replays = 0
    /// What makes another occurrence the same problem: the signal, the rule, the secret's variable.
    let signature: String
    /// Where it was first found: the map, or which walk.
    package internal(set) var origin: Origin = .map
    /// The different action sequences (from a launch) that reached it, each by its digest: the
    /// paths that met the same problem (``problem``).
    package internal(set) var traces: Set<String> = []
    /// When it was first met, in seconds since the crawl began.
    package internal(set) var seconds: Double = 0
    /// How many different action sequences reached it.
    package var paths: Int { max(1, traces.count) }

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

    /// The problem a hang after `action` on a screen titled `title` would be.
    static func hangProblem(title: String, action: ExploreAction) -> String {
        problem(.hang, signature: hangSignature, place: actionPlace(title: title, action: action))
    }

    /// The signature of every hang.
    static let hangSignature = "hang"

    /// A problem's identity: its kind, its cause, its place.
    private static func problem(_ kind: Kind, signature: String, place: String) -> String {
        "\(kind.rawValue) \(signature) | \(place)"
    }

    /// An action's problem's place: the screen's title and the action's verb and control.
    private static func actionPlace(title: String, action: ExploreAction?) -> String {
        title + " | " + (action?.problemControl ?? "launch")
    }

    /// What makes another occurrence the same problem (``Kind/sameProblem`` in words): its kind,
    /// its cause, and its place: for an action's problem, the screen's title and the action's verb
    /// and control (a row by its class); for a screen's, the title (and the audit's findings, or the
    /// secret); for an alert that stays, the alert alone.
    package var problem: String {
        let place: String = switch kind {
        case .crash, .exit, .hang, .refused, .wireError:
            Self.actionPlace(title: screen.title, action: actions.last)
        case .audit:
            screen.title + " | " + (auditKeys.isEmpty ? details : auditKeys).joined(separator: "\n")
        case .secretShown, .deadEnd:
            screen.title
        case .alertNeverCloses:
            "alert " + (alert ?? "")
        case .property:
            screen.title
        }
        return Self.problem(kind, signature: signature, place: place)
    }
    /// The secret's variable, for a secret shown (the flow checks it is not shown).
    let secretVariable: String?
    /// The alert's buttons, for an alert no button closes.
    let alertButtons: [String]
    /// The alert's identifier, for an alert no button closes.
    let alert: String?
    /// The property, for a property that does not hold.
    let property: AppProperty?
    /// For an audit finding, what makes it the problem it is: each rule broken, with the element
    /// that breaks it by its class (`distinctNames cell "expense-#"`), whatever its words or count.
    var auditKeys: [String] = []

    /// True when the flow that shows it ends with the action that shows it: an action's problem,
    /// or an action property (its trigger, then `assertProperty`).
    var endsWithItsAction: Bool {
        kind.isAnAction || (kind == .property && property.map { $0.kind != .invariant } == true)
    }

    init(
        kind: Kind, screen: ScreenIdentity, summary: String, details: [String], actions: [ExploreAction], signature: String,
        secretVariable: String?, alertButtons: [String], alert: String?, property: AppProperty? = nil
    ) {
        self.property = property
        self.kind = kind
        self.screen = screen
        self.summary = summary
        self.details = details
        self.actions = actions
        self.foundAfter = actions.count
        self.signature = signature
        self.secretVariable = secretVariable
        self.alertButtons = alertButtons
        self.alert = alert
    }
}
