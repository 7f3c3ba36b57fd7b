import Foundation
import TextBytes

/// Feeds input lines to an adapter on the main actor, one at a time, each once the app is idle.
///
/// A line that arrives while background work is in flight waits for it to finish, as a person
/// waits for a screen to settle; so `tap Login` followed by `quit` quits from the next screen, not
/// from the middle of signing in. At the end of input the loop also waits for idle, then returns.
///
/// On standard input the main actor reads the lines itself: while the app is idle it waits in
/// poll(2) on the input and on a wake pipe (`WakePipe`), so a command goes from the pipe to the screen with
/// no thread between them (a hand-over cost about a millisecond a step in futex calls; the work
/// itself takes microseconds). While background work is in flight it does not read: it waits for
/// `settle()` as the main actor runs the work's completions, so idle means what it always did.
/// Nothing polls on a timer, nothing sleeps.
@MainActor
public final class InputLoop {
    /// The longest input line handled. A longer one is dropped, unread past the limit, and answered
    /// with an error, so a megabyte pasted by mistake costs neither memory nor time.
    public static let lineLimit = 64 * 1024

    private let adapter: Adapter
    private let session: Session
    private let wake: WakePipe?
    private var idleWaiter: CheckedContinuation<Void, Never>?

    /// A loop that hands lines to `adapter`, each once `session` is idle.
    public convenience init(adapter: Adapter, session: Session) {
        self.init(adapter: adapter, session: session, wake: nil)
    }

    /// A loop whose wait on standard input also ends when `wake` is signalled: how work queued for
    /// the main actor from another thread (``TextApp/Launch/stop(because:)``) runs while the app is
    /// idle.
    init(adapter: Adapter, session: Session, wake: WakePipe?) {
        self.adapter = adapter
        self.session = session
        self.wake = wake
    }

    /// Call when background work completes: updates the output, and resumes input once idle.
    public func settle() {
        adapter.settle()
        if session.isIdle, let waiter = idleWaiter {
            idleWaiter = nil
            waiter.resume()
        }
    }

    /// Runs until the adapter says quit or `lines` end.
    public func run<Lines: AsyncSequence<InputLine, Never>>(lines: Lines) async {
        adapter.start()
        for await line in lines {
            guard await take(line) else { return }
        }
        await untilIdle()
    }

    /// Runs on standard input until the adapter says quit or the input ends, reading it on the main
    /// actor itself (see the type's summary).
    public func run() async {
        await run(reading: STDIN_FILENO)
    }

    /// Runs on the lines of `fd` (a pipe, a terminal, a file) until the adapter says quit or they
    /// end, reading them on the main actor itself: see the type's summary. Each line is bounded by
    /// ``lineLimit``; the last needs no newline.
    public func run(reading fd: Int32) async {
        adapter.start()
        Self.takeEndingSignals()
        var splitter = LineSplitter(limit: Self.lineLimit)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var lines: [InputLine] = []
        while true {
            await untilIdle()
            guard waitForInput(fd) else {
                await Task.yield()  // what another thread queued for the main actor runs now
                continue
            }
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count > 0 {
                splitter.append(buffer[0..<count]) { lines.append($0) }
            } else {
                splitter.finish { lines.append($0) }
            }
            for line in lines {
                guard await take(line) else { return }
            }
            lines.removeAll(keepingCapacity: true)
            if count <= 0 { break }
        }
        await untilIdle()
    }

    /// The thread that waits for input takes the signals that end an app (Ctrl-C, a `kill`, a
    /// closed terminal), whatever mask it was started with: a parent that spawns the app from one of
    /// its worker threads (a runner, a test) hands it that thread's mask, with those blocked, and
    /// every other thread of the app blocks them too.
    private static func takeEndingSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Waits in poll(2) until `fd` can be read (or has ended, or failed: the read says which):
    /// true; or until the wake pipe is signalled: false.
    private func waitForInput(_ fd: Int32) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake?.readEnd ?? -1, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, nfds_t(fds.count), -1) < 0 {
            guard errno == EINTR else { return true }
        }
        if fds[1].revents != 0, let wake {
            wake.drain()
            return false
        }
        return true
    }

    /// Hands `line` to the adapter once the session is idle; false when the adapter says quit.
    private func take(_ line: InputLine) async -> Bool {
        await untilIdle()
        switch line {
        case let .text(text):
            return adapter.handle(text)
        case let .overlong(bytes):
            adapter.handleOverlong(bytes: bytes)
            return true
        case let .notText(problem):
            adapter.handleNotText(problem)
            return true
        }
    }

    private func untilIdle() async {
        guard !session.isIdle else { return }
        await withCheckedContinuation { idleWaiter = $0 }
    }
}

/// One line of input: its text, only its length when it was over the limit, or why it is not text.
public enum InputLine: Equatable, Sendable {
    /// A line's text, without its newline (nor a carriage return before it).
    case text(String)
    /// A line over the limit, dropped: only its length in bytes is kept.
    case overlong(bytes: Int)
    /// A line whose bytes are not text (not UTF-8, a NUL, a byte-order mark at its start), dropped:
    /// read as it was, with U+FFFD for its bad bytes, it would be another command.
    case notText(TextProblem)
}

/// Splits bytes into lines, keeping at most `limit` bytes of any line in memory.
public struct LineSplitter {
    private let limit: Int
    private var pending: [UInt8] = []
    /// Bytes of the current line seen past the limit (it is being dropped).
    private var dropped = 0

    /// A splitter that keeps at most `limit` bytes of any one line.
    public init(limit: Int) {
        self.limit = limit
    }

    /// Takes the next bytes as they were read, calling `emit` for each line they complete.
    public mutating func append(_ bytes: some Collection<UInt8>, _ emit: (InputLine) -> Void) {
        for byte in bytes {
            if byte == 0x0A {
                emitLine(emit)
            } else if dropped > 0 || pending.count >= limit {
                dropped += 1
            } else {
                pending.append(byte)
            }
        }
    }

    /// The last line, when the input does not end with a newline.
    public mutating func finish(_ emit: (InputLine) -> Void) {
        if !pending.isEmpty || dropped > 0 { emitLine(emit) }
    }

    private mutating func emitLine(_ emit: (InputLine) -> Void) {
        if dropped > 0 {
            emit(.overlong(bytes: pending.count + dropped))
        } else {
            if pending.last == 0x0D { pending.removeLast() }
            switch TextBytes.string(pending) {
            case let .success(text): emit(.text(text))
            case let .failure(problem): emit(.notText(problem))
            }
        }
        pending.removeAll(keepingCapacity: pending.count <= 4096)
        dropped = 0
    }
}
