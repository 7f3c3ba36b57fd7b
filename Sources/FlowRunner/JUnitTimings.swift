import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LocatedYAML
import NameMatching

/// Reads the times out of a JUnit file, as `flow run --junit` writes it (and most tools do): each
/// `<testcase>`'s `file` attribute (else its `classname`) and its `time` in seconds. A flow that
/// ran several times (`--repeat`) has several testcases, and so several times. A testcase that was
/// `<skipped>` took no time worth counting and is left out. A truncated or malformed file, a root
/// that is not `<testsuites>` or `<testsuite>`, a DTD, bytes that are not UTF-8, or a testcase
/// without a file or a good time is a `LocatedError` at its line.
final class JUnitTimings: NSObject, XMLParserDelegate {
    private let source: SourceBytes
    private var flows: [String: [Double]] = [:]
    private var problem: LocatedError?
    /// The elements open where the parser is, outermost first.
    private var open: [String] = []
    private var sawRoot = false
    /// The testcase being read: its file, its time, and whether it was skipped.
    private var current: (file: String, seconds: Double, skipped: Bool)?

    private init(_ source: SourceBytes) {
        self.source = source
        // A testcase takes some 100 bytes of the file: room made once, not grown twenty times over.
        flows.reserveCapacity(min(source.bytes.count / 100, 1 << 22))
    }

    /// The timings in `data`, the contents of `file`.
    static func parse(_ data: Data, file: String) throws(LocatedError) -> FlowTimings {
        let result = data.withUnsafeBytes { raw -> Result<FlowTimings, LocatedError> in
            Result { () throws(LocatedError) in try parse(data, bytes: raw.bindMemory(to: UInt8.self), file: file) }
        }
        return try result.get()
    }

    /// `data` is read by the parser, `bytes` (the same) by the errors.
    private static func parse(_ data: Data, bytes: UnsafeBufferPointer<UInt8>, file: String) throws(LocatedError) -> FlowTimings {
        let source = SourceBytes(file: file, bytes: bytes)
        // A JUnit file declares no entities: refusing a DTD keeps entity expansion (a few lines
        // that grow to gigabytes) and external entities out of the parser.
        if let doctype = doctype(in: bytes) {
            throw source.error("not a JUnit file: a JUnit file has no DTD (<!DOCTYPE or <!ENTITY)", at: doctype)
        }
        let reader = JUnitTimings(source)
        // From a stream, not from Data: Foundation's XMLParser on Linux hands Data to libxml2 in
        // one piece, and libxml2 refuses one piece over 10 MB (a JUnit file of 150,000 testcases)
        // as an internal error at the end of the file.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        if let problem = reader.problem { throw problem }
        guard parsed, reader.open.isEmpty, reader.sawRoot else {
            throw reader.notComplete(parser)
        }
        return FlowTimings(keyed: reader.flows, fixtures: [:], interrupted: false)
    }

