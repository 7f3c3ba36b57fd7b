import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LocatedYAML

/// `flow merge`: the shards' JUnit files joined into one, and the check that together they ran
/// each flow of the suite exactly once. Pure: the files' texts in, the merged XML and the check
/// out; reading and writing files is the command's.
///
/// Each input is read as `JUnitXML` reads a JUnit file for `--shard-by timings` too (every
/// problem a located error, in the same words; no DTD, so no entity is ever read), then as an
/// `XMLDocument`, which keeps each testcase whole. The root is `<testsuites>` or a single
/// `<testsuite>`; every `<testcase>` (one inside another is part of it) is kept whole: its
/// attributes and every child, known or not (`<failure>`, `<error>`, `<skipped>`, Surefire's
/// `<flakyFailure>` and `<rerunFailure>`, `<system-out>`, comments), re-serialised by the XML
/// library. A testcase is matched to a flow by its `file` attribute (else its `classname`).
///
/// The merged file is one `<testsuites>` holding one `<testsuite>`, named as the first shard's
/// suite, with the testcases sorted by file (each file's testcases in the order they came).
/// `tests`, `failures` (testcases with a `<failure>`), `errors` (with an `<error>` and no
/// `<failure>`) and `skipped` (with a `<skipped>`) are counted from the testcases; `flaky` is the
/// sum of the shards' testsuites' `flaky` attributes, written only when a shard wrote one; `time`
/// is the longest shard's time (the shards run at once, so that is the wall clock, as each
/// shard's own `time` is). Other attributes of the shards' suites (a host name, a timestamp) and
/// their suite-level elements are not carried over.
package struct JUnitMerge: Sendable {
    /// One shard's JUnit file: where it was read from (for errors and listings) and its bytes.
    package struct Shard: Sendable {
        /// The path it was read from.
        package let file: String
        /// The JUnit XML as read: bytes, so that one that is not UTF-8 is said where it is.
        package let data: Data

        /// A shard's JUnit XML, the bytes `data` read from `file`.
        package init(file: String, data: Data) {
            self.file = file
            self.data = data
        }

        /// A shard's JUnit XML `text`, read from `file`.
        package init(file: String, text: String) {
            self.init(file: file, data: Data(text.utf8))
        }
    }

    /// A flow file some shard ran, with the shards (their JUnit files) that ran it.
    package struct Ran: Sendable, Equatable {
        /// The flow file.
        package let file: String
        /// The shards' JUnit files that ran it: more than one means the shards overlapped.
        package let shards: [String]
    }

    /// One shard's wall time (its JUnit file's own time) and its flows, the longest first: what
    /// `merge` prints so that the next split can be checked.
    package struct ShardTime: Sendable, Equatable {
        /// The shard's JUnit file.
        package let file: String
        /// The time its file says the run took.
        package let seconds: Double
        /// Its testcases' flow files and times, the longest first.
        package let flows: [FlowTime]
    }

    /// A flow's time in a shard.
    package struct FlowTime: Sendable, Equatable {
        /// The flow file.
        package let file: String
        /// Its testcase's time (with `--repeat`, one per run).
        package let seconds: Double
    }

    /// Each shard's wall time and flows, in the order the shards were given.
    package let shardTimes: [ShardTime]

    /// The merged JUnit XML.
    package let xml: String
    /// How many shards were merged.
    package let shardCount: Int
    /// Every testcase (a flow run: with `--repeat`, several for one flow).
    package let tests: Int
    /// Testcases with a `<failure>` or an `<error>`.
    package let failed: Int
    /// Testcases with a `<skipped>` (and no failure or error).
    package let skipped: Int
    /// The sum of the shards' `flaky` counts, when a shard gave one.
    package let flaky: Int?
    /// Each failed testcase: its name and file, in the merged file's order.
    package let failures: [(name: String, file: String)]
    /// The suite's flows that no shard ran, in the suite's order and spelling.
    package let missing: [String]
    /// Flows that more than one shard ran, each with those shards, by file.
    package let doubled: [Ran]
    /// Flows a shard ran that are not in the suite (the merge was given other paths or filters
    /// than the shards were), each with the shards that ran it, by file.
    package let notSelected: [Ran]
    /// The runner whose merge this is: its problem lines say what was given to it.
    package let runner: RunnerIdentity

    /// Testcases that neither failed nor were skipped.
    package var passed: Int { tests - failed - skipped }

    /// Whether the shards together ran each flow of the suite once and nothing else.
    package var ranEveryFlowOnce: Bool { missing.isEmpty && doubled.isEmpty && notSelected.isEmpty }

    /// Whether `flow merge` succeeds: every flow ran exactly once and none failed.
    package var succeeded: Bool { ranEveryFlowOnce && failed == 0 }

    /// One line per coverage problem: `missing: FILE (no shard ran it)`, `doubled: FILE (run by A
    /// and B)`, `not selected: FILE (run by A; ...)`.
    package var problemLines: [String] {
        missing.map { "missing: \($0) (no shard ran it)" }
            + doubled.map { "doubled: \($0.file) (run by \(Self.list($0.shards)))" }
            + notSelected.map { "not selected: \($0.file) (run by \(Self.list($0.shards)); the paths and filters given to \(runner.name) merge do not select it)" }
    }

    /// Shards at a glance, when there are two or more: each shard's wall time (the slowest
    /// marked against the mean), then the flows that made the slowest long (its three longest).
    ///
    ///     shard out/2/junit.xml  5.10 s  4 flows  slowest: 1.59× the mean of 3.20 s
    ///     shard out/1/junit.xml  1.30 s  3 flows
    ///     the slowest's longest flows: Flows/upload.yaml 2.10 s, Flows/a.yaml 1.40 s, Flows/b.yaml 0.80 s
    package var shardLines: [String] {
        guard shardTimes.count > 1, let slowest = shardTimes.indices.max(by: { shardTimes[$0].seconds < shardTimes[$1].seconds }) else { return [] }
        let mean = shardTimes.map(\.seconds).reduce(0, +) / Double(shardTimes.count)
        let width = shardTimes.map(\.file.count).max() ?? 0
        var lines = shardTimes.enumerated().map { index, shard in
            var line = "shard " + shard.file.padding(toLength: width, withPad: " ", startingAt: 0)
                + String(format: "  %.2f s  ", shard.seconds) + Self.count(shard.flows.count, "flow")
            if index == slowest, mean > 0 { line += String(format: "  slowest: %.2f× the mean of %.2f s", shard.seconds / mean, mean) }
            return line
        }
        let longest = shardTimes[slowest].flows.prefix(3).map { "\($0.file) " + String(format: "%.2f s", $0.seconds) }
        if !longest.isEmpty { lines.append("the slowest's longest flows: " + longest.joined(separator: ", ")) }
        return lines
    }

    /// `merged 4 shards: 13 flows, 13 passed, 0 failed; every flow ran exactly once`, or what went wrong.
    package var summary: String {
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
    ///
    /// `runner` is the runner that merges, as its problem lines name it (`flow merge`).
    package static func merge(_ shards: [Shard], suite: [String], runner: RunnerIdentity = .standard) throws(Diagnostics) -> JUnitMerge {
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
        return JUnitMerge(read, suite: suite, runner: runner)
    }

    private init(_ shards: [ShardReader.Read], suite: [String], runner: RunnerIdentity) {
        self.runner = runner
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
        shardTimes = shards.map { shard in
            ShardTime(file: shard.file, seconds: shard.time, flows: shard.testcases.map { FlowTime(file: $0.file, seconds: $0.seconds) }
                .enumerated().sorted { ($1.element.seconds, $0.offset) < ($0.element.seconds, $1.offset) }.map(\.element))
        }
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
    /// One shard's file read: checked and taken apart as ``JUnitXML`` reads it (which locates every
    /// problem), each testcase's XML then from an `XMLDocument` (which keeps it whole).
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
            /// Its `time` (0 when it has none).
            let seconds: Double
            let hasFailure: Bool
            let hasError: Bool
            let skipped: Bool
            let xml: String

            var failed: Bool { hasFailure || hasError }
        }

        /// The shard's testcases and suites, as the parser meets them; each testcase's XML then
        /// from the document.
        static func read(_ shard: Shard) throws(LocatedError) -> Read {
            final class Collected {
                var testcases: [(name: String, file: String, seconds: Double, children: Set<String>)] = []
                var rootTime: Double?
                var suitesTime = 0.0
                var names: [String] = []
                var flaky: Int?
            }
            let collected = Collected()
            try JUnitXML.read(shard.data, file: shard.file) { element throws(JUnitXML.Refusal) in
                if element.isTestcase {
                    let flowFile = try element.flowFile()
                    let seconds = try element.seconds()  // checked in the order the timings reader checks
                    collected.testcases.append((element.attributes["name"] ?? "", flowFile, seconds ?? 0, []))
                } else if element.within.last == "testcase", !element.within.dropLast().contains("testcase") {
                    collected.testcases[collected.testcases.count - 1].children.insert(element.name)
                } else if element.name == "testsuite" || element.within.isEmpty, !element.within.contains("testcase") {
                    try suite(element, into: collected)
                }
            }
            // The shard's time: its root's, else its suites' (nested suites are within their parent's).
            let time = collected.rootTime ?? collected.suitesTime
            let name = collected.names.first { !$0.isEmpty }
            let xml = try testcaseXML(shard, count: collected.testcases.count)
            let testcases = zip(collected.testcases, xml).map { testcase, xml in
                Testcase(name: testcase.name, file: testcase.file, seconds: testcase.seconds, hasFailure: testcase.children.contains("failure"),
                         hasError: testcase.children.contains("error"), skipped: testcase.children.contains("skipped"), xml: xml)
            }
            return Read(file: shard.file, name: name, time: time, flaky: collected.flaky, testcases: testcases)

            /// The root or a testsuite: its time (the root's and its own suites' count), its name, its flaky count.
            func suite(_ element: JUnitXML.Element, into collected: Collected) throws(JUnitXML.Refusal) {
                let seconds = try element.seconds()
                let isRoot = element.within.isEmpty
                if isRoot { collected.rootTime = seconds }
                if element.within == ["testsuites"] || (isRoot && element.name == "testsuite") { collected.suitesTime += seconds ?? 0 }
                if isRoot || element.within == ["testsuites"] { collected.names.append(element.attributes["name"] ?? "") }
                if element.name == "testsuite", let value = element.attributes["flaky"] {
                    guard let count = Int(value.trimmingCharacters(in: .whitespaces)), count >= 0 else {
                        throw JUnitXML.Refusal("\(element.described) has flaky=\"\(JUnitXML.shown(value))\", not a count of flaky testcases")
                    }
                    collected.flaky = (collected.flaky ?? 0) + count
                }
            }
        }

        /// Each testcase's XML, whole, in the order of the file, from the document the XML library
        /// builds of it (which the parser has found well-formed: `XMLDocument` on Linux crashes on
        /// some malformed input). It must hold the `count` testcases the parser met.
        private static func testcaseXML(_ shard: Shard, count: Int) throws(LocatedError) -> [String] {
            let document: XMLDocument
            do {
                document = try XMLDocument(data: shard.data, options: [.nodeLoadExternalEntitiesNever, .nodePreserveWhitespace])
            } catch let failure {
                throw .wholeFile(shard.file, "not XML: \(failure.localizedDescription)")
            }
            var xml: [String] = []
            func collect(_ element: XMLElement) {
                if element.name == "testcase" { return xml.append(element.xmlString) }
                for child in element.children ?? [] { if let child = child as? XMLElement { collect(child) } }
            }
            if let root = document.rootElement() { collect(root) }
            // The document holds less than the parser read: libxml2 stopped building it at one of its limits.
            guard xml.count == count else {
                throw .wholeFile(shard.file, "the XML library read \(xml.count) of its \(count) testcases: the file is over one of libxml2's limits")
            }
            return xml
        }
    }
}
