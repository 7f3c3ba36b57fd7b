import Console
import Foundation

/// The app as a child process: its standard input for commands, its frames and its standard error.
///
/// Frames are read on the caller's own thread: `next(before:)` blocks in poll(2) on the app's two
/// output pipes until a frame arrives, the app ends, or the safety deadline passes, draining
/// standard error first each time, so a frame never arrives ahead of the log lines written before
/// it. No reader thread, no hand-over between threads, nothing polls on a timer.
///
/// An `AppConnection` is used by one thread at a time (its `FlowApp`'s).
final class AppConnection: @unchecked Sendable {
    enum Next {
        case frame(Frame, bytes: Int)
        /// The app closed its output: it exited or crashed.
        case ended
        case timedOut
    }

    private(set) var processIdentifier: Int32 = 0
    /// The app's process (posix_spawn, not Foundation's Process: see SpawnedChild).
    private let process: SpawnedChild
    private let input: FileHandle
    private let output: FileHandle
    private let errors: FileHandle

    private var frames: [(frame: Frame, bytes: Int)] = []
    /// Reads each frame's elements that are as they were in the last one only once.
    private var decoder = FrameDecoder()
    private var pendingOutput = Data()
    private var pendingErrors = Data()
    private var outputOpen = true
    private var errorsOpen = true
    private var errorTail = Data()
    /// Every line the app has written to standard error, counted (the tail keeps the last 64 KiB).
    private var errorLines = 0
    private(set) var unreadable: [String] = []
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private static let errorTailLimit = 64 * 1024