    /// Where a `<!DOCTYPE` (or an `<!ENTITY`) is, if there is one: it can only come before the
    /// root element, so only the prolog is searched, and a failure message that quotes one in a
    /// testcase's text is no DTD.
    private static func doctype(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let rest = UnsafeBufferPointer(rebasing: bytes[index...])
            if rest.starts(with: "<!--".utf8) {
                index = end(of: "-->", in: bytes, from: index + 4)
            } else if rest.starts(with: "<?".utf8) {
                index = end(of: "?>", in: bytes, from: index + 2)
            } else if rest.starts(with: "<!".utf8) {
                let word = String(decoding: rest.dropFirst(2).prefix(7), as: UTF8.self).uppercased()
                if word.hasPrefix("DOCTYPE") || word.hasPrefix("ENTITY") { return index }
                return nil
            } else {
                return nil  // the root element: the prolog is over
            }
        }
        return nil
    }

    /// The index just past `terminator` from `start` on, or the end.
    private static func end(of terminator: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let pattern = Array(terminator.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index + pattern.count }
            index += 1
        }
        return bytes.count
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if isCutByTheEnd(parser) {
            problem = notComplete(parser, cut: true)
            return parser.abortParsing()
        }
        open.append(element)
        if open.count == 1 {
            sawRoot = true
            guard element == "testsuites" || element == "testsuite" else {
                return fail("not a JUnit file: its root element is <\(Suggestion.shown(element))>, not <testsuites> or <testsuite>", parser)
            }
        }
        switch element {
        case "testcase":
            let name = attributes["name"].map { " \"\(Suggestion.shown($0))\"" } ?? ""
            guard let flowFile = attributes["file"] ?? attributes["classname"], !flowFile.isEmpty else {
                return fail("the testcase\(name) has no file attribute (nor a classname): which flow it timed is unknown", parser)
            }
            guard let rawTime = attributes["time"] else {
                return fail("the testcase\(name) has no time attribute", parser)
            }
            // Trimmed only when it must be: trimming through Foundation costs more than reading.
            guard let seconds = Double(rawTime) ?? Double(rawTime.trimmingCharacters(in: .whitespaces)) else {
                return fail("the testcase\(name) has time=\"\(Suggestion.shown(rawTime))\", not a number of seconds", parser)
            }
            if let problem = FlowTimings.problem(seconds: seconds) {
                return fail("the testcase\(name) has time=\"\(Suggestion.shown(rawTime))\": \(problem)", parser)
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
        if problem == nil { problem = notComplete(parser) }
    }

    private func fail(_ message: String, _ parser: XMLParser) {
        if problem == nil { problem = source.error(message, line: parser.lineNumber, column: parser.columnNumber) }
        parser.abortParsing()
    }

    /// Why the parser stopped, at the place. Its error codes are libxml2's on Linux and not the
    /// same for the same mistake, so the place decides: at or past the last character that is not
    /// blank, the text ended too soon; before it, the XML is malformed there. Bytes that are not
    /// UTF-8 are said as such, where the first of them is.
    private func notComplete(_ parser: XMLParser, cut: Bool = false) -> LocatedError {
        if cut {
            let reason = open.first.map { "it ends before its root <\($0)> is closed (truncated?)" } ?? "it ends inside its first tag (truncated?)"
            return source.error("not a complete JUnit file: " + reason, line: parser.lineNumber, column: parser.columnNumber)
        }
        if let bad = source.firstInvalidUTF8() {
            return source.error("not a JUnit file in UTF-8: byte 0x\(String(source.bytes[bad], radix: 16, uppercase: true)) here is not UTF-8; save it as UTF-8", at: bad)
        }
        let reason: String
        if !sawRoot {
            reason = "it holds no XML element"
        } else {
            // Not the innermost open element: libxml2 reports even a half-written tag at the end as one.
            let root = open.first.map { " before its root <\($0)> is closed" } ?? ""
            let last = lastNonBlank()
            if (parser.lineNumber, parser.columnNumber) >= last || parser.parserError == nil {
                reason = "it ends\(root) (truncated?)"
            } else {
                let code = (parser.parserError as NSError?).map { " (XML error \($0.code))" } ?? ""
                reason = "malformed XML here\(code)"
            }
        }
        return source.error("not a complete JUnit file: " + reason, line: parser.lineNumber, column: parser.columnNumber)
    }

    /// Whether the element the parser reports is a tag cut by the end of the file: libxml2, reading
    /// a stream, reports a half-written tag at the very end as an element (`<testsu` as
    /// `<testsu>`, `<testcase name="A" cl` as a testcase without a file), and what would be said
    /// of that element is about the cut. A file whose last character that is not blank is no `>`
    /// ends in the middle of something.
    private func isCutByTheEnd(_ parser: XMLParser) -> Bool {
        let bytes = source.bytes
        var end = bytes.count
        while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        guard end > 0, bytes[end - 1] != UInt8(ascii: ">") else { return false }
        return (parser.lineNumber, parser.columnNumber) >= lastNonBlank()
    }

    /// The line and column of the last character that is not blank, as the parser counts them.
    private func lastNonBlank() -> (line: Int, column: Int) {
        let bytes = source.bytes
        var end = bytes.count
        while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        guard end > 0 else { return (0, 0) }
        let place = source.error("", at: end - 1)
        return (place.line, place.column)
    }
}
