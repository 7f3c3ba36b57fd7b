import FlowKit
import Foundation

/// `--html FILE`: one page a person opens after a run, with nothing loaded from elsewhere (the
/// styles and the failed-only filter's few lines of script are inline). The summary, then each flow
/// as a timeline of its steps with their durations and the screen after every step; a failing step
/// is highlighted with its reason, FlowKit's own step and the app's standard error. Every text is
/// escaped, so a screen that shows markup shows it as text; the page is well-formed XML as well as
/// HTML. It shows only what the records hold, and their secrets are masked already.
package enum HTMLReport {
    /// What the run was, besides its results: shown at the top of the page.
    package struct Summary: Sendable {
        /// The scheme the flows ran with.
        package var scheme: String
        /// How long the run took on the wall clock, from its first flow to its last.
        package var duration: Duration
        /// The tag filters that selected the flows (`--include-tags` and `--exclude-tags`, or the scheme's).
        package var includeTags: [String]
        /// The tags that kept flows out.
        package var excludeTags: [String]
        /// `I/N`, when `--shard` was given.
        package var shard: String?
        /// The flow runs an interrupted run never finished: counted and listed as not run (interrupted).
        package var notRun: [NotRun]
        /// The golden review page written beside the report when a golden screen did not match:
        /// the report links to it near its top.
        package var goldenReview: GoldenReviewPage.Link? = nil

        /// A summary of a run under `scheme` that took `duration`, with its filters and shard if
        /// any, and what it never finished when it was interrupted.
        package init(
            scheme: String, duration: Duration, includeTags: [String] = [], excludeTags: [String] = [], shard: String? = nil, notRun: [NotRun] = []
        ) {
            self.scheme = scheme
            self.duration = duration
            self.includeTags = includeTags
            self.excludeTags = excludeTags
            self.shard = shard
            self.notRun = notRun
        }
    }

    /// The page: every flow run (by file, then iteration), failed ones marked for the filter.
    package static func html(_ results: [FlowResult], summary: Summary) -> String {
        let results = results.sorted { ($0.flow.file, $0.iteration) < ($1.flow.file, $1.iteration) }
        let failed = results.filter { !$0.passed }.count
        let flaky = results.filter(\.isFlaky).count
        let tally = "\(results.count - failed) passed, \(failed) failed" + (flaky > 0 ? ", \(flaky) flaky" : "")
            + (summary.notRun.isEmpty ? "" : ", \(summary.notRun.count) \(NotRun.words)")
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        html += "<title>" + escape("Flows: \(tally) (scheme \(summary.scheme))") + "</title>\n"
        html += "<style>\n\(style)</style>\n</head>\n<body>\n"
        html += header(results, summary: summary, tally: tally)
        html += "<main>\n"
        if results.isEmpty { html += "<p class=\"empty\">No flow ran.</p>\n" }
        if !summary.notRun.isEmpty {
            // Not flows that ran: one list, shown whatever the filter.
            html += "<section class=\"notrun\" id=\"not-run\">\n<h2><span class=\"badge\">\(NotRun.badge)</span> "
                + escape("The run was interrupted: \(summary.notRun.count) \(NotRun.words)") + "</h2>\n<ul>\n"
            for run in summary.notRun {
                html += "<li>" + escape(run.name) + " <span class=\"file\">" + escape(run.flow.file) + "</span></li>\n"
            }
            html += "</ul>\n</section>\n"
        }
        for (index, result) in results.enumerated() {
            // Every try is kept, screens and all: the failed ones first, then the last.
            let tries = result.earlierTries + [result]
            for (number, attempt) in tries.enumerated() {
                let label = tries.count > 1 ? "try \(number + 1) of \(tries.count)" : nil
                html += flow(attempt, id: "flow-\(index + 1)" + (label == nil ? "" : "-try-\(number + 1)"), tryLabel: label)
            }
        }
        html += "</main>\n<script>\n\(script)</script>\n</body>\n</html>\n"
        return html
    }

    // MARK: - Parts

    private static func header(_ results: [FlowResult], summary: Summary, tally: String) -> String {
        let failed = results.filter { !$0.passed }.count
        let include = FlowSuite.splitTags(summary.includeTags), exclude = FlowSuite.splitTags(summary.excludeTags)
        var filters: [String] = []
        if !include.isEmpty { filters.append("include " + include.joined(separator: ", ")) }
        if !exclude.isEmpty { filters.append("exclude " + exclude.joined(separator: ", ")) }
        let tags = Array(Set(results.flatMap(\.flow.tags))).sorted()
        var html = "<header>\n<h1>" + escape("Flow run: \(tally)") + "</h1>\n<dl class=\"summary\">\n"
        html += item("Passed", "\(results.count - failed)", class: "passed")
        html += item("Failed", "\(failed)", class: failed > 0 ? "failed" : nil)
        html += item("Duration", ConsoleReport.seconds(summary.duration))
        html += item("Scheme", summary.scheme)
        html += item("Tags selected", filters.isEmpty ? "every flow (no tag filter)" : filters.joined(separator: "; "))
        html += item("The flows' tags", tags.isEmpty ? "none" : tags.joined(separator: ", "))
        if let shard = summary.shard { html += item("Shard", shard) }
        if !summary.notRun.isEmpty { html += item("Not run (interrupted)", "\(summary.notRun.count)", class: "notrun") }
        html += "</dl>\n"
        if let link = summary.goldenReview { html += GoldenReviewPage.linkHTML(link) }
        // Shown by the script: with scripts off there is no filter, and every flow is shown.
        html += "<p id=\"filter\" class=\"filter\" hidden=\"hidden\"><label><input type=\"checkbox\" id=\"only-failed\"/> "
            + "Show only the failed flows</label></p>\n</header>\n"
        return html
    }

    private static func item(_ term: String, _ value: String, class name: String? = nil) -> String {
        "<dt>\(escape(term))</dt><dd" + (name.map { " class=\"\($0)\"" } ?? "") + ">\(escape(value))</dd>\n"
    }

    private static func flow(_ result: FlowResult, id: String, tryLabel: String? = nil) -> String {
        let steps = timeline(result.steps)
        let failing = result.failure.flatMap { failure in
            steps.firstIndex { $0.status == .failed && $0.location == failure.location }
        }
        let status = result.isFlaky ? "passed flaky" : result.passed ? "passed" : "failed"
        var html = "<section class=\"flow \(status)\" id=\"\(id)\">\n<h2><span class=\"badge\">\(result.isFlaky ? "FLAKY" : result.passed ? "PASS" : "FAIL")</span> "
            + escape(result.flow.name) + (result.iteration > 1 ? " <span class=\"iteration\">#\(result.iteration)</span>" : "")
            + (tryLabel.map { " <span class=\"try\">" + escape($0) + "</span>" } ?? "") + "</h2>\n"
        html += "<p class=\"meta\"><span class=\"file\">\(escape(result.flow.file))</span> · "
            + "<span class=\"duration\">\(ConsoleReport.seconds(result.duration))</span> (copy the store "
            + "\(ConsoleReport.seconds(result.copyDuration)), launch \(ConsoleReport.seconds(result.launchDuration)))"
            + (result.flow.tags.isEmpty ? "" : " · tags: " + escape(result.flow.tags.joined(separator: ", "))) + "</p>\n"
        if let failure = result.failure {
            html += "<div class=\"failure\">\n<p class=\"where\">"
            let location = escape(failure.location.description)
            html += failing.map { "<a href=\"#\(id)-step-\($0 + 1)\">\(location)</a>" } ?? location
            // The first line in the heading; the rest (a golden's diff) kept as lines, not run together.
            let (first, rest) = firstLine(failure.summary)
            html += ": error: " + escape(first) + "</p>\n"
            if let rest { html += pre(rest, class: "reason-more") }
            for site in failure.via.reversed() { html += "<p class=\"via\">" + escape("\(site): note: in runFlow") + "</p>\n" }
            // No step to show it at (the flow did not start): the evidence goes here.
            if failing == nil { html += evidence(failure, screen: failure.failure.screen) }
            html += "</div>\n"
        }
        html += "<ol class=\"steps\">\n"
        for (index, step) in steps.enumerated() {
            html += self.step(step, id: "\(id)-step-\(index + 1)", of: result, failure: index == failing ? result.failure : nil)
        }
        if steps.isEmpty { html += "<li class=\"step none\">No step ran.</li>\n" }
        html += "</ol>\n</section>\n"
        return html
    }

    private static func step(_ step: StepRecord, id: String, of result: FlowResult, failure: FlowRunFailure?) -> String {
        let share = result.duration > .zero ? min(100, max(0, Int((step.duration / result.duration * 100).rounded()))) : 0
        var html = "<li class=\"step \(step.status.rawValue)\(failure == nil ? "" : " failing")\" id=\"\(id)\" data-depth=\"\(step.depth)\""
            + (step.depth > 0 ? " style=\"margin-left: \(step.depth * 2)em\"" : "") + ">\n"
        html += "<div class=\"head\"><span class=\"status\">\(step.status.rawValue)</span> <span class=\"title\">\(escape(step.title))</span> "
            + "<span class=\"location\">\(escape(step.location.description))</span>"
            + (step.status == .skipped ? "" : " <span class=\"duration\">\(time(step.duration))</span>"
                + "<span class=\"bar\"><span style=\"width: \(share)%\"></span></span>") + "</div>\n"
        if let failure {
            html += "<div class=\"failure\">\n" + evidence(failure, screen: nil) + "</div>\n"
        }
        for note in step.notes { html += "<p class=\"note\">" + escape(note) + "</p>\n" }
        if let diff = step.screenDiff { html += sideBySide(diff) }
        if let trace = step.trace { html += self.trace(trace, of: step, open: failure != nil) }
        switch step.status {
        case .skipped:
            html += "<p class=\"no-screen\">Not run: an earlier step failed.</p>\n"
        case _ where step.trace != nil:
            break  // the trace shows the screen after it, beside the one before
        case .failed:
            html += screen(step.screen ?? step.after, caption: "The screen when it failed", open: failure != nil)
        case .passed:
            html += screen(step.after, caption: "The screen after it", open: false)
        }
        return html + "</li>\n"
    }

    /// A step's trace: what it waited for, the screen before and after it side by side with the
    /// changed lines marked, and the app's standard error meanwhile. Open on the failed step.
    static func trace(_ trace: StepTrace, of step: StepRecord, open: Bool) -> String {
        let changed = FlowTraceFile.changedLines(trace)
        let lines = trace.standardError.count
        var html = "<details class=\"trace\"" + (open ? " open=\"open\"" : "") + "><summary>" + escape(
            "Trace: waited \(trace.waitSummary) · \(changed == 0 ? "the screen did not change" : "\(changed) line\(changed == 1 ? "" : "s") changed")"
                + " · \(lines) line\(lines == 1 ? "" : "s") on standard error"
        ) + "</summary>\n"
        html += "<p class=\"source\"><span class=\"location\">" + escape(step.location.description) + "</span> <code>" + escape(step.title) + "</code></p>\n"
        html += "<p class=\"wait\"><strong>Waited</strong> " + escape(trace.waitSummary) + "</p>\n"
        if let before = trace.before, let after = trace.after {
            html += ScreenDiffTable.html(golden: before, current: after, goldenCaption: "before the step",
                                         currentCaption: step.status == .failed ? "when it failed" : "after the step")
        } else {
            html += screen(trace.after ?? trace.before, caption: trace.after == nil ? "before the step" : "after the step (no screen before it)", open: true)
        }
        if trace.standardError.isEmpty {
            html += "<p class=\"stderr-none\">The app wrote nothing to standard error during the step.</p>\n"
        } else {
            html += "<p class=\"stderr-caption\">The app's standard error during the step (\(lines) line\(lines == 1 ? "" : "s")"
                + (trace.standardErrorDropped > 0 ? "; \(trace.standardErrorDropped) earlier not kept" : "") + "):</p>\n"
            html += pre(trace.standardError.joined(separator: "\n"), class: "stderr")
        }
        return html + "</details>\n"
    }

    /// A golden screen and the screen now, side by side (``ScreenDiffTable``).
    static func sideBySide(_ diff: ScreenDiff) -> String {
        ScreenDiffTable.html(golden: diff.golden, current: diff.current, goldenCaption: "golden: \(diff.goldenPath)", currentCaption: "the screen now: \(diff.pendingPath)")
    }

    /// A step's time: most take milliseconds, which `0.00 s` would hide.
    static func time(_ duration: Duration) -> String {
        duration < .seconds(1) ? String(format: "%.1f ms", duration / .milliseconds(1)) : ConsoleReport.seconds(duration)
    }

    /// The reason, FlowKit's own step, the app's standard error and (when given) the screen.
    private static func evidence(_ failure: FlowRunFailure, screen: String?) -> String {
        let (first, rest) = firstLine(failure.failure.reason)
        var html = "<p class=\"reason\"><strong>Reason:</strong> \(escape(first))</p>\n"
        if let rest { html += pre(rest, class: "reason-more") }
        html += "<p class=\"flowkit-step\"><strong>Step:</strong> <code>\(escape(failure.failure.step))</code></p>\n"
        if let screen { html += self.screen(screen, caption: "The screen was", open: true) }
        let lines = failure.failure.standardError
        if lines.isEmpty {
            html += "<p class=\"stderr-none\">The app wrote nothing to standard error.</p>\n"
        } else {
            html += "<p class=\"stderr-caption\">The app's standard error (last \(lines.count) line\(lines.count == 1 ? "" : "s")):</p>\n"
            html += pre(lines.joined(separator: "\n"), class: "stderr")
        }
        return html
    }

    /// A text's first line, and the lines after it (nil when it has one).
    static func firstLine(_ text: String) -> (String, String?) {
        guard let newline = text.firstIndex(of: "\n") else { return (text, nil) }
        return (String(text[..<newline]), String(text[text.index(after: newline)...]))
    }

    private static func screen(_ text: String?, caption: String, open: Bool) -> String {
        guard let text else { return "<p class=\"no-screen\">No screen: the app showed none.</p>\n" }
        return "<details class=\"screen\"" + (open ? " open=\"open\"" : "") + "><summary>\(escape(caption))</summary>\n"
            + pre(text, class: "screen") + "</details>\n"
    }

    private static func pre(_ text: String, class name: String) -> String {
        // A newline right after <pre> is dropped by HTML: one more keeps a leading blank line.
        "<pre class=\"\(name)\">" + (text.hasPrefix("\n") ? "\n" : "") + escape(text) + "</pre>\n"
    }

    /// The steps in the order they were written: a runner records a `runFlow` or `repeat` step
    /// after its nested steps (it ends after them), so each such step is moved before them.
    static func timeline(_ records: [StepRecord]) -> [StepRecord] {
        var done: [[StepRecord]] = []  // finished steps, each with its nested steps after it
        for record in records {
            var nested: [StepRecord] = []
            while let last = done.last, let first = last.first, first.depth > record.depth {
                nested = last + nested
                done.removeLast()
            }
            done.append([record] + nested)
        }
        return done.flatMap { $0 }
    }

    // MARK: - Escaping

    /// Escaped for HTML text and quoted attributes, and for XML: the five markup characters as
    /// references; a carriage return dropped; any other control character (but tab and newline),
    /// and what XML 1.0 cannot hold, as U+FFFD.
    static func escape(_ text: String) -> String {
        Markup.escape(text, for: .html)
    }

    // MARK: - Style and script

    /// Kept free of `<` and `&`, so the page is the same document to an HTML and an XML parser.
    package static let style = """
        body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 72em; padding: 1em 1.5em; color: #1d1d1f; background: #fafafa; }
        h1 { font-size: 1.5em; margin: 0.2em 0 0.5em; }
        h2 { font-size: 1.15em; margin: 0 0 0.3em; }
        dl.summary { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; margin: 0 0 1em; }
        dl.summary dt { font-weight: 600; }
        dl.summary dd { margin: 0; }
        dd.passed { color: #1a7f37; }
        dd.failed { color: #c62828; font-weight: 600; }
        .filter { margin: 0 0 1em; }
        section.flow { background: #fff; border: 1px solid #ddd; border-left: 6px solid #1a7f37; border-radius: 4px; margin: 0 0 1.2em; padding: 0.8em 1em; }
        section.flow.failed { border-left-color: #c62828; }
        body.only-failed section.flow.passed { display: none; }
        .badge { display: inline-block; font-size: 0.8em; padding: 0 0.4em; border-radius: 3px; color: #fff; background: #1a7f37; }
        section.failed .badge { background: #c62828; }
        dd.notrun { color: #8a5a00; font-weight: 600; }
        section.notrun { background: #fff; border: 1px solid #ddd; border-left: 6px solid #8a5a00; border-radius: 4px; margin: 0 0 1.2em; padding: 0.8em 1em; }
        section.notrun .badge { background: #8a5a00; }
        .meta, .location, .via, .no-screen, .stderr-caption, .stderr-none { color: #555; }
        .meta { margin: 0 0 0.6em; }
        div.failure { background: #fdecea; border: 1px solid #f3b5b0; border-radius: 4px; padding: 0.4em 0.8em; margin: 0.4em 0; }
        div.failure p { margin: 0.3em 0; }
        .where { font-weight: 600; }
        ol.steps { list-style: none; margin: 0; padding: 0; }
        li.step { border-top: 1px solid #eee; padding: 0.3em 0 0.3em 0.5em; }
        li.step.failed .status { color: #c62828; }
        li.step.skipped { color: #888; }
        li.step.failing { background: #fff4f3; border-left: 4px solid #c62828; }
        .head { display: flex; flex-wrap: wrap; gap: 0.3em 1em; align-items: baseline; }
        .status { font-size: 0.85em; text-transform: uppercase; color: #1a7f37; min-width: 5.5em; }
        .title { font-family: ui-monospace, monospace; font-weight: 600; }
        .duration { font-variant-numeric: tabular-nums; }
        .bar { display: inline-block; width: 8em; height: 0.5em; background: #eee; border-radius: 2px; overflow: hidden; }
        .bar span { display: block; height: 100%; background: #8aa4c8; }
        details.screen summary { cursor: pointer; color: #555; font-size: 0.9em; }
        pre { font: 13px/1.3 ui-monospace, monospace; background: #f4f4f4; border: 1px solid #e2e2e2; border-radius: 3px; padding: 0.5em; overflow-x: auto; margin: 0.3em 0; }
        pre.stderr { background: #2b2b2b; color: #eee; }
        p.note { color: #8a5a00; margin: 0.3em 0; }
        table.screen-diff { border-collapse: collapse; margin: 0.4em 0; width: 100%; table-layout: fixed; }
        table.screen-diff th { text-align: left; font-weight: 600; font-size: 0.85em; color: #555; padding: 0.2em 0.4em; overflow-wrap: anywhere; }
        table.screen-diff td { vertical-align: top; padding: 0 0.4em; border-left: 1px solid #e2e2e2; }
        table.screen-diff pre { margin: 0; padding: 0; border: 0; background: none; white-space: pre-wrap; }
        table.screen-diff td.removed { background: #fdecea; }
        table.screen-diff td.added { background: #e6f4ea; }
        table.screen-diff td.blank { background: #f4f4f4; }
        table.screen-diff mark { color: inherit; border-radius: 2px; }
        table.screen-diff td.removed mark { background: #f5b5ae; }
        table.screen-diff td.added mark { background: #9fd9ac; }
        details.trace { margin: 0.3em 0; }
        details.trace summary { cursor: pointer; color: #555; font-size: 0.9em; }
        details.trace p { margin: 0.3em 0; }
        p.wait strong { font-weight: 600; }
        p.golden-review { background: #fff4e0; border: 1px solid #e8c88a; border-radius: 4px; padding: 0.4em 0.8em; margin: 0 0 1em; }
        p.golden-review a { font-weight: 600; }

        """

    /// Shows the filter, and hides the passed flows while it is checked. Kept free of `<` and `&`.
    private static let script = """
        (function () {
          var filter = document.getElementById('filter');
          var box = document.getElementById('only-failed');
          if (!filter || !box) { return; }
          filter.hidden = false;
          var apply = function () { document.body.classList.toggle('only-failed', box.checked); };
          box.addEventListener('change', apply);
          apply();
        })();
        (function () {
          // A failed flow opens on its failed step: the first one is brought into view.
          if (window.location.hash) { return; }
          var failing = document.querySelector('li.step.failing');
          if (failing) { failing.scrollIntoView({block: 'start'}); }
        })();

        """
}
