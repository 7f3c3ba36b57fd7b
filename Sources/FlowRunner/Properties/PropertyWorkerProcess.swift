import Console
import FlowKit
import Foundation

/// How the runner starts its property worker: its own executable, with the hidden subcommand
/// (``PropertyWorker/subcommand``), under the environment it runs in.
package struct PropertyWorkerLaunch: Sendable {
    /// The executable: the runner's own.
    package var executable: String
    /// Its first words: the subcommand (the worker's own options follow).
    package var arguments: [String]
    /// Its environment (Swift's backtracer is turned off in it: a trap's message is what a finding
    /// shows, and a symbolicated backtrace would cost the worker a second at each).
    package var environment: [String: String]
    /// The most memory a worker's data may take, in bytes.
    package var memory: Int

    /// The memory a worker is given by default: far more than any check of screens needs, far
    /// less than the machine has.
    package static let defaultMemory = 1 << 30

    /// A launch of `executable` with `arguments` first.
    package init(executable: String, arguments: [String] = [PropertyWorker.subcommand], environment: [String: String] = ProcessInfo.processInfo.environment,
                 memory: Int = PropertyWorkerLaunch.defaultMemory) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.memory = memory
    }

    /// The runner this process is: its executable as the system knows it (`/proc/self/exe`, not
    /// the name it was called by), with the hidden subcommand.
    package static func thisRunner() -> PropertyWorkerLaunch? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return PropertyWorkerLaunch(executable: path)
    }
}

/// Why a property worker could not be started: said as the run's error.
package struct PropertyWorkerStartError: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    package let description: String
}

/// How a worker ended while it checked (or was made to): what the finding of the property it was
/// running says.
package struct PropertyWorkerEnd: Sendable, Equatable {
    /// How it ended.
    package enum How: Sendable, Equatable {
        /// A signal ended it: a trap (SIGILL, SIGTRAP), an abort, a crash.
        case signal(Int32)
        /// It exited, with this code (a property that called `exit`).
        case exit(Int32)
        /// It did not answer within this many seconds, and was killed.
        case timedOut(TimeInterval)
        /// It wrote something that is not an answer (a property that wrote into the protocol).
        case brokeProtocol(String)
    }

    /// How it ended.
    package let how: How
    /// The check it was on (its number), when the worker's marker names one.
    package var check: Int? = nil
    /// The property it was running (its place in the catalog), when it was running one.
    package let property: Int?
    /// The last lines it wrote to its standard error (what a property printed, a trap's message).
    package let standardError: [String]
}

/// One property worker, as the runner sees it: a child process, the pipes to it, and the page it
/// marks its progress on.
final class PropertyWorkerProcess {
    /// The child process (its tests wait on it).
    let process: SpawnedChild
    private let marker: PropertyWorkerMarker
    private var encoder = FrameEncoder()
    private var pendingAnswers: [UInt8] = []
    /// The last ``errorTailLimit`` bytes of its standard error, and whether what came before
    /// them ended mid-line (the first line kept is then a part of one).
    private var errorTail: [UInt8] = []
    private var errorTailStartsMidLine = false
    private var answersOpen = true
    private var errorsOpen = true
    /// What one read takes: a quarter of a pipe, so a pipe left full by a worker that ended is
    /// read in several (and an answer of a few bytes does not clear 64 KiB).
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    /// The end it came to, once it did.
    private(set) var end: PropertyWorkerEnd?
    /// How many times it was waited for in poll: once for each time a pipe had news, never in a loop.
    private(set) var polls = 0
    private var nextCheck = 0
    /// The last frame the worker was sent (which it keeps as the screen before the next action).
    private var lastSent: Frame?

    /// The most of its standard error kept (its last lines).
    static let errorTailLimit = 64 * 1024
    /// How long a worker may take to say hello: a start, not a check.
    static let startWait: TimeInterval = 30

    /// The process's identifier.
    var processIdentifier: Int32 { process.processIdentifier }

    private init(process: SpawnedChild, marker: PropertyWorkerMarker) {
        self.process = process
        self.marker = marker
        for fd in [process.input.fileDescriptor, process.output.fileDescriptor, process.errors.fileDescriptor] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        kill()
    }

