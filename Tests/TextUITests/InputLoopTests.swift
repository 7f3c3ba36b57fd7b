import Testing
import TextUI

@MainActor
struct InputLoopTests {
    @Test func aLineWaitsUntilBackgroundWorkIsDone() async {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        let counter = WorkCounter()
        let session = Session(stage: stage, pendingWork: { counter.pending })
        let output = OutputSpy()
        let loop = InputLoop(adapter: InteractiveShell(session: session, output: output, terminal: nil), session: session)
        let (lines, input) = AsyncStream.makeStream(of: String.self)
        input.yield("tap Login")
        input.yield("type Username late")
        input.finish()

        // Tapping Login starts work that only the test finishes. The test resumes only when the
        // loop suspends: at the wait for idle if it is right, after the last line if it is wrong.
        var running: Task<Void, Never>?
        await withCheckedContinuation { (tapped: CheckedContinuation<Void, Never>) in
            screen.onTap = { _ in
                counter.pending = 1
                tapped.resume()
            }
            running = Task { await loop.run(lines: lines) }
        }
        await Task.yield()
        #expect(screen.events == [.appear, .tap("Login")], "the second line waits while work is in flight")

        counter.pending = 0
        loop.settle()
        await running?.value

        #expect(screen.events == [.appear, .tap("Login"), .enter("late", "Username")])
    }
}
