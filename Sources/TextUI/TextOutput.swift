import Console

/// Where an adapter writes: the terminal, a pipe to the flow runner, or a test's buffer.
@MainActor
public protocol TextOutput: AnyObject {
    /// Writes `text` and makes it visible to the reader at once (flushes).
    func write(_ text: String)
}

/// Standard output, written straight to the file descriptor (no buffer), so a runner reading the
/// pipe gets every frame the moment it is written. A failed write (the reader is gone, the disk is
/// full) is dropped: there is no one left to tell, and the app must not die of it.
@MainActor
public final class StandardOutput: TextOutput {
    /// The process's standard output.
    public init() {}

    /// Writes `text` at once, with no buffer; a failed write is dropped.
    public func write(_ text: String) {
        Console.output(text)
    }
}