    /// Starts a worker of `launch`, checks that it knows `properties` (by name, in order), and
    /// gives it `variables`; the page it marks its progress on is made in `folder`.
    static func start(_ launch: PropertyWorkerLaunch, properties: [String], variables: [String: String],
                      folder: String = NSTemporaryDirectory()) -> Result<PropertyWorkerProcess, PropertyWorkerStartError> {
        Console.ignoreBrokenPipes()
        guard let (marker, path) = PropertyWorkerMarker.make(in: folder) else {
            return .failure(PropertyWorkerStartError(description: "cannot make its marker in \(folder): \(String(cString: strerror(errno)))"))
        }
        defer { unlink(path) }
        var environment = launch.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let arguments = launch.arguments + PropertyWorker.Arguments(marker: path, memory: launch.memory).words
        let process: SpawnedChild
        do {
            process = try SpawnedChild(executable: launch.executable, arguments: arguments, environment: environment)
        } catch {
            return .failure(PropertyWorkerStartError(description: "\(error)"))
        }
        let worker = PropertyWorkerProcess(process: process, marker: marker)
        // A worker refused is killed as it goes (``deinit``).
        switch worker.nextAnswerLine(until: .now + .seconds(startWait)) {
        case let .line(line):
            guard case let .success(hello) = PropertyWorkerWire.read(PropertyWorkerWire.Hello.self, from: line) else {
                return .failure(PropertyWorkerStartError(description: "\(launch.executable) is not a property worker: it said "
                    + ElementTree.quoted(String(decoding: line.prefix(120), as: UTF8.self))))
            }
            guard hello.worker == PropertyWorkerWire.version, hello.properties == properties else {
                return .failure(PropertyWorkerStartError(description: "\(launch.executable) knows other properties than this runner's "
                    + "(\(hello.properties.count) against \(properties.count)): it is not this runner's worker"))
            }
        case .closed, .timedOut:
            let ended = worker.ended(timedOut: nil)
            let said = ended.standardError.suffix(3).joined(separator: " / ")
            return .failure(PropertyWorkerStartError(description: "\(launch.executable) \(Self.words(ended.how)) before it said hello" + (said.isEmpty ? "" : ": \(said)")))
        }
        guard worker.send([PropertyWorkerWire.line(PropertyWorkerWire.Setup(variables: variables))]) else {
            let ended = worker.ended(timedOut: nil)
            return .failure(PropertyWorkerStartError(description: "\(launch.executable) \(Self.words(ended.how)) before it took its setup"))
        }
        return .success(worker)
    }

    /// How a worker's end is said: `ended with signal 4`, `exited with code 0`.
    static func words(_ how: PropertyWorkerEnd.How) -> String {
        switch how {
        case let .signal(signal): "ended with signal \(signal)"
        case let .exit(code): "exited with code \(code)"
        case let .timedOut(seconds): "did not answer within \(PropertyChecker.seconds(.milliseconds(Int64(seconds * 1000))))"
        case let .brokeProtocol(line): "wrote a line that is not an answer (\(ElementTree.quoted(line)))"
        }
    }

    /// What receiving an answer came to.
    enum Received {
        /// The answer to the oldest check posted.
        case answer(PropertyWorkerWire.Answer)
        /// No answer has come yet (when not waiting for one).
        case none
        /// The worker ended, or was killed past the wait.
        case ended(PropertyWorkerEnd)
    }

    /// A check posted, not answered yet.
    private struct Posted {
        let id: Int
        /// Its properties, in the order the answer gives them.
        let places: [Int]
        /// When it was written to the worker.
        var at: ContinuousClock.Instant
        /// The longest the worker may take to answer it.
        let wait: TimeInterval
    }

    /// The checks posted and not answered yet, the oldest first: the worker answers them in order.
    private var posted: [Posted] = []
    /// When the last answer came: the oldest check posted began then (or when it was posted).
    private var lastAnswer = ContinuousClock.now

    /// How many checks are posted and not answered yet.
    var postedCount: Int { posted.count }

    /// Posts what `check` says (its number, its frames and where its screen before is are set
    /// here) on `before` and `frames` (each after the action, the idle one last), without waiting
    /// for the answer: its number, or nil when the worker is gone (``end`` says how). The screen
    /// before is not sent again when it is the last frame the worker was sent.
    func post(_ check: PropertyWorkerWire.Check, before: Frame?, frames: [Frame], wait: TimeInterval) -> Int? {
        if end != nil { return nil }
        var check = check
        nextCheck += 1
        check.id = nextCheck
        var sent = frames
        if let before {
            if let lastSent, lastSent == before {
                check.before = .previous
            } else {
                check.before = .sent
                sent.insert(before, at: 0)
            }
        } else {
            check.before = .none
        }
        check.frames = sent.count
        var bytes = check.line
        bytes.append(0x0A)
        for frame in sent {
            bytes += encoder.encode(frame)
            bytes.append(0x0A)
        }
        lastSent = frames.last
        posted.append(Posted(id: check.id, places: check.actions + check.eventually + check.invariants, at: .now, wait: wait))
        outgoing += bytes
        unsent += 1
        // Checks go out a few at a time: the worker wakes once for them all.
        if unsent >= Self.checksAWrite || outgoing.count >= Self.bytesAWrite {
            guard sendOutgoing() else { return nil }
        }
        return check.id
    }

