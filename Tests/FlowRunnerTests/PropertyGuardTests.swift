@testable import FlowRunner
import Foundation
import Synchronization
import Testing

/// The guard that runs each property's check on a thread of its own (PropertyGuard), met directly:
/// a check that returns, traps, runs past its time, or will not even be cut; the thread it keeps
/// between checks, the one it gives up, and the one it ends when the guard goes; and many callers
/// at once, one check at a time. The checker's tests meet it only through a property that traps.
struct PropertyGuardTests {
    /// The calling thread (compared only among threads alive at once: an ended one's can be reused).
    static func threadID() -> pthread_t { pthread_self() }

    /// Signalled when the thread that called `watch()` ends: a thread-specific value's destructor
    /// runs as its thread exits, so a test waits on the thread's end instead of polling for it.
    final class ThreadEnd: @unchecked Sendable {
        private let ended = DispatchSemaphore(value: 0)
        private var key = pthread_key_t()

        init() {
            pthread_key_create(&key) { value in
                guard let value else { return }
                Unmanaged<ThreadEnd>.fromOpaque(value).takeRetainedValue().ended.signal()
            }
        }

        deinit { pthread_key_delete(key) }

        /// Call on the thread to watch.
        func watch() { pthread_setspecific(key, Unmanaged.passRetained(self).toOpaque()) }

        /// Whether the watched thread ended within `seconds`.
        func wait(_ seconds: Double) -> Bool { ended.wait(timeout: .now() + seconds) == .success }
    }

    /// A loop a cut can end, or else its time: what a property stuck in a loop does.
    static func spin(for seconds: Double = 20) {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < end {}
    }

    @Test func aCheckThatReturnsRunsOnTheGuardsThreadAndSaysReturned() {
        let guarded = PropertyGuard()
        let ran = Mutex<pthread_t?>(nil)
        #expect(guarded.run(within: 5) { ran.withLock { $0 = Self.threadID() } } == .returned)
        let thread = ran.withLock { $0 }
        #expect(thread != nil && thread != Self.threadID(), "the check ran on a thread of its own")
        // The same thread takes the next check: the guard keeps it.
        let again = Mutex<pthread_t?>(nil)
        #expect(guarded.run(within: 5) { again.withLock { $0 = Self.threadID() } } == .returned)
        #expect(again.withLock { $0 } == thread)
    }

    @Test func aCheckThatTrapsSaysTheSignalAndTheNextCheckRuns() {
        let guarded = PropertyGuard()
        let ending = guarded.run(within: 5) { _ = [Int]()[1] }
        #expect(ending == .trapped(SIGILL) || ending == .trapped(SIGTRAP), "\(ending)")
        #expect(guarded.run(within: 5) {} == .returned)
    }

    /// The guard's thread, once it has taken a check: every test that cuts starts from a thread
    /// already waiting for work, so the time a check is given is spent on the check, not on a
    /// thread starting on a busy machine.
    static func warmedThread(_ guarded: PropertyGuard) -> pthread_t? {
        let thread = Mutex<pthread_t?>(nil)
        #expect(guarded.run(within: 30) { thread.withLock { $0 = threadID() } } == .returned)
        return thread.withLock { $0 }
    }

    @Test func aCheckPastItsTimeIsCutOnItsThreadWhichTakesTheNextCheck() {
        let guarded = PropertyGuard()
        let warmed = Self.warmedThread(guarded)
        let spun = Mutex<pthread_t?>(nil)
        #expect(guarded.run(within: 1) { spun.withLock { $0 = Self.threadID() }; Self.spin() } == .cut)
        #expect(spun.withLock { $0 } != nil && spun.withLock { $0 } == warmed, "the check began on the guard's thread")
        // Had every cut been lost, the thread would have been given up after them; the next check
        // runs on the same one, so a cut ended the check (no timing asked of a busy machine).
        let next = Mutex<pthread_t?>(nil)
        #expect(guarded.run(within: 30) { next.withLock { $0 = Self.threadID() } } == .returned)
        #expect(next.withLock { $0 } != nil && next.withLock { $0 } == warmed, "the cut thread was kept, not given up")
    }

    @Test func aCheckWithNoTimeAtAllIsCutAtOnceWhetherOrNotItBegan() {
        // With no time, the check is taken back before its thread takes it up, or cut just as it
        // begins (a cut that lands before the guarded call is lost, and the next one lands): either
        // way the thread is kept, never left spinning and given up.
        let guarded = PropertyGuard()
        let warmed = Self.warmedThread(guarded)
        for _ in 0..<20 {
            #expect(guarded.run(within: 0) { Self.spin() } == .cut)
        }
        let ran = Mutex<pthread_t?>(nil)
        #expect(guarded.run(within: 30) { ran.withLock { $0 = Self.threadID() } } == .returned)
        #expect(ran.withLock { $0 } != nil && ran.withLock { $0 } == warmed, "a cut was lost for good and the thread given up")
    }

