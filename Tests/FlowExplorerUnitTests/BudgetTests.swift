@testable import FlowExplorer
import Testing

/// The limits every strategy runs within: each says why the crawl stops at its bound and not a
/// step before; the map's actions count only when asked; Ctrl-C first; progress told as it comes.
struct BudgetTests {
    static func budget(actions: Int = 10, findings: Int? = nil, found: Int = 0, interrupted: Bool = false, progress: @escaping (Budget, String) -> Void = { _, _ in }) -> Budget {
        Budget(maxActions: actions, maxFindings: findings, findings: { found }, time: .seconds(3600), start: ContinuousClock.now, interrupted: { interrupted }, progress: progress)
    }

    @Test func theActionsStopTheMapAtTheirBoundAndNotBeforeAndNeverTheWalks() {
        let budget = Self.budget(actions: 3)
        budget.tried = 2
        #expect(budget.stop() == nil, "one action left")
        budget.tried = 3
        #expect(budget.stop() == .maxActions, "the map counts its actions by default")
        #expect(budget.stop(countingActions: false) == nil, "the walks do not")
    }

    @Test func theFindingsStopTheCrawlAtTheirBoundAndNotBefore() {
        #expect(Self.budget(findings: 2, found: 1).stop() == nil)
        #expect(Self.budget(findings: 2, found: 2).stop() == .maxFindings)
        #expect(Self.budget(findings: nil, found: 99).stop() == nil, "no limit without --max-findings")
    }

    @Test func ctrlCComesFirstAndTheTimeEndsTheCrawl() {
        #expect(Self.budget(actions: 0, findings: 0, interrupted: true).stop() == .interrupted)
        let late = Budget(maxActions: 10, time: .zero, start: ContinuousClock.now, interrupted: { false })
        #expect(late.stop(countingActions: false) == .time)
        #expect(Self.budget().stop() == nil)
    }

    @Test func progressIsToldEachPhaseAndDoneIsComplete() {
        var told: [String] = []
        Self.budget { _, phase in told.append(phase) }.report("walking 1 of 2")
        #expect(told == ["walking 1 of 2"])
        #expect(StrategyEnd.done == StrategyEnd(ended: .done, complete: true))
    }
}