    /// Checks posted and not written to the worker yet, and how many.
    private var outgoing: [UInt8] = []
    private var unsent = 0
    /// How many checks a write takes at most, and how many bytes before it goes anyway.
    static let checksAWrite = 4
    static let bytesAWrite = 48 * 1024

    /// Writes the checks posted and not written yet; false when the worker is gone (``end`` says how).
    private func sendOutgoing() -> Bool {
        // A check sent to a worker with none in hand begins now; one sent behind others, once
        // the worker answers the one before it (``lastAnswer``).
        let now = ContinuousClock.now
        for index in posted.indices.suffix(unsent) { posted[index].at = now }
        let bytes = outgoing
        (outgoing, unsent) = ([], 0)
        // The worker reads what it is sent once it is done with what it has: one that does not
        // finish its oldest check within that check's wait will not read, and is killed.
        let oldest = posted[0]
        let deadline = max(oldest.at, lastAnswer) + .milliseconds(Int64(oldest.wait * 1000))
        switch send(bytes, until: deadline) {
        case .sent:
            return true
        case .gone:
            _ = ended(timedOut: nil)
            return false
        case .timedOut:
            _ = ended(timedOut: oldest.wait)
            return false
        }
    }

    /// The answer to the oldest check posted: waiting for it at most `wait` seconds from when the
    /// worker began it (the worker is killed past that), or, when not `waiting`, only if it has
    /// come already.
    func receive(wait: TimeInterval, waiting: Bool = true) -> Received {
        if let end { return .ended(end) }
        guard let first = posted.first else { return .none }
        if unsent == posted.count, !waiting { return .none }
        if waiting, !sendOutgoing(), let end { return .ended(end) }
        let oldest = posted.first ?? first
        let began = max(oldest.at, lastAnswer)
        let deadline = waiting ? began + .milliseconds(Int64(wait * 1000)) : .now
        switch nextAnswerLine(until: deadline) {
        case let .line(line):
            posted.removeFirst()
            lastAnswer = .now
            guard let answer = PropertyWorkerWire.Answer(line: line, places: oldest.places), answer.id == oldest.id else {
                kill()
                var end = PropertyWorkerEnd(how: .brokeProtocol(String(decoding: line.prefix(120), as: UTF8.self)), property: blamed(), standardError: standardErrorLines())
                end.check = oldest.id
                self.end = end
                return .ended(end)
            }
            return .answer(answer)
        case .closed:
            return .ended(ended(timedOut: nil))
        case .timedOut:
            return waiting ? .ended(ended(timedOut: wait)) : .none
        }
    }

    /// Ends the worker: its input closed (it ends there), killed if it has not in a moment.
    func stop() {
        guard end == nil else { return }
        try? process.input.close()
        if !process.waitForExit(until: Date().addingTimeInterval(1)) { kill() }
        end = PropertyWorkerEnd(how: .exit(0), property: nil, standardError: [])
    }

    /// Kills the worker now and waits until it is gone.
    func kill() {
        process.send(SIGKILL)
        process.waitForExit()
    }

    /// The end the worker came to: killed first when it still runs (timed out, or a pipe closed
    /// while it runs), then how it ended, the property the marker names (none before a check:
    /// the runner made the marker so), and its standard error.
    private func ended(timedOut: TimeInterval?) -> PropertyWorkerEnd {
        if let end { return end }
        if timedOut != nil || !process.waitForExit(until: Date().addingTimeInterval(1)) { kill() }
        let how: PropertyWorkerEnd.How
        if let timedOut {
            how = .timedOut(timedOut)
        } else {
            // Once it was waited for, its ending is known; one not known is a kill.
            how = process.ending.map { $0.signaled ? .signal($0.status) : .exit($0.status) } ?? .signal(SIGKILL)
        }
        var end = PropertyWorkerEnd(how: how, property: blamed(), standardError: standardErrorLines())
        if marker.check > 0 { end.check = marker.check }
        self.end = end
        return end
    }

