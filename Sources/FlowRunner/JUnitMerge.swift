import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LocatedYAML

/// `flow merge`: the shards' JUnit files joined into one, and the check that together they ran
/// each flow of the suite exactly once. Pure: the files' texts in, the merged XML and the check
/// out; reading and writing files is the command's.
///
/// Each input is read with `XMLParser` first (it must be well-formed, or it is a located error:
/// `FILE:LINE:COLUMN` where the parser says, else `FILE:1:1`), then as an `XMLDocument`, never
/// loading an external entity (a file with a DOCTYPE is refused). The root is `<testsuites>` or a
/// single `<testsuite>`; every `<testcase>` of every `<testsuite>` (nested ones too) is kept whole:
/// its attributes and every child, known or not (`<failure>`, `<error>`, `<skipped>`, Surefire's
/// `<flakyFailure>` and `<rerunFailure>`, `<system-out>`, comments), re-serialised by the XML
/// library. A testcase must have a `file` attribute: that is how it is matched to a flow.
///
/// The merged file is one `<testsuites>` holding one `<testsuite>`, named as the first shard's
/// suite, with the testcases sorted by file (each file's testcases in the order they came).
/// `tests`, `failures` (testcases with a `<failure>`), `errors` (with an `<error>` and no
/// `<failure>`) and `skipped` (with a `<skipped>`) are counted from the testcases; `flaky` is the
/// sum of the shards' testsuites' `flaky` attributes, written only when a shard wrote one; `time`
/// is the longest shard's time (the shards run at once, so that is the wall clock, as each
/// shard's own `time` is). Other attributes of the shards' suites (a host name, a timestamp) and
/// their suite-level elements are not carried over.
public struct JUnitMerge: Sendable {
    /// One shard's JUnit file: where it was read from (for errors and listings) and its text.
    public struct Shard: Sendable {
        /// The path it was read from.
        public let file: String
        /// The JUnit XML as read.
        public let text: String

        /// A shard's JUnit XML `text`, read from `file`.
        public init(file: String, text: String) {
            self.file = file
            self.text = text
        }
    }

    /// A flow file some shard ran, with the shards (their JUnit files) that ran it.
    public struct Ran: Sendable, Equatable {
        /// The flow file.
        public let file: String
        /// The shards' JUnit files that ran it: more than one means the shards overlapped.
        public let shards: [String]
    }

    /// The merged JUnit XML.
    public let xml: String
    /// How many shards were merged.
    public let shardCount: Int
    /// Every testcase (a flow run: with `--repeat`, several for one flow).
    public let tests: Int
    /// Testcases with a `<failure>` or an `<error>`.
    public let failed: Int
    /// Testcases with a `<skipped>` (and no failure or error).
    public let skipped: Int
    /// The sum of the shards' `flaky` counts, when a shard gave one.
    public let flaky: Int?
    /// Each failed testcase: its name and file, in the merged file's order.
    public let failures: [(name: String, file: String)]
    /// The suite's flows that no shard ran, in the suite's order and spelling.
    public let missing: [String]
    /// Flows that more than one shard ran, each with those shards, by file.
    public let doubled: [Ran]
    /// Flows a shard ran that are not in the suite (the merge was given other paths or filters
    /// than the shards were), each with the shards that ran it, by file.
    public let notSelected: [Ran]

    /// Testcases that neither failed nor were skipped.
    public var passed: Int { tests - failed - skipped }

    /// Whether the shards together ran each flow of the suite once and nothing else.
    public var ranEveryFlowOnce: Bool { missing.isEmpty && doubled.isEmpty && notSelected.isEmpty }

    /// Whether `flow merge` succeeds: every flow ran exactly once and none failed.
    public var succeeded: Bool { ranEveryFlowOnce && failed == 0 }

    /// One line per coverage problem: `missing: FILE (no shard ran it)`, `doubled: FILE (run by A
    /// and B)`, `not selected: FILE (run by A; ...)`.
    public var problemLines: [String] {
        missing.map { "missing: \($0) (no shard ran it)" }
            + doubled.map { "doubled: \($0.file) (run by \(Self.list($0.shards)))" }
            + notSelected.map { "not selected: \($0.file) (run by \(Self.list($0.shards)); the paths and filters given to flow merge do not select it)" }
    }

