import FlowKit
import Foundation

/// How a crawl runs: its budgets, its wait for an app that hangs, what tells screens apart, and
/// what it leaves out.
package struct ExploreOptions: Sendable {
    /// The most actions tried, each once from the screen it is tried on (replays to get back to a
    /// screen do not count).
    package var maxActions: Int
    /// The most actions from the first screen to a screen that is explored; screens deeper are
    /// noted, not explored.
    package var maxDepth: Int
    /// The most time the crawl takes (shrinking what it found included).
    package var time: Duration
    /// The longest an action waits for the app to be idle before the app is said to hang (seconds).
    package var wait: TimeInterval
    /// What tells screens apart.
    package var rules: ScreenIdentity.Rules
    /// Accessibility rules left out of the audit of each screen.
    package var auditSkipping: Set<AuditRule>
    /// Shrink each finding to the fewest steps that still show it (on by default).
    package var shrinks: Bool
    /// The seeded random walks after the map (or alone): none by default.
    package var walks: WalkOptions
    /// Whether the breadth-first map is made (before the walks, if any); false walks alone.
    package var maps: Bool
    /// The most states one structure is given in ``ScreenIdentity/Rules/Mode/data``: further
    /// ones are one state, `data other`, so a counter cannot make an endless map.
    package var dataLimit: Int
    /// Check the app's properties on every state and after every action (on by default;
    /// `--no-properties` leaves them out, as the bench's crawl without them does).
    package var checksProperties = true
    /// Stop once this many problems are found (nil: go on to the end of the budgets): the
    /// findings are shrunk and written as ever, and the crawl says it stopped early.
    package var maxFindings: Int?

    /// The defaults of a crawl made in code: 5,000 actions, a depth of 20, a minute, 5 s for a hang,
    /// every audit rule, the map and no walks (the command line walks until the time is up).
    package init(
        maxActions: Int = ExploreOptions.defaultMaxActions, maxDepth: Int = ExploreOptions.defaultMaxDepth,
        time: Duration = .seconds(ExploreOptions.defaultSeconds), wait: TimeInterval = ExploreOptions.defaultWait,
        rules: ScreenIdentity.Rules = ScreenIdentity.Rules(), auditSkipping: Set<AuditRule> = [], shrinks: Bool = true,
        walks: WalkOptions = WalkOptions(), maps: Bool = true, dataLimit: Int = ExploreOptions.defaultDataLimit
    ) {
        self.maxActions = maxActions
        self.maxDepth = maxDepth
        self.time = time
        self.wait = wait
        self.rules = rules
        self.auditSkipping = auditSkipping
        self.shrinks = shrinks
        self.walks = walks
        self.maps = maps
        self.dataLimit = dataLimit
    }

    /// Whether this crawl makes the map: when ``maps`` says so, on the first shard only when the
    /// walks are split (the map is the same on every machine, and the walks do not depend on it).
    package var makesMap: Bool {
        maps && (walks.shard.map { $0.index == 1 } ?? true)
    }

    /// The default bound on the states of one structure made by data.
    package static let defaultDataLimit = 4

    /// The default action budget.
    package static let defaultMaxActions = 5000
    /// The default depth.
    package static let defaultMaxDepth = 20
    /// The default time budget, in seconds: the map, then walks until it is up (a fifth of it left
    /// to shrink what they found), the first command a newcomer types answered within a minute.
    package static let defaultSeconds: Double = 60
    /// The default wait for an app that hangs, in seconds: an idle app answers in milliseconds.
    package static let defaultWait: TimeInterval = 5
}

/// The seeded random walks of a crawl: how many, how long, from which seed, and which of them
/// this machine takes (`--shard I/N`). Each walk starts from a fresh launch and is chosen by its
/// own seed, made from the crawl's seed and its number, and by the map: the same seed walks the
/// same walks, action for action, on one machine or split between several.
package struct WalkOptions: Sendable, Equatable {
    /// How many walks (0: none; nil: one after another until the crawl's time is up).
    package var count: Int?
    /// The most actions a walk takes after its launch.
    package var length: Int
    /// The seed every walk's own seed is made from.
    package var seed: UInt64
    /// This machine's share: walk `k` (from 0) is shard `k % count + 1`'s; nil: every walk.
    package var shard: ExploreShard?

    /// `count` walks of at most `length` actions from `seed`, all of them or a shard's.
    package init(count: Int? = 0, length: Int = WalkOptions.defaultLength, seed: UInt64 = 0, shard: ExploreShard? = nil) {
        self.count = count
        self.length = length
        self.seed = seed
        self.shard = shard
    }

    /// The default length of a walk.
    package static let defaultLength = 50

    /// Whether there are walks at all.
    package var walks: Bool { count.map { $0 > 0 } ?? true }

    /// The walks this machine takes, by number from 0, of a crawl of `count` walks.
    package func mine(of count: Int) -> [Int] {
        guard let shard else { return Array(0..<count) }
        return (0..<count).filter { $0 % shard.count == shard.index - 1 }
    }

    /// The walks this machine takes, by number from 0 (none when no number is set).
    package var mine: [Int] { count.map(mine(of:)) ?? [] }

    /// The walks this machine takes, by number from 0: its share of the count, or one after
    /// another with no end (the crawl's time ends them).
    var numbers: AnySequence<Int> {
        if let count { return AnySequence(mine(of: count)) }
        let shard = self.shard
        return AnySequence((0...).lazy.filter { number in shard.map { number % $0.count == $0.index - 1 } ?? true })
    }

    /// Walk `number`'s own seed: the crawl's seed and the number, mixed (SplitMix64's finaliser),
    /// so that neighbouring numbers walk unrelated walks.
    package func seed(ofWalk number: Int) -> UInt64 {
        SeededRandom.mix(seed &+ UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15)
    }
}

/// One machine's share of a crawl's walks: `I/N`.
package struct ExploreShard: Sendable, Equatable, Codable {
    /// Which share, from 1.
    package var index: Int
    /// Of how many.
    package var count: Int

    /// Share `index` of `count`.
    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}

/// Where the crawl starts: the first screen, or where a prefix that gets past a sign-in ends.
package enum ExplorePrefix: Sendable, Equatable {
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
package struct ExploreProgress: Sendable {
    /// Distinct screens so far.
    package let screens: Int
    /// Actions tried so far.
    package let actions: Int
    /// Findings so far.
    package let findings: Int
    /// Time since the crawl began.
    package let elapsed: Duration
    /// Actions left in the budget.
    package let actionsLeft: Int
    /// Time left in the budget.
    package let timeLeft: Duration
    /// What the crawl is doing: `exploring`, `shrinking 2 of 3`.
    package let phase: String

    /// `screens 12  actions 340  findings 1  2.1 s  (4,660 actions, 297.9 s left)`.
    package var line: String {
        "\(phase): screens \(screens)  actions \(actions)  findings \(findings)  \(Self.seconds(elapsed))  "
            + "(budget left: \(actionsLeft) actions, \(Self.seconds(timeLeft)))"
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f s", max(0, duration / .seconds(1)))
    }
}
