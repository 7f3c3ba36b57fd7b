import Foundation
import Testing

/// Runs the built `workphotos` binary with arguments and a whole standard input, as a shell pipe does.
struct AppProcess {
    struct Output {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    /// The binary sits beside the test bundle in the build folder.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("workphotos")
    }

    static func run(_ arguments: [String], input: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Output {
        let path = executable.path
        try #require(FileManager.default.isExecutableFile(atPath: path), "no workphotos binary at \(path)", sourceLocation: sourceLocation)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        let stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
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
