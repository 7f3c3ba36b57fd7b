import FlowKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import FlowRunner
import LocatedYAML
import Testing

/// `flow snapshots review` and the run's link to its page: every pending golden beside the
/// accepted one, the changed lines (and characters) marked and no other, the flows and steps that
/// check it, the exact command that accepts it; escaped; a missing or bad golden shown with a note;
/// exit codes 0, 2 and 3. Each page check is a function that returns its problems, shown to find
/// them in a page made wrong on purpose.
struct GoldenReviewTests {
    static let flow = GoldenScreenRunTests.flow
    static let golden = GoldenScreenRunTests.golden
    static let page = ".build/flows/golden-review.html"

    /// A workspace whose flow recorded its golden with `first` typed, then failed with `second`: one pending screen.
    static func pendingWorkspace(first: String = "ann", second: String = "bob") throws -> FlowWorkspace {
        let workspace = try FlowWorkspace()
        try workspace.write("Flows/form.yaml", flow)
        let recorded = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=\(first)"])
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        let changed = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=\(second)"])
        #expect(changed.status == 1, "\(changed.stdout)\(changed.stderr)")
        return workspace
    }

    // MARK: - The command, on a real run's pending screen

    @Test func thePageShowsBothSidesMarksOnlyTheChangesAndItsAcceptCommandAccepts() throws {
        let workspace = try Self.pendingWorkspace()
        defer { workspace.remove() }
        let golden = try workspace.read(Self.golden), pending = try workspace.read(Self.golden + ".pending")

        let review = try workspace.flow(["snapshots", "review"])
        #expect(review.status == 0, "\(review.stderr)")
        let url = workspace.folder.appendingPathComponent(Self.page).standardizedFileURL.absoluteString
        #expect(review.stdout == "1 pending golden screen to review\n\(url)\n")
        #expect(review.stderr.isEmpty)
        let page = try workspace.read(Self.page)
        let document = try HTMLReportTests.parse(page)

        #expect(try Self.sideProblems(document, golden: golden, pending: pending) == [])
        #expect(try Self.marks(document, "removed") == ["ann", "ann"], "the screen's line and the element's: only the name")
        #expect(try Self.marks(document, "added") == ["bob", "bob"])
        #expect(try HTMLReportTests.text(document, "//section[@id='golden-1']/h2") == "CHANGED form")
        let summary = try HTMLReportTests.text(document, "//section[@id='golden-1']/dl")
        #expect(summary.contains("Golden" + Self.golden) && summary.contains("The screen now" + Self.golden + ".pending"))
        #expect(try HTMLReportTests.text(document, "//section[@id='golden-1']//ul[@class='checks']/li") == "the flow Flows/form.yaml:4:5", "the assertScreen step's line")
        let accept = try HTMLReportTests.text(document, "//section[@id='golden-1']//code[@class='command']")
        #expect(accept == "flow snapshots accept form")
        #expect(try HTMLReportTests.elements(document, "//button[@data-for='golden-1-accept']").count == 1, "a copy button")

        // The command, as the page gives it, accepts that screen.
        let words = accept.split(separator: " ").map(String.init)
        let accepted = try workspace.flow(Array(words.dropFirst()))
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(try workspace.read(Self.golden) == pending)
        let after = try workspace.flow(["snapshots", "review", "--out", "after.html"])
        #expect(after.status == 0 && after.stdout.hasPrefix("nothing is pending: every golden screen matched at its last run\nfile://"), "\(after.stdout)")
    }

    @Test func aScreenThatShowsMarkupIsEscapedOnThePage() throws {
        let workspace = try Self.pendingWorkspace(first: "<script>alert(1)</script>", second: "x & 'y'")
        defer { workspace.remove() }
        let review = try workspace.flow(["snapshots", "review", "Flows", "--out", "review.html"])
        #expect(review.status == 0, "\(review.stderr)")
        let page = try workspace.read("review.html")
        #expect(Self.markupProblems(page) == [])
        #expect(page.contains("Username: <mark>&lt;script&gt;alert(1)&lt;/script&gt;</mark>"), "shown as text, the change marked")
        let document = try HTMLReportTests.parse(page)
        #expect(try Self.marks(document, "added").first == "x & 'y'", "the text itself, once unescaped")
    }

