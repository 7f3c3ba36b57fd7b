import FlowKit

/// Which flows keep a trace of every step (`run --trace`): the screen before and after each step,
/// what it waited for, and what the app wrote meanwhile.
package enum TraceMode: String, CaseIterable, Sendable {
    /// Every flow's steps are traced and kept.
    case on
    /// Every flow's steps are traced, and a flow's trace is kept only when it failed: what a
    /// person reads to see why, at the cost of a little bookkeeping for the flows that pass.
    case onFailure = "on-failure"
    /// Nothing is traced: the run is as fast as it can be.
    case off
}

/// What one step did, as its trace keeps it: the screen before it and after it, how long it
/// waited for the app and which work kept the app busy meanwhile, and the lines the app wrote to
/// standard error during it. Secrets are masked before a trace leaves the flow's executor.
package struct StepTrace: Sendable, Equatable {
    /// The screen before the step (nil before the app's first frame).
    package var before: String?
    /// The screen after it, or when it failed.
    package var after: String?
    /// The time the step spent waiting for the app's frames (the rest is the runner's own).
    package var waited: Duration
    /// Frames read during the step.
    package var frames: Int
    /// The work the app named busy during the step, each with how long it ran during the step.
    package var busy: [BusyWork]
    /// The lines the app wrote to standard error during the step (of the last 64 KiB it wrote).
    package var standardError: [String]
    /// The lines it wrote during the step that are not in ``standardError``: more than the runner
    /// keeps, or taken by a relaunch.
    package var standardErrorDropped: Int

    /// A trace of a step.
    package init(
        before: String?, after: String?, waited: Duration, frames: Int, busy: [BusyWork], standardError: [String], standardErrorDropped: Int = 0
    ) {
        self.before = before
        self.after = after
        self.waited = waited
        self.frames = frames
        self.busy = busy
        self.standardError = standardError
        self.standardErrorDropped = standardErrorDropped
    }

    /// What the step waited for, in words: `4.9 s for the app (2 frames), busy with upload
    /// (4.9 s)`, or `0.3 ms for the app (2 frames)` when no frame named work.
    package var waitSummary: String {
        var text = "\(HTMLReport.time(waited)) for the app (\(frames) frame\(frames == 1 ? "" : "s"))"
        if !busy.isEmpty { text += ", busy with " + BusyWork.summary(busy) }
        return text
    }

    /// The trace with every text passed through `mask`.
    func masked(_ mask: (String) -> String) -> StepTrace {
        StepTrace(before: before.map(mask), after: after.map(mask), waited: waited, frames: frames,
                  busy: busy.map { BusyWork(work: mask($0.work), milliseconds: $0.milliseconds) }, standardError: standardError.map(mask),
                  standardErrorDropped: standardErrorDropped)
    }
}
