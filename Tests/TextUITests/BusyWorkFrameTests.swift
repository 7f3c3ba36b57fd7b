import Dispatch
import Foundation
import PresenterKit
import Synchronization
import Testing
import TextUI

/// What the app says it is busy with: each job by the name it was scheduled under and how long it
/// has run, in frames of protocol 2 only.
@MainActor
struct BusyWorkFrameTests {
    /// A clock the test moves itself.
    final class TestClock: Sendable {
        private let now = Mutex(ContinuousClock.now)
        func read() -> ContinuousClock.Instant { now.withLock { $0 } }
        func advance(by duration: Duration) { now.withLock { $0 += duration } }
    }

    /// A scheduler whose queue runs nothing until the test resumes it, on the test's clock.
    func makeScheduler() -> (BackgroundScheduler, DispatchQueue, TestClock) {
        let queue = DispatchQueue(label: "held work")
        queue.suspend()
        let clock = TestClock()
        return (BackgroundScheduler(queue: queue, clock: { clock.read() }), queue, clock)
    }

    /// Lets the held work run, and returns once its completion has run.
    func finish(_ scheduler: BackgroundScheduler, _ queue: DispatchQueue) async {
        await Self.settled(scheduler) { queue.resume() }
    }

    @Test func theSchedulerKeepsEachJobsNameAndHowLongItHasRunUntilItsCompletionHasRun() async {
        let (scheduler, queue, clock) = makeScheduler()
        var completed = false
        scheduler.schedule(named: "upload", { 1 }, completion: { _ in completed = true })
        clock.advance(by: .milliseconds(1200))
        #expect(scheduler.busyWork().map(\.name) == ["upload"])
        #expect(scheduler.busyWork().map(\.running) == [.milliseconds(1200)])
        #expect(scheduler.pendingWorkCount == 1)

        await finish(scheduler, queue)
        #expect(completed)
        #expect(scheduler.busyWork().isEmpty)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test func workScheduledWithoutANameIsNamedByItsFileAndLine() async {
        let (scheduler, queue, _) = makeScheduler()
        scheduler.schedule({ 1 }, completion: { _ in }); let line = #line
        #expect(scheduler.busyWork().map(\.name) == ["BusyWorkFrameTests.swift:\(line)"])
        await finish(scheduler, queue)
    }

    @Test func aFrameOfProtocolTwoSaysTheWorkInFlightAndAnIdleOneSaysNone() async throws {
        let (scheduler, queue, clock) = makeScheduler()
        let stage = Stage()
        stage.setRoot(FakeScreen(elements: [.button("Upload")]))
        let output = OutputSpy()
        let server = AutomationServer(session: Session(stage: stage, scheduler: scheduler), output: output, protocolVersion: 2)
        server.start()
        scheduler.schedule(named: "upload", { 1 }, completion: { _ in })
        clock.advance(by: .milliseconds(4900))
        server.settle()
        await finish(scheduler, queue)
        server.settle()

        let frames = try output.lines.map { try WireCodec.decodeFrame(Array($0.utf8)) }
        #expect(frames.map(\.idle) == [true, false, true])
        #expect(frames.map(\.busy) == [[], [BusyWork(work: "upload", milliseconds: 4900)], []])
    }

    @Test func aJobThatEndsWhileAnotherGoesOnIsAFrameThoughTheScreenIsTheSame() async throws {
        // Two jobs at once on a concurrent queue: the upload waits on a gate the test holds.
        let clock = TestClock()
        let scheduler = BackgroundScheduler(queue: DispatchQueue(label: "work", attributes: .concurrent), clock: { clock.read() })
        let stage = Stage()
        stage.setRoot(FakeScreen(elements: [.button("Upload")]))
        let output = OutputSpy()
        let server = AutomationServer(session: Session(stage: stage, scheduler: scheduler), output: output, protocolVersion: 2)
        server.start()
        let gate = DispatchSemaphore(value: 0)
        scheduler.schedule(named: "upload", { gate.wait() }, completion: { _ in })
        server.settle()
        await Self.settled(scheduler) {
            scheduler.schedule(named: "count photos", { 1 }, completion: { _ in })
            server.settle()
        }
        server.settle()  // "count photos" ended, "upload" goes on, and the screen is the same
        let frames = try output.lines.map { try WireCodec.decodeFrame(Array($0.utf8)) }
        #expect(frames.map { $0.busy?.map(\.work) } == [[], ["upload"], ["upload", "count photos"], ["upload"]])
        #expect(frames.dropFirst().allSatisfy { !$0.idle })
        await Self.settled(scheduler) { gate.signal() }
    }

    /// Does `start`, then returns once a completion of `scheduler`'s has run.
    static func settled(_ scheduler: BackgroundScheduler, after start: () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            scheduler.onSettle = {
                scheduler.onSettle = nil
                done.resume()
            }
            start()
        }
    }

    @Test func aRunnerOfProtocolOneGetsFramesWithoutBusy() async throws {
        let (scheduler, queue, _) = makeScheduler()
        let stage = Stage()
        stage.setRoot(FakeScreen(elements: [.button("Upload")]))
        let output = OutputSpy()
        let server = AutomationServer(session: Session(stage: stage, scheduler: scheduler), output: output, protocolVersion: 1)
        server.start()
        scheduler.schedule(named: "upload", { 1 }, completion: { _ in })
        server.settle()
        await finish(scheduler, queue)

        #expect(output.lines.count == 2)
        #expect(output.lines.allSatisfy { !$0.contains("\"busy\"") }, "a runner of protocol 1 refuses a key it does not know: \(output.text)")
        let frames = try output.lines.map { try WireCodec.decodeFrame(Array($0.utf8)) }
        #expect(frames.map(\.idle) == [true, false])
    }
}
