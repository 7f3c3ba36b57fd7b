import Testing
import TextUI

/// A screen with no text field writes no `enter(_:into:)`: the protocol's own does nothing, and
/// the session refuses typing aimed at anything but a text field before it reaches the screen.
@MainActor
struct ScreenWithoutEnterTests {
    /// A count and a button, and no `enter`: it compiles with the protocol's default.
    final class CountScreen: ScreenController {
        let title = "Count"
        private(set) var taps = 0
        var fields: [Element] = []
        var elements: [Element] { [.text("Taps: \(taps)", identifier: "count"), .button("Tap")] + fields }
        func tap(_ identifier: String) { taps += 1 }
    }

    func makeSUT() -> (Session, CountScreen) {
        let stage = Stage()
        let screen = CountScreen()
        stage.setRoot(screen)
        return (Session(stage: stage), screen)
    }

    @Test(arguments: [
        (Command.type("Tap", text: "x"), #""Tap" is not a text field"#),
        (.type("1", text: "x"), #""1" is not a text field"#),
        (.type("count", text: "x"), #"no control "count" on this screen"#),
        (.type("Name", text: "x"), #"no control "Name" on this screen"#),
    ])
    func typingIntoAScreenWithNoFieldIsRefused(command: Command, message: String) throws {
        let (session, screen) = makeSUT()
        #expect { try session.perform(command) } throws: { ($0 as? CommandError)?.description == message }
        try session.perform(.tap("Tap"))
        #expect(screen.taps == 1, "the screen goes on as before")
    }

    @Test func aFieldTheScreenDoesNotHandleTakesTheTypingAndNothingChanges() throws {
        let (session, screen) = makeSUT()
        screen.fields = [.textField("Name", value: "")]
        let before = screen.elements
        try session.perform(.type("Name", text: "Ada"))
        #expect(screen.elements == before, "the default enter does nothing")
        screen.enter("Ada", into: "Name")
        #expect(screen.elements == before)
    }
}
