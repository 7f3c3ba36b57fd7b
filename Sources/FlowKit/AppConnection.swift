import Foundation

/// The app as a child process: its standard input for commands, its frames and its standard error.
///
/// One reader thread blocks in poll(2) on the app's two output pipes and hands over what it reads
/// under a condition; a waiter sleeps on that condition until a frame arrives, the app ends, or
/// the safety deadline passes. Nothing polls on a timer.
final class AppConnection: @unchecked Sendable {
    enum Next {
        case frame(Frame)
        /// The app closed its output: it exited or crashed.
        case ended
        case timedOut
    }

    private(set) var processIdentifier: Int32 = 0
    private let process: Process
    private let input: FileHandle
    private let condition = NSCondition()

    // Guarded by `condition`.
    private var frames: [Frame] = []
    private var outputClosed = false
    private var exited = false
    private var errorTail = Data()
    private var unreadableLines: [String] = []

    private static let errorTailLimit = 64 * 1024

    init(executable: String, arguments: [String], environment: [String: String]) throws {
        Self.ignoreBrokenPipes
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        let condition = self.condition
        process.terminationHandler = { [weak self] _ in
            condition.lock()
            self?.exited = true
            condition.broadcast()
            condition.unlock()
        }
        try process.run()
        processIdentifier = process.processIdentifier
        // Foundation closes the parent's copies of the child's pipe ends after spawning, so the
        // readers see end of file when the app exits.
        startReading(frames: stdout.fileHandleForReading, errors: stderr.fileHandleForReading)
    }

    /// Writes one command line. Returns false if the app is gone (its input is closed).
    func send(_ line: Data) -> Bool {
        var bytes = Array(line)
        bytes.append(0x0A)
        let fd = input.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
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
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty && !outputClosed {
            guard condition.wait(until: deadline) else { return frames.isEmpty ? .timedOut : .frame(frames.removeFirst()) }
        }
        return frames.isEmpty ? .ended : .frame(frames.removeFirst())
    }

    /// The last lines the app wrote to standard error.
    func standardErrorTail(lines count: Int) -> [String] {
        condition.lock()
        let text = String(decoding: errorTail, as: UTF8.self)
        condition.unlock()
        return Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast().suffix(count))
    }

    /// Output lines that were not frames (a protocol violation by the app).
    var unreadable: [String] {
        condition.lock()
        defer { condition.unlock() }
        return unreadableLines
    }

    /// How the app ended, once it has: its exit code, or the signal that killed it.
    var ending: (status: Int32, signaled: Bool)? {
        guard !process.isRunning else { return nil }
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// Waits for an app that closed its output to exit by itself, killing it after `grace`.
    func reap(grace: TimeInterval = 2) {
        waitForExit(grace: grace)
        kill()
    }

    /// Ends the app: closes its input (it quits at end of input), and kills it if it has not
    /// exited by `grace`. Returns once the process is gone.
    func terminate(grace: TimeInterval = 2) {
        try? input.close()
        waitForExit(grace: grace)
        kill()
    }

    /// Waits on the termination handler's signal until the app exits or `grace` runs out.
    private func waitForExit(grace: TimeInterval) {
        condition.lock()
        let deadline = Date().addingTimeInterval(grace)
        while !exited, condition.wait(until: deadline) {}
        condition.unlock()
    }

    /// Kills the app if it still runs (SIGKILL), and waits until it is gone.
    func kill() {
        if process.isRunning { Foundation.kill(processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            Foundation.kill(processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    // MARK: - Reading

    private func receive(line: Data) {
        var frame: Frame?
        var problem = ""
        do {
            frame = try WireCodec.decodeFrame(line)
        } catch {
            problem = "\(error): " + String(decoding: line.prefix(200), as: UTF8.self)
        }
        condition.lock()
        if let frame { frames.append(frame) } else { unreadableLines.append(problem) }
        condition.broadcast()
        condition.unlock()
    }

    private func receive(errorLine: Data) {
        condition.lock()
        errorTail.append(errorLine)
        errorTail.append(0x0A)
        if errorTail.count > Self.errorTailLimit { errorTail.removeFirst(errorTail.count - Self.errorTailLimit) }
        condition.unlock()
    }

    private func closeOutput() {
        condition.lock()
        outputClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Reads both output pipes on one thread. Standard error is drained before each batch of
    /// frames is handed over: the app writes its log before its next frame, so a frame never
    /// arrives ahead of the log lines written before it, and a failure's log tail is complete.
    private func startReading(frames: FileHandle, errors: FileHandle) {
        let framesFD = frames.fileDescriptor, errorsFD = errors.fileDescriptor
        _ = fcntl(errorsFD, F_SETFL, fcntl(errorsFD, F_GETFL) | O_NONBLOCK)
        let thread = Thread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var pendingFrames = Data(), pendingErrors = Data()
            var framesOpen = true, errorsOpen = true

            enum Chunk { case data, wouldBlock, end }
            /// Reads what `fd` has now into `pending`.
            func readChunk(_ fd: Int32, into pending: inout Data) -> Chunk {
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                    if count > 0 {
                        pending.append(contentsOf: buffer[0..<count])
                        return .data
                    }
                    if count < 0, errno == EINTR { continue }
                    return count < 0 && errno == EAGAIN ? .wouldBlock : .end
                }
            }
            /// Reads standard error until it has nothing more right now (it is non-blocking).
            func drainErrors() {
                while errorsOpen {
                    let chunk = readChunk(errorsFD, into: &pendingErrors)
                    errorsOpen = chunk != .end
                    Self.splitLines(&pendingErrors, final: !errorsOpen) { self?.receive(errorLine: $0) }
                    if chunk != .data { return }
                }
            }

            while framesOpen || errorsOpen {
                var fds = [pollfd]()
                if framesOpen { fds.append(pollfd(fd: framesFD, events: Int16(POLLIN), revents: 0)) }
                if errorsOpen { fds.append(pollfd(fd: errorsFD, events: Int16(POLLIN), revents: 0)) }
                if poll(&fds, nfds_t(fds.count), -1) < 0 {
                    if errno == EINTR { continue }
                    break
                }
                drainErrors()
                if framesOpen, fds[0].fd == framesFD, fds[0].revents != 0 {
                    framesOpen = readChunk(framesFD, into: &pendingFrames) != .end
                    if !framesOpen { drainErrors() }
                    Self.splitLines(&pendingFrames, final: !framesOpen) { self?.receive(line: $0) }
                    if !framesOpen { self?.closeOutput() }
                }
            }
            try? frames.close()
            try? errors.close()
        }
        thread.name = "flowkit-reader"
        thread.start()
    }

    /// Hands over each complete line of `pending` (and the rest too, at the end of the stream).
    private static func splitLines(_ pending: inout Data, final: Bool, _ onLine: (Data) -> Void) {
        while let newline = pending.firstIndex(of: 0x0A) {
            onLine(pending[pending.startIndex..<newline])
            pending.removeSubrange(pending.startIndex...newline)
        }
        if final, !pending.isEmpty {
            onLine(pending)
            pending.removeAll()
        }
    }

    /// Writing to an app that died must fail the write, not kill the runner with SIGPIPE.
    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}