    @Test func withNothingPendingThePageSaysSo() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        _ = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann"])
        let review = try workspace.flow(["snapshots", "review"])
        #expect(review.status == 0)
        let url = workspace.folder.appendingPathComponent(Self.page).standardizedFileURL.absoluteString
        #expect(review.stdout == "nothing is pending: every golden screen matched at its last run\n\(url)\n")
        let document = try HTMLReportTests.parse(try workspace.read(Self.page))
        #expect(try HTMLReportTests.text(document, "//h1") == "Golden screens to review: none pending")
        #expect(try HTMLReportTests.text(document, "//p[@class='empty']") == "Nothing is pending under Flows: every golden screen matched at its last run.")
        #expect(try HTMLReportTests.elements(document, "//section").isEmpty)
    }

    /// A golden screen's file, in the format, without running the app.
    static func screen(_ lines: [String], title: String = "Login") -> String {
        ([GoldenScreen.header, "── screen ──"] + lines + ["── elements ──", "screen \"\(title)\""]).joined(separator: "\n") + "\n"
    }

    @Test(arguments: [
        (Data?.none, "NEW", "There is no golden file yet: accepting records the screen now as its golden."),
        (Data([0x67, 0x6F, 0xFF, 0xFE, 0x0A]), "UNREADABLE",
         "The golden file is not UTF-8 text: byte 0xFF is never in UTF-8 (Latin-1, or another encoding?) (line 1, column 3), so it is not shown; accepting replaces it with the screen now."),
        (Data("<<<<<<< HEAD\nmine\n".utf8), "CHANGED",
         "The golden file, line 1, column 1: it is not a golden screen: its first line should be \"\(GoldenScreen.header)\"; accepting replaces it with the screen now."),
    ])
    func aMissingOrBadGoldenIsShownWithANote(golden: Data?, badge: String, note: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        let pending = Self.screen(["[1]  Username: bob"])
        try workspace.write(Self.golden + ".pending", pending)
        if let golden { try golden.write(to: workspace.folder.appendingPathComponent(Self.golden)) }

        let review = try workspace.flow(["snapshots", "review"])
        #expect(review.status == 0, "\(review.stderr)")
        let document = try HTMLReportTests.parse(try workspace.read(Self.page))
        #expect(try HTMLReportTests.text(document, "//section/h2") == "\(badge) form")
        #expect(try HTMLReportTests.elements(document, "//section/p[@class='note']").compactMap(\.stringValue) == [note])
        let rows = try Self.rows(document)
        #expect(rows.map(\.right?.text) == LineDiff.split(pending), "the screen now is shown whole")
        if golden.map({ String(data: $0, encoding: .utf8) == nil }) ?? true {
            #expect(rows.allSatisfy { $0.left?.kind == "blank" && $0.right?.kind == "added" }, "nothing to face it: every line added")
        }
        #expect(try HTMLReportTests.text(document, "//section//code[@class='command']") == "flow snapshots accept form")
    }

    @Test func aPendingFileThatIsNotAScreenSaysAcceptRefusesIt() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        try workspace.write(Self.golden, Self.screen(["[1]  Username: ann"]))
        try Data([0xC3, 0x28, 0x0A]).write(to: workspace.folder.appendingPathComponent(Self.golden + ".pending"))
        let review = try workspace.flow(["snapshots", "review"])
        #expect(review.status == 0, "\(review.stderr)")
        let document = try HTMLReportTests.parse(try workspace.read(Self.page))
        let note = try HTMLReportTests.text(document, "//section/p[@class='note']")
        #expect(note.hasPrefix("The pending file is not UTF-8 text: byte 0xC3 starts a character of 2 bytes"), "\(note)")
        #expect(note.hasSuffix("accept refuses it; delete it and run the flow again."))
        #expect(try Self.rows(document).allSatisfy { $0.left?.kind == "removed" && $0.right?.kind == "blank" }, "the golden alone")
    }

    @Test func twoPendingScreensOfOneNameAreAcceptedByTheirFilesAndAFlowThatIncludesTheStepIsNamed() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - assertScreen: home\n")
        try workspace.write("Flows/b b.yaml", "name: B\nsteps:\n  - assertScreen: home\n")
        try workspace.write("Flows/c.yaml", "name: C\nsteps:\n  - runFlow: a.yaml\n")
        for owner in ["a", "b-b"] {
            try workspace.write("Flows/__Screens__/\(owner).home.txt", Self.screen(["one"]))
            try workspace.write("Flows/__Screens__/\(owner).home.txt.pending", Self.screen(["two"]))
        }
        let review = try workspace.flow(["snapshots", "review"])
        #expect(review.status == 0, "\(review.stderr)")
        let document = try HTMLReportTests.parse(try workspace.read(Self.page))
        let commands = try HTMLReportTests.elements(document, "//section//code[@class='command']").compactMap(\.stringValue)
        #expect(commands == ["flow snapshots accept Flows/__Screens__/a.home.txt", "flow snapshots accept Flows/__Screens__/b-b.home.txt"], "home alone would accept both")
        #expect(try HTMLReportTests.text(document, "//code[@id='accept-all']") == "flow snapshots accept Flows/__Screens__/a.home.txt Flows/__Screens__/b-b.home.txt")
        let checks = try HTMLReportTests.elements(document, "//section[@id='golden-1']//ul[@class='checks']/li").compactMap(\.stringValue)
        #expect(checks == ["the flow Flows/a.yaml:3:5", "the flow Flows/c.yaml, through runFlow, at Flows/a.yaml:3:5"])
        #expect(try HTMLReportTests.text(document, "//section[@id='golden-2']//ul[@class='checks']/li") == "the flow Flows/b b.yaml:3:5")

        let one = try workspace.flow(["snapshots", "accept", "Flows/__Screens__/b-b.home.txt"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try workspace.read("Flows/__Screens__/a.home.txt") == Self.screen(["one"]), "the other is left pending")
    }

    @Test func aPathOrFlowThatCannotBeReadIsExitTwoAndAPageThatCannotBeWrittenIsThree() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        let missing = try workspace.flow(["snapshots", "review", "Flows/nowhere"])
        #expect(missing.status == 2 && missing.stderr == "flow: error: there is no flow file or folder Flows/nowhere\n", "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent(Self.page).path), "nothing written")

        try workspace.write("Flows/broken.yaml", "name: Broken\nsteps: [tapp: x]\n")
        let broken = try workspace.flow(["snapshots", "review"])
        #expect(broken.status == 2 && broken.stderr.contains("Flows/broken.yaml:2:9: error: unknown step \"tapp\""), "\(broken.stderr)")
        try FileManager.default.removeItem(at: workspace.folder.appendingPathComponent("Flows/broken.yaml"))

        for out in ["Flows/form.yaml/page.html", "Flows"] {
            let unwritable = try workspace.flow(["snapshots", "review", "--out", out])
            #expect(unwritable.status == 3, "\(out): \(unwritable.stdout)\(unwritable.stderr)")
            #expect(unwritable.stderr.hasPrefix("flow: error: cannot write the review page \(out): "), "\(unwritable.stderr)")
            #expect(unwritable.stdout.isEmpty, "no path printed for a page not written")
        }
    }

    // MARK: - The run's report

    @Test func theRunsReportLinksToThePageWhenAGoldenFailedAndNotWhenNoneDid() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        let passed = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann", "--html", "out/report.html"])
        #expect(passed.status == 0)
        #expect(Self.linkProblems(try workspace.read("out/report.html"), count: nil) == [])
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("out/report.golden-review.html").path))

        let failed = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=bob", "--html", "out/report.html"])
        #expect(failed.status == 1)
        let url = workspace.folder.appendingPathComponent("out/report.golden-review.html").standardizedFileURL.absoluteString
        #expect(failed.stdout.contains("1 golden screen changed: review it in \(url)\n"), "\(failed.stdout)")
        let report = try workspace.read("out/report.html")
        #expect(Self.linkProblems(report, count: 1) == [])
        let review = try HTMLReportTests.parse(try workspace.read("out/report.golden-review.html"))
        #expect(try Self.sideProblems(review, golden: try workspace.read(Self.golden), pending: try workspace.read(Self.golden + ".pending")) == [])
        #expect(try HTMLReportTests.text(review, "//section//ul[@class='checks']/li") == "the flow Flows/form.yaml:4:5")
        #expect(try HTMLReportTests.text(review, "//section//code[@class='command']") == "flow snapshots accept form")

        // The page cannot be written (a folder has its name): said, and the run is not made.
        try FileManager.default.removeItem(at: workspace.folder.appendingPathComponent("out/report.golden-review.html"))
        try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("out/report.golden-review.html"), withIntermediateDirectories: true)
        let blocked = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=bob", "--html", "out/report.html"])
        #expect(blocked.status == 3, "\(blocked.stdout)\(blocked.stderr)")
        #expect(blocked.stderr.contains("flow: error: cannot write the golden review page out/report.golden-review.html: "), "\(blocked.stderr)")
        #expect(Self.linkProblems(try workspace.read("out/report.html"), count: nil) == [], "no link to a page that is not there")
    }

    // MARK: - The checks can fail

    /// A page made in process from two screens, then spoilt one way at a time: each check finds it.
    @Test func eachCheckFindsAPageMadeWrong() throws {
        let golden = Self.screen(["Work photos: 8   Other: 1", "same", "gone"])
        let pending = Self.screen(["Work photos: 9   Other: 2", "same", "<new> & more"])
        let item = GoldenReviewPage.Item(
            screen: "glance", golden: .init(path: "Flows/__Screens__/a.glance.txt", text: golden),
            pending: .init(path: "Flows/__Screens__/a.glance.txt.pending", text: pending),
            checks: [.init(flow: "Flows/a.yaml", step: SourceLocation(file: "Flows/a.yaml", line: 4, column: 5))], accept: "flow snapshots accept glance"
        )
        let good = GoldenReviewPage.html([item], runner: .standard, looked: ["Flows"])
        let document = try HTMLReportTests.parse(good)
        #expect(try Self.sideProblems(document, golden: golden, pending: pending) == [])
        #expect(Self.markupProblems(good) == [])
        #expect(try Self.marks(document, "removed") == ["8", "1", "gone"] && Self.marks(document, "added") == ["9", "2", "<new> & more"],
                "within a line only what changed; a line that faces another wholly different is one mark")

        // An unmarked change, a mark on a line that did not change, a side cut short, a line moved.
        let unmarked = good.replacingOccurrences(of: "<td class=\"removed\"><pre><mark>gone</mark></pre></td>", with: "<td><pre>gone</pre></td>")
        #expect(good != unmarked)
        #expect(try Self.sideProblems(HTMLReportTests.parse(unmarked), golden: golden, pending: pending) != [])
        let overmarked = good.replacingOccurrences(of: "<tr><td><pre>same</pre></td>", with: "<tr><td class=\"removed\"><pre>same</pre></td>")
        #expect(good != overmarked)
        #expect(try Self.sideProblems(HTMLReportTests.parse(overmarked), golden: golden, pending: pending) != [])
        let cut = good.replacingOccurrences(of: "<tr><td><pre>same</pre></td><td><pre>same</pre></td></tr>\n", with: "")
        #expect(good != cut)
        #expect(try Self.sideProblems(HTMLReportTests.parse(cut), golden: golden, pending: pending) != [])
        // Unescaped markup, and a link where none should be (or none where one should).
        #expect(Self.markupProblems(good.replacingOccurrences(of: "&lt;new&gt;", with: "<script>x</script>")) != [])
        #expect(Self.markupProblems(good + "<img src=\"http://example.invalid/x.png\"/>") != [])
        let report = HTMLReport.html([], summary: .init(scheme: "default", duration: .zero))
        var summary = HTMLReport.Summary(scheme: "default", duration: .zero)
        summary.goldenReview = .init(file: "report.golden-review.html", count: 2)
        let linked = HTMLReport.html([], summary: summary)
        #expect(Self.linkProblems(report, count: nil) == [] && Self.linkProblems(linked, count: 2) == [])
        #expect(Self.linkProblems(linked, count: nil) != [] && Self.linkProblems(report, count: 2) != [])
        #expect(linked.contains("<a href=\"report.golden-review.html\">2 golden screens changed: review them</a>"))
    }

    @Test(arguments: [
        ("[1]  Username: ann  ◂", "[1]  Username: bob  ◂", ["ann"], ["bob"]),
        ("     8 work photos", "     9 work photos", ["8"], ["9"]),
        ("Work photos: 8   Other: 1", "Work photos: 12   Other: 1", ["8"], ["12"]),
        ("gone", "<new> & more", ["gone"], ["<new> & more"]),
        ("x1", "x2", ["x1"], ["x2"]),
        ("     At a glance", "     Your photos at a glance", ["A"], ["Your photos a"]),
    ])
    func theCharactersThatDifferAreMarkedAsOneReadsThem(old: String, new: String, oldMarks: [String], newMarks: [String]) {
        let pieces = ScreenDiffTable.characters(from: old, to: new)
        #expect(pieces.old.map(\.text).joined() == old && pieces.new.map(\.text).joined() == new, "every character, once")
        #expect(pieces.old.filter(\.changed).map(\.text) == oldMarks)
        #expect(pieces.new.filter(\.changed).map(\.text) == newMarks)
    }

    @Test func theRunsPageIsNamedAfterItsReportAndAPathWithBlanksIsQuotedInTheCommand() {
        #expect(GoldenReviewPage.path(besideReport: "out/report.html") == "out/report.golden-review.html")
        #expect(GoldenReviewPage.path(besideReport: "flows.html") == "flows.golden-review.html")
        #expect(GoldenReviewPage.path(besideReport: "/tmp/r") == "/tmp/r.golden-review.html")
        #expect(GoldenReviewPage.shellWord("Flows/__Screens__/a.home.txt") == "Flows/__Screens__/a.home.txt")
        #expect(GoldenReviewPage.shellWord("Flows/my flows/__Screens__/it's.home.txt") == #"'Flows/my flows/__Screens__/it'\''s.home.txt'"#)
    }

    // MARK: - Reading a page

    struct Cell {
        /// `removed`, `added`, `blank`, or `same`.
        let kind: String
        let text: String
    }

    /// The side-by-side table's rows: each side's cell.
    static func rows(_ document: XMLNode) throws -> [(left: Cell?, right: Cell?)] {
        try HTMLReportTests.elements(document, "//table[@class='screen-diff']/tbody/tr").map { row in
            let cells = try HTMLReportTests.elements(row, "td").map { Cell(kind: $0.attribute(forName: "class")?.stringValue ?? "same", text: $0.stringValue ?? "") }
            return (cells.first, cells.count > 1 ? cells[1] : nil)
        }
    }

    /// The marked characters in the cells of `kind`, in order.
    static func marks(_ document: XMLNode, _ kind: String) throws -> [String] {
        try HTMLReportTests.elements(document, "//table[@class='screen-diff']//td[@class='\(kind)']//mark").compactMap(\.stringValue)
    }

    /// What is wrong with the table of a page for `golden` and `pending`: each side must hold its
    /// file's lines, whole and in order; a row is unmarked exactly when it shows one line on both
    /// sides; the marked lines are exactly those one file has and the other has not (as multisets).
    static func sideProblems(_ document: XMLNode, golden: String, pending: String) throws -> [String] {
        let rows = try rows(document)
        var problems: [String] = []
        let left = rows.compactMap(\.left).filter { $0.kind != "blank" }.map(\.text), right = rows.compactMap(\.right).filter { $0.kind != "blank" }.map(\.text)
        if left != LineDiff.split(golden) { problems.append("the golden's side is not the golden: \(left)") }
        if right != LineDiff.split(pending) { problems.append("the pending side is not the pending screen: \(right)") }
        for (index, row) in rows.enumerated() {
            guard let l = row.left, let r = row.right else { problems.append("row \(index + 1) lacks a side"); continue }
            if (l.kind == "same") != (r.kind == "same") { problems.append("row \(index + 1) is marked on one side only") }
            if l.kind == "same", l.text != r.text { problems.append("row \(index + 1) differs but is not marked: \(l.text) | \(r.text)") }
            if !["same", "removed", "blank"].contains(l.kind) || !["same", "added", "blank"].contains(r.kind) { problems.append("row \(index + 1) has cells \(l.kind), \(r.kind)") }
        }
        func minus(_ a: [String], _ b: [String]) -> [String] {
            var rest = b
            return a.filter { line in
                guard let index = rest.firstIndex(of: line) else { return true }
                rest.remove(at: index)
                return false
            }
        }
        let removed = rows.compactMap(\.left).filter { $0.kind == "removed" }.map(\.text)
        let added = rows.compactMap(\.right).filter { $0.kind == "added" }.map(\.text)
        let goldenOnly = minus(LineDiff.split(golden), LineDiff.split(pending)), pendingOnly = minus(LineDiff.split(pending), LineDiff.split(golden))
        if removed.sorted() != goldenOnly.sorted() { problems.append("marked as the golden's own: \(removed), but it has \(goldenOnly)") }
        if added.sorted() != pendingOnly.sorted() { problems.append("marked as the screen's own: \(added), but it has \(pendingOnly)") }
        return problems
    }

    /// Markup that came from a screen, or anything loaded from elsewhere: the page has exactly
    /// its own one script, and no `src` or `href` off the page.
    static func markupProblems(_ page: String) -> [String] {
        var problems: [String] = []
        let scripts = page.components(separatedBy: "<script").count - 1
        if scripts != 1 { problems.append("\(scripts) script elements, not its own one") }
        for attribute in ["src=\"", "href=\"http", "href=\"//", "<img"] where page.contains(attribute) { problems.append("it holds \(attribute)") }
        if (try? HTMLReportTests.parse(page)) == nil { problems.append("it is not well-formed") }
        return problems
    }

    /// What is wrong with a run's report's link to the review page: `count` golden screens
    /// changed, and one link near the top; nil: no link at all.
    static func linkProblems(_ report: String, count: Int?) -> [String] {
        guard let document = try? HTMLReportTests.parse(report) else { return ["the report is not well-formed"] }
        let anywhere = (try? HTMLReportTests.elements(document, "//a[contains(@href, 'golden-review')]")) ?? []
        let links = (try? HTMLReportTests.elements(document, "//header/p[@class='golden-review']/a")) ?? []
        guard let count else { return anywhere.isEmpty ? [] : ["\(anywhere.count) links to a review page where no golden failed"] }
        guard anywhere.count == 1, links.count == 1, let link = links.first else { return ["\(links.count) links in the header and \(anywhere.count) in all, not one"] }
        var problems: [String] = []
        let words = "\(count) golden screen\(count == 1 ? "" : "s") changed: review \(count == 1 ? "it" : "them")"
        if link.stringValue != words { problems.append("it says \(link.stringValue ?? "")") }
        if link.attribute(forName: "href")?.stringValue?.hasSuffix(".golden-review.html") != true { problems.append("it links to \(link.attribute(forName: "href")?.stringValue ?? "nothing")") }
        return problems
    }
}
