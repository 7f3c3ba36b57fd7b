import Foundation
import Testing

/// The docs site's check (`scripts/docs-check.py`, run by `make docs`) can fail: on a site of its
/// own, a link to a page that is not there and a page whose script throws are each said, by name,
/// with exit 1; the same site without them passes. The real site is checked where it is written.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct DocsSiteCheckTests {
    static let chromium = "/usr/bin/chromium"

    /// A small site: an index linking `good/` (and `missing/` and `bad/` unless `clean`).
    static func site(clean: Bool) throws -> URL {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("docs-site-\(UUID().uuidString)")
        for folder in ["good", "bad"] {
            try FileManager.default.createDirectory(at: site.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let links = clean ? #"<a href="good/">good</a>"# : #"<a href="good/">good</a> <a href="missing/">missing</a> <a href="bad/">bad</a>"#
        try "<!DOCTYPE html><html><body><h1>The index</h1>\(links)</body></html>".write(to: site.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try #"<!DOCTYPE html><html><body><p id="p"></p><script>document.getElementById("p").textContent = "Written by a script";</script></body></html>"#
            .write(to: site.appendingPathComponent("good/index.html"), atomically: true, encoding: .utf8)
        try #"<!DOCTYPE html><html><body><p>Bad</p><script>document.noSuchFunction();</script></body></html>"#
            .write(to: site.appendingPathComponent("bad/index.html"), atomically: true, encoding: .utf8)
        return site
    }

    static func check(_ site: URL, render: [String]) throws -> PublicAPITests.Outcome {
        try PublicAPITests.run(["python3", "scripts/docs-check.py", "--site", site.path] + render.flatMap { ["--render", $0] })
    }

    @Test func aBrokenLinkAndAScriptErrorAreEachSaid() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.chromium) else {
            Issue.record("chromium is not installed: make deps installs it (Debian's chromium)")
            return
        }
        let site = try Self.site(clean: false)
        defer { try? FileManager.default.removeItem(at: site) }
        let outcome = try Self.check(site, render: ["=The index", "good/=Written by a script", "bad/=Bad"])
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("index.html links to missing/, which answers 404"), "\(outcome.errors)")
        #expect(outcome.errors.contains("bad/: ") && outcome.errors.contains("Uncaught TypeError: document.noSuchFunction is not a function"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("good/"), "the good page is no problem: \(outcome.errors)")
    }

    @Test func aPageThatDoesNotShowItsTextIsSaid() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.chromium) else {
            Issue.record("chromium is not installed: make deps installs it (Debian's chromium)")
            return
        }
        let site = try Self.site(clean: true)
        defer { try? FileManager.default.removeItem(at: site) }
        let outcome = try Self.check(site, render: ["good/=Text no script writes"])
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains(#"good/ does not show "Text no script writes" once rendered"#), "\(outcome.errors)")
    }

    @Test func theSiteWithoutThemPasses() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.chromium) else {
            Issue.record("chromium is not installed: make deps installs it (Debian's chromium)")
            return
        }
        let site = try Self.site(clean: true)
        defer { try? FileManager.default.removeItem(at: site) }
        let outcome = try Self.check(site, render: ["=The index", "good/=Written by a script"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("every link of the index loads, and 2 page(s) render with no script error"))
    }

    @Test func noSiteIsBadInput() throws {
        let outcome = try Self.check(FileManager.default.temporaryDirectory.appendingPathComponent("no-site-\(UUID().uuidString)"), render: [])
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("make docs writes the site"), "\(outcome.errors)")
    }
}
