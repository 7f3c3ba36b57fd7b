/// A part of a Markdown file that a runner writes (`flow docs --update FILE`), between a begin
/// marker that names what writes it and an end marker: the step reference, the MCP tools. What is
/// between the markers is replaced; the rest of the file is the author's.
package struct GeneratedSection: Sendable {
    /// What the section is, as its markers name it (`step reference`).
    package let name: String
    /// What it is made from, as its begin marker says (`the step registry and the robots`).
    package let source: String

    /// The command reference: every command's help, as the runner's command line prints it
    /// (written by that library; declared here, where the runner's tests can read it too).
    package static let commandReference = GeneratedSection(name: "command reference", source: "the commands' own help")

    /// A section called `name`, made from `source`.
    package init(name: String, source: String) {
        self.name = name
        self.source = source
    }

    /// The begin marker, naming the command of `runner` that writes the section.
    package func begin(runner: RunnerIdentity) -> String {
        "\(beginPrefix): made by `\(runner.name) docs` from \(source); do not edit by hand -->"
    }

    /// How every runner's begin marker starts: the marker is found by it.
    package var beginPrefix: String { "<!-- BEGIN \(name)" }

    /// The marker after the section.
    package var end: String { "<!-- END \(name) -->" }

    /// `text` with the section replaced by `section`; nil when the markers are missing.
    package func replacing(in text: String, with section: String) -> String? {
        guard let start = beginMarker(in: text), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else { return nil }
        var after = text[stop.upperBound...]
        if after.hasPrefix("\n") { after = after.dropFirst() }
        return String(text[..<start.lowerBound]) + section + after
    }

    /// The section as it stands in `text`, markers included, or nil.
    package func section(in text: String) -> String? {
        guard let start = beginMarker(in: text), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.lowerBound..<stop.upperBound]) + "\n"
    }

    /// The begin marker in `text`, whichever runner wrote it: its prefix to the end of its comment.
    func beginMarker(in text: String) -> Range<String.Index>? {
        guard let start = text.range(of: beginPrefix + ":"), let close = text.range(of: "-->", range: start.upperBound..<text.endIndex) else { return nil }
        return start.lowerBound..<close.upperBound
    }
}
