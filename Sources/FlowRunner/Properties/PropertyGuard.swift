import CPropertyGuard
import Foundation

/// Runs the checks of properties an app's authors wrote so that none can take the runner down:
/// each on a thread of its own, where a trap (a precondition, a force unwrap of nil, an index out
/// of range, a stack overflow) ends the check instead of the process, and a check that does not
/// return within its time is cut. What such a check held is leaked: a property only reads copies
/// of screens, and a runner that met one has a finding to show, not a long life to live.
final class PropertyGuard: Sendable {
    /// How a check ended.
    enum Ending: Equatable, Sendable {
        /// It returned.
        case returned
        /// It trapped with this signal (the runtime's message went to standard error).
        case trapped(Int32)
        /// It did not return in time, and was cut.
        case cut
    }

    /// What the guard and its thread share, each read and written with `condition` held.
    private final class Worker: @unchecked Sendable {
        let condition = NSCondition()
        /// The thread, once it began.
        var thread: pthread_t?
        var job: (@Sendable () -> Void)?
        var ending: Ending?
        /// The guard is gone, or gave up on this thread.
        var abandoned = false
    }

    private let current = NSLock()
    nonisolated(unsafe) private var worker: Worker?

    init() {}

    deinit {
        guard let worker else { return }
        worker.condition.withLock {
            worker.abandoned = true
            worker.condition.broadcast()
        }
    }

    /// How many times a check past its time is cut, ``cutEvery`` apart, before its thread is
    /// given up: a cut that lands before the guarded call begins is lost, so it is sent again.
    static let cuts = 20
    static let cutEvery: TimeInterval = 0.05

    /// Runs `body` guarded, waiting at most `seconds` for it. One check at a time.
    func run(within seconds: TimeInterval, _ body: @escaping @Sendable () -> Void) -> Ending {
        current.withLock {
            let worker = self.worker ?? Self.start()
            self.worker = worker
            let condition = worker.condition
            return condition.withLock {
                worker.job = body
                worker.ending = nil
                condition.broadcast()
                let deadline = Date().addingTimeInterval(seconds)
                while worker.ending == nil, condition.wait(until: deadline) {}
                if let ending = worker.ending {
                    worker.ending = nil
                    return ending
                }
                if worker.job != nil {
                    // Its thread never took it up in time: take it back, so it never starts.
                    worker.job = nil
                    return .cut
                }
                // Taken and not back in time: cut it (a signal that ends the guarded call on its thread).
                for _ in 0..<Self.cuts where worker.ending == nil {
                    if let thread = worker.thread { _ = flow_guard_cut(thread) }
                    _ = condition.wait(until: Date().addingTimeInterval(Self.cutEvery))
                }
                if worker.ending == nil {
                    // Even the cuts did not bring it back: leave that thread to itself; the next check gets another.
                    worker.abandoned = true
                    self.worker = nil
                }
                worker.ending = nil
                return .cut
            }
        }
    }

    /// A thread that runs each job it is given, guarded, until it is abandoned.
    private static func start() -> Worker {
        let worker = Worker()
        let thread = Thread {
            _ = flow_guard_prepare_thread()
            let condition = worker.condition
            condition.withLock { worker.thread = pthread_self() }
            while true {
                let job: (@Sendable () -> Void)? = condition.withLock {
                    while worker.job == nil, !worker.abandoned { condition.wait() }
                    if worker.abandoned { return nil }
                    defer { worker.job = nil }
                    return worker.job
                }
                guard let job else { return }
                let signal = guarded(job)
                condition.withLock {
                    worker.ending = signal == 0 ? .returned : signal == SIGUSR2 ? .cut : .trapped(signal)
                    condition.broadcast()
                }
            }
        }
        thread.name = "flow-property-check"
        thread.stackSize = 8 << 20
        thread.start()
        return worker
    }

    /// Runs `body` through the C guard: 0 when it returned, else the signal that ended it.
    private static func guarded(_ body: @escaping @Sendable () -> Void) -> Int32 {
        let box = Unmanaged.passRetained(Box(body))
        defer { box.release() }
        return flow_guarded_call({ context in
            guard let context else { return }
            Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().body()
        }, box.toOpaque())
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
