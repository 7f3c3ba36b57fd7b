import Foundation

/// Runs a program to its end with a whole standard input, and returns what it wrote and how it
/// ended: the one way the seeding step, `flow`'s git queries and the black-box tests run a binary.
/// (The flow runner's long-lived app is `FlowKit.AppConnection`; the benchmarks time their own
/// `Process` launches.)
public enum ChildProcess {
    /// What the program wrote, and how it ended.
    public struct Output: Sendable {
        /// Its standard output, as UTF-8 (a byte that is not is replaced).
        public let stdout: String
        /// Its standard error, the same way.
        public let stderr: String
        /// The exit code, or the signal number when `signaled`.
        public let status: Int32
        /// True when a signal ended it.
        public let signaled: Bool
    }

    /// Runs `executable` with `arguments`. Standard output and standard error are read at the same
    /// time (neither can fill its pipe and stall the program), and `input` is written on its own
    /// thread, then closed. The helpers are threads of their own, not work on a shared queue: a
    /// caller blocked here (a test on the cooperative pool, say) must not be what they wait for.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: String = "",
        currentDirectory: String? = nil
    ) throws -> Output {
        Console.ignoreBrokenPipes()  // a program that exits without reading its input must not end us
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        // Told of the exit at once: `waitUntilExit()` looks for it every 50 ms, which was most of
        // `flow lint`'s time (its git query) and of every seeding a test asked for.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let errors = Box()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
            finished.signal()
        }
        Thread.detachNewThread {
            Console.write(input, to: stdin.fileHandleForWriting.fileDescriptor)
            try? stdin.fileHandleForWriting.close()
            finished.signal()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        finished.wait()
        finished.wait()
        exited.wait()
        return Output(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: errors.data, as: UTF8.self),
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal
        )
    }

    private final class Box: @unchecked Sendable {
        var data = Data()  // written by one thread, read after it signalled
    }
}
