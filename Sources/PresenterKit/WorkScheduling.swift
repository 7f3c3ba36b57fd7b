/// Runs background work and delivers its result on the main actor.
///
/// Presenters never start threads or tasks themselves: everything slow goes through this seam, so
/// a unit test can run it synchronously or one step at a time, and so the app always knows whether
/// work is still in flight (that count is half of what "idle" means).
@MainActor
public protocol WorkScheduling: AnyObject {
    /// How many scheduled jobs have not yet delivered their completion.
    var pendingWorkCount: Int { get }

    /// Runs `work` away from the main actor, then `completion` on the main actor with its result.
    func schedule<Output: Sendable>(
        _ work: @escaping @Sendable () throws -> Output,
        completion: @escaping @MainActor (Result<Output, any Error>) -> Void
    )
}
