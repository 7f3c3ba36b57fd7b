import Foundation
import Testing

/// An app's flow runner is its robot catalog handed to the toolkit's command line, and nothing
/// more: WorkPhotos' `flow` and the example's `expenses-flow` show the shape, and stay it.
struct AppRunnerTests {
    /// The most lines an app's runner executable takes: imports, `@main` and the one call.
    static let longest = 15

    @Test(arguments: ["Sources/flow", "Examples/Expenses/Sources/expenses-flow"])
    func anAppsRunnerIsOneFileOfAtMostFifteenLines(folder path: String) throws {
        let folder = DocCommentTests.root.appendingPathComponent(path)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        try #require(files.count == 1, "\(path) holds \(files.joined(separator: ", ")): the runner is one file, the rest is FlowCommandLine's")
        let text = try String(contentsOf: folder.appendingPathComponent(files[0]), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let count = lines.count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(count <= Self.longest, "\(path)/\(files[0]) is \(count) lines, over \(Self.longest): move what grew into FlowCommandLine")
        #expect(text.contains("FlowRunnerCommandLine.main("), "\(path)/\(files[0]) does not call FlowRunnerCommandLine.main")
        // Only the toolkit's command line and the app's robots: nothing else is the runner's to import.
        let imports = lines.filter { $0.hasPrefix("import ") }.map { $0.dropFirst("import ".count) }
        #expect(imports.count == 2 && imports.contains("FlowCommandLine"), "\(path)/\(files[0]) imports \(imports)")
    }
}
