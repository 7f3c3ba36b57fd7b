import Dispatch

/// The app's real scheduler: work runs on a global queue, completions on the main actor.
///
/// It counts jobs in flight, and keeps each one's name and start; `onSettle` is called on the
/// main actor after each completion has run, which is when the screen may have changed and the
/// app may have become idle.
@MainActor
public final class BackgroundScheduler: WorkScheduling {
    /// Jobs scheduled whose completion has not finished running: a job still counts while its
    /// completion runs, so the app is never reported idle in the middle of one.
    public var pendingWorkCount: Int { inFlight.count }

    /// Called after a job's completion has run (the screen may have changed; idle may be true).
    public var onSettle: (@MainActor () -> Void)?

    private let queue: DispatchQueue
    private let clock: @Sendable () -> ContinuousClock.Instant
    /// The jobs in flight, oldest first: each one's number, name and start.
    private var inFlight: [(job: Int, name: String, start: ContinuousClock.Instant)] = []
    private var lastJob = 0

    /// A scheduler whose work runs on `queue` (by default a global queue): a test or a tool can
    /// give it a queue of its own; completions always come back to the main actor. `clock` tells
    /// the time for ``busyWork()`` (a test gives one it moves itself).
    public init(queue: DispatchQueue = .global(qos: .userInitiated), clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.queue = queue
        self.clock = clock
    }

    /// Runs `work` on the queue, then `completion` on the main actor with its result, then
    /// ``onSettle``; the job counts in ``pendingWorkCount`` and ``busyWork()`` under `name` from
    /// now until after its completion.
    public func schedule<Output: Sendable>(
        named name: String,
        _ work: @escaping @Sendable () throws -> Output,
        completion: @escaping @MainActor (Result<Output, any Error>) -> Void
    ) {
        lastJob += 1
        let job = lastJob
        inFlight.append((job, name, clock()))
        queue.async {
            let result = Result { try work() }
            Task { @MainActor [weak self] in
                completion(result)
                guard let self else { return }
                self.inFlight.removeAll { $0.job == job }
                self.onSettle?()
            }
        }
    }

    /// The jobs in flight now, oldest first, each by its name with how long it has run.
    public func busyWork() -> [(name: String, running: Duration)] {
        let now = clock()
        return inFlight.map { ($0.name, now - $0.start) }
    }
}
