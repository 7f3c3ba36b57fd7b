import Foundation
import Testing

/// An app's flow runner is its robot catalog handed to the toolkit's command line, and nothing
/// more: WorkPhotos' `flow` shows the shape, and stays it.
struct AppRunnerTests {
    /// The most lines an app's runner executable takes: imports, `@main` and the one call.
    static let longest = 15

    @Test func workPhotosRunnerIsOneFileOfAtMostFifteenLines() throws {
        let folder = DocCommentTests.root.appendingPathComponent("Sources/flow")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        try #require(files.count == 1, "Sources/flow holds \(files.joined(separator: ", ")): the runner is one file, the rest is FlowCommandLine's")
        let text = try String(contentsOf: folder.appendingPathComponent(files[0]), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let count = lines.count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(count <= Self.longest, "Sources/flow/\(files[0]) is \(count) lines, over \(Self.longest): move what grew into FlowCommandLine")
        #expect(text.contains("FlowRunnerCommandLine.main("), "Sources/flow/\(files[0]) does not call FlowRunnerCommandLine.main")
    }
}
