import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `flow merge --html FILE`: one self-contained page of a sharded run, made from the merged JUnit
/// file: every flow with its result and time, each failure (and each failed try of a flaky flow)
/// with its text (the step, the reason, the screen, the app's standard error), and whether every
/// flow ran exactly once. The screen after every step is in each shard's own `flow run --html`.
package enum MergedHTMLReport {
    /// The page of `merged`: its summary and coverage problems, then every testcase with its text.
    package static func html(_ merged: JUnitMerge) -> String {
        let cases = testcases(merged.xml)
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>"
            + HTMLReport.escape("Flows: \(merged.summary)") + "</title>\n<style>\n\(style)</style>\n</head>\n<body>\n"
        html += "<header>\n<h1>Flows, merged from \(merged.shardCount) shard\(merged.shardCount == 1 ? "" : "s")</h1>\n"
        html += "<p class=\"summary\">" + HTMLReport.escape(merged.summary) + "</p>\n"
        for line in merged.problemLines { html += "<p class=\"problem\">" + HTMLReport.escape(line) + "</p>\n" }
        html += "</header>\n<main>\n"
        if cases.isEmpty { html += "<p>No flow ran.</p>\n" }
        for testcase in cases {
            let status = testcase.failures.isEmpty ? (testcase.flaky.isEmpty ? "passed" : "flaky") : "failed"
            html += "<section class=\"flow \(status)\">\n<h2><span class=\"badge\">\(status.uppercased())</span> "
                + HTMLReport.escape(testcase.name) + "</h2>\n<p class=\"meta\">" + HTMLReport.escape(testcase.file) + " · "
                + HTMLReport.escape(testcase.time) + " s</p>\n"
            for (kind, text) in testcase.failures.map({ ("failure", $0) }) + testcase.flaky.map({ ("failed try", $0) }) {
                html += "<div class=\"failure\"><p>" + HTMLReport.escape(kind) + "</p><pre>" + HTMLReport.escape(text) + "</pre></div>\n"
            }
            html += "</section>\n"
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    struct Testcase {
        let name: String
        let file: String
        let time: String
        let failures: [String]
        let flaky: [String]
    }

    /// The testcases of the merged file (which `JUnitMerge` wrote, so it is well formed).
    static func testcases(_ xml: String) -> [Testcase] {
        guard let document = try? XMLDocument(xmlString: xml, options: []),
              let nodes = try? document.nodes(forXPath: "//testcase") else { return [] }
        return nodes.compactMap { $0 as? XMLElement }.map { element in
            func texts(_ name: String) -> [String] { element.elements(forName: name).map { $0.stringValue ?? "" } }
            return Testcase(
                name: element.attribute(forName: "name")?.stringValue ?? "", file: element.attribute(forName: "file")?.stringValue ?? "",
                time: element.attribute(forName: "time")?.stringValue ?? "", failures: texts("failure") + texts("error") + texts("rerunFailure"),
                flaky: texts("flakyFailure")
            )
        }
    }

    private static let style = """
        body { font-family: system-ui, sans-serif; margin: 1.5em; color: #1f2328; }
        .summary { font-weight: 600; }
        .problem { color: #b42318; }
        section.flow { border-left: 4px solid #1a7f37; padding: 0.2em 0.8em; margin: 0.8em 0; }
        section.flow.failed { border-color: #b42318; }
        section.flow.flaky { border-color: #9a6700; }
        .badge { font-size: 0.8em; padding: 0.1em 0.4em; border: 1px solid currentColor; border-radius: 3px; }
        .meta { color: #59636e; margin: 0.2em 0; }
        pre { background: #f6f8fa; padding: 0.6em; overflow-x: auto; }

        """
}
