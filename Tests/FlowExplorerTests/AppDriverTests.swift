@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import Glibc
import Testing

/// The driver the crawl drives real apps through, on the explore sample, in this process: what
/// it launches it ends, on each relaunch and when it is closed, the spare launch included.
struct AppDriverTests {
    static func driver(pids: String, prefix: [Step] = []) throws -> AppDriver {
        var scheme = Scheme(name: "default", app: ExploreWorkspace.sample)
        scheme.launch.environment = [("SAMPLE_PIDS", Text(pids))]
        return try AppDriver(scheme: scheme, variables: [:], secrets: [], timeout: 5, flow: Flow(file: "(explore)", name: "explore", fixture: nil, steps: prefix))
    }

    /// The process ids the sample wrote, one a launch.
    static func launched(_ file: String) throws -> [pid_t] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").compactMap { pid_t($0.split(separator: " ").first ?? "") }
    }

    static func running(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0
    }

    @Test func aRelaunchEndsTheAppBeforeAndClosingEndsTheRestSpareIncluded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("driver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pids = folder.appendingPathComponent("pids").path
        FileManager.default.createFile(atPath: pids, contents: nil)
        let driver = try Self.driver(pids: pids)
        guard case .success = driver.relaunch() else {
            Issue.record("the sample launches")
            return
        }
        let first = try Self.launched(pids)
        #expect(first.count >= 1)
        guard case .success = driver.relaunch() else {
            Issue.record("the sample launches again")
            return
        }
        #expect(driver.launches == 2)
        #expect(first.first.map { !Self.running($0) } == true, "the app before a relaunch is ended")
        driver.close()
        let all = try Self.launched(pids)
        #expect(all.count >= 2, "the first, the second and the spare made ready: \(all)")
        #expect(all.allSatisfy { !Self.running($0) }, "closed, every app it launched is ended: \(all.filter(Self.running))")
    }
}
