import FlowKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LocatedYAML
import NameMatching
import TextBytes

/// A JUnit file read as XML, the one way both of its readers read it: `--shard-by timings`
/// (``JUnitTimings``) and `flow merge` (``JUnitMerge``). The reader is told of each element as
/// the parser meets it, and refuses the file with a message that is located at that element;
/// everything else that can be wrong with the file is said here, in the same words for both.
///
/// - A file of blanks is empty. A DTD (`<!DOCTYPE`, `<!ENTITY`) before the root is refused before
///   any parser sees the file: a JUnit file declares no entities, so none is ever expanded (a few
///   lines that grow to gigabytes) or loaded (`file:///etc/passwd`).
/// - The root is `<testsuites>` or `<testsuite>`; elements nest at most ``depthLimit`` deep.
/// - A file that ends too soon says it is truncated, where it ends; malformed XML says what is
///   wrong, where.
/// - Bytes that are not text (not UTF-8, a NUL, a byte-order mark past the start) are refused
///   where the first of them is, before any parser sees the file: FoundationXML's parser traps on
///   a name or a value that is not UTF-8 (signal 4, no message of ours).
///
/// The parser reads from a stream, never from `Data`: Foundation's XMLParser on Linux hands Data
/// to libxml2 in one piece, and libxml2 refuses one piece over 10 MB (a JUnit file of 150,000
/// testcases) as an error at the end of the file, which read as a truncated file.
enum JUnitXML {
    /// JUnit nests a testsuite in a testsuite at most a few times; deeper is hostile (and
    /// libxml2's tree builder stops at 256, leaving a document that is half the file).
    static let depthLimit = 64

    /// An element as the parser meets its start tag.
    struct Element {
        /// Its name: `testcase`.
        let name: String
        /// Its attributes.
        let attributes: [String: String]
        /// The names of the elements it is in, outermost (the root) first.
        let within: [String]

        /// Whether it is a testcase of the file: one inside another testcase is part of that one.
        var isTestcase: Bool { name == "testcase" && !within.contains("testcase") }

        /// `the testcase "Sign in"`, `the testsuite`: the element as a message names it.
        var described: String {
            "the \(name)" + (attributes["name"].map { " \"\(JUnitXML.shown($0))\"" } ?? "")
        }

        /// Its `time` in seconds, nil when it has none; refused when it is no number of seconds a
        /// JUnit file may give (see `FlowTimings.problem(seconds:)`).
        func seconds() throws(Refusal) -> Double? {
            guard let raw = attributes["time"] else { return nil }
            // Trimmed only when it must be: trimming through Foundation costs more than reading.
            guard let seconds = Double(raw) ?? Double(raw.trimmingCharacters(in: .whitespaces)) else {
                throw Refusal("\(described) has time=\"\(JUnitXML.shown(raw))\", not a number of seconds")
            }
            if let problem = FlowTimings.problem(seconds: seconds) {
                throw Refusal("\(described) has time=\"\(JUnitXML.shown(raw))\": \(problem)")
            }
            return seconds
        }

        /// The flow file a testcase ran: its `file` attribute, else its `classname` (as other tools write it).
        func flowFile() throws(Refusal) -> String {
            guard let file = attributes["file"] ?? attributes["classname"], !file.isEmpty else {
                throw Refusal("\(described) has no file attribute (nor a classname): which flow it ran is unknown")
            }
            return file
        }
    }

    /// An attribute's value as a message quotes it: at most 60 characters, and on one line with
    /// every control character shown as U+FFFD (a name may hold `&#10;` or a C1 escape such as
    /// `&#x9B;2J`, which XML allows: quoted as it is, it forged a line or cleared a terminal).
    static func shown(_ value: String) -> String {
        TerminalText.oneLine(Suggestion.shown(value))
    }

    /// Why a reader refuses the file at an element, in words.
    struct Refusal: Error {
        let message: String

        init(_ message: String) {
            self.message = message
        }
    }

    /// Reads `data`, the contents of `file`: `start` is told of each element's start (and may
    /// refuse the file there), `end` of each element's end (without its attributes). Throws the
    /// first problem.
    static func read(
        _ data: Data, file: String, start: @escaping (Element) throws(Refusal) -> Void, end: @escaping (Element) -> Void = { _ in }
    ) throws(LocatedError) {
        let result = data.withUnsafeBytes { raw -> Result<Void, LocatedError> in
            Result { () throws(LocatedError) in
                try read(data, source: SourceBytes(file: file, bytes: raw.bindMemory(to: UInt8.self)), start: start, end: end)
            }
        }
        try result.get()
    }

    /// `data` is read by the parser, `source` (the same bytes) by the errors.
    private static func read(
        _ data: Data, source: SourceBytes, start: @escaping (Element) throws(Refusal) -> Void, end: @escaping (Element) -> Void
    ) throws(LocatedError) {
        guard source.bytes.contains(where: { !blanks.contains($0) }) else { throw source.error("the file is empty: not a JUnit file", at: 0) }
        // Before any parser: FoundationXML traps on a name or a value that is not UTF-8.
        if let problem = TextBytes.firstProblem(in: source.bytes, byteOrderMark: .allowedAtStart) {
            throw LocatedError(file: source.file, notText: problem, subject: "the JUnit file")
        }
        if let doctype = doctype(in: source.bytes) {
            throw source.error("not a JUnit file: a JUnit file has no DTD (<!DOCTYPE or <!ENTITY), and no entity is ever read", at: doctype)
        }
        let reader = Reader(source, start: start, end: end)
        let parser = XMLParser(stream: InputStream(data: data))
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        if let problem = reader.problem { throw problem }
        guard parsed, reader.open.isEmpty, reader.sawRoot else { throw reader.stopped(parser, by: parser.parserError) }
    }