    /// The property the worker's marker names: the last that left threads running (what a
    /// thread did after its check is that property's), else the one it was running.
    private func blamed() -> Int? {
        if marker.leftThreads >= 0 { return marker.leftThreads }
        return marker.property >= 0 ? marker.property : nil
    }

    /// The worker's standard error, read to its end now, as lines: its last 64 KiB in whole
    /// lines (a single line longer than that is kept, cut).
    private func standardErrorLines() -> [String] {
        drainErrors()
        var lines = errorTail.split(separator: 0x0A, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        if errorTailStartsMidLine, lines.count > 1 { lines.removeFirst() }
        return lines
    }

    // MARK: - The pipes

    /// Writes `lines` to the worker's input, waiting at most the start's wait; false when it could not.
    private func send(_ lines: [[UInt8]]) -> Bool {
        send(lines.flatMap { $0 + [0x0A] }, until: .now + .seconds(Self.startWait)) == .sent
    }

    /// What writing to the worker came to.
    private enum Sent { case sent, gone, timedOut }

    /// Writes `bytes` to the worker's input, reading its answers and its standard error while the
    /// pipe is full (a worker that waits to write them is never waited on in turn), until `deadline`.
    private func send(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> Sent {
        let fd = process.input.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written >= 0 {
                offset += written
                continue
            }
            // The pipe is full (EAGAIN), or no one reads it any more (EPIPE): poll tells which.
            guard let input = awaitPipes(writing: true, until: deadline) else { return .timedOut }
            if input & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .gone }
        }
        return .sent
    }

    private enum Next {
        case line([UInt8])
        case closed
        case timedOut
    }

    /// The next line the worker answers, waiting until `deadline`; its standard error drained
    /// meanwhile (a property that prints a megabyte never blocks its worker).
    private func nextAnswerLine(until deadline: ContinuousClock.Instant) -> Next {
        while true {
            if let newline = pendingAnswers.firstIndex(of: 0x0A) {
                let line = Array(pendingAnswers[..<newline])
                pendingAnswers.removeSubrange(...newline)
                return .line(line)
            }
            guard answersOpen else { return .closed }
            guard awaitPipes(writing: false, until: deadline) != nil else { return .timedOut }
        }
    }

    /// Waits until `deadline` for the worker's answers or standard error to be readable, or (when
    /// `writing`) its input to take more, reads what came, and says what poll said of the input;
    /// nil once past the deadline. A poll cut short by a signal (or failing) reads nothing: the
    /// caller asks again.
    private func awaitPipes(writing: Bool, until deadline: ContinuousClock.Instant) -> Int16? {
        let left = deadline - .now
        guard left > .zero else { return nil }
        // poll skips an entry whose descriptor is negative: a pipe at its end, or not written.
        var fds = [pollfd(fd: answersOpen ? process.output.fileDescriptor : -1, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: errorsOpen ? process.errors.fileDescriptor : -1, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: writing ? process.input.fileDescriptor : -1, events: Int16(POLLOUT), revents: 0)]
        _ = poll(&fds, nfds_t(fds.count), Int32(min((left / .milliseconds(1)).rounded(.up), Double(Int32.max))))
        polls += 1
        if fds[1].revents != 0 { drainErrors() }
        if fds[0].revents != 0 { readAnswers() }
        return fds[2].revents
    }

    private enum Chunk { case data, wouldBlock, end }

    /// One read of `fd` into `pending`.
    private func readChunk(_ fd: Int32, into pending: inout [UInt8]) -> Chunk {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                pending.append(contentsOf: buffer[0..<count])
                return .data
            }
            if count == 0 { return .end }
            if errno != EINTR { return errno == EAGAIN ? .wouldBlock : .end }
        }
    }

    /// Reads the answers that came, until the pipe is empty or at its end.
    private func readAnswers() {
        while answersOpen {
            switch readChunk(process.output.fileDescriptor, into: &pendingAnswers) {
            case .data: continue
            case .wouldBlock: return
            case .end: answersOpen = false
            }
        }
    }

    /// Reads the standard error that came, until the pipe is empty or at its end, keeping its last
    /// ``errorTailLimit`` bytes.
    private func drainErrors() {
        while errorsOpen {
            let chunk = readChunk(process.errors.fileDescriptor, into: &errorTail)
            errorsOpen = chunk != .end
            let over = errorTail.count - Self.errorTailLimit
            if over > 0 {
                errorTailStartsMidLine = errorTail[over - 1] != 0x0A
                errorTail.removeFirst(over)
            }
            if chunk != .data { return }
        }
    }
}