    @Test func aCheckThatCannotBeCutIsLeftToItselfAndItsThreadEndsWhenItReturns() {
        let guarded = PropertyGuard()
        _ = Self.warmedThread(guarded)
        let release = DispatchSemaphore(value: 0)
        let end = ThreadEnd()
        let stuck = Mutex<pthread_t?>(nil)
        // A second for the guard's waiting thread to take the check and turn deaf before the first cut.
        let ending = guarded.run(within: 1) {
            // Deaf to the cut (a check that blocks the signal, or waits in code that does).
            var cut = sigset_t()
            sigemptyset(&cut)
            sigaddset(&cut, SIGUSR2)
            pthread_sigmask(SIG_BLOCK, &cut, nil)
            stuck.withLock { $0 = Self.threadID() }
            end.watch()
            release.wait()
        }
        #expect(ending == .cut)
        #expect(stuck.withLock { $0 } != nil, "the check never began")
        // The next check gets another thread, at once, and its time is its own.
        let next = Mutex<pthread_t?>(nil)
        #expect(guarded.run(within: 5) { next.withLock { $0 = Self.threadID() } } == .returned)
        #expect(next.withLock { $0 } != nil && next.withLock { $0 } != stuck.withLock { $0 }, "a thread of its own")
        // The given-up thread, once its check returns, ends instead of waiting for work forever.
        release.signal()
        #expect(end.wait(10), "the abandoned thread did not end")
        #expect(guarded.run(within: 5) {} == .returned)
    }

    @Test func theGuardsThreadEndsWithTheGuard() {
        let end = ThreadEnd()
        var guarded: PropertyGuard? = PropertyGuard()
        #expect(guarded?.run(within: 30) { end.watch() } == .returned)
        #expect(!end.wait(0.05), "the thread waits for the next check while the guard lives")
        guarded = nil
        #expect(end.wait(10), "the guard went and its thread stayed")
    }

    /// Callers on many threads at once: each gets the ending of its own check (every fourth raises
    /// a trap, the others return), and only once that check has run; one check at a time.
    @Test func manyCallersAtOnceGetOneCheckAtATimeAndEachItsOwnEnding() {
        let guarded = PropertyGuard()
        let inside = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let ran = Mutex<Set<Int>>([])
        let wrong = Mutex<[String]>([])
        let threads = 16, each = 25
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            Thread {
                for round in 0..<each {
                    let caller = thread * each + round
                    let traps = caller % 4 == 0
                    let ending = guarded.run(within: 10) {
                        let now = inside.add(1, ordering: .sequentiallyConsistent).newValue
                        _ = most.max(now, ordering: .sequentiallyConsistent)
                        ran.withLock { _ = $0.insert(caller) }
                        inside.subtract(1, ordering: .sequentiallyConsistent)
                        if traps { raise(SIGTRAP) }
                    }
                    let expected: PropertyGuard.Ending = traps ? .trapped(SIGTRAP) : .returned
                    let hasRun = ran.withLock { $0.contains(caller) }
                    if ending != expected || !hasRun { wrong.withLock { $0.append("caller \(caller): \(ending), its check ran: \(hasRun)") } }
                }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(wrong.withLock { $0 }.isEmpty, "\(wrong.withLock { $0 }.prefix(5))")
        #expect(ran.withLock { $0 } == Set(0..<(threads * each)), "each caller's own check ran")
        let mostAtOnce = most.load(ordering: .sequentiallyConsistent)
        #expect(mostAtOnce == 1, "two checks ran at once")
    }

    @Test func aQuickCheckRunManyTimesInARowAlwaysSaysReturned() {
        let guarded = PropertyGuard()
        let count = Atomic<Int>(0)
        var endings: [PropertyGuard.Ending] = []
        for _ in 0..<2000 { endings.append(guarded.run(within: 10) { count.add(1, ordering: .relaxed) }) }
        #expect(endings.allSatisfy { $0 == .returned })
        let counted = count.load(ordering: .relaxed)
        #expect(counted == 2000)
    }

    final class Counter: @unchecked Sendable { var value = 0 }

    /// Holds a modifying access to `value` (one Swift checks at run time, on a class's stored
    /// property) while `body` runs.
    static func holding(_ value: inout Int, _ body: () -> Void) {
        value += 1
        body()
    }

    /// A check that traps, or is cut, in the middle of an access Swift checks at run time leaves
    /// no trace of it: the runtime's list of accesses is put back as it was, so the next checks
    /// (and the guard's own thread) access the same property as if nothing happened. Before, the
    /// list kept the dead access: the next access saw a conflict, or walked stack that was gone
    /// and crashed the process.
    @Test func aCheckEndedInTheMiddleOfAnAccessLeavesNoTraceOfIt() {
        let counter = Counter()
        let guarded = PropertyGuard()
        let trapped = guarded.run(within: 5) { Self.holding(&counter.value) { _ = [Int]()[1] } }
        #expect(trapped == .trapped(SIGILL) || trapped == .trapped(SIGTRAP), "\(trapped)")
        #expect(guarded.run(within: 1) { Self.holding(&counter.value) { Self.spin() } } == .cut)
        for _ in 0..<200 {
            let ending = guarded.run(within: 5) { Self.holding(&counter.value) {} }
            if ending != .returned {
                Issue.record("an access after the trap and the cut: \(ending)")
                break
            }
        }
        #expect(counter.value == 202)
    }
}
