import PresenterKit
import PresenterKitTesting
import Testing

@MainActor
struct ManualSchedulerTests {
    @Test func holdsWorkUntilTheTestRunsIt() {
        let scheduler = ManualScheduler()
        var results: [Int] = []

        scheduler.schedule({ 1 }) { results.append(try! $0.get()) }
        scheduler.schedule({ 2 }) { results.append(try! $0.get()) }
        #expect(results.isEmpty)
        #expect(scheduler.pendingWorkCount == 2)

        #expect(scheduler.runNext())
        #expect(results == [1])
        #expect(scheduler.pendingWorkCount == 1)
    }

    @Test func runAllRunsWorkScheduledByCompletions() {
        let scheduler = ManualScheduler()
        var results: [Int] = []
        scheduler.schedule({ 1 }) { first in
            results.append(try! first.get())
            scheduler.schedule({ 2 }) { results.append(try! $0.get()) }
        }

        scheduler.runAll()

        #expect(results == [1, 2])
        #expect(!scheduler.runNext())
    }

    @Test func runsImmediatelyWhenAskedTo() {
        let scheduler = ManualScheduler(runsImmediately: true)
        var result: Int?
        scheduler.schedule({ 7 }) { result = try? $0.get() }
        #expect(result == 7)
        #expect(scheduler.pendingWorkCount == 0)
    }
}
