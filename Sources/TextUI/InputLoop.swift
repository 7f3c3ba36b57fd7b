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
    private let adapter: Adapter
    private let session: Session
    private var idleWaiter: CheckedContinuation<Void, Never>?

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
    public func run<Lines: AsyncSequence<String, Never>>(lines: Lines) async {
        adapter.start()
        for await line in lines {
            await untilIdle()
            guard adapter.handle(line) else { return }
        }
        await untilIdle()
    }

    /// Runs on standard input.
    public func run() async {
        await run(lines: Self.standardInputLines())
    }

    private func untilIdle() async {
        guard !session.isIdle else { return }
        await withCheckedContinuation { idleWaiter = $0 }
    }

    /// Standard input's lines, read on a dedicated thread (reading blocks).
    static func standardInputLines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
        let reader = Thread {
            while let line = readLine(strippingNewline: true) {
                continuation.yield(line)
            }
            continuation.finish()
        }
        reader.name = "stdin-reader"
        reader.start()
        return stream
    }
}
