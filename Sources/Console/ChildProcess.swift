import Foundation

/// Runs a program to its end with a whole standard input, and returns what it wrote and how it
/// ended: the one way the seeding step, `flow`'s git queries and the black-box tests run a binary.
/// (The flow runner's long-lived app is `FlowKit.AppConnection`; the benchmarks time their own
/// `Process` launches.) It starts the program as ``SpawnedChild`` does, not with Foundation's
/// `Process`, whose `run()` can crash on Linux (see there).
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
        // Told of the exit at once by the child's own waiting thread (Foundation's
        // `waitUntilExit()` looked for it every 50 ms, most of `flow lint`'s time).
        let process = try SpawnedChild(
            executable: executable, arguments: arguments, environment: environment ?? ProcessInfo.processInfo.environment,
            currentDirectory: currentDirectory
        )
        let errors = Box()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errors.data = process.errors.readDataToEndOfFile()
            finished.signal()
        }
        Thread.detachNewThread {
            Console.write(input, to: process.input.fileDescriptor)
            try? process.input.close()
            finished.signal()
        }
        let out = process.output.readDataToEndOfFile()
        finished.wait()
        finished.wait()
        process.waitForExit()
        let ending = process.ending ?? (status: -1, signaled: false)
        return Output(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: errors.data, as: UTF8.self),
            status: ending.status, signaled: ending.signaled
        )
    }

    private final class Box: @unchecked Sendable {
        var data = Data()  // written by one thread, read after it signalled
    }
}
