import Foundation
import Testing

/// The app on a real terminal (a pseudo-terminal): a password is typed with echo off, and however
/// the app is ended at that prompt, the terminal gets its echo back.
@Suite(.serialized)
struct TerminalAppTests {
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalAtThePasswordPromptGivesTheTerminalItsEchoBack(signal number: Int32) throws {
        let store = try SeededStore()
        defer { store.remove() }
        var master: Int32 = -1, slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        defer { close(master) }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)

        let process = Process()
        process.executableURL = AppProcess.executable("workphotos")
        process.arguments = InteractiveAppTests.stubs + store.arguments
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = PTYReader(fd: master)

        try #require(reader.waitFor("> "), "the first prompt")
        #expect(echoIsOn(slave))
        write(master, "2\n")  // the Password field: asks for the text, hidden
        try #require(reader.waitFor("Password (hidden): "))
        #expect(!echoIsOn(slave), "the password is typed with echo off")

        kill(process.processIdentifier, number)
        process.waitUntilExit()

        #expect(process.terminationStatus == 128 + number)
        #expect(echoIsOn(slave), "the terminal has its echo back")
    }

    @Test func onATerminalTheLogGoesToAFileAndTheScreenStaysClean() throws {
        let store = try SeededStore()
        defer { store.remove() }
        var master: Int32 = -1, slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        defer { close(master) }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        let state = store.folder.appendingPathComponent("state")

        let process = Process()
        process.executableURL = AppProcess.executable("workphotos")
        process.arguments = InteractiveAppTests.stubs + store.arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": state.path, "TZ": "UTC"]) { $1 }
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        let reader = PTYReader(fd: master)
        try #require(reader.waitFor("> "))
        write(master, "type Username test\n")
        try #require(reader.waitFor("Username: test"))
        write(master, "type Password 1234\ntap Login\n")
        try #require(reader.waitFor("── At a glance"))
        write(master, "quit\n")
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        #expect(!reader.text.contains("workphotos:"), "no log line on the screen")
        let log = try String(contentsOfFile: state.appendingPathComponent("workphotos/workphotos.log").path, encoding: .utf8)
        #expect(log.contains("workphotos: login: signing in as test"))
        #expect(!log.contains("1234"))
    }

    private func echoIsOn(_ fd: Int32) -> Bool {
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    private func write(_ fd: Int32, _ text: String) {
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
    }
}

/// Reads what the app draws on the pseudo-terminal, waiting (with poll, bounded) for a text.
final class PTYReader {
    private let fd: Int32
    private(set) var text = ""

    init(fd: Int32) {
        self.fd = fd
    }

    /// True once `needle` has been drawn; false if 10 s pass first (the app hangs).
    func waitFor(_ needle: String) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !text.contains(needle) {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard remaining > 0 else { return false }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, remaining) > 0 else { return false }
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return false }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return true
    }
}
