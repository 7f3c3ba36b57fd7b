import Foundation
import Testing
import TextUI

@MainActor
struct AutomationServerTests {
    @Test func startsWithAnUnaskedFrameOfTheFirstScreen() throws {
        let (server, output, _, _) = makeSUT()
        server.start()
        let frame = try decodeFrames(output).first
        #expect(frame?.seq == 1)
        #expect(frame?.reply == nil)
        #expect(frame?.idle == true)
        #expect(frame?.screen.title == "Login")
        #expect(frame?.text.contains("< Login >") == true)
    }

    @Test func answersEveryCommandWithOneFrameCarryingItsID() throws {
        let (server, output, screen, _) = makeSUT()
        #expect(server.handle(#"{"id": 7, "action": "type", "target": "Username", "text": "alice"}"#))
        #expect(server.handle(#"{"id": 8, "action": "tap", "target": "Login"}"#))

        let frames = try decodeFrames(output)
        #expect(frames.map(\.reply) == [7, 8])
        #expect(frames.map(\.seq) == [1, 2])
        #expect(frames[0].screen.elements[0].value == "alice")
        #expect(frames.allSatisfy { $0.error == nil })
        #expect(screen.events.suffix(2) == [.enter("alice", "Username"), .tap("Login")])
    }

    @Test(arguments: [
        ("nonsense", "malformed command: not valid JSON"),
        ("", "malformed command: empty line; expected a JSON object"),
        ("[1, 2]", "malformed command: expected a command as a JSON object"),
        (#"{"id": 1}"#, #"malformed command: missing "action" in the line"#),
        (#"{"id": 1, "action": "tapp"}"#, #"malformed command: unknown action "tapp" (did you mean "tap"?); actions are tap, type, back, scroll, snapshot, quit"#),
        (#"{"id": 1, "action": "tap"}"#, #"malformed command: "tap" needs a "target""#),
        (#"{"id": 1, "action": "type", "target": "Username"}"#, #"malformed command: "type" needs a "text""#),
        (#"{"id": "one", "action": "back"}"#, #"malformed command: "id" has the wrong type"#),
        (#"{"id": 1, "action": "back", "extra": true}"#, #"malformed command: unknown field "extra" in a command; fields are id, action, target, text"#),
        (#"{"id": 1, "action": "back", "id": 2}"#, #"malformed command: field "id" appears twice"#),
        (#"{"id": 1, "action": "tap", "target": "Nope"}"#, #"no control "Nope" on this screen"#),
    ])
    func answersABadLineWithAnErrorFrameAndCarriesOn(line: String, message: String) throws {
        let (server, output, _, _) = makeSUT()
        #expect(server.handle(line))
        #expect(server.handle(#"{"id": 2, "action": "snapshot"}"#))

        let frames = try decodeFrames(output)
        #expect(frames.count == 2)
        #expect(frames[0].error == message)
        #expect(frames[0].screen.title == "Login", "an error frame still shows the screen")
        #expect(frames[1].error == nil)
        #expect(frames[1].reply == 2)
    }

    @Test func pushesAFrameWhenBackgroundWorkChangesTheScreenAndOnlyThen() throws {
        let (server, output, screen, counter) = makeSUT()
        counter.pending = 1
        screen.onTap = { _ in screen.elements[4].label = "Signing in…" }
        _ = server.handle(#"{"id": 1, "action": "tap", "target": "Login"}"#)

        server.settle()  // nothing changed since the reply
        counter.pending = 0
        screen.elements[4].label = "Welcome"
        server.settle()
        server.settle()

        let frames = try decodeFrames(output)
        #expect(frames.map(\.reply) == [1, nil])
        #expect(frames.map(\.idle) == [false, true])
        #expect(frames[1].screen.elements[4].label == "Welcome")
    }

    @Test func quitIsAnsweredThenStops() throws {
        let (server, output, _, _) = makeSUT()
        #expect(server.handle(#"{"id": 3, "action": "quit"}"#) == false)
        #expect(try decodeFrames(output).map(\.reply) == [3])
    }

    @Test func neverPublishesTheTextOfASecureField() throws {
        let (server, output, _, _) = makeSUT()
        _ = server.handle(#"{"id": 1, "action": "type", "target": "Password", "text": "hunter2"}"#)
        #expect(!output.text.contains("hunter2"))
        #expect(try decodeFrames(output)[0].screen.elements[1].value == Element.secureMask)
    }

    @Test(arguments: [
        #"{"id": 1, "action": "type", "target": "Password", "text": "hunter2", "text": "x"}"#,
        #"{"id": 1, "action": "type", "target": "Password", "text": "hunter2"#,
        #"{"id": 1, "action": "type", "target": "Password", "txt": "hunter2"}"#,
        #"{"id": 1, "action": "typo", "target": "Password", "text": "hunter2"}"#,
        #"{"id": "hunter2", "action": "type", "target": "Password", "text": "hunter2"}"#,
        #"{"id": 1, "action": "type", "target": "Password hunter2", "text": "hunter2"}"#,
    ])
    func anErrorFrameNeverQuotesALineThatTypesIntoAPassword(line: String) throws {
        let (server, output, _, _) = makeSUT()
        #expect(server.handle(line))
        #expect(try decodeFrames(output)[0].error != nil)
        #expect(!output.text.contains("hunter2"))
    }

    private func makeSUT() -> (AutomationServer, OutputSpy, FakeScreen, WorkCounter) {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        let counter = WorkCounter()
        let output = OutputSpy()
        let session = Session(stage: stage, pendingWork: { counter.pending })
        return (AutomationServer(session: session, output: output), output, screen, counter)
    }

    private func decodeFrames(_ output: OutputSpy) throws -> [Frame] {
        #expect(output.text.hasSuffix("\n"), "every frame ends its line")
        return try output.lines.map { try WireCodec.decodeFrame(Array($0.utf8)) }
    }
}


