#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output and standard error with write(2), for every executable here.
///
/// A closed, full or vanished stream must never end the process: Foundation's
/// `FileHandle.write(_:)` raises an Objective-C exception (SIGILL on Linux) when the write fails,
/// and a write to a pipe whose reader is gone raises SIGPIPE. Here a failed write is dropped, and
/// the caller's exit code stays what it would have been.
public enum Console {
    /// Call first thing in `main`: a write to a pipe whose reader is gone then fails with EPIPE
    /// (which is ignored) instead of killing the process.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` to standard error; false if it could not all be written.
    @discardableResult
    public static func error(_ text: String) -> Bool {
        write(text, to: STDERR_FILENO)
    }

    /// Writes `text` to standard output; false if it could not all be written.
    @discardableResult
    public static func output(_ text: String) -> Bool {
        write(text, to: STDOUT_FILENO)
    }

    /// True when `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// Writes all of `text` to `fd`, retrying on EINTR and short writes; false on any other error.
    @discardableResult
    public static func write(_ text: String, to fd: Int32) -> Bool {
        var text = text
        return text.withUTF8 { write($0, to: fd) }
    }

    /// Writes all of `bytes` to `fd`, as ``write(_:to:)`` writes a text.
    @discardableResult
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBufferPointer { write($0, to: fd) }
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let written = Glibc.write(fd, base + offset, bytes.count - offset)
            #else
            let written = Darwin.write(fd, base + offset, bytes.count - offset)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
