import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run on a pseudo-terminal, as a person at a terminal runs it, for tests: keys are typed
/// into the terminal, what the program draws is read from its other side, and the terminal's
/// settings (its echo) can be read and set as the program sees them.
///
/// A thread of its own reads everything the program writes, so the program never blocks on a
/// full terminal; waits are on that reading, with a deadline as a safety net. Nothing sleeps.
public final class PseudoTerminal: @unchecked Sendable {
    /// The program; started by `init`.
    public let process = Process()
    private let master: Int32
    private let slave: Int32
    private let condition = NSCondition()
    private let exited = DispatchSemaphore(value: 0)
    /// Written by the reader thread under `condition`: bytes, so that a character split between
    /// two reads is whole when it is decoded.
    private var bytes: [UInt8] = []
    private var ended = false
    /// How far the last successful wait has read.
    private var consumed = 0

    /// Why the terminal could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public let description: String
    }

    /// Starts `executable` with `arguments` on a new pseudo-terminal (50 rows of 200 columns,
    /// `TERM=xterm`): its standard input and output are the terminal, and so is its standard error
    /// unless `standardError` is given (`FileHandle.nullDevice`, say).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil,
        standardError: FileHandle? = nil
    ) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 50, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw Failure(description: "openpty failed: errno \(errno)") }
        self.master = master
        self.slave = slave
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.environment = ProcessInfo.processInfo.environment.merging(["TERM": "xterm"]) { $1 }.merging(environment) { $1 }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = standardError ?? terminal
        process.terminationHandler = { [exited] _ in exited.signal() }
        do {
            try process.run()
        } catch {
            close(slave)
            close(master)
            throw error
        }
        // Read without blocking, each read and its keeping done under `condition`: whoever holds
        // it and finds nothing left to read has every byte the program wrote (see waitForExit).
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        Thread.detachNewThread { [self] in readUntilClosed() }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)  // not SIGTERM: a program may have it ignored
            process.waitUntilExit()
        }
        // With the program gone, closing the last slave ends the reader's read (EIO).
        close(slave)
        condition.lock()
        while !ended { condition.wait() }
        condition.unlock()
        close(master)
    }

    /// Types `text` as keys (a `\n` or `\r` is Enter).
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(master, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EAGAIN {
                var ready = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            } else if written < 0, errno != EINTR {
                return
            }
        }
    }

    /// Waits until `needle` has been drawn since the last wait that found its text; false when
    /// `seconds` pass first (the program hangs) or the terminal closes.
    @discardableResult
    public func wait(for needle: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        let wanted = Array(needle.utf8)
        while true {
            if let end = Self.end(of: wanted, in: bytes, from: consumed) {
                consumed = end
                return true
            }
            guard !ended, condition.wait(until: deadline) else { return false }
        }
    }

    /// Everything the program has drawn so far.
    public var output: String {
        condition.withLock { String(decoding: bytes, as: UTF8.self) }
    }

    /// Waits for the program to end: its exit code, or the number of the signal that ended it; nil
    /// when `seconds` pass first (the program hangs), and then the program is killed.
    public func waitForExit(seconds: Double = 10) -> Int32? {
        guard exited.wait(timeout: .now() + seconds) == .success else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        // Everything it wrote is on its way to this side of the terminal: take it all now, so that
        // `output` holds it. A read first moves what the kernel still has in transit (asking how
        // much is unread does not: a test under load found nothing to read and an empty output).
        _ = condition.withLock { readAvailable() }
        return process.terminationStatus
    }

    /// True when the terminal echoes what is typed, as the program left it.
    public var isEchoOn: Bool {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Turns the terminal's echo on or off, as a program typing a password would.
    public func setEcho(_ on: Bool) {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { return }
        if on { settings.c_lflag |= tcflag_t(ECHO) } else { settings.c_lflag &= ~tcflag_t(ECHO) }
        tcsetattr(slave, TCSANOW, &settings)
    }

    private func readUntilClosed() {
        while true {
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, -1) >= 0 || errno == EINTR else { break }
            if condition.withLock({ readAvailable() }) { return }
        }
        condition.withLock { ended = true }
        condition.broadcast()
    }

    /// Reads all there is to read now, without waiting, into `bytes`; true once the terminal is
    /// closed (its last slave gone). Called with `condition` held.
    private func readAvailable() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        defer { condition.broadcast() }
        while !ended {
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN {
                return false
            } else {
                ended = true
            }
        }
        return true
    }

    /// Where the first `needle` at or after `start` ends in `haystack`, or nil.
    private static func end(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty else { return start }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index + needle.count }
            index += 1
        }
        return nil
    }
}
