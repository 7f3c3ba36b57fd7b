import Console
import Foundation
@testable import FlowMCP

/// The built `flow mcp` as a client sees it, in a workspace: lines written to its standard input,
/// its answers read a line at a time, and how it ended. A read waits on the pipe (poll(2), no
/// sleeping) for `patience` at most, so a server that never answers fails the test instead of
/// hanging the run; a server still running when the test is done is killed.
final class MCPServerProcess {
    /// How long an answer may take: the slowest here (a 10 MB line, run_flows) take about a second.
    static let patience: Int32 = 60_000

    let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    private let input: FileHandle
    private let output: FileHandle
    private var pending: [UInt8] = []

    /// `nonBlocking`: the server's standard input and output are non-blocking descriptors, as a
    /// client that shares its pipes with an event loop leaves them.
    init(in workspace: FlowWorkspace, arguments: [String] = [], nonBlocking: Bool = false) throws {
        Console.ignoreBrokenPipes()  // a write to a server that is gone must fail, not end the tests
        process.executableURL = FlowWorkspace.binaries.appendingPathComponent("flow")
        process.arguments = ["mcp"] + arguments
        process.currentDirectoryURL = workspace.folder
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
        if nonBlocking {
            for fd in [stdin.fileHandleForReading.fileDescriptor, stdout.fileHandleForWriting.fileDescriptor] {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        }
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Writes `line` and its newline (false if the server is gone).
    @discardableResult
    func send(_ line: String) -> Bool {
        send(Array(line.utf8) + [0x0A])
    }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = write(input.fileDescriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Writes `bytes` on a thread of its own, then closes the input unless told not to: for inputs
    /// whose answers may fill the output pipe before the input is all written.
    func feed(_ bytes: [UInt8], close: Bool = true) {
        let input = UncheckedInput(process: self)
        Thread.detachNewThread {
            input.process.send(bytes)
            if close { input.process.closeInput() }
        }
    }

    private struct UncheckedInput: @unchecked Sendable {
        let process: MCPServerProcess  // only its input is used on the writing thread
    }

    /// Every answer line until the end of the output.
    func remainingAnswers() -> [String] {
        var lines: [String] = []
        while let line = answer() { lines.append(line) }
        return lines
    }

    /// The next answer line, or nil at the end of the output.
    func answer() -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return String(decoding: line, as: UTF8.self)
            }
            var poller = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&poller, 1, Self.patience) } while ready < 0 && errno == EINTR
            guard ready > 0 else { return nil }  // no answer within patience
            let data = output.availableData
            if data.isEmpty {
                guard !pending.isEmpty else { return nil }
                defer { pending = [] }
                return String(decoding: pending, as: UTF8.self)
            }
            pending += data
        }
    }

    /// The next answer, parsed (nil at the end of the output or when it is not JSON).
    func answerValue() -> JSONValue? {
        answer().flatMap { try? JSONParser.parse(Array($0.utf8)).get() }
    }

    /// Sends a tools/call and returns its result's text and isError (nil when the answer is no result).
    func call(_ tool: String, _ arguments: String = "{}", id: Int = 1) -> (text: String, isError: Bool)? {
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#)
        guard case let .object(answer)? = answerValue(), case let .object(result)? = answer["result"],
              case let .array(content)? = result["content"], case let .object(first)? = content.first,
              case let .string(text)? = first["text"], case let .bool(isError)? = result["isError"] else { return nil }
        return (text, isError)
    }

    /// Closes the server's input (the end of input).
    func closeInput() {
        try? input.close()
    }

    /// Closes our end of the server's output: its next write fails with EPIPE.
    func closeOutput() {
        try? output.close()
    }

    /// Waits for the server to exit: its status, and whether a signal ended it. One that has not
    /// exited within `patience` is killed (and so reads as signalled).
    func waitForExit() -> (status: Int32, signaled: Bool) {
        if exited.wait(timeout: .now() + .milliseconds(Int(Self.patience))) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// The peak resident memory of the server so far, in KiB (VmHWM).
    var peakMemory: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// The processes whose parent is the server (the session's app), by their ids.
    var children: [Int32] {
        Self.processes().filter { $0.parent == pid }.map(\.pid)
    }

    /// True while `pid` is a process that has not ended (a zombie has ended).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }

    /// Every process: its id and its parent's, from /proc.
    private static func processes() -> [(pid: Int32, parent: Int32)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = Int32(fields[1]) else { return nil }
            return (pid, parent)
        }
    }
}
