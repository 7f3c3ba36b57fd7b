import FlowKit
@testable import FlowRunner
import Foundation
import LocatedYAML
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The review page and the run's report with its link, rendered by a real browser: Debian's
/// headless Chromium takes a screenshot of each, and its log must hold no script error. A page with
/// a script error planted in it is caught, so the check can fail.
@Suite(.serialized)
struct GoldenReviewBrowserTests {
    static let chromium = "/usr/bin/chromium"

    /// A page with a change on a line, a line only the golden has and one only the screen has.
    static var page: String {
        let golden = GoldenReviewTests.screen(["── At a glance ──", "     8 work photos", "     1 other photo", "     <script>gone</script>"])
        let pending = GoldenReviewTests.screen(["── At a glance ──", "     9 work photos", "     1 other photo", "     Last upload: today"])
        let item = GoldenReviewPage.Item(
            screen: "glance", golden: .init(path: "Flows/__Screens__/sign-in.glance.txt", text: golden),
            pending: .init(path: "Flows/__Screens__/sign-in.glance.txt.pending", text: pending),
            checks: [.init(flow: "Flows/sign-in.yaml", step: SourceLocation(file: "Flows/sign-in.yaml", line: 11, column: 5))],
            accept: "flow snapshots accept glance"
        )
        let missing = GoldenReviewPage.Item(
            screen: "home", golden: .init(path: "Flows/__Screens__/a.home.txt", text: nil, note: "There is no golden file yet: accepting records the screen now as its golden."),
            pending: .init(path: "Flows/__Screens__/a.home.txt.pending", text: pending), checks: [], accept: "flow snapshots accept home"
        )
        return GoldenReviewPage.html([item, missing], runner: .standard, looked: ["Flows"])
    }

    @Test func theReviewPageAndTheReportRenderWithoutAScriptError() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.chromium) else {
            Issue.record("chromium is not installed: make deps installs it (Debian's chromium)")
            return
        }
        var summary = HTMLReport.Summary(scheme: "default", duration: .seconds(1))
        summary.goldenReview = .init(file: "report.golden-review.html", count: 2)
        for (name, page) in [("review", Self.page), ("report", HTMLReport.html([], summary: summary))] {
            let shot = try Self.render(page)
            #expect(shot.problems == [], "\(name): \(shot.log)")
            #expect(shot.png.count > 12_000, "\(name): a page with text on it, not a blank one (\(shot.png.count) bytes)")
        }
    }

    @Test func aPageWithAScriptErrorIsCaught() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.chromium) else {
            Issue.record("chromium is not installed: make deps installs it (Debian's chromium)")
            return
        }
        let broken = Self.page.replacingOccurrences(of: "</script>", with: "document.noSuchFunction();\n</script>")
        #expect(broken != Self.page)
        let shot = try Self.render(broken)
        #expect(shot.problems.count == 1 && shot.problems.first?.contains("Uncaught TypeError: document.noSuchFunction is not a function") == true, "\(shot.log)")
        #expect(shot.png.count > 12_000, "the page is drawn all the same")
    }

    /// A screenshot of `page` and what Chromium's log says against it.
    struct Shot {
        /// The PNG's bytes.
        let png: Data
        /// Chromium's standard error.
        let log: String
        /// The log's lines from the page's console (an uncaught error, a message), and any that
        /// says the screenshot was not taken.
        let problems: [String]
    }

    /// Renders `page` from a file in headless Chromium, 1400 by 1000, and checks the screenshot:
    /// written, a PNG of that size. A Chromium that does not end within a minute is killed with
    /// every process it started, and the test fails.
    static func render(_ page: String, width: Int = 1400, height: Int = 1000) throws -> Shot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("review-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("page.html"), png = folder.appendingPathComponent("page.png")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let (status, log) = try run(chromium, [
            // As root in a container with no display: no sandbox, no GPU, a profile of its own.
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
            "--enable-logging=stderr", "--v=0", "--timeout=20000", "--screenshot=\(png.path)", "--window-size=\(width),\(height)", file.absoluteString,
        ], log: folder.appendingPathComponent("chromium.log"))
        var problems = log.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }.map(String.init)
        if status != 0 { problems.append("chromium exited \(status)") }
        let data = (try? Data(contentsOf: png)) ?? Data()
        if data.count < 24 || Array(data.prefix(8)) != [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            problems.append("no PNG was written (\(data.count) bytes)")
        } else {
            // IHDR: the width and height, big-endian, after the signature and the chunk's length and type.
            let size = { (offset: Int) in data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            if size(16) != width || size(20) != height { problems.append("the PNG is \(size(16)) by \(size(20)), not \(width) by \(height)") }
        }
        return Shot(png: data, log: log, problems: problems)
    }

    /// Runs `executable`, its standard error to `log`; kills its whole process group (Chromium's
    /// helpers too) after `seconds` or when it ends, so nothing is left behind.
    static func run(_ executable: String, _ arguments: [String], log: URL, seconds: Double = 60) throws -> (status: Int32, log: String) {
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        // Foundation starts the child in a process group of its own (its pid): the helpers the
        // browser forks join it, and are killed with it.
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let group = process.processIdentifier
        let timedOut = ended.wait(timeout: .now() + seconds) == .timedOut
        kill(-group, SIGKILL)
        if timedOut { process.waitUntilExit() }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if timedOut { Issue.record("chromium did not end within \(Int(seconds)) s: killed") }
        return (timedOut ? -1 : process.terminationStatus, text)
    }
}
