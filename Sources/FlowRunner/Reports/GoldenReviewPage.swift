import FlowKit
import Foundation
import LocatedYAML
import TextBytes

/// `snapshots review`'s page, which a run with `--html` also writes beside its report when a
/// golden screen did not match: one self-contained HTML page (its styles and the copy buttons'
/// few lines of script inline) with every pending golden screen beside its golden, the lines and
/// characters that differ marked (as in the run's report), the flows
/// and `assertScreen` steps that check it, and the command that accepts it.
///
/// It shows the files as they are, so what it shows is what `snapshots accept` would put in place:
/// a pending screen was masked when the run wrote it, and nothing of a scheme is read. A golden
/// that is missing, unreadable, not UTF-8 (TextBytes' check, as every reader of the runner makes)
/// or not a golden screen is shown with a note saying so. Every text is escaped, and the page is
/// well-formed XML as well as HTML, as the run's report is.
package enum GoldenReviewPage {
    /// Where `snapshots review` writes the page when given no `--out`: in the build folder, which
    /// is never committed.
    package static let defaultPath = ".build/flows/golden-review.html"

    /// The page a run writes beside its HTML report: `out/report.html` → `out/report.golden-review.html`.
    package static func path(besideReport report: String) -> String {
        let name = PathText.name(of: report)
        let stem = (name as NSString).deletingPathExtension
        let parent = PathText.parent(of: report)
        let file = (stem.isEmpty ? name : stem) + ".golden-review.html"
        return PathText.joined(parent, file)
    }

    /// One side of a pending golden: its file, its text when it can be shown, and what a reviewer
    /// should know about it (missing, unreadable, not a golden screen).
    package struct Side: Sendable, Equatable {
        /// The file, as found or as the flow names it.
        package var path: String
        /// The file's text (nil: none to show).
        package var text: String?
        /// Why it is not an ordinary golden screen, in words, or nil when it is one.
        package var note: String?

        /// A side read from `path`, as given.
        package init(path: String, text: String?, note: String? = nil) {
            self.path = path
            self.text = text
            self.note = note
        }
    }

    /// An `assertScreen` step that checks a golden: the flow that runs it, and where it is
    /// written (another file when the flow includes it with `runFlow`).
    package struct Check: Sendable, Equatable {
        /// The flow file.
        package var flow: String
        /// The step's file, line and column.
        package var step: SourceLocation

        /// The step at `step`, run by the flow `flow`.
        package init(flow: String, step: SourceLocation) {
            self.flow = flow
            self.step = step
        }
    }

    /// One pending golden screen, as the page shows it.
    package struct Item: Sendable, Equatable {
        /// The screen's name (`assertScreen: NAME`).
        package var screen: String
        /// The accepted golden.
        package var golden: Side
        /// The screen the run saw, in the pending file beside the golden.
        package var pending: Side
        /// The steps that check it (empty: no flow does, as for a Swift test's golden).
        package var checks: [Check]
        /// The command that accepts it, as a person types it (`flow snapshots accept home`).
        package var accept: String

        /// A pending golden named `screen`, its two sides, the steps that check it and the command that accepts it.
        package init(screen: String, golden: Side, pending: Side, checks: [Check], accept: String) {
            self.screen = screen
            self.golden = golden
            self.pending = pending
            self.checks = checks
            self.accept = accept
        }
    }

    /// The link a run's HTML report shows near its top when a golden did not match.
    package struct Link: Sendable, Equatable {
        /// The page's file name, beside the report.
        package var file: String
        /// How many golden screens did not match.
        package var count: Int

        /// A link to `file` for `count` golden screens.
        package init(file: String, count: Int) {
            self.file = file
            self.count = count
        }
    }

    // MARK: - What is pending

    /// Every pending golden of `catalog` (``GoldenScreenCatalog/survey(_:suite:)``), with the
    /// `assertScreen` steps of `suite` that check it, read from its files.
    package static func items(_ catalog: GoldenScreenCatalog, suite: FlowSuite, runner: RunnerIdentity) -> [Item] {
        var checks: [String: [Check]] = [:]  // golden, absolute → steps
        for flow in suite.flows {
            GoldenScreenCatalog.walk(flow.steps) { step, name in
                let key = FlowParser.key(GoldenScreenFile.path(screen: name, checkedBy: step.location.file))
                let check = Check(flow: flow.file, step: step.location)
                if !(checks[key] ?? []).contains(check) { checks[key, default: []].append(check) }
            }
        }
        let names = pendingNames(under: runner.flows)
        return catalog.entries.compactMap { entry in
            guard let pending = entry.pending else { return nil }
            return item(screen: entry.screen, golden: entry.path, pending: pending, checks: checks[FlowParser.key(entry.path)] ?? [], runner: runner, names: names)
        }
    }

    /// Every golden screen that did not match in `results` (their earlier tries too), with the
    /// steps that checked it, read from its files (the pending file holds the screen the run saw
    /// last): what the run's page shows.
    package static func items(of results: [FlowResult], runner: RunnerIdentity) -> [Item] {
        var order: [String] = []
        var found: [String: (diff: ScreenDiff, checks: [Check])] = [:]
        for result in results {
            for attempt in result.earlierTries + [result] {
                for record in attempt.steps {
                    guard let diff = record.screenDiff else { continue }
                    let key = FlowParser.key(diff.goldenPath)
                    let check = Check(flow: attempt.flow.file, step: record.location)
                    if found[key] == nil { order.append(key) }
                    var entry = found[key] ?? (diff, [])
                    if !entry.checks.contains(check) { entry.checks.append(check) }
                    found[key] = entry
                }
            }
        }
        let names = pendingNames(under: runner.flows)
        return order.compactMap { key -> Item? in
            guard let (diff, checks) = found[key] else { return nil }
            let screen = GoldenScreenFile.parts(ofGolden: PathText.name(of: diff.goldenPath))?.screen ?? PathText.name(of: diff.goldenPath)
            return item(screen: screen, golden: diff.goldenPath, pending: diff.pendingPath, checks: checks, runner: runner, names: names)
        }.sorted { $0.golden.path < $1.golden.path }
    }

    private static func item(screen: String, golden: String, pending: String, checks: [Check], runner: RunnerIdentity, names: [String: Int]) -> Item {
        let goldenSide = read(golden, pending: false)
        // By name when that names it alone: a golden under the flows' folder, the one pending of
        // its name there. Else by its file, which accept takes too.
        let alone = GoldenScreenCatalog.covers(runner.flows, golden) && names[screen] == 1
        let target = alone ? screen : shellWord(InputFile.kind(golden) == .file ? golden : pending)
        return Item(screen: screen, golden: goldenSide, pending: read(pending, pending: true), checks: checks, accept: "\(runner.name) snapshots accept \(target)")
    }

    /// How many pending files of each screen's name are under `folder`: `snapshots accept NAME`
    /// takes all of them.
    static func pendingNames(under folder: String) -> [String: Int] {
        var names: [String: Int] = [:]
        for entry in InputFile.entries(below: folder) where entry.kind == .file && PathText.name(of: PathText.parent(of: entry.path)) == GoldenScreenFile.folderName {
            guard let golden = GoldenScreenFile.golden(ofPending: entry.path), let parts = GoldenScreenFile.parts(ofGolden: PathText.name(of: golden)) else { continue }
            names[parts.screen, default: 0] += 1
        }
        return names
    }

    /// A side read from `path`: its text when it is UTF-8, and a note when it is missing,
    /// unreadable, not UTF-8, or not a golden screen (what `accept` then does with it).
    static func read(_ path: String, pending: Bool) -> Side {
        let file = pending ? "The pending file" : "The golden file"
        switch InputFile.read(path, limit: GoldenScreenStore.fileLimit) {
        case .failure(.missing):
            return Side(path: path, text: nil, note: pending
                ? "The pending file is gone (accepted or deleted since the page was written): run the flow again."
                : "There is no golden file yet: accepting records the screen now as its golden.")
        case let .failure(problem):
            return Side(path: path, text: nil, note: "\(file) cannot be read: \(problem)" + (pending ? "." : "; accepting replaces it with the screen now."))
        case let .success(data):
            switch TextBytes.string(data) {
            case let .failure(problem):
                return Side(path: path, text: nil, note: problem.statement(file)
                    + " (line \(problem.line), column \(problem.column)), so it is not shown"
                    + (pending ? ": it is not a screen a run wrote, and accept refuses it; delete it and run the flow again." : "; accepting replaces it with the screen now."))
            case let .success(text):
                do {
                    _ = try GoldenScreen(parsing: text)
                    return Side(path: path, text: text)
                } catch {
                    var place = ""
                    if case let .malformed(line, column, _) = error { place = ", line \(line), column \(column)" }
                    return Side(path: path, text: text, note: "\(file)\(place): \(reason(error))"
                        + (pending ? "; accept refuses it: delete it and run the flow again." : "; accepting replaces it with the screen now."))
                }
            }
        }
    }

    private static func reason(_ error: GoldenScreenError) -> String {
        switch error {
        case let .malformed(_, _, message): message
        case .notOnScreen: error.description
        }
    }

    /// `word` as a shell reads it as one word (``ShellWord``).
    static func shellWord(_ word: String) -> String {
        ShellWord.quoted(word)
    }

    // MARK: - The page

    /// The page for `items`; with none, a page that says nothing is pending. `looked` says where
    /// `snapshots review` looked (the flows' folder, or the paths given).
    package static func html(_ items: [Item], runner: RunnerIdentity, looked: [String]) -> String {
        let heading = items.isEmpty ? "Golden screens to review: none pending"
            : "Golden screens to review: \(items.count) pending"
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        html += "<title>" + escape(heading) + "</title>\n"
        html += "<style>\n\(HTMLReport.style)\(style)</style>\n</head>\n<body class=\"golden-review\">\n<header>\n"
        html += "<h1>" + escape(heading) + "</h1>\n"
        let place = looked.isEmpty ? "" : " under " + looked.joined(separator: ", ")
        if items.isEmpty {
            html += "<p class=\"empty\">" + escape("Nothing is pending\(place): every golden screen matched at its last run.") + "</p>\n"
        } else {
            html += "<p class=\"lead\">" + escape("Each is a screen a run found different from its golden (assertScreen)\(place). "
                + "The golden is on the left, the screen now (its pending file) on the right; the lines that differ are marked, "
                + "and in a changed line the characters. Accept a change you meant with the command under it; otherwise fix the app "
                + "and run the flow again.") + "</p>\n"
            if items.count > 1 {
                let targets = items.map { $0.accept.split(separator: " ").dropFirst(3).joined(separator: " ") }
                html += command("\(runner.name) snapshots accept " + targets.joined(separator: " "), id: "accept-all", label: "Accept them all:")
            }
            html += "<nav><ol>\n"
            for (index, item) in items.enumerated() {
                html += "<li><a href=\"#golden-\(index + 1)\">" + escape(item.screen) + "</a> <span class=\"file\">" + escape(item.golden.path) + "</span></li>\n"
            }
            html += "</ol></nav>\n"
        }
        html += "</header>\n<main>\n"
        for (index, item) in items.enumerated() { html += section(item, id: "golden-\(index + 1)") }
        html += "</main>\n<script>\n\(script)</script>\n</body>\n</html>\n"
        return html
    }

    private static func section(_ item: Item, id: String) -> String {
        let badge = item.golden.text == nil ? (item.golden.note?.hasPrefix("There is no") == true ? "NEW" : "UNREADABLE") : "CHANGED"
        var html = "<section class=\"golden\" id=\"\(id)\">\n<h2><span class=\"badge\">\(badge)</span> " + escape(item.screen) + "</h2>\n"
        html += "<dl class=\"summary\">\n"
        html += "<dt>Golden</dt><dd class=\"file\">" + escape(item.golden.path) + "</dd>\n"
        html += "<dt>The screen now</dt><dd class=\"file\">" + escape(item.pending.path) + "</dd>\n"
        html += "<dt>Checked by</dt><dd>"
        if item.checks.isEmpty {
            html += "no flow (a Swift test beside the folder, or a flow renamed since)"
        } else {
            html += "<ul class=\"checks\">\n" + item.checks.map { check in
                let step = "<span class=\"location\">" + escape(check.step.description) + "</span>"
                return "<li>" + (check.step.file == check.flow ? "the flow " + step
                    : "the flow <span class=\"file\">" + escape(check.flow) + "</span>, through runFlow, at " + step) + "</li>\n"
            }.joined() + "</ul>"
        }
        html += "</dd>\n"
        if let golden = item.golden.text, let pending = item.pending.text {
            let lines = LineDiff.lines(from: LineDiff.split(golden), to: LineDiff.split(pending))
            let removed = lines.filter { if case .removed = $0 { true } else { false } }.count
            let added = lines.filter { if case .added = $0 { true } else { false } }.count
            html += "<dt>Lines that differ</dt><dd>" + escape(removed + added == 0 ? "none: the files hold the same screen (accepting only removes the pending file)"
                : "\(removed) in the golden, \(added) in the screen now") + "</dd>\n"
        }
        html += "</dl>\n"
        for note in [item.golden.note, item.pending.note].compactMap({ $0 }) { html += "<p class=\"note\">" + escape(note) + "</p>\n" }
        html += command(item.accept, id: id + "-accept", label: "Accept it:")
        if item.golden.text != nil || item.pending.text != nil {
            html += ScreenDiffTable.html(golden: item.golden.text ?? "", current: item.pending.text ?? "",
                                         goldenCaption: "golden: \(item.golden.path)", currentCaption: "the screen now: \(item.pending.path)")
        } else {
            html += "<p class=\"no-screen\">Neither file can be shown.</p>\n"
        }
        return html + "</section>\n"
    }

    private static func command(_ text: String, id: String, label: String) -> String {
        // The button is shown by the script: with scripts off the command is still there to select.
        "<p class=\"accept\"><span class=\"label\">" + escape(label) + "</span> <code class=\"command\" id=\"\(id)\">" + escape(text) + "</code> "
            + "<button type=\"button\" class=\"copy\" data-for=\"\(id)\" hidden=\"hidden\">Copy</button></p>\n"
    }

    /// The run's report's line that links to the page: `2 golden screens changed: review them`.
    static func linkHTML(_ link: Link) -> String {
        let href = link.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;"))) ?? link.file
        let words = "\(link.count) golden screen\(link.count == 1 ? "" : "s") changed: review \(link.count == 1 ? "it" : "them")"
        return "<p class=\"golden-review\"><a href=\"" + escape(href) + "\">" + escape(words) + "</a> "
            + escape("(beside the golden, the difference marked, and the command that accepts it)") + "</p>\n"
    }

    private static func escape(_ text: String) -> String {
        Markup.escape(text, for: .html)
    }

    // MARK: - Style and script

    /// Added to ``HTMLReport``'s styles. Kept free of `<` and `&`, as they are.
    static let style = """
        body.golden-review { max-width: 120em; }
        .lead { max-width: 60em; }
        nav ol { margin: 0 0 1em; padding-left: 1.5em; }
        nav .file, dd.file, .checks .file, .location { font-family: ui-monospace, monospace; font-size: 0.9em; }
        section.golden { background: #fff; border: 1px solid #ddd; border-left: 6px solid #8a5a00; border-radius: 4px; margin: 0 0 1.2em; padding: 0.8em 1em; }
        section.golden .badge { background: #8a5a00; }
        section.golden dl.summary { margin: 0.2em 0 0.6em; }
        ul.checks { margin: 0; padding: 0; list-style: none; }
        p.accept { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em; margin: 0.5em 0 0.8em; }
        p.accept .label { font-weight: 600; }
        code.command { font: 13px/1.4 ui-monospace, monospace; background: #2b2b2b; color: #eee; padding: 0.25em 0.6em; border-radius: 3px; user-select: all; overflow-wrap: anywhere; }
        button.copy { font: inherit; font-size: 0.85em; padding: 0.15em 0.7em; border: 1px solid #bbb; border-radius: 3px; background: #f4f4f4; cursor: pointer; }
        button.copy:hover { background: #e8e8e8; }
        p.empty { font-size: 1.1em; color: #1a7f37; }

        """

    /// Shows each copy button and copies its command; kept free of `<` and `&`, so the page stays
    /// the same document to an HTML and an XML parser.
    static let script = """
        (function () {
          var select = function (node) {
            var range = document.createRange();
            range.selectNodeContents(node);
            var selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
            return document.execCommand('copy');
          };
          var buttons = document.querySelectorAll('button.copy');
          Array.prototype.forEach.call(buttons, function (button) {
            var code = document.getElementById(button.getAttribute('data-for'));
            if (!code) { return; }
            button.hidden = false;
            button.addEventListener('click', function () {
              var said = function (words) { button.textContent = words; };
              var fallback = function () { said(select(code) ? 'Copied' : 'Selected: press Ctrl-C'); };
              if (navigator.clipboard) {
                navigator.clipboard.writeText(code.textContent).then(function () { said('Copied'); }, fallback);
              } else {
                fallback();
              }
            });
          });
        })();

        """
}
