import FlowKit
import Foundation

/// How a crawl runs: its budgets, its wait for an app that hangs, what tells screens apart, and
/// what it leaves out.
public struct ExploreOptions: Sendable {
    /// The most actions tried, each once from the screen it is tried on (replays to get back to a
    /// screen do not count).
    public var maxActions: Int
    /// The most actions from the first screen to a screen that is explored; screens deeper are
    /// noted, not explored.
    public var maxDepth: Int
    /// The most time the crawl takes (shrinking what it found included).
    public var time: Duration
    /// The longest an action waits for the app to be idle before the app is said to hang (seconds).
    public var wait: TimeInterval
    /// What tells screens apart.
    public var rules: ScreenIdentity.Rules
    /// Accessibility rules left out of the audit of each screen.
    public var auditSkipping: Set<AuditRule>
    /// Shrink each finding to the fewest steps that still show it (on by default).
    public var shrinks: Bool

    /// The defaults: 5,000 actions, a depth of 20, 5 minutes, 5 s for a hang, every audit rule.
    public init(
        maxActions: Int = ExploreOptions.defaultMaxActions, maxDepth: Int = ExploreOptions.defaultMaxDepth,
        time: Duration = .seconds(ExploreOptions.defaultSeconds), wait: TimeInterval = ExploreOptions.defaultWait,
        rules: ScreenIdentity.Rules = ScreenIdentity.Rules(), auditSkipping: Set<AuditRule> = [], shrinks: Bool = true
    ) {
        self.maxActions = maxActions
        self.maxDepth = maxDepth
        self.time = time
        self.wait = wait
        self.rules = rules
        self.auditSkipping = auditSkipping
        self.shrinks = shrinks
    }

    /// The default action budget.
    public static let defaultMaxActions = 5000
    /// The default depth.
    public static let defaultMaxDepth = 20
    /// The default time budget, in seconds (Robo's advice for a moderate app).
    public static let defaultSeconds: Double = 300
    /// The default wait for an app that hangs, in seconds: an idle app answers in milliseconds.
    public static let defaultWait: TimeInterval = 5
}

/// Where the crawl starts: the first screen, or where a prefix that gets past a sign-in ends.
public enum ExplorePrefix: Sendable, Equatable {
    /// The app's first screen.
    case none
    /// A step (`Login.login`, `Login.login: {user: ann}`) run before exploring.
    case step(String)
    /// A flow file whose steps (and fixture and launch settings) run before exploring.
    case flow(String)

    /// How the map and the report name it.
    var shown: String? {
        switch self {
        case .none: nil
        case let .step(line): line
        case let .flow(path): path
        }
    }
}

/// How far a crawl has got, for a live progress line.
public struct ExploreProgress: Sendable {
    /// Distinct screens so far.
    public let screens: Int
    /// Actions tried so far.
    public let actions: Int
    /// Findings so far.
    public let findings: Int
    /// Time since the crawl began.
    public let elapsed: Duration
    /// Actions left in the budget.
    public let actionsLeft: Int
    /// Time left in the budget.
    public let timeLeft: Duration
    /// What the crawl is doing: `exploring`, `shrinking 2 of 3`.
    public let phase: String

    /// `screens 12  actions 340  findings 1  2.1 s  (4,660 actions, 297.9 s left)`.
    public var line: String {
        "\(phase): screens \(screens)  actions \(actions)  findings \(findings)  \(Self.seconds(elapsed))  "
            + "(budget left: \(actionsLeft) actions, \(Self.seconds(timeLeft)))"
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f s", max(0, duration / .seconds(1)))
    }
}
