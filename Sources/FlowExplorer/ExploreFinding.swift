import FlowKit

/// A problem the crawl found, as it was found: its kind, where, and the actions that led to it
/// (before it is shrunk to the fewest that still show it).
public struct ExploreFinding: Sendable {
    /// What kind of problem.
    public enum Kind: String, Codable, Sendable, CaseIterable, Comparable {
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

        /// How the report and the flow's name say it.
        public var title: String {
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
            }
        }

        /// True for a problem an action brings about (the flow ends with that action); false for
        /// one a screen has (the flow reaches the screen, then checks it).
        var isAnAction: Bool {
            switch self {
            case .crash, .exit, .hang, .refused, .wireError: true
            case .audit, .deadEnd, .secretShown, .alertNeverCloses: false
            }
        }

        /// In the order declared.
        public static func < (a: Kind, b: Kind) -> Bool {
            (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
        }
    }

    /// What kind of problem.
    public let kind: Kind
    /// The screen it happened on (the screen the action was taken on, for an action's problem).
    public let screen: ScreenIdentity
    /// One line: what went wrong.
    public internal(set) var summary: String
    /// More: the app's standard error, the audit's findings (secrets masked).
    public let details: [String]
    /// The actions after the prefix that led to it; for an action's problem, the last one is it.
    public internal(set) var actions: [ExploreAction]
    /// How many actions it was found after, before it was shrunk.
    public internal(set) var foundAfter: Int
    /// The fresh launches shrinking it took (0 when it was not shrunk).
    public internal(set) var replays = 0
    /// What makes another occurrence the same problem: the signal, the rule, the secret's variable.
    let signature: String
    /// The secret's variable, for a secret shown (the flow checks it is not shown).
    let secretVariable: String?
    /// The alert's buttons, for an alert no button closes.
    let alertButtons: [String]
    /// The alert's identifier, for an alert no button closes.
    let alert: String?

    init(
        kind: Kind, screen: ScreenIdentity, summary: String, details: [String], actions: [ExploreAction], signature: String,
        secretVariable: String?, alertButtons: [String], alert: String?
    ) {
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
