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
        let (lines, input) = AsyncStream.makeStream(of: InputLine.self)
        input.yield(.text("tap Login"))
        input.yield(.text("type Username late"))
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

    @Test func anOverlongLineIsDroppedWithAnErrorAndTheNextLineStillRuns() async {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        let session = Session(stage: stage)
        let output = OutputSpy()
        let loop = InputLoop(adapter: InteractiveShell(session: session, output: output, terminal: nil), session: session)
        var splitter = LineSplitter(limit: 20)
        var lines: [InputLine] = []
        splitter.append(Array("tap ".utf8) + Array(repeating: UInt8(ascii: "x"), count: 100) + [0x0A], { lines.append($0) })
        splitter.append(Array("type Username ok\r\nlast".utf8), { lines.append($0) })
        splitter.finish { lines.append($0) }
        #expect(lines == [.overlong(bytes: 104), .text("type Username ok"), .text("last")])

        let (stream, input) = AsyncStream.makeStream(of: InputLine.self)
        lines.dropLast().forEach { input.yield($0) }
        input.finish()
        await loop.run(lines: stream)

        #expect(output.text.contains("error: line of 104 bytes is over the limit of 65536 bytes; it was ignored"))
        #expect(!output.text.contains("xxxxxxxx"))
        #expect(screen.events == [.appear, .enter("ok", "Username")])
    }
}