    static let blanks: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]

    /// Where a `<!DOCTYPE` (or an `<!ENTITY`, in any case) is, if there is one: it can only come
    /// before the root element, so only the prolog is searched, and a failure message that quotes
    /// one in a testcase's text is no DTD.
    static func doctype(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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

    /// The parser's delegate: the elements open, the first problem, and the reader's callbacks.
    private final class Reader: NSObject, XMLParserDelegate {
        let source: SourceBytes
        let start: (Element) throws(Refusal) -> Void
        let end: (Element) -> Void
        private(set) var problem: LocatedError?
        /// The elements open where the parser is, outermost first.
        private(set) var open: [String] = []
        private(set) var sawRoot = false

        init(_ source: SourceBytes, start: @escaping (Element) throws(Refusal) -> Void, end: @escaping (Element) -> Void) {
            self.source = source
            self.start = start
            self.end = end
        }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            guard problem == nil else { return }
            if isCutByTheEnd(parser) { return stop(parser, stopped(parser, by: nil, cut: true)) }
            let within = open
            open.append(element)
            if open.count > depthLimit {
                return stop(parser, at: element, "elements nested over \(depthLimit) deep: a JUnit file nests a few levels, not hundreds")
            }
            if open.count == 1 {
                sawRoot = true
                guard element == "testsuites" || element == "testsuite" else {
                    return stop(parser, at: element, "not a JUnit file: its root element is <\(Suggestion.shown(element))>, not <testsuites> or <testsuite>")
                }
            }
            do {
                try start(Element(name: element, attributes: attributes, within: within))
            } catch {
                stop(parser, at: element, error.message)
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
            if problem == nil { end(Element(name: element, attributes: [:], within: open)) }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if problem == nil { problem = stopped(parser, by: parseError) }
        }

        /// Stops at the start tag of `element` the parser has just read, with `message`.
        private func stop(_ parser: XMLParser, at element: String, _ message: String) {
            stop(parser, source.error(message, startTag: element, line: parser.lineNumber, column: parser.columnNumber))
        }

        private func stop(_ parser: XMLParser, _ error: LocatedError) {
            if problem == nil { problem = error }
            parser.abortParsing()
        }

        /// Why the parser stopped, at the place. libxml2's codes are not the same for the same
        /// mistake, so the place decides first: at or past the last character that is not blank,
        /// the text ended too soon; before it, the code says what is malformed there (libxml2's
        /// codes: FoundationXML's `XMLParser.ErrorCode` numbers them differently on Linux).
        func stopped(_ parser: XMLParser, by error: (any Error)?, cut: Bool = false) -> LocatedError {
            let (line, column) = (parser.lineNumber, parser.columnNumber)
            let truncated = "not a complete JUnit file: " + (open.first.map { "it ends before its root <\($0)> is closed (truncated?)" }
                ?? "it ends inside its first tag (truncated?)")
            if cut { return source.error(truncated, line: line, column: column) }
            if !sawRoot {
                // `<testsuites na`: the parser says nothing of a file that stops inside its first tag.
                if source.bytes.contains(UInt8(ascii: "<")), lastByte != UInt8(ascii: ">") { return source.error(truncated, line: line, column: column) }
                return source.error("not a complete JUnit file: it holds no XML element (a JUnit file starts with <testsuites> or <testsuite>)",
                                    line: line, column: column)
            }
            let code = (error as NSError?)?.code ?? 0
            // libxml2's limits (a text of 10 MB or more in one element) stop it where nothing seems wrong.
            if code == 1 {
                return source.error("the XML reader stopped here (libxml2 error 1): a text of 10 MB or more in one element is over its limit", line: line, column: column)
            }
            if (line, column) >= lastNonBlank || error == nil, !open.isEmpty { return source.error(truncated, line: line, column: column) }
            let reason = switch code {
            case 5 where open.isEmpty: "content after the root element"
            case 9: "a character XML does not allow"
            case 26: "an undeclared entity (write & as &amp;)"
            case 38: "a < in an attribute's value"
            case 42: "an attribute given twice"
            case 76: "a closing tag that does not match its element"
            default: "libxml2 error \(code)"
            }
            return source.error("not well-formed XML: \(reason)", line: line, column: column)
        }

        /// Whether the element the parser reports is a tag cut by the end of the file: libxml2,
        /// reading a stream, reports a half-written tag at the very end as an element (`<testsu` as
        /// `<testsu>`, `<testcase name="A" cl` as a testcase without a file), and what would be said
        /// of that element is about the cut. A file whose last character that is not blank is no
        /// `>` ends in the middle of something.
        private func isCutByTheEnd(_ parser: XMLParser) -> Bool {
            guard lastByte != UInt8(ascii: ">") else { return false }
            return (parser.lineNumber, parser.columnNumber) >= lastNonBlank
        }

        /// The last byte that is not blank (0 for none).
        private lazy var lastByte: UInt8 = source.bytes.last { !blanks.contains($0) } ?? 0

        /// The line and column of the last character that is not blank, as the parser counts
        /// them: found once, not at each element (a cut file of 40 MB has a million).
        private lazy var lastNonBlank: (line: Int, column: Int) = {
            var end = source.bytes.count
            while end > 0, blanks.contains(source.bytes[end - 1]) { end -= 1 }
            guard end > 0 else { return (0, 0) }
            let place = source.error("", at: end - 1)
            return (place.line, place.column)
        }()
    }
}
