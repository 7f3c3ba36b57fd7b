import AutomationWire
import Foundation
import Testing

/// The app in automation mode: one JSON command per line in, one JSON frame per line out.
struct AutomationAppTests {
    static let arguments = InteractiveAppTests.stubs + ["-automation", "YES"]

    private func run(_ input: String) throws -> AppProcess.Output {
        let store = try SeededStore()
        defer { store.remove() }
        return try AppProcess.run(Self.arguments + store.arguments, input: input)
    }

    @Test func everyCommandIsAnsweredAndBackgroundWorkPushesTheNextScreen() throws {
        let output = try run("""
            {"id": 1, "action": "type", "target": "Username", "text": "test"}
            {"id": 2, "action": "type", "target": "Password", "text": "1234"}
            {"id": 3, "action": "tap", "target": "Login"}
            {"id": 4, "action": "snapshot"}

            """)

        let frames = try decode(output.stdout)
        #expect(output.status == 0)
        #expect(frames.map(\.seq) == Array(1...frames.count), "frames are numbered in order")
        #expect(frames.compactMap(\.reply) == [1, 2, 3, 4])
        let tapReply = try #require(frames.first { $0.reply == 3 })
        #expect(tapReply.idle == false, "signing in is background work")
        let pushed = try #require(frames.first { $0.reply == nil && $0.seq > tapReply.seq })
        #expect(pushed.idle)
        #expect(pushed.screen.title == "At a glance")
        #expect(frames.last?.screen.title == "At a glance")
        #expect(!output.stdout.contains("1234"))
    }

    @Test func aMalformedLineGetsAnErrorFrameAndTheAppStillAnswers() throws {
        let output = try run("""
            this is not json
            {"id": 2, "action": "tap", "target": "Nowhere"}
            {"id": 3, "action": "snapshot"}

            """)

        let frames = try decode(output.stdout)
        #expect(frames.count == 4)
        #expect(frames[1].error == "malformed command: not valid JSON")
        #expect(frames[2].reply == 2)
        #expect(frames[2].error == #"no control "Nowhere" on this screen"#)
        #expect(frames[3].reply == 3)
        #expect(frames[3].error == nil)
        #expect(frames[3].screen.title == "Login")
    }

    private func decode(_ stdout: String) throws -> [Frame] {
        try stdout.split(separator: "\n").map { try WireCodec.decodeFrame(Array($0.utf8)) }
    }
}