    /// `merged 4 shards: 13 flows, 13 passed, 0 failed; every flow ran exactly once`, or what went wrong.
    public var summary: String {
        var line = "merged \(Self.count(shardCount, "shard")): \(Self.count(tests, "flow")), \(passed) passed, \(failed) failed"
        if skipped > 0 { line += ", \(skipped) skipped" }
        if let flaky, flaky > 0 { line += ", \(flaky) flaky" }
        guard !ranEveryFlowOnce else { return line + "; every flow ran exactly once" }
        var problems: [String] = []
        if !missing.isEmpty { problems.append("\(Self.count(missing.count, "flow")) missing") }
        if !doubled.isEmpty { problems.append("\(Self.count(doubled.count, "flow")) run by more than one shard") }
        if !notSelected.isEmpty { problems.append("\(Self.count(notSelected.count, "flow")) not selected") }
        return line + "; " + problems.joined(separator: ", ")
    }

    /// Joins `shards` and checks them against `suite` (the flow files `flow run` would select with
    /// the same paths and filters). A testcase is matched to a flow by its `file` attribute, both
    /// spelled without `.` components or doubled slashes; a flow counts once per shard that ran it,
    /// however many testcases (`--repeat`) that shard has for it. Every problem of every input is
    /// thrown together, located, and then there is no result.
    public static func merge(_ shards: [Shard], suite: [String]) throws(Diagnostics) -> JUnitMerge {
        var problems: [LocatedError] = []
        var read: [ShardReader.Read] = []
        for shard in shards {
            do {
                read.append(try ShardReader.read(shard))
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { throw Diagnostics(problems) }
        return JUnitMerge(read, suite: suite)
    }

    private init(_ shards: [ShardReader.Read], suite: [String]) {
        // Which shards ran each file (as the first shard to run it spelled it).
        var ranBy: [String: (file: String, shards: [Int])] = [:]
        for (index, shard) in shards.enumerated() {
            for testcase in shard.testcases {
                let key = Self.normalized(testcase.file)
                if ranBy[key] == nil { ranBy[key] = (testcase.file, []) }
                if ranBy[key]?.shards.contains(index) == false { ranBy[key]?.shards.append(index) }
            }
        }
        let order = ranBy.keys.sorted()
        let selected = Set(suite.map(Self.normalized))
        let names = shards.map(\.file)
        missing = suite.filter { ranBy[Self.normalized($0)] == nil }
        doubled = order.compactMap { key in
            guard let ran = ranBy[key], ran.shards.count > 1, selected.contains(key) else { return nil }
            return Ran(file: ran.file, shards: ran.shards.map { names[$0] })
        }
        notSelected = order.compactMap { key in
            guard let ran = ranBy[key], !selected.contains(key) else { return nil }
            return Ran(file: ran.file, shards: ran.shards.map { names[$0] })
        }

        // Sorted by file; a file's testcases keep their order (shard by shard, iteration by iteration).
        let testcases = shards.flatMap(\.testcases).enumerated()
            .sorted { (Self.normalized($0.element.file), $0.offset) < (Self.normalized($1.element.file), $1.offset) }
            .map(\.element)
        shardCount = shards.count
        tests = testcases.count
        failed = testcases.filter(\.failed).count
        skipped = testcases.filter { !$0.failed && $0.skipped }.count
        let flakyCounts = shards.compactMap(\.flaky)
        flaky = flakyCounts.isEmpty ? nil : flakyCounts.reduce(0, +)
        failures = testcases.filter(\.failed).map { ($0.name, $0.file) }
        let errors = testcases.filter { $0.hasError && !$0.hasFailure }.count
        let time = shards.map(\.time).max() ?? 0
        let name = shards.lazy.compactMap(\.name).first ?? "flows"

        let counts = #"tests="\#(tests)" failures="\#(failures.count - errors)" errors="\#(errors)" skipped="\#(skipped)""#
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="\#(JUnitReport.escape(name))" \#(counts) time="\#(Self.time(time))">"# + "\n"
        xml += #"  <testsuite name="\#(JUnitReport.escape(name))" \#(counts)"#
            + (flaky.map { #" flaky="\#($0)""# } ?? "") + #" time="\#(Self.time(time))">"# + "\n"
        for testcase in testcases { xml += "    " + testcase.xml + "\n" }
        xml += "  </testsuite>\n</testsuites>\n"
        self.xml = xml
    }

    /// `Flows/./login//a.yaml` → `Flows/login/a.yaml`: the spellings of one path made one.
    static func normalized(_ path: String) -> String {
        let components = path.split(separator: "/").filter { $0 != "." }
        return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }

    static func time(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension JUnitMerge {
    /// One shard's file read: checked as XML with `XMLParser` (which gives positions), then taken
    /// apart with `XMLDocument` (which keeps each testcase whole).
    enum ShardReader {
        /// What a shard's file holds.
        struct Read {
            let file: String
            let name: String?
            let time: Double
            let flaky: Int?
            let testcases: [Testcase]
        }

        /// One `<testcase>`, kept as its XML.
        struct Testcase {
            let name: String
            let file: String
            let hasFailure: Bool
            let hasError: Bool
            let skipped: Bool
            let xml: String

            var failed: Bool { hasFailure || hasError }
        }

        static func read(_ shard: Shard) throws(LocatedError) -> Read {
            let file = shard.file, text = shard.text
            func error(_ line: Int, _ column: Int, _ message: String) -> LocatedError {
                LocatedError(file: file, text: text, line: max(line, 1), column: max(column, 1), message: message)
            }
            guard !text.allSatisfy(\.isWhitespace) else { throw error(1, 1, "the file is empty: not a JUnit file") }
            // Refused before any parser reads it, so no entity is ever declared, let alone expanded
            // (external entities, "billion laughs").
            if let doctype = doctype(in: text) { throw error(doctype.line, doctype.column, noDoctype) }
            let data = Data(text.utf8)

            // Well-formed first: XMLDocument on Linux crashes on some malformed input, and only the
            // parser says where a problem is. Fed as a stream: given 10 MB or more at once, libxml2
            // stops with "huge input lookup" (error 1), which read as a truncated file.
            let parser = XMLParser(stream: InputStream(data: data))
            let positions = Positions()
            parser.delegate = positions
            parser.shouldResolveExternalEntities = false
            let parsed = parser.parse()
            if let deep = positions.tooDeep {
                throw error(deep.line, column(of: deep, in: text), "elements nested over \(Positions.depthLimit) deep: a JUnit file nests a few levels, not hundreds")
            }
            // Where the first error was met (the parser's position after `parse()` is where it stopped).
            if let (parseError, line, column) = positions.firstError ?? parser.parserError.map({ ($0, parser.lineNumber, parser.columnNumber) }) {
                throw error(line, column, describe(parseError, line: line, column: column, in: text, open: positions.depth))
            }
            // The parser says nothing of a file that stops inside its first tag (`<testsuites na`).
            guard parsed, let first = positions.starts.first else {
                throw error(1, 1, text.contains("<") ? truncated + ", or not XML" : "not XML: a JUnit file starts with <testsuites> or <testsuite>")
            }
            guard positions.depth == 0 else { throw error(parser.lineNumber, parser.columnNumber, truncated) }

            let document: XMLDocument
            do {
                document = try XMLDocument(data: data, options: [.nodeLoadExternalEntitiesNever, .nodePreserveWhitespace])
            } catch let failure {
                throw error(1, 1, "not XML: \(failure.localizedDescription)")
            }
            if (document.children ?? []).contains(where: { $0.kind == .DTDKind }) { throw error(1, 1, noDoctype) }
            guard let root = document.rootElement() else { throw error(first.line, first.column, "not JUnit: no root element") }

            // The parser's start positions, element by element in document order.
            var elements: [XMLElement] = []
            func collect(_ element: XMLElement) {
                elements.append(element)
                for child in element.children ?? [] { if let child = child as? XMLElement { collect(child) } }
            }
            collect(root)
            // The document holds less than the parser read: libxml2 stopped building it at one of its limits.
            guard elements.count >= positions.starts.count else {
                throw error(1, 1, "the XML reader read \(elements.count) of its \(positions.starts.count) elements: the file is over one of libxml2's limits")
            }
            let starts = positions.starts.count == elements.count ? positions.starts : []
            func located(_ element: XMLElement, _ message: String) -> LocatedError {
                guard let index = elements.firstIndex(where: { $0 === element }), starts.indices.contains(index) else { return error(1, 1, message) }
                let start = starts[index]
                return error(start.line, column(of: start, in: text), message)
            }

            let suites: [XMLElement]
            switch root.name {
            case "testsuites": suites = root.elements(forName: "testsuite")
            case "testsuite": suites = [root]
            default:
                throw located(root, "not JUnit: the root element is <\(root.name ?? "")>, expected <testsuites> or <testsuite>")
            }
            var testcases: [Testcase] = []
            var flaky: Int?
            func walk(_ suite: XMLElement) throws(LocatedError) {
                if let value = suite.attribute(forName: "flaky")?.stringValue {
                    guard let count = Int(value.trimmingCharacters(in: .whitespaces)), count >= 0 else {
                        throw located(suite, "flaky=\"\(value)\" is not a count")
                    }
                    flaky = (flaky ?? 0) + count
                }
                _ = try seconds(suite)
                for child in suite.children ?? [] {
                    guard let element = child as? XMLElement else { continue }
                    switch element.name {
                    case "testcase": testcases.append(try testcase(element))
                    case "testsuite": try walk(element)
                    default: continue
                    }
                }
            }
            func seconds(_ element: XMLElement) throws(LocatedError) -> Double? {
                guard let value = element.attribute(forName: "time")?.stringValue else { return nil }
                guard let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0 else {
                    throw located(element, "time=\"\(value)\" is not a number of seconds")
                }
                return seconds
            }
            func testcase(_ element: XMLElement) throws(LocatedError) -> Testcase {
                guard let flow = element.attribute(forName: "file")?.stringValue, !flow.isEmpty else {
                    throw located(element, "a testcase without a file attribute: flow merge matches testcases to flows by their file")
                }
                _ = try seconds(element)
                let children = (element.children ?? []).compactMap { $0 as? XMLElement }.compactMap(\.name)
                return Testcase(
                    name: element.attribute(forName: "name")?.stringValue ?? "", file: flow,
                    hasFailure: children.contains("failure"), hasError: children.contains("error"), skipped: children.contains("skipped"),
                    xml: element.xmlString
                )
            }
            var suitesTime = 0.0
            for suite in suites {
                try walk(suite)
                suitesTime += try seconds(suite) ?? 0
            }
            // The shard's time: its root's, else its suites' (nested suites are within their parent's).
            let time = try seconds(root) ?? suitesTime
            let name = [root, suites.first].compactMap { $0?.attribute(forName: "name")?.stringValue }.first { !$0.isEmpty }
            return Read(file: file, name: name, time: time, flaky: flaky, testcases: testcases)
        }

        static let noDoctype = "a DOCTYPE is not allowed in a JUnit file (flow merge reads no entities)"

        /// Where a `<!DOCTYPE` starts in the prolog (before the root element: the only place one
        /// may be), past the XML declaration, comments, processing instructions and blanks.
        static func doctype(in text: String) -> (line: Int, column: Int)? {
            var text = text
            return text.withUTF8 { bytes -> (line: Int, column: Int)? in
                func starts(_ pattern: String, at index: Int) -> Bool {
                    let pattern = Array(pattern.utf8)
                    return index + pattern.count <= bytes.count && bytes[index..<index + pattern.count].elementsEqual(pattern)
                }
                func end(of close: String, from index: Int) -> Int? {
                    var index = index
                    while index < bytes.count {
                        if starts(close, at: index) { return index + close.utf8.count }
                        index += 1
                    }
                    return nil
                }
                var index = starts("\u{FEFF}", at: 0) ? 3 : 0
                while true {
                    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
                    if starts("<?", at: index) || starts("<!--", at: index) {
                        guard let after = end(of: starts("<?", at: index) ? "?>" : "-->", from: index + 2) else { return nil }
                        index = after
                        continue
                    }
                    guard starts("<!DOCTYPE", at: index) else { return nil }
                    let before = bytes[..<index]
                    let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
                    return (before.count { $0 == 0x0A } + 1, String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1)
                }
            }
        }

        /// What the parser's first error means, in words. An error met where the text ends is a
        /// truncated file; otherwise the code says (libxml2's codes: FoundationXML's
        /// `XMLParser.ErrorCode` numbers them differently on Linux, so it is not used).
        static func describe(_ error: any Error, line: Int, column: Int, in text: String, open depth: Int) -> String {
            let code = (error as NSError).code
            // libxml2's limits (a text of 10 MB or more in one element) stop it where nothing seems wrong.
            if code == 1 { return "the XML reader stopped here (libxml2 error 1): a text of 10 MB or more in one element is over its limit" }
            if rest(of: text, line: line, column: column).allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return truncated }
            if code == 5, depth == 0 { return "not well-formed XML: content after the root element" }
            return switch code {
            case 4: "not XML: a JUnit file starts with <testsuites> or <testsuite>"
            case 9: "not well-formed XML: a character XML does not allow"
            case 26: "not well-formed XML: an undeclared entity (write & as &amp;)"
            case 38: "not well-formed XML: a < in an attribute's value"
            case 42: "not well-formed XML: an attribute given twice"
            case 76: "not well-formed XML: a closing tag that does not match its element"
            default: "not well-formed XML (libxml2 error \(code))"
            }
        }

        static let truncated = "the file ends inside the XML: it is truncated"

        /// The text after `line` and `column` (a byte column, as the parser counts).
        static func rest(of text: String, line: Int, column: Int) -> String.UTF8View.SubSequence {
            let lines = text.utf8.split(separator: UInt8(ascii: "\n"), maxSplits: max(line - 1, 0), omittingEmptySubsequences: false)
            guard line >= 1, lines.count >= line, let last = lines.last else { return text.utf8[text.utf8.endIndex...] }
            return text.utf8[last.index(last.startIndex, offsetBy: min(max(column - 1, 0), last.count))...]
        }

        /// The parser gives a start tag's position at its end: the column of its `<` on that line
        /// when the tag is all on it, else that end.
        static func column(of start: Positions.Start, in text: String) -> Int {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.indices.contains(start.line - 1) else { return start.column }
            let line = Array(lines[start.line - 1].utf8)
            let tag = Array(("<" + start.name).utf8)
            var index = min(start.column - 1, line.count) - tag.count
            while index >= 0 {
                if Array(line[index..<index + tag.count]) == tag {
                    return String(decoding: line[..<index], as: UTF8.self).count + 1
                }
                index -= 1
            }
            return start.column
        }

        /// Records where each element starts (for located errors), whether every one closed, and
        /// the first error with where it was met.
        final class Positions: NSObject, XMLParserDelegate {
            struct Start {
                let name: String
                let line: Int
                let column: Int
            }

            var starts: [Start] = []
            var depth = 0
            var firstError: (error: any Error, line: Int, column: Int)?
            /// The first element nested deeper than `depthLimit`, where the parse was stopped.
            var tooDeep: Start?

            /// JUnit nests a testsuite in a testsuite at most a few times; deeper is hostile (and
            /// libxml2's tree builder stops at 256, leaving a document that is half the file).
            static let depthLimit = 64

            func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
                if firstError == nil { firstError = (parseError, parser.lineNumber, parser.columnNumber) }
            }

            func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                starts.append(Start(name: qualifiedName ?? elementName, line: parser.lineNumber, column: parser.columnNumber))
                depth += 1
                if depth > Self.depthLimit, tooDeep == nil {
                    tooDeep = starts.last
                    parser.abortParsing()
                }
            }

            func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
                depth -= 1
            }
        }
    }
}
