import BadText
import Foundation
import Testing
import TextBytes
import TextUI

/// The app's input lines, typed or sent by a runner, go through `TextBytes`: a line that is not
/// text is dropped with an error (read with U+FFFD for its bad bytes it would be another command),
/// what may be a secret is said without a byte of it, and the next line runs.
@MainActor
struct NotTextInputTests {
    @Test(arguments: BadText.all)
    func theSplitterGivesALineThatIsNotTextAsItsProblem(_ bad: BadText) throws {
        var splitter = LineSplitter(limit: 1000)
        var lines: [InputLine] = []
        let line = bad.put(into: "tap Login", before: "Login")
        splitter.append(line + Array("\r\ntap Help\n".utf8)) { lines.append($0) }
        let problem = try #require(TextBytes.firstProblem(in: line))
        #expect(lines == [.notText(problem), .text("tap Help")])
    }

    @Test(arguments: BadText.notUTF8)  // a line that starts with a byte-order mark reads as no command: masked, below
    func aTypedLineThatIsNotTextIsSaidWhereAndTheShellCarriesOn(_ bad: BadText) async throws {
        let (loop, output, screen) = makeShell()
        let line = bad.put(into: "tap Login", before: "Login")
        let problem = try #require(TextBytes.firstProblem(in: line))
        await run(loop, [.notText(problem), .text("type Username ok")])
        #expect(output.text.contains("error: " + problem.statement("the line") + " at column \(problem.column); it was ignored\n"), "\(output.text)")
        #expect(screen.events == [.appear, .enter("ok", "Username")], "the bad line did nothing; the next one ran")
    }

    @Test(arguments: BadText.all)
    func aLineThatMayTypeASecretIsSaidWithoutAByteOfIt(_ bad: BadText) async throws {
        // Typed into the secure field, or the text it asked for, or no command at all.
        for (lines, expected) in [
            (["type Password hunter2"], "type Password hunter2"), (["2", "hunter2"], "hunter2"), (["hunter2"], "hunter2"),
        ] {
            let (loop, output, screen) = makeShell()
            let line = bad.put(into: expected, before: "ter2")
            let problem = try #require(TextBytes.firstProblem(in: line))
            await run(loop, lines.dropLast().map { InputLine.text($0) } + [.notText(problem)])
            #expect(output.text.contains("error: " + problem.maskedStatement("the line") + "; it was ignored\n"), "\(lines): \(output.text)")
            #expect(!output.text.contains("0x") || bad.kind == .nul, "\(lines): \(output.text)")
            #expect(!screen.events.contains { if case .enter = $0 { true } else { false } }, "\(lines): nothing was typed")
        }
    }

    @Test(arguments: BadText.all)
    func anAutomationLineThatIsNotTextIsAnErrorFrameAndTheAppCarriesOn(_ bad: BadText) throws {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        let output = OutputSpy()
        let server = AutomationServer(session: Session(stage: stage), output: output)
        let line = bad.put(into: #"{"id": 1, "action": "type", "target": "Password", "text": "hunter2"}"#, before: "ter2")
        let problem = try #require(TextBytes.firstProblem(in: line))
        server.handleNotText(problem)
        #expect(server.handle(#"{"id": 2, "action": "tap", "target": "Login"}"#))
        let frames = try output.lines.map { try WireCodec.decodeFrame(Array($0.utf8)) }
        #expect(frames.map(\.reply) == [nil, 2])
        #expect(frames.first?.error == "malformed command: " + problem.maskedStatement("the line") + " at byte \(problem.offset)")
        #expect(screen.events == [.appear, .tap("Login")])
        #expect(!output.text.contains("hun"))
    }

    // MARK: - Helpers

    private func makeShell() -> (InputLoop, OutputSpy, FakeScreen) {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        let session = Session(stage: stage)
        let output = OutputSpy()
        return (InputLoop(adapter: InteractiveShell(session: session, output: output, terminal: TerminalSpy()), session: session), output, screen)
    }

    private func run(_ loop: InputLoop, _ lines: [InputLine]) async {
        let (stream, input) = AsyncStream.makeStream(of: InputLine.self)
        lines.forEach { input.yield($0) }
        input.finish()
        await loop.run(lines: stream)
    }
}
