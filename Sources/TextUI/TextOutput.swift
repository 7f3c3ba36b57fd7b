import Foundation

/// Where an adapter writes: the terminal, a pipe to the flow runner, or a test's buffer.
@MainActor
public protocol TextOutput: AnyObject {
    /// Writes `text` and makes it visible to the reader at once (flushes).
    func write(_ text: String)
}

/// Standard output, written straight to the file descriptor (no buffer), so a runner reading the
/// pipe gets every frame the moment it is written.
@MainActor
public final class StandardOutput: TextOutput {
    public init() {}

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    // The reader is gone (EPIPE: SIGPIPE is ignored) or the disk is full: there is
                    // no one left to tell, and the app must not die of it.
                    return
                }
                offset += written
            }
        }
    }
}
