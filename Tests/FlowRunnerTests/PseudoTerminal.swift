import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run on a pseudo-terminal, as a person at a terminal runs it: what it writes is read
/// from the terminal's other side, and keys are typed into it. Reads wait on the terminal with a
/// deadline as a safety net; nothing sleeps.
final class PseudoTerminal {
    let process = Process()
    private let master: Int32
    private(set) var output = ""
    private var consumed: String.Index

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(_ executable: String, _ arguments: [String], currentDirectory: URL, environment: [String: String] = [:]) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 50, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw Failure(description: "openpty failed: errno \(errno)") }
        self.master = master
        consumed = output.startIndex
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = currentDirectory
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        close(slave)
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Types `text` as keys (a `\r` is Enter, a `\t` is Tab).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `text` has appeared since the last wait; false when the deadline passes first.
    @discardableResult
    func wait(for text: String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let range = output.range(of: text, range: consumed..<output.endIndex) {
                consumed = range.upperBound
                return true
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return false }
            output += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    /// Waits for the program to end (after it was told to quit); its exit code.
    func waitForExit() -> Int32 {
        // Drain the terminal so the program never blocks writing to it.
        while wait(for: "\u{0}never\u{0}", seconds: 0.2) {}
        process.waitUntilExit()
        return process.terminationStatus
    }
}
