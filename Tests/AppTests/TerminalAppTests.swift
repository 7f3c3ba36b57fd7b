import Foundation
import ProcessTesting
import Testing

/// The app on a real terminal (a pseudo-terminal): a password is typed with echo off, and however
/// the app is ended at that prompt, the terminal gets its echo back.
@Suite(.serialized)
struct TerminalAppTests {
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalAtThePasswordPromptGivesTheTerminalItsEchoBack(signal number: Int32) throws {
        let store = try SeededStore()
        defer { store.remove() }
        let terminal = try PseudoTerminal(
            AppProcess.executable("workphotos").path, InteractiveAppTests.stubs + store.arguments, standardError: .nullDevice
        )

        try #require(terminal.wait(for: "> "), "the first prompt")
        #expect(terminal.isEchoOn)
        terminal.type("2\n")  // the Password field: asks for the text, hidden
        try #require(terminal.wait(for: "Password (hidden): "))
        #expect(!terminal.isEchoOn, "the password is typed with echo off")

        kill(terminal.process.processIdentifier, number)

        #expect(terminal.waitForExit() == 128 + number)
        #expect(terminal.isEchoOn, "the terminal has its echo back")
    }

    @Test func onATerminalTheLogGoesToAFileAndTheScreenStaysClean() throws {
        let store = try SeededStore()
        defer { store.remove() }
        let state = store.folder.appendingPathComponent("state")
        let terminal = try PseudoTerminal(
            AppProcess.executable("workphotos").path, InteractiveAppTests.stubs + store.arguments,
            environment: ["XDG_STATE_HOME": state.path, "TZ": "UTC"]
        )
        try #require(terminal.wait(for: "> "))
        terminal.type("type Username test\n")
        try #require(terminal.wait(for: "Username: test"))
        terminal.type("type Password 1234\ntap Login\n")
        try #require(terminal.wait(for: "── At a glance"))
        terminal.type("quit\n")

        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("workphotos:"), "no log line on the screen")
        let log = try String(contentsOfFile: state.appendingPathComponent("workphotos/workphotos.log").path, encoding: .utf8)
        #expect(log.contains("workphotos: login: signing in as test"))
        #expect(!log.contains("1234"))
    }
}
