import Foundation
import Testing

/// A flow that times out on WorkPhotos' upload says in its one line what the app was busy with,
/// and for how long: in the console, in JUnit.
struct BusyTimeoutTests {
    static let slowUpload = """
        name: Slow upload
        onAlert: {PhotosPermission: OK}
        launch:
          defaults: {drive.delay: "30"}
        steps:
          - Login.login
          - Glance.reviewWorkPhotos
          - Photos.selectAll
          - tap: Upload to Drive
        """

    @Test func aWaitThatTimesOutOnTheUploadSaysItWasStillBusyWithTheUploadAndForHowLong() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/slow.yaml", Self.slowUpload)
        let run = try workspace.flow(["run", "--timeout", "1", "--junit", "junit.xml", "Flows/slow.yaml"])
        #expect(run.status == 1, "a hang is the app's fault: \(run.stdout)\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("error:") }.map(String.init), "\(run.stdout)")
        #expect(line.contains("Flows/slow.yaml:9:5: error: tap"), "\(line)")
        // The upload has run the whole second waited, a little more by the time the frame is read.
        let said = try #require(line.firstMatch(of: /the app was still busy after 1 s: upload \((\d+)\.(\d) s\); it was killed/), "\(line)")
        #expect((1...2).contains(Int(said.1) ?? 0), "\(line)")
        let junit = try workspace.read("junit.xml")
        #expect(junit.contains("the app was still busy after 1 s: upload ("), "\(junit)")
    }

    @Test func aWaitForThatTimesOutSaysWhatTheAppWasBusyWith() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/slow.yaml", Self.slowUpload.replacingOccurrences(
            of: "  - tap: Upload to Drive", with: "  - tap: {button: Upload to Drive, waitForIdle: false}\n  - waitUntilGone: {alert: Uploading…, timeout: 1}"))
        let run = try workspace.flow(["run", "--timeout", "20", "Flows/slow.yaml"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(#"it did not go within 1 s: the app was still busy after 1 s: upload ("#), "\(run.stdout)")
    }
}
