import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import Testing

/// A run's pool of workers: one started ahead is the first checker's, a checker done with its
/// worker (closed, or let go) gives it back for the next, what a checker posted is handed over
/// before it lets its worker go, and a worker that cannot start is tried once.
struct PropertyWorkersTests {
    static let counter = PropertyWorkerProcessTests.counter

    static func pool(_ launch: PropertyWorkerLaunch = DeskWorker.launch("counter")) -> PropertyWorkers {
        PropertyWorkers(launch: launch, properties: counter, variables: [:])
    }

    @Test func aWorkerStartedAheadIsTheFirstCheckersAndGoesFromCheckerToChecker() {
        let pool = Self.pool()
        #expect(pool.start() == nil)
        let first = PropertyChecker(workers: pool, wait: 5)
        #expect(first.check(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: 1)).isEmpty)
        first.close()
        let second = PropertyChecker(workers: pool, wait: 5)
        #expect(second.check(after: nil, invariantsOn: PropertyCheckerTests.frame(2, count: 2)).isEmpty)
        #expect(pool.started == 1, "one worker for both")
    }

    @Test func aCheckerLetGoGivesItsWorkerBack() {
        let pool = Self.pool()
        Self.checkOnce(in: pool)
        Self.checkOnce(in: pool)
        #expect(pool.started == 1)
    }

    @Test func aCheckerClosedHandsOverWhatItsWorkerHadNotAnsweredYet() {
        let checker = PropertyCheckerTests.checker()
        var said: [[String]] = []
        checker.submit(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: -2)) { said.append($0.map(\.property)) }
        #expect(said.isEmpty, "not answered yet")
        checker.close()
        #expect(said == [["countIsNotNegative"]])
    }

    @Test func aWorkerThatCannotStartIsTriedOnceAndWhatIsPostedIsHandedOverWithNothingSaid() {
        let pool = Self.pool(PropertyWorkerLaunch(executable: "/nowhere/flow"))
        let checker = PropertyChecker(workers: pool, wait: 5)
        var said: [[PropertyViolation]] = []
        checker.submit(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: 7)) { said.append($0) }
        #expect(said.count == 1 && said.first?.isEmpty == true, "handed over at once: \(said)")
        #expect(checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(2, count: 7)).isEmpty)
        #expect(pool.started == 1, "tried once")
    }

    // MARK: - Helpers

    /// One check by a checker of `pool`, which is then let go without being closed.
    static func checkOnce(in pool: PropertyWorkers) {
        let checker = PropertyChecker(workers: pool, wait: 5)
        #expect(checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: 1)).isEmpty)
    }
}
