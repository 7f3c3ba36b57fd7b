import PresenterKit

/// A scheduler for unit tests: work runs only when the test says so.
///
/// With `runsImmediately` each job runs synchronously at `schedule`, completion included. Otherwise
/// jobs queue up and the test runs them with `runNext()` or `runAll()`, so it can assert what the
/// view shows while work is in flight.
@MainActor
public final class ManualScheduler: WorkScheduling {
    private var queue: [() -> Void] = []
    public let runsImmediately: Bool

    public init(runsImmediately: Bool = false) {
        self.runsImmediately = runsImmediately
    }

    public var pendingWorkCount: Int { queue.count }

    public func schedule<Output: Sendable>(
        _ work: @escaping @Sendable () throws -> Output,
        completion: @escaping @MainActor (Result<Output, any Error>) -> Void
    ) {
        let job = { completion(Result { try work() }) }
        if runsImmediately { job() } else { queue.append(job) }
    }

    /// Runs the oldest pending job (work, then completion). Returns false when there was none.
    @discardableResult
    public func runNext() -> Bool {
        guard !queue.isEmpty else { return false }
        queue.removeFirst()()
        return true
    }

    /// Runs pending jobs, including jobs their completions schedule, until none is left.
    public func runAll() {
        while runNext() {}
    }
}
