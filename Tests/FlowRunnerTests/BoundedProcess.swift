import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run as hostile input's target: with a deadline (a hang is killed and said, never
/// waited out) and a cap on its memory (`ulimit -v`: going over it ends the program, which then
/// reads as a crash). Standard output and error are read at once, as `ChildProcess` does.
struct BoundedProcess {
    struct Output {
        let stdout: String
        let stderr: String
        /// The exit code, or the signal's number when `signaled`.
        let status: Int32
        let signaled: Bool
        /// Killed at the deadline.
        let timedOut: Bool

        /// The verdicts a fuzz case checks first: no crash, no hang.
        var crashed: Bool { signaled && !timedOut }
    }

    /// Runs `executable` with `arguments` in `folder`, `input` on its standard input, and the
    /// environment's `TMPDIR` set to `temporary` when given.
    static func run(
        _ executable: String, _ arguments: [String], input: Data = Data(), in folder: URL, seconds: Double = 30,
        memoryKB: Int = 2_000_000, temporary: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // exec: the program itself is the process killed at the deadline.
        process.arguments = ["-c", "ulimit -v \(memoryKB) && exec \"$0\" \"$@\"", executable] + arguments
        process.currentDirectoryURL = folder
        var environment = environment
        if let temporary { environment["TMPDIR"] = temporary }
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        let collected = Collected()
        let done = DispatchGroup()
        for (pipe, keyPath) in [(stdout, \Collected.stdout), (stderr, \Collected.stderr)] {
            done.enter()
            Thread.detachNewThread {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(keyPath, data)
                done.leave()
            }
        }
        Thread.detachNewThread {
            input.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count, let base = bytes.baseAddress {
                    let written = write(stdin.fileHandleForWriting.fileDescriptor, base + offset, bytes.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            try? stdin.fileHandleForWriting.close()
        }
        let timedOut = done.wait(timeout: .now() + seconds) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = done.wait(timeout: .now() + 10)
        }
        process.waitUntilExit()
        return Output(
            stdout: String(decoding: collected.stdout, as: UTF8.self), stderr: String(decoding: collected.stderr, as: UTF8.self),
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, timedOut: timedOut
        )
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        var stdout = Data()
        var stderr = Data()

        func set(_ keyPath: ReferenceWritableKeyPath<Collected, Data>, _ data: Data) {
            lock.lock()
            self[keyPath: keyPath] = data
            lock.unlock()
        }
    }
}
