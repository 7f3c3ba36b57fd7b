import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `--retries N`: a failing flow runs again from a fresh copy; one that passes on a retry is
/// FLAKY in the output, the JUnit and the reports, never silently passed.
@Suite(.serialized)
struct RetryTests {
    /// Flaky on purpose: the test drive fails the first upload of the first launch that finds no
    /// marker file (`-drive.flaky`), so the flow fails on its first try only.
    static func flakyUpload(marker: String) -> String {
        """
        name: Flaky upload
        onAlert: {PhotosPermission: OK}
        launch:
          defaults: {drive.flaky: "\(marker)"}
        steps:
          - Login.login
          - Glance.reviewWorkPhotos
          - Photos.selectAll
          - Photos.upload
          - Photos.checkUploaded: {count: 8}
        """
    }

    @Test func aFlowThatPassesOnARetryIsFlakyInTheOutputTheJUnitAndTheReports() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/flaky.yaml", Self.flakyUpload(marker: workspace.folder.appendingPathComponent("marker").path))
        let output = try workspace.flow(["run", "--retries", "2", "--junit", "junit.xml", "--report", "report", "--html", "report.html"])

        #expect(output.status == 0, "a flake does not fail the run unless asked: \(output.stdout)")
        #expect(output.stdout.contains("FLAKY (passed on try 2 of 3)  Flaky upload  Flows/flaky.yaml"), "\(output.stdout)")
        #expect(output.stdout.contains("try 1: Flows/flaky.yaml:10:5: error: Photos.checkUploaded"), "the first failure is not hidden")
        #expect(output.stdout.contains("1 flaky (passed only on a retry): Flows/flaky.yaml\n1 passed, 0 failed\n"), "\(output.stdout)")

        let junit = try XMLDocument(xmlString: try workspace.read("junit.xml"))
        let testcase = try #require(try junit.nodes(forXPath: "//testcase").first as? XMLElement)
        #expect(try testcase.nodes(forXPath: "failure").isEmpty, "it passed in the end")
        let flaky = try testcase.nodes(forXPath: "flakyFailure")
        #expect(flaky.count == 1)
        #expect((flaky.first as? XMLElement)?.attribute(forName: "message")?.stringValue?.contains("Photos.checkUploaded") == true)

        let report = try workspace.read("report/Flows_flaky.txt")
        #expect(report.contains("try 1 of 2\nFAIL  Flaky upload") && report.contains("try 2 of 2\nFLAKY  Flaky upload"), "\(report)")
        let html = try workspace.read("report.html")
        #expect(html.contains("try 1 of 2") && html.contains("FLAKY"))
    }

    @Test func failOnFlakyMakesAFlakeFailTheRun() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/flaky.yaml", Self.flakyUpload(marker: workspace.folder.appendingPathComponent("marker").path))
        let output = try workspace.flow(["run", "--retries", "1", "--fail-on-flaky"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("1 flaky (passed only on a retry): Flows/flaky.yaml (--fail-on-flaky: the run fails)"))
    }

    @Test func withoutRetriesTheSameFlowFailsAndAFlowThatFailsEveryTryFails() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/flaky.yaml", Self.flakyUpload(marker: workspace.folder.appendingPathComponent("marker").path))
        let once = try workspace.flow(["run"])
        #expect(once.status == 1 && once.stdout.contains("FAIL  Flaky upload"), "\(once.stdout)")

        try workspace.write("Flows/flaky.yaml", "name: Never\nsteps:\n  - tap: Nope\n")
        let always = try workspace.flow(["run", "--retries", "2", "--junit", "junit.xml"])
        #expect(always.status == 1)
        #expect(always.stdout.contains("FAIL (failed all 3 tries)  Never"), "\(always.stdout)")
        let junit = try XMLDocument(xmlString: try workspace.read("junit.xml"))
        #expect(try junit.nodes(forXPath: "//testcase/failure").count == 1)
        #expect(try junit.nodes(forXPath: "//testcase/rerunFailure").count == 2, "every try is in the JUnit")
    }

    @Test(arguments: [(["run", "--retries=-1"], "--retries -1: give 0 to 100"), (["run", "--fail-on-flaky"], "--fail-on-flaky goes with --retries N")])
    func badRetryOptionsAreNamed(arguments: [String], message: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - back\n")
        let output = try workspace.flow(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}
