import Console
import Foundation
import ProcessTesting
import Testing

/// Runs the built `workphotos` binary with arguments and a whole standard input, as a shell pipe does
/// (through `ChildProcess`, the one child-process helper).
struct AppProcess {
    struct Output {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    /// The binaries sit beside the test bundle in the build folder.
    static func executable(_ name: String) -> URL {
        BuiltProduct.url(name)
    }

    /// Runs `workphotos` (or another built binary) with `input` as its whole standard input.
    /// Times are shown in UTC, so expected text is the same on every machine.
    static func run(
        _ arguments: [String], input: String, binary: String = "workphotos", sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Output {
        let url = executable(binary)
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "no \(binary) binary at \(url.path)", sourceLocation: sourceLocation)
        let result = try ChildProcess.run(
            url.path, arguments, environment: ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 }, input: input
        )
        return Output(stdout: result.stdout, stderr: result.stderr, status: result.status)
    }
}
