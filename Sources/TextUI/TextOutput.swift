import Console

/// Where an adapter writes: the terminal, a pipe to the flow runner, or a test's buffer.
@MainActor
public protocol TextOutput: AnyObject {
    /// Writes `text` and makes it visible to the reader at once (flushes).
    func write(_ text: String)
    /// Writes UTF-8 bytes, as `write(_:)` writes a text: how a frame, already encoded, is sent.
    func write(bytes: [UInt8])
}

extension TextOutput {
    /// The bytes as a text, for an output that only writes text.
    public func write(bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }
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

    /// Writes `bytes` at once, with no buffer and no text made of them; a failed write is dropped.
    public func write(bytes: [UInt8]) {
        Console.write(bytes, to: 1)
    }
}
