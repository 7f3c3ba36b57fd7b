import Foundation
import Testing

/// Runs the built `workphotos` binary with arguments and a whole standard input, as a shell pipe does.
struct AppProcess {
    struct Output {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    /// The binaries sit beside the test bundle in the build folder.
    static func executable(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Runs `workphotos` (or another built binary) with `input` as its whole standard input.
    /// Times are shown in UTC, so expected text is the same on every machine.
    static func run(
        _ arguments: [String], input: String, binary: String = "workphotos", sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Output {
        let url = executable(binary)
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "no \(binary) binary at \(url.path)", sourceLocation: sourceLocation)
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 }
        let stdin = Pipe(), stdout = Pipe()
        let stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: stderrFile) }
        let stderr = try FileHandle(forWritingTo: stderrFile)
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Small inputs fit in the pipe's buffer, so writing everything first cannot block.
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try stderr.close()
        return Output(
            stdout: String(decoding: out, as: UTF8.self),
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "",
            status: process.terminationStatus
        )
    }
}
