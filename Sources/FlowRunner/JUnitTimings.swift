import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LocatedYAML

/// Reads the times out of a JUnit file, as `flow run --junit` writes it (and most tools do): each
/// `<testcase>`'s `file` attribute (else its `classname`) and its `time` in seconds. A flow that
/// ran several times (`--repeat`) has several testcases, and so several times. A testcase that was
/// `<skipped>` took no time worth counting and is left out. A truncated or malformed file, a root
/// that is not `<testsuites>` or `<testsuite>`, a DTD, or a testcase without a file or a good time
/// is a `LocatedError` at its line.
final class JUnitTimings: NSObject, XMLParserDelegate {
    private let file: String
    private let text: String
    private var flows: [String: [Double]] = [:]
    private var problem: LocatedError?
    /// The elements open where the parser is, outermost first.
    private var open: [String] = []
    private var sawRoot = false
    /// The testcase being read: its file, its time, and whether it was skipped.
    private var current: (file: String, seconds: Double, skipped: Bool)?

    private init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    static func parse(_ text: String, file: String) throws(LocatedError) -> FlowTimings {
        // A JUnit file declares no entities: refusing a DTD keeps entity expansion (a few lines
        // that grow to gigabytes) and external entities out of the parser.
        if let doctype = text.range(of: "<!DOCTYPE", options: .caseInsensitive) ?? text.range(of: "<!ENTITY", options: .caseInsensitive) {
            let before = text[..<doctype.lowerBound]
            let line = before.count { $0 == "\n" } + 1
            let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
            throw LocatedError(file: file, text: text, line: line, column: column, message: "not a JUnit file: a JUnit file has no DTD (<!DOCTYPE or <!ENTITY)")
        }
        let reader = JUnitTimings(file: file, text: text)
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        if let problem = reader.problem { throw problem }
        guard parsed, reader.open.isEmpty, reader.sawRoot else {
            throw reader.located("not a complete JUnit file: " + reader.reason(parser), parser)
        }
        return FlowTimings(flows: reader.flows)
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        open.append(element)
        if open.count == 1 {
            sawRoot = true
            guard element == "testsuites" || element == "testsuite" else {
                return fail("not a JUnit file: its root element is <\(element)>, not <testsuites> or <testsuite>", parser)
            }
        }
        switch element {
        case "testcase":
            let name = attributes["name"].map { " \"\($0)\"" } ?? ""
            guard let flowFile = attributes["file"] ?? attributes["classname"], !flowFile.isEmpty else {
                return fail("the testcase\(name) has no file attribute (nor a classname): which flow it timed is unknown", parser)
            }
            guard let rawTime = attributes["time"] else {
                return fail("the testcase\(name) has no time attribute", parser)
            }
            guard let seconds = Double(rawTime.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0 else {
                return fail("the testcase\(name) has time=\"\(rawTime)\", not a number of seconds", parser)
            }
            current = (flowFile, seconds, false)
        case "skipped":
            current?.skipped = true
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        _ = open.popLast()
        if element == "testcase", let testcase = current {
            if !testcase.skipped { flows[FlowTimings.key(testcase.file), default: []].append(testcase.seconds) }
            current = nil
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if problem == nil { problem = located("not a complete JUnit file: " + reason(parser), parser) }
    }

    private func fail(_ message: String, _ parser: XMLParser) {
        if problem == nil { problem = located(message, parser) }
        parser.abortParsing()
    }

    private func located(_ message: String, _ parser: XMLParser) -> LocatedError {
        LocatedError(file: file, text: text, line: max(1, parser.lineNumber), column: max(1, parser.columnNumber), message: message)
    }

    /// Why the parser stopped, in words. Its error codes are libxml2's on Linux and not the same
    /// for the same mistake, so the place decides: at or past the last character that is not
    /// blank, the text ended too soon; before it, the XML is malformed there.
    private func reason(_ parser: XMLParser) -> String {
        // Not the innermost open element: libxml2 reports even a half-written tag at the end as one.
        let root = open.first.map { " before its root <\($0)> is closed" } ?? ""
        var line = 1, column = 0, last = (line: 0, column: 0)
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                line += 1
                column = 0
            } else {
                column += 1
                if !scalar.properties.isWhitespace { last = (line, column) }
            }
        }
        let place = (parser.lineNumber, parser.columnNumber)
        if !sawRoot { return "it holds no XML element" }
        if place >= last || parser.parserError == nil { return "it ends\(root) (truncated?)" }
        let code = (parser.parserError as NSError?).map { " (XML error \($0.code))" } ?? ""
        return "malformed XML here\(code)"
    }
}
