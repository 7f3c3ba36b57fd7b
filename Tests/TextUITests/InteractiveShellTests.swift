import Testing
import TextUI

@MainActor
struct InteractiveShellTests {
    @Test func showsTheScreenAndAHintAtStart() {
        let (shell, output, _, _) = makeSUT()
        shell.start()
        #expect(output.text.hasPrefix("── Login ─"))
        #expect(output.text.contains("[3]  < Login >"))
        #expect(output.text.hasSuffix("Type help for the commands.\n> "))
    }

    @Test func aCommandRedrawsTheScreen() {
        let (shell, output, screen, _) = makeSUT()
        #expect(shell.handle("type Username alice"))
        #expect(screen.events.last == .enter("alice", "Username"))
        #expect(output.text.contains("[1]  Username: alice"))
    }

    @Test func whenTheNumbersMoveOnTheSameScreenTheShellSaysSo() {
        let stage = Stage()
        let screen = FakeScreen(title: "Work photos", elements: [.button("Select"), .button("Upload"), .cell("photo-1", label: "Mon")])
        screen.onTap = { identifier in
            if identifier == "Select" { screen.elements = [.button("Select", label: "Done"), .button("Select all"), .button("Upload"), .cell("photo-1", label: "Mon")] }
        }
        stage.setRoot(screen)
        let output = OutputSpy()
        let shell = InteractiveShell(session: Session(stage: stage), output: output, terminal: nil)
        shell.start()
        #expect(!output.text.contains("note: the numbers moved"))
        #expect(shell.handle("tap Select"))
        #expect(output.text.contains("note: the numbers moved: [2] is now Select all, [3] is now Upload"), "\(output.text)")
        #expect(shell.handle("show"))
        #expect(output.text.components(separatedBy: "note: the numbers moved").count == 2, "said once, when they moved")
    }

    @Test func aMistakeIsExplainedAndTheShellCarriesOn() {
        let (shell, output, _, _) = makeSUT()
        #expect(shell.handle("tap Logn"))
        #expect(output.text == "error: no control \"Logn\" on this screen (did you mean \"Login\"?)\n> ")
    }

    @Test func tappingASecureFieldAsksForItsTextWithEchoOff() {
        let (shell, output, screen, terminal) = makeSUT()
        #expect(shell.handle("2"))
        #expect(output.text == "Password (hidden): ")
        #expect(terminal.echoChanges == [false])

        #expect(shell.handle("hunter2"))

        #expect(terminal.echoChanges == [false, true])
        #expect(screen.events.last == .enter("hunter2", "Password"))
        #expect(!output.text.contains("hunter2"))
    }

    @Test func tappingAPlainFieldAsksForItsText() {
        let (shell, output, screen, terminal) = makeSUT()
        #expect(shell.handle("tap Username"))
        #expect(output.text == "Username: ")
        #expect(shell.handle("bob"))
        #expect(screen.events.last == .enter("bob", "Username"))
        #expect(terminal.echoChanges.isEmpty)
    }

    @Test func aFieldWaitingForItsTextIsAskedForAgainWhenTheScreenIsRedrawn() {
        let (shell, output, screen, _) = makeSUT()
        #expect(shell.handle("tap Username"))
        screen.elements[4].label = "Server is slow"  // background work changes the screen meanwhile
        shell.settle()
        #expect(output.text.contains("     Server is slow"))
        #expect(output.text.hasSuffix("────\nUsername: "), "the field's question, not a command prompt: \(output.text)")
        #expect(shell.handle("bob"))
        #expect(screen.events.last == .enter("bob", "Username"))
    }

    @Test func aFieldThatGoesWhileWaitingForItsTextStopsWaiting() {
        let (shell, output, screen, terminal) = makeSUT()
        #expect(shell.handle("2"))
        #expect(terminal.echoChanges == [false])
        screen.elements.remove(at: 1)  // the password field goes
        shell.settle()
        #expect(terminal.echoChanges == [false, true], "echo back on")
        #expect(output.text.hasSuffix("note: Password is no longer there to type into\n> "), "\(output.text)")
        #expect(shell.handle("hunter2"))
        #expect(!screen.events.contains(.enter("hunter2", "Password")), "the next line is a command again")
        #expect(!output.text.contains("hunter2"), "and, being no command, is not echoed")
    }

    @Test func helpListsTheVerbsAndQuitStops() {
        let (shell, output, _, _) = makeSUT()
        #expect(shell.handle("help"))
        for verb in ["tap", "type", "back", "help", "quit"] { #expect(output.text.contains("  \(verb)")) }
        #expect(shell.handle("quit") == false)
    }

    @Test func withoutATerminalThereAreNoPrompts() {
        let stage = Stage()
        stage.setRoot(loginLikeScreen())
        let output = OutputSpy()
        let shell = InteractiveShell(session: Session(stage: stage), output: output, terminal: nil)
        shell.start()
        _ = shell.handle("type Username alice")
        #expect(!output.text.contains("\n> ") && !output.text.hasSuffix("> "))
    }

    @Test func redrawsWhenBackgroundWorkChangesTheScreen() {
        let (shell, output, screen, _) = makeSUT()
        shell.start()
        let before = output.text
        shell.settle()
        #expect(output.text == before, "nothing changed, nothing drawn")

        screen.elements[4].label = "Login failed"
        shell.settle()

        #expect(output.text.dropFirst(before.count).contains("     Login failed"))
    }

    @Test(arguments: ["", "xyz", "tap Nope", "back", "more"])
    func workThatEndsLeavingTheScreenAsItWasDrawsNothingAndAStrayLineIsOnlyAnswered(line: String) {
        // Drawn while the app was busy (a screen that loads as it appears); the work then ends
        // with the screen unchanged: only the app's idleness changed, which is no news to a person.
        let stage = Stage()
        stage.setRoot(loginLikeScreen())
        let work = WorkCounter()
        work.pending = 1
        let output = OutputSpy()
        let shell = InteractiveShell(session: Session(stage: stage, pendingWork: { work.pending }), output: output, terminal: TerminalSpy())
        shell.start()
        work.pending = 0
        let drawn = output.text
        shell.settle()
        #expect(output.text == drawn, "nothing changed, nothing drawn")

        #expect(shell.handle(line))
        shell.settle()
        let answer = String(output.text.dropFirst(drawn.count))
        #expect(answer.hasPrefix("error: ") && answer.hasSuffix("\n> "), "\(answer)")
        #expect(!answer.contains("── Login"), "a stray line is answered, the screen is not drawn again: \(answer)")
    }

    private func makeSUT() -> (InteractiveShell, OutputSpy, FakeScreen, TerminalSpy) {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        let output = OutputSpy()
        let terminal = TerminalSpy()
        let shell = InteractiveShell(session: Session(stage: stage), output: output, terminal: terminal)
        return (shell, output, screen, terminal)
    }
}
