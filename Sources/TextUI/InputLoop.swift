import Foundation

/// Feeds input lines to an adapter on the main actor, one at a time, each once the app is idle.
///
/// A line that arrives while background work is in flight waits for it to finish, as a person
/// waits for a screen to settle; so `tap Login` followed by `quit` quits from the next screen, not
/// from the middle of signing in. At the end of input the loop also waits for idle, then returns.
/// Lines are read on a thread of their own and waits resume on `settle()`: nothing polls, nothing
/// sleeps.
@MainActor
public final class InputLoop {
    /// The longest input line handled. A longer one is dropped, unread past the limit, and answered
    /// with an error, so a megabyte pasted by mistake costs neither memory nor time.
    public static let lineLimit = 64 * 1024

    private let adapter: Adapter
    private let session: Session
    private var idleWaiter: CheckedContinuation<Void, Never>?

    /// A loop that hands lines to `adapter`, each once `session` is idle.
    public init(adapter: Adapter, session: Session) {
        self.adapter = adapter
        self.session = session
    }

    /// Call when background work completes: updates the output, and resumes input once idle.
    public func settle() {
        adapter.settle()
        if session.isIdle, let waiter = idleWaiter {
            idleWaiter = nil
            waiter.resume()
        }
    }

    /// Runs until the adapter says quit or the input ends.
    public func run<Lines: AsyncSequence<InputLine, Never>>(lines: Lines) async {
        adapter.start()
        await handle(lines)
    }

    /// Runs on standard input. The first screen is out before the reader thread is made: a
    /// launch waits for nothing it does not need.
    public func run() async {
        adapter.start()
        await handle(Self.lines(of: STDIN_FILENO))
    }

    private func handle<Lines: AsyncSequence<InputLine, Never>>(_ lines: Lines) async {
        for await line in lines {
            await untilIdle()
            switch line {
            case let .text(text):
                guard adapter.handle(text) else { return }
            case let .overlong(bytes):
                adapter.handleOverlong(bytes: bytes)
            }
        }
        await untilIdle()
    }

    private func untilIdle() async {
        guard !session.isIdle else { return }
        await withCheckedContinuation { idleWaiter = $0 }
    }

    /// The lines of a file descriptor, read on a dedicated thread (reading blocks), each bounded
    /// by `lineLimit`.
    public static func lines(of fd: Int32, limit: Int = lineLimit) -> AsyncStream<InputLine> {
        let (stream, continuation) = AsyncStream.makeStream(of: InputLine.self, bufferingPolicy: .unbounded)
        let reader = Thread {
            var splitter = LineSplitter(limit: limit)
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                splitter.append(buffer[0..<count]) { continuation.yield($0) }
            }
            splitter.finish { continuation.yield($0) }
            continuation.finish()
        }
        reader.name = "stdin-reader"
        reader.start()
        return stream
    }
}

/// One line of input: its text, or only its length when it was over the limit.
public enum InputLine: Equatable, Sendable {
    /// A line's text, without its newline (nor a carriage return before it).
    case text(String)
    /// A line over the limit, dropped: only its length in bytes is kept.
    case overlong(bytes: Int)
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
            emit(.text(String(decoding: pending, as: UTF8.self)))
        }
        pending.removeAll(keepingCapacity: pending.count <= 4096)
        dropped = 0
    }
}
