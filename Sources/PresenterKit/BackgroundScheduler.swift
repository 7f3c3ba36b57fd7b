import Dispatch

/// The app's real scheduler: work runs on a global queue, completions on the main actor.
///
/// It counts jobs in flight; `onSettle` is called on the main actor after each completion has run,
/// which is when the screen may have changed and the app may have become idle.
@MainActor
public final class BackgroundScheduler: WorkScheduling {
    /// Jobs scheduled whose completion has not finished running: a job still counts while its
    /// completion runs, so the app is never reported idle in the middle of one.
    public private(set) var pendingWorkCount = 0

    /// Called after a job's completion has run (the screen may have changed; idle may be true).
    public var onSettle: (@MainActor () -> Void)?

    private let queue: DispatchQueue

    /// A scheduler whose work runs on `queue` (by default a global queue): a test or a tool can
    /// give it a queue of its own; completions always come back to the main actor.
    public init(queue: DispatchQueue = .global(qos: .userInitiated)) {
        self.queue = queue
    }

    /// Runs `work` on the queue, then `completion` on the main actor with its result, then
    /// ``onSettle``; ``pendingWorkCount`` counts the job from now until after its completion.
    public func schedule<Output: Sendable>(
        _ work: @escaping @Sendable () throws -> Output,
        completion: @escaping @MainActor (Result<Output, any Error>) -> Void
    ) {
        pendingWorkCount += 1
        queue.async {
            let result = Result { try work() }
            Task { @MainActor [weak self] in
                completion(result)
                guard let self else { return }
                self.pendingWorkCount -= 1
                self.onSettle?()
            }
        }
    }
}
