import PresenterKit

/// A scheduler for unit tests: work runs only when the test says so.
///
/// With `runsImmediately` each job runs synchronously at `schedule`, completion included. Otherwise
/// jobs queue up and the test runs them with `runNext()` or `runAll()`, so it can assert what the
/// view shows while work is in flight.
@MainActor
public final class ManualScheduler: WorkScheduling {
    private var queue: [(name: String, run: () -> Void)] = []
    /// Each job runs at once, inside `schedule`, instead of waiting for the test.
    public let runsImmediately: Bool

    /// A scheduler whose jobs wait for ``runNext()`` or ``runAll()``, or run at once when
    /// `runsImmediately`.
    public init(runsImmediately: Bool = false) {
        self.runsImmediately = runsImmediately
    }

    /// The jobs waiting to run.
    public var pendingWorkCount: Int { queue.count }

    /// The names of the jobs waiting to run, oldest first: a presenter test pins what the app
    /// says it is busy with (`#expect(scheduler.pendingWork == ["upload"])`).
    public var pendingWork: [String] { queue.map(\.name) }

    /// Queues the job (work, then its completion with the result), or runs it now when
    /// ``runsImmediately``.
    public func schedule<Output: Sendable>(
        named name: String,
        _ work: @escaping @Sendable () throws -> Output,
        completion: @escaping @MainActor (Result<Output, any Error>) -> Void
    ) {
        let job = { completion(Result { try work() }) }
        if runsImmediately { job() } else { queue.append((name, job)) }
    }

    /// Runs the oldest pending job (work, then completion). Returns false when there was none.
    @discardableResult
    public func runNext() -> Bool {
        guard !queue.isEmpty else { return false }
        queue.removeFirst().run()
        return true
    }

    /// Runs pending jobs, including jobs their completions schedule, until none is left.
    public func runAll() {
        while runNext() {}
    }
}
