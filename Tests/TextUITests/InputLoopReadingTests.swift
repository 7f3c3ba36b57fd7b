import Foundation
import Testing
@testable import TextUI

/// The loop reading a file descriptor on the main actor itself, as the app reads standard input.
@MainActor
struct InputLoopReadingTests {
    @Test func linesReadFromADescriptorWaitUntilBackgroundWorkIsDone() async throws {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        let counter = WorkCounter()
        let session = Session(stage: stage, pendingWork: { counter.pending })
        let loop = InputLoop(adapter: InteractiveShell(session: session, output: OutputSpy(), terminal: nil), session: session)
        let input = try InputPipe()
        input.write("tap Login\ntype Username late\n")
        input.closeWriter()

        // The test resumes only when the loop suspends: at the wait for idle if it is right.
        var running: Task<Void, Never>?
        await withCheckedContinuation { (tapped: CheckedContinuation<Void, Never>) in
            screen.onTap = { _ in
                counter.pending = 1
                tapped.resume()
            }
            running = Task { await loop.run(reading: input.readEnd) }
        }
        await Task.yield()
        #expect(screen.events == [.appear, .tap("Login")], "the second line, already read, waits while work is in flight")

        counter.pending = 0
        loop.settle()
        await running?.value
        #expect(screen.events == [.appear, .tap("Login"), .enter("late", "Username")])
    }

    @Test func anOverlongLineAndALastLineWithoutNewlineFromADescriptor() async throws {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        let session = Session(stage: stage)
        let output = OutputSpy()
        let loop = InputLoop(adapter: InteractiveShell(session: session, output: output, terminal: nil), session: session)
        let input = try InputPipe()
        // Written by another thread while the loop reads: the pipe holds less than the whole input.
        let overlong = "tap " + String(repeating: "x", count: InputLoop.lineLimit + 10) + "\n"
        let writer = Thread {
            input.write(overlong + "type Username ok\r\ntype Username last")
            input.closeWriter()
        }
        writer.start()
        await loop.run(reading: input.readEnd)

        #expect(output.text.contains("error: line of \(overlong.utf8.count - 1) bytes is over the limit of 65536 bytes; it was ignored"))
        #expect(!output.text.contains("xxxxxxxx"))
        #expect(screen.events == [.appear, .enter("ok", "Username"), .enter("last", "Username")])
    }

    @Test func workQueuedForTheMainActorRunsWhileTheLoopWaitsForInput() async throws {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        let session = Session(stage: stage)
        let wake = try #require(WakePipe.make())
        let loop = InputLoop(adapter: InteractiveShell(session: session, output: OutputSpy(), terminal: nil), session: session, wake: wake)
        let input = try InputPipe()
        let ran = DispatchSemaphore(value: 0)
        // Another thread queues work for the main actor while the loop waits on an input with
        // nothing in it, then wakes the loop (as TextApp.Launch.stop does): the work must run
        // without any input. It types a line the test can see, then ends the input.
        let other = Thread {
            DispatchQueue.main.async {
                MainActor.assumeIsolated { screen.enter("from the main queue", into: "Username") }
                ran.signal()
                input.write("type Username after\n")
                input.closeWriter()
            }
            wake.signal()
            // Should the work never run, the input still ends, and the test fails instead of hanging.
            if ran.wait(timeout: .now() + 10) == .timedOut { input.closeWriter() }
        }
        other.start()
        await loop.run(reading: input.readEnd)

        #expect(screen.events == [.appear, .enter("from the main queue", "Username"), .enter("after", "Username")])
    }
}

/// A pipe standing in for standard input: the loop reads one end, the test writes the other.
final class InputPipe: @unchecked Sendable {
    let readEnd: Int32
    private let writeEnd: Int32
    private let lock = NSLock()
    private var writerOpen = true

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    /// Writes all of `text` (blocking while the pipe is full, as a runner's write does).
    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(writeEnd, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Ends the input (once, whoever calls it first).
    func closeWriter() {
        lock.lock()
        defer { lock.unlock() }
        if writerOpen { close(writeEnd) }
        writerOpen = false
    }

    deinit {
        close(readEnd)
        closeWriter()
    }
}
