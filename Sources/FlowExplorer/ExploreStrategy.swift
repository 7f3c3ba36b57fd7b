import FlowKit

/// A way of choosing what to do next over the one ``Crawl`` (its map, where the app is) and its
/// ``Judge``: ``BreadthFirst`` maps every screen, ``RandomWalks`` walks from fresh launches by
/// seed. A third is one more type of this protocol, in a file of its own.
protocol ExploreStrategy {
    /// Crawls until it is done or `budget` says to stop; says how it ended.
    mutating func run(on crawl: Crawl, budget: Budget) -> StrategyEnd
}

/// How a strategy ended: why, and whether it did all it had to.
struct StrategyEnd: Equatable {
    var ended: CrawlEnd
    var complete: Bool

    static let done = StrategyEnd(ended: .done, complete: true)
}

/// The limits every strategy runs within: the time and the actions tried, counted together, the
/// problems found (`--max-findings`), and Ctrl-C; and who is told how far the crawl has got.
final class Budget {
    let maxActions: Int
    /// Stop once this many problems are found (nil: no such limit).
    let maxFindings: Int?
    /// How many problems were found so far.
    let findings: () -> Int
    let time: Duration
    let start: ContinuousClock.Instant
    let clock = ContinuousClock()
    let interrupted: () -> Bool
    /// Told after each action, with what the crawl is doing.
    private let progress: (Budget, String) -> Void
    /// Actions tried by the map (each once from its screen).
    var tried = 0

    init(maxActions: Int, maxFindings: Int? = nil, findings: @escaping () -> Int = { 0 }, time: Duration, start: ContinuousClock.Instant,
         interrupted: @escaping () -> Bool, progress: @escaping (Budget, String) -> Void = { _, _ in }) {
        self.maxActions = maxActions
        self.maxFindings = maxFindings
        self.findings = findings
        self.time = time
        self.start = start
        self.interrupted = interrupted
        self.progress = progress
    }

    /// Why the crawl stops now, if it does: Ctrl-C, the problems found, the time, or (for the map,
    /// which counts its actions against `--max-actions`) the actions.
    func stop(countingActions: Bool = true) -> CrawlEnd? {
        if interrupted() { return .interrupted }
        if let maxFindings, findings() >= maxFindings { return .maxFindings }
        if countingActions, tried >= maxActions { return .maxActions }
        if clock.now - start >= time { return .time }
        return nil
    }

    /// Tells who watches what the crawl is doing now (`exploring`, `walking 3 of 200`).
    func report(_ phase: String) {
        progress(self, phase)
    }

    /// The time since the crawl began.
    var elapsed: Duration { clock.now - start }

    /// The time left.
    var timeLeft: Duration { time - (clock.now - start) }

    /// A budget that ends `share` of the whole time before this one (and counts the same actions
    /// and findings): what walks until the time is up run within, so shrinking has the rest.
    func leaving(_ share: Double) -> Budget {
        let budget = Budget(maxActions: maxActions, maxFindings: maxFindings, findings: findings, time: time * (1 - share), start: start,
                            interrupted: interrupted, progress: progress)
        budget.tried = tried
        return budget
    }
}
