/// Runs background work and delivers its result on the main actor.
///
/// Presenters never start threads or tasks themselves: everything slow goes through this seam, so
/// a unit test can run it synchronously or one step at a time, and so the app always knows whether
/// work is still in flight (that count is half of what "idle" means), and what it is: each job
/// is named where it is scheduled (`upload`), and a runner that times out waiting for the app
/// says which work was still running, and for how long.
@MainActor
public protocol WorkScheduling: AnyObject {
    /// How many scheduled jobs have not yet delivered their completion.
    var pendingWorkCount: Int { get }

    /// Runs `work` away from the main actor, then `completion` on the main actor with its result.
    ///
    /// - Parameters:
    ///   - name: what the work is, in a few words a tester reads when a wait times out (`upload`,
    ///     `sign in`): the app is busy with it until its completion has run.
    ///   - work: the slow part, run away from the main actor.
    ///   - completion: run on the main actor with what `work` returned or threw.
    func schedule<Output: Sendable>(
        named name: String,
        _ work: @escaping @Sendable () throws -> Output,
        completion: @escaping @MainActor (Result<Output, any Error>) -> Void
    )
}

extension WorkScheduling {
    /// Runs `work` named by where it is scheduled (`LoginPresenter.swift:60`): for code written
    /// before work had names. Prefer ``schedule(named:_:completion:)``, whose name says what the
    /// app is busy with.
    public func schedule<Output: Sendable>(
        _ work: @escaping @Sendable () throws -> Output,
        fileID: String = #fileID, line: Int = #line,
        completion: @escaping @MainActor (Result<Output, any Error>) -> Void
    ) {
        let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
        schedule(named: "\(file):\(line)", work, completion: completion)
    }
}
