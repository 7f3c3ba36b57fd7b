import PresenterKit
import Testing

@MainActor
struct BackgroundSchedulerTests {
    @Test func countsWorkInFlightUntilItsCompletionHasRun() async {
        let scheduler = BackgroundScheduler()
        var countSeenByCompletion: Int?

        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            scheduler.onSettle = { done.resume() }
            scheduler.schedule({ 42 }) { _ in countSeenByCompletion = scheduler.pendingWorkCount }
            #expect(scheduler.pendingWorkCount == 1)
        }

        #expect(countSeenByCompletion == 1, "work counts as in flight while its completion runs")
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test func deliversTheWorksResultOnTheMainActor() async {
        let scheduler = BackgroundScheduler()
        let result = await withCheckedContinuation { (done: CheckedContinuation<Int?, Never>) in
            scheduler.schedule({ 6 * 7 }) { result in
                MainActor.assertIsolated()
                done.resume(returning: try? result.get())
            }
        }
        #expect(result == 42)
    }

    @Test func deliversTheWorksError() async {
        struct Failure: Error, Equatable {}
        let scheduler = BackgroundScheduler()
        let error = await withCheckedContinuation { (done: CheckedContinuation<(any Error)?, Never>) in
            scheduler.schedule({ () throws -> Int in throw Failure() }) { result in
                if case let .failure(error) = result { done.resume(returning: error) } else { done.resume(returning: nil) }
            }
        }
        #expect(error is Failure)
    }

    @Test func settlesOncePerJob() async {
        let scheduler = BackgroundScheduler()
        var settles = 0
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            scheduler.onSettle = {
                settles += 1
                if scheduler.pendingWorkCount == 0 { done.resume() }
            }
            for value in 0..<3 { scheduler.schedule({ value }) { _ in } }
            #expect(scheduler.pendingWorkCount == 3)
        }
        #expect(settles == 3)
    }
}
