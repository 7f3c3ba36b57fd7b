import TextBytes

/// An I/O adapter over a session: turns lines of input into commands and screens into output.
@MainActor
public protocol Adapter: AnyObject {
    /// Writes the first screen, before any input is read.
    func start()
    /// Handles one line of input. Returns false when the app should quit.
    func handle(_ line: String) -> Bool
    /// A line longer than `InputLoop.lineLimit` was dropped: say so, and carry on.
    func handleOverlong(bytes: Int)
    /// A line that is not text (see `TextBytes`) was dropped: say so, never quoting what may be a
    /// secret, and carry on.
    func handleNotText(_ problem: TextProblem)
    /// Background work finished: show the screen again if it (or idle) changed.
    func settle()
}
