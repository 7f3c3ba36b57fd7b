import Console
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `flow merge` through the CLI, on two real shards' outputs (`flow run --shard I/2 --junit
/// DIR/junit.xml --report DIR/report`): all of them, one of them, one twice, one truncated.
@Suite(.serialized)
struct FlowMergeTests {
    static let files = (0..<6).map { "Flows/f\($0).yaml" }

    @Test func twoShardsMergeIntoOneJUnitAndReportAndEveryFlowRanOnce() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        for (index, file) in Self.files.enumerated() { try workspace.write(file, "name: Flow \(index)\nsteps:\n  - Login.checkLoginScreen\n") }
        for (index, folder) in ["a", "b"].enumerated() {
            try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent(folder), withIntermediateDirectories: true)
            let run = try workspace.flow(["run", "--shard", "\(index + 1)/2", "--junit", "\(folder)/junit.xml", "--report", "\(folder)/report"])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        }
        let first = try Self.testcaseFiles(try workspace.read("a/junit.xml"))
        let second = try Self.testcaseFiles(try workspace.read("b/junit.xml"))
        try #require(!first.isEmpty && !second.isEmpty, "six flows split both ways")

        // Both shards: one JUnit file with every flow, one report folder with every flow's report.
        let merged = try workspace.flow(["merge", "--junit", "merged.xml", "--report", "merged", "a", "b"])
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        let lines = merged.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "merged 2 shards: 6 flows, 6 passed, 0 failed; every flow ran exactly once")
        #expect(lines.count == 4 && lines[0].hasPrefix("shard a/junit.xml") && lines[1].hasPrefix("shard b/junit.xml"), "each shard's wall time first: \(merged.stdout)")
        #expect(lines.dropLast(2).contains { $0.contains("slowest: ") } && lines[2].hasPrefix("the slowest's longest flows: Flows/"), "\(merged.stdout)")
        let document = try XMLDocument(data: Data(try workspace.read("merged.xml").utf8))
        #expect(try document.nodes(forXPath: "/testsuites/testsuite").count == 1)
        #expect(try document.nodes(forXPath: "/testsuites/testsuite/testcase").compactMap { ($0 as? XMLElement)?.attribute(forName: "file")?.stringValue } == Self.files)
        #expect(try document.nodes(forXPath: "/testsuites/testsuite/@tests").first?.stringValue == "6")
        #expect(try document.nodes(forXPath: "/testsuites/testsuite/@failures").first?.stringValue == "0")
        let reports = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.appendingPathComponent("merged").path).sorted()
        #expect(reports == (0..<6).map { "Flows_f\($0).txt" })
        #expect(try workspace.read("merged/Flows_f0.txt").hasPrefix("PASS  Flow 0  Flows/f0.yaml"))

        // The JUnit files named directly, the same.
        let direct = try workspace.flow(["merge", "--junit", "direct.xml", "b/junit.xml", "a/junit.xml"])
        #expect(direct.status == 0, "\(direct.stdout)\(direct.stderr)")
        #expect(try workspace.read("direct.xml") == (try workspace.read("merged.xml")), "sorted by file, whatever the shards' order")

        // One shard: the other's flows are missing.
        let alone = try workspace.flow(["merge", "--junit", "alone.xml", "a"])
        #expect(alone.status == 1)
        let missing = alone.stdout.split(separator: "\n").filter { $0.hasPrefix("missing: ") }
        #expect(missing == second.map { "missing: \($0) (no shard ran it)" })
        #expect(alone.stdout.hasSuffix("merged 1 shard: \(Self.flows(first.count)), \(first.count) passed, 0 failed; \(Self.flows(second.count)) missing\n"))

        // One shard twice: each of its flows is doubled, the other's missing.
        let twice = try workspace.flow(["merge", "--junit", "twice.xml", "a", "a"])
        #expect(twice.status == 1)
        let doubled = twice.stdout.split(separator: "\n").filter { $0.hasPrefix("doubled: ") }
        #expect(doubled == first.map { "doubled: \($0) (run by a/junit.xml and a/junit.xml)" })
        #expect(twice.stdout.split(separator: "\n").filter { $0.hasPrefix("missing: ") }.count == second.count)

        // A truncated file: a located error, exit 2, and nothing written.
        let text = try workspace.read("b/junit.xml")
        try workspace.write("cut/junit.xml", String(text.prefix(text.count * 2 / 3)))
        try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("cut/report"), withIntermediateDirectories: true)
        let truncated = try workspace.flow(["merge", "--junit", "cut.xml", "--report", "cut-report", "a", "cut"])
        #expect(truncated.status == 2)
        #expect(truncated.stdout.isEmpty)
        #expect(truncated.stderr.hasPrefix("cut/junit.xml:"), "\(truncated.stderr)")
        #expect(truncated.stderr.contains("error: not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)"))
        #expect(truncated.stderr.hasSuffix("1 error in 1 file\n"))
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("cut.xml").path))
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("cut-report").path))

        // A shard output that is not there, and one without its report folder: every problem at once.
        try FileManager.default.removeItem(at: workspace.folder.appendingPathComponent("cut/report"))
        let absent = try workspace.flow(["merge", "--junit", "absent.xml", "--report", "absent-report", "a", "nowhere", "cut"])
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("nowhere:1:1: error: there is no such file or folder"))
        #expect(absent.stderr.contains("cut/report:1:1: error: no report folder for --report"))
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("absent.xml").path))
    }

    /// `1 flow`, `2 flows`.
    static func flows(_ count: Int) -> String { "\(count) flow\(count == 1 ? "" : "s")" }

    /// The `file` of each testcase in a JUnit text.
    static func testcaseFiles(_ text: String) throws -> [String] {
        try XMLDocument(data: Data(text.utf8)).nodes(forXPath: "//testcase").compactMap { ($0 as? XMLElement)?.attribute(forName: "file")?.stringValue }.sorted()
    }
}

/// `flow merge --html`: one page of the merged run, every flow and failure in it, nothing unescaped.
@Suite(.serialized)
struct FlowMergeHTMLTests {
    @Test func theMergedPageHasEveryFlowItsFailureAndTheCoverage() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", "name: Passes <b>bold</b>\nsteps:\n  - Login.checkLoginScreen\n")
        try workspace.write("Flows/fail.yaml", "name: Fails\nsteps:\n  - tap: Nope\n")
        for (index, folder) in ["a", "b"].enumerated() {
            _ = try workspace.flow(["run", "--shard", "\(index + 1)/2", "--junit", "\(folder)/junit.xml"])
        }
        let merged = try workspace.flow(["merge", "--junit", "merged.xml", "--html", "merged.html", "a", "b"])
        #expect(merged.status == 1, "a flow failed: \(merged.stdout)")
        let page = try workspace.read("merged.html")
        let document = try XMLDocument(xmlString: page, options: [])
        let sections = try document.nodes(forXPath: "//section").compactMap { $0 as? XMLElement }
        #expect(sections.count == 2)
        #expect(try document.nodes(forXPath: "//section[contains(@class,'failed')]//pre").first?.stringValue?.contains(#"no element "Nope" on the idle screen"#) == true)
        #expect(page.contains("Passes &lt;b&gt;bold&lt;/b&gt;") && !page.contains("<b>bold"), "names are escaped")
        #expect(page.contains("every flow ran exactly once"))
        #expect(try document.nodes(forXPath: "//script").isEmpty)
    }
}