    init(executable: String, arguments: [String], environment: [String: String]) throws {
        Console.ignoreBrokenPipes()  // writing to an app that died must fail the write, not kill the runner
        process = try SpawnedChild(executable: executable, arguments: arguments, environment: environment)
        input = process.input
        output = process.output
        errors = process.errors
        processIdentifier = process.processIdentifier
        // The parent's copies of the child's pipe ends are closed after spawning, so reads see
        // end of file when the app exits. Both are read without blocking; poll(2) waits.
        for fd in [output.fileDescriptor, errors.fileDescriptor] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    /// Writes one command line. Returns false if the app is gone (its input is closed).
    func send(_ line: [UInt8]) -> Bool {
        var bytes = line
        bytes.append(0x0A)
        let fd = input.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// The next frame in order, waiting for it until `deadline` at most.
    func next(before deadline: Date) -> Next {
        while true {
            if !frames.isEmpty {
                let (frame, bytes) = frames.removeFirst()
                return .frame(frame, bytes: bytes)
            }
            if !outputOpen { return .ended }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .timedOut }
            var fds = [pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            if errorsOpen { fds.append(pollfd(fd: errors.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            if ready < 0, errno != EINTR { outputOpen = false }
            // Only what poll says is ready is read: a read that would block is a system call a step spends for nothing.
            if fds.count > 1, fds[1].revents != 0 { drainErrors() }
            if fds[0].revents != 0 { readFrames() }
        }
    }

    /// How many lines the app has written to standard error so far (what it has written is read first).
    func standardErrorLineCount() -> Int {
        drainErrors()
        return errorLines
    }

    /// The lines the app wrote to standard error after the first `count`, of those the last 64 KiB
    /// still holds whole, and how many of them it no longer holds: what it wrote during a step,
    /// given the count before it.
    func standardErrorLines(after count: Int) -> (kept: [String], dropped: Int) {
        drainErrors()
        let new = max(0, errorLines - count)
        let kept = new > 0 ? standardErrorTail(lines: new) : []
        return (kept, new - kept.count)
    }

    /// The last lines the app wrote to standard error (what it has written so far is read first).
    func standardErrorTail(lines count: Int) -> [String] {
        drainErrors()
        let text = String(decoding: errorTail, as: UTF8.self)
        return Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast().suffix(count))
    }

    /// How the app ended, once it has: its exit code, or the signal that killed it.
    var ending: (status: Int32, signaled: Bool)? {
        process.ending
    }

    /// Waits for an app that closed its output to exit by itself, killing it after `grace`.
    func reap(grace: TimeInterval = 2) {
        waitForExit(grace: grace)
        kill()
        drainErrors()
    }

    /// Ends the app: closes its input (it quits at end of input), and kills it if it has not
    /// exited by `grace`. Returns once the process is gone.
    func terminate(grace: TimeInterval = 2) {
        try? input.close()
        waitForExit(grace: grace)
        kill()
    }

    /// Waits until the app exits or `grace` runs out.
    private func waitForExit(grace: TimeInterval) {
        process.waitForExit(until: Date().addingTimeInterval(grace))
    }

    /// Kills the app if it still runs (SIGKILL), and waits until it is gone.
    func kill() {
        process.send(SIGKILL)
        process.waitForExit()
    }

    deinit {
        kill()
        try? input.close()
        try? output.close()
        try? errors.close()
    }

    // MARK: - Reading

    /// What a read got: the buffer filled (there may be more), less (the pipe had no more), nothing
    /// for now, or the end.
    private enum Chunk { case full, data, wouldBlock, end }

    /// Reads what `fd` has now into `pending`.
    private func readChunk(_ fd: Int32, into pending: inout Data) -> Chunk {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                pending.append(contentsOf: buffer[0..<count])
                return count == buffer.count ? .full : .data
            }
            if count < 0, errno == EINTR { continue }
            return count < 0 && errno == EAGAIN ? .wouldBlock : .end
        }
    }

    /// Reads standard error until it has nothing more right now.
    private func drainErrors() {
        while errorsOpen {
            let chunk = readChunk(errors.fileDescriptor, into: &pendingErrors)
            errorsOpen = chunk != .end
            Self.splitLines(&pendingErrors, final: !errorsOpen) { line in
                errorTail.append(line)
                errorTail.append(0x0A)
                errorLines += 1
            }
            if errorTail.count > Self.errorTailLimit {
                // Cut to the limit, then to the next whole line: a piece of a line is no line (and
                // may be half a secret, which no mask would know).
                let cut = errorTail.startIndex + (errorTail.count - Self.errorTailLimit)
                let atLineStart = errorTail[cut - 1] == 0x0A
                errorTail.removeSubrange(errorTail.startIndex..<cut)
                if !atLineStart, let newline = errorTail.firstIndex(of: 0x0A) { errorTail.removeSubrange(errorTail.startIndex...newline) }
            }
            if chunk != .full { return }
        }
    }

    /// Reads what standard output has now and decodes each complete line.
    private func readFrames() {
        while outputOpen {
            let chunk = readChunk(output.fileDescriptor, into: &pendingOutput)
            if chunk == .end {
                outputOpen = false
                drainErrors()
            }
            Self.splitLines(&pendingOutput, final: !outputOpen) { receive(line: $0) }
            // A read that did not fill the buffer emptied the pipe: poll says when there is more.
            if chunk != .full { return }
        }
    }

    private func receive(line: Data) {
        do {
            frames.append((try decoder.decode(line), line.count + 1))
        } catch {
            unreadable.append("\(error): " + String(decoding: line.prefix(200), as: UTF8.self))
        }
    }

    /// The first newline of `data` at or after `start`, found by memchr: a frame is a kilobyte or
    /// more, and `firstIndex(of:)` on a slice of `Data` took a fifth of a step's time in the runner.
    private static func newline(in data: Data, from start: Data.Index) -> Data.Index? {
        data.withUnsafeBytes { bytes -> Data.Index? in
            let offset = start - data.startIndex
            guard let base = bytes.baseAddress, offset < bytes.count, let found = memchr(base + offset, 0x0A, bytes.count - offset) else {
                return nil
            }
            return data.startIndex + base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Hands over each complete line of `pending` (and the rest too, at the end of the stream).
    private static func splitLines(_ pending: inout Data, final: Bool, _ onLine: (Data) -> Void) {
        var start = pending.startIndex
        while let newline = newline(in: pending, from: start) {
            onLine(pending[start..<newline])
            start = pending.index(after: newline)
        }
        if final, start < pending.endIndex {
            onLine(pending[start...])
            start = pending.endIndex
        }
        if start != pending.startIndex { pending.removeSubrange(pending.startIndex..<start) }
    }
}
