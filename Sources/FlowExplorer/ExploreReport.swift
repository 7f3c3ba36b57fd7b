import FlowRunner
import Foundation

/// The crawl for a person and for CI: one self-contained HTML page (the figures, the map drawn,
/// the findings with their flows, the coverage, every screen), and a JUnit file with a testcase
/// a finding (failed) and one for the crawl (passed when nothing was found).
package enum ExploreReport {
    /// The page: the figures, the map as a picture, the findings (each with the command that runs
    /// its flow from where the crawl ran: its `folder`, as given to `--out`), the coverage, and
    /// each screen as drawn.
    package static func html(_ map: ExploreMap, runner: String, folder: String?) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        html += "<title>" + esc("Explore: \(map.stats.screens) screens, \(map.stats.findings) findings (scheme \(map.scheme))") + "</title>\n"
        html += "<style>\n\(HTMLReport.style)\(style)</style>\n</head>\n<body>\n"
        html += "<header>\n<h1>" + esc("Explore: \(map.app)") + "</h1>\n<dl class=\"summary\">\n"
        let stats = map.stats
        let rows: [(String, String, String?)] = [
            ("scheme", map.scheme, nil), ("fixture", map.fixture, nil), ("from", map.from ?? "the first screen", nil),
            ("ended", stats.complete ? "every screen explored" : stats.ended.rawValue, stats.complete ? "passed" : nil),
            ("actions tried", "\(stats.actions)", nil), ("actions sent", "\(stats.actionsSent) (\(Int(stats.actionsPerSecond.rounded())) a second)", nil),
            ("distinct screens", "\(stats.screens)", nil), ("transitions", "\(stats.transitions)", nil), ("launches", "\(stats.launches)", nil),
            ("time", String(format: "%.2f s", stats.seconds), nil), ("findings", "\(stats.findings)", stats.findings == 0 ? "passed" : "failed"),
        ]
        for (term, value, status) in rows {
            html += "<dt>" + esc(term) + "</dt><dd" + (status.map { " class=\"\($0)\"" } ?? "") + ">" + esc(value) + "</dd>\n"
        }
        if let coverage = map.coverage {
            html += "<dt>coverage</dt><dd>" + esc("by \(coverage.flows.joined(separator: ", ")): screens \(coverage.screens), controls \(coverage.controls), "
                + "transitions \(coverage.transitions)") + "</dd>\n"
        }
        for (term, value) in ExploreOutput.walkRows(map) + ExploreOutput.searchRows(map) + ExploreOutput.propertyRows(map) {
            html += "<dt>" + esc(term) + "</dt><dd>" + esc(value) + "</dd>\n"
        }
        html += "</dl>\n</header>\n<main>\n"
        html += propertiesSection(map)
        html += "<section class=\"map\" id=\"map\">\n<h2>The map</h2>\n<div class=\"picture\">\n" + MapPicture.svg(map) + "</div>\n</section>\n"
        html += "<section id=\"findings\">\n<h2>" + esc(map.findings.isEmpty ? "No findings" : "Findings (\(map.findings.count))") + "</h2>\n"
        for finding in map.findings {
            html += "<section class=\"flow failed finding\" id=\"\(esc(finding.id))\">\n<h2><span class=\"badge\">" + esc(finding.kind.rawValue) + "</span> "
                + esc(finding.summary) + "</h2>\n"
            let met = [finding.paths.flatMap { $0 > 1 ? "met by \($0) paths" : nil }, finding.found.map { "first by the \($0)" }].compactMap { $0 }
            html += "<p class=\"meta\">" + esc("on \(finding.screen) (\(finding.title)); \(finding.steps.count) step\(finding.steps.count == 1 ? "" : "s"), "
                + "shrunk from \(finding.foundAfter) action\(finding.foundAfter == 1 ? "" : "s")" + met.map { "; " + $0 }.joined()) + "</p>\n"
            if !finding.details.isEmpty { html += "<pre class=\"stderr\">" + esc(finding.details.joined(separator: "\n")) + "</pre>\n" }
            if let flow = finding.flow { html += "<p>" + esc(ExploreOutput.runCommand(runner, flow: flow, folder: folder)) + " fails on it:</p>\n" }
            html += "<pre>" + esc(finding.steps.map { "- " + $0 }.joined(separator: "\n")) + "</pre>\n</section>\n"
        }
        html += "</section>\n"
        if let coverage = map.coverage {
            html += "<section id=\"coverage\">\n<h2>" + esc("What \(coverage.flows.joined(separator: ", ")) exercise") + "</h2>\n"
            html += "<p>" + esc("Screens \(coverage.screens), controls \(coverage.controls), transitions \(coverage.transitions).") + "</p>\n"
            for (title, items) in [("Untested screens", coverage.untestedScreens.map { id in "\(id) \(map.screen(id)?.title ?? "")" }),
                                   ("Untested controls", coverage.untestedControls), ("Untested transitions", coverage.untestedTransitions)] where !items.isEmpty {
                html += "<h3>" + esc("\(title) (\(items.count))") + "</h3>\n<ul class=\"untested\">\n"
                for item in items { html += "<li>" + esc(item) + "</li>\n" }
                html += "</ul>\n"
            }
            html += "</section>\n"
        }
        html += "<section id=\"screens\">\n<h2>" + esc("Screens (\(map.screens.count))") + "</h2>\n"
        for screen in map.screens {
            html += "<section class=\"screen\" id=\"screen-\(esc(screen.id))\">\n<h3>" + esc("\(screen.id)  \(screen.title)") + "</h3>\n"
            html += "<p class=\"meta\">" + esc("depth \(screen.depth), seen \(screen.visits) time\(screen.visits == 1 ? "" : "s"); reached by: "
                + (screen.path.isEmpty ? "launching" : screen.path.joined(separator: "; "))) + "</p>\n"
            html += "<pre>" + esc(screen.text) + "</pre>\n</section>\n"
        }
        html += "</section>\n</main>\n</body>\n</html>\n"
        return html
    }

    /// The properties the crawl checked: a row each, with how often it was checked, applied and
    /// failed, and why one never applied (nothing when none was checked).
    static func propertiesSection(_ map: ExploreMap) -> String {
        guard let properties = map.properties, !properties.isEmpty else { return "" }
        var html = "<section id=\"properties\">\n<h2>" + esc("Properties (\(properties.count))") + "</h2>\n<table class=\"properties\">\n"
        html += "<tr><th>property</th><th>kind</th><th>checked</th><th>applied</th><th>failed</th><th></th></tr>\n"
        for property in properties {
            let status = property.failed > 0 ? " class=\"failed\"" : property.applied == 0 ? " class=\"never\"" : ""
            html += "<tr\(status)><td>" + esc(property.name) + "</td><td>" + esc(property.kind) + "</td><td>\(property.checked)</td><td>\(property.applied)</td>"
                + "<td>\(property.failed)</td><td>" + esc(property.neverApplied.map { "never applied: " + $0 } ?? "") + "</td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    /// JUnit XML: a testcase a finding, failed with its summary and its flow; and one for the
    /// crawl itself, which fails when a budget cut it short only if it found something.
    package static func junit(_ map: ExploreMap, runner: String, folder: String?) -> String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let tests = map.findings.count + 1
        let time = String(format: "%.3f", map.stats.seconds)
        xml += "<testsuites name=\"explore (\(esc(map.scheme)))\" tests=\"\(tests)\" failures=\"\(map.findings.count)\" time=\"\(time)\">\n"
        xml += "  <testsuite name=\"explore (\(esc(map.scheme)))\" tests=\"\(tests)\" failures=\"\(map.findings.count)\" errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        xml += "    <properties><property name=\"screens\" value=\"\(map.stats.screens)\"/><property name=\"transitions\" value=\"\(map.stats.transitions)\"/>"
            + "<property name=\"actions\" value=\"\(map.stats.actions)\"/><property name=\"complete\" value=\"\(map.stats.complete)\"/></properties>\n"
        xml += "    <testcase name=\"" + esc("explore \(map.app)" + (map.from.map { " from \($0)" } ?? "")) + "\" classname=\"explore\" time=\"\(time)\">"
            + "<system-out>" + esc("\(map.stats.screens) screens, \(map.stats.transitions) transitions, \(map.stats.actions) actions tried; ended: \(map.stats.ended.rawValue)") + "</system-out></testcase>\n"
        for finding in map.findings {
            let file = finding.flow.map { flow in folder.map { PathText.joined($0, flow) } ?? flow } ?? "explore"
            xml += "    <testcase name=\"" + esc("\(finding.kind.rawValue): \(finding.summary)") + "\" classname=\"" + esc(file) + "\" file=\"" + esc(file) + "\" time=\"0\">"
            xml += "<failure message=\"" + esc(finding.summary) + "\" type=\"" + esc(finding.kind.rawValue) + "\">"
            xml += esc((finding.flow.map { ExploreOutput.runCommand(runner, flow: $0, folder: folder) + "\n" } ?? "") + finding.steps.map { "- " + $0 }.joined(separator: "\n")
                + (finding.details.isEmpty ? "" : "\n\n" + finding.details.joined(separator: "\n"))) + "</failure></testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func esc(_ text: String) -> String {
        Markup.escape(text, for: .html)
    }

    /// Kept free of `<` and `&`, as the run's page is.
    private static let style = """
        section.map .picture { overflow-x: auto; background: #fff; border: 1px solid #ddd; border-radius: 4px; }
        section.finding h2 { font-size: 1em; }
        section.screen { background: #fff; border: 1px solid #ddd; border-radius: 4px; margin: 0 0 1em; padding: 0.5em 1em; }
        section.screen h3 { margin: 0.2em 0; font-family: ui-monospace, monospace; }
        ul.untested { columns: 2; font-family: ui-monospace, monospace; font-size: 0.9em; }
        table.properties { border-collapse: collapse; background: #fff; }
        table.properties td, table.properties th { border: 1px solid #ddd; padding: 0.2em 0.6em; text-align: left; }
        table.properties tr.failed td { color: #b00; }
        table.properties tr.never td { color: #a60; }

        """
}
