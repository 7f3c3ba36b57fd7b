import Console
import FlowRunner
import Foundation
import LocatedYAML
import Testing

/// The timings reader fed what a hostile tester would feed it: every cut of a good file, every
/// byte of one changed, nesting, numbers and keys of absurd size, files that are not UTF-8, and a
/// large file through the built runner with its memory measured. Each input is read or refused at
/// a place inside the file; none crashes or hangs. Deterministic: no randomness, the same inputs
/// every run.
struct FlowTimingsHostileTests {
    /// A good timings file with every kind of thing in it: escapes, other scripts, numbers of
    /// each JSON spelling, fixtures, CRLF line ends.
    static let good = """
        {
          "format": "flow-timings", "version": 1,\r
          "interrupted": true,
          "flows": {
            "Flows/a.yaml": [1.234, 0, 2E1, 25e-1],
            "Flows/caf\\u00e9 \\"b\\".yaml": [0.5],
            "Flows/é/c.yaml": [-0, 1e-3]
          },
          "fixtures": {"default": 0.412, "large": 2.95}
        }

        """

    static let goodJUnit = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="flows" tests="2">
          <testsuite name="flows" tests="2">
            <testcase name="A" classname="Flows/a.yaml" file="Flows/a.yaml" time="1.000"/>
            <testcase name="B &amp; C" file="Flows/b.yaml" time="2.500"><failure message="x">screen</failure></testcase>
          </testsuite>
        </testsuites>

        """

    @Test func theGoodFilesAreRead() throws {
        let own = try FlowTimings.parse(Self.good, file: "t.json")
        #expect(own.flows == ["Flows/a.yaml": [1.234, 0, 20, 2.5], "Flows/café \"b\".yaml": [0.5], "Flows/é/c.yaml": [0, 0.001]])
        #expect(own.fixtures == ["default": [0.412], "large": [2.95]] && own.interrupted)
        #expect(try FlowTimings.parse(Self.goodJUnit, file: "j.xml").flows == ["Flows/a.yaml": [1], "Flows/b.yaml": [2.5]])
    }

    @Test(arguments: [("t.json", good), ("j.xml", goodJUnit)])
    func everyCutOfAGoodFileIsALocatedErrorThatSaysSo(file: String, text: String) {
        let bytes = Array(text.utf8)
        let lastBrace = bytes.lastIndex(of: file.hasSuffix(".json") ? UInt8(ascii: "}") : UInt8(ascii: ">")) ?? 0
        var tried = 0
        for length in 1...lastBrace where !bytes[..<length].allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
            tried += 1
            let outcome = Self.read(bytes[..<length], file: file)
            guard case let .failure(error) = outcome else {
                Issue.record("a cut at byte \(length) was read as a whole file")
                continue
            }
            Self.expectInside(error, bytes[..<length], "cut at byte \(length)")
            let said = file.hasSuffix(".json") ? error.message.contains("(truncated?)") : error.message.hasPrefix("not a complete JUnit file")
            #expect(said, "cut at byte \(length): \(error)")
        }
        #expect(tried > 150)
    }

    /// Bytes a hostile editor might put anywhere.
    static let replacements: [UInt8] = [
        0x00, 0x09, 0x0A, 0x0C, 0x20, 0x22, 0x23, 0x27, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x31, 0x3A, 0x3C,
        0x45, 0x5B, 0x5C, 0x5D, 0x65, 0x6E, 0x74, 0x7B, 0x7D, 0x7F, 0x80, 0xC3, 0xE9, 0xED, 0xF4, 0xFF,
    ]

    @Test func everyByteOfAGoodFileChangedIsReadAsJSONWouldBeOrRefusedInsideTheFile() {
        let bytes = Array(Self.good.utf8)
        var tried = 0, read = 0
        for position in bytes.indices {
            for replacement in Self.replacements where replacement != bytes[position] {
                var changed = bytes
                changed[position] = replacement
                tried += 1
                switch Self.read(changed[...], file: "t.json") {
                case let .failure(error):
                    Self.expectInside(error, changed[...], "byte \(position) as 0x\(String(replacement, radix: 16))")
                case let .success(timings):
                    read += 1
                    // What the reader takes is JSON: Foundation's parser reads the same flows.
                    let object = try? JSONSerialization.jsonObject(with: Data(changed)) as? [String: Any]
                    let flows = (object?["flows"] as? [String: [Double]]).map { Dictionary($0.map { (FlowTimings.key($0.key), $0.value) }) { $0 + $1 } }
                    #expect(flows == timings.flows, "byte \(position) as 0x\(String(replacement, radix: 16)) was read, and JSON reads it otherwise")
                }
            }
        }
        #expect(tried > 5000)
        #expect(read > 20, "some changes keep it good: a space for a space, a digit for a digit")
    }

    /// `count` times `unit`.
    static func many(_ unit: String, _ count: Int) -> String {
        String(repeating: unit, count: count)
    }

    static let prefix = #"{"format": "flow-timings", "version": 1, "flows": {"Flows/a.yaml": "#

    /// Sizes and shapes no parser should choke on, each with what it must say (nil: it is read).
    static let absurd: [(name: String, text: String, message: String?)] = [
        ("100,000 [ at the top", many("[", 100_000), "not a timings file: expected a JSON object"),
        ("100,000 { at the top", many("{", 100_000), "expected a key in double quotes in the timings file, not an object {...}"),
        ("100,000 [ for a duration", prefix + many("[", 100_000), "a duration of Flows/a.yaml should be a number of seconds, not a list [...]"),
        ("100,000 ] after a list", prefix + "[1]" + many("]", 100_000), "expected , or } in flows, not \"]\""),
        ("a number of 100,000 digits", prefix + "[" + many("9", 100_000) + "]}}", "that is over 1000000 s"),
        ("a fraction of 100,000 digits", prefix + "[0." + many("1", 100_000) + "]}}", nil),
        ("an exponent of 100,000 digits", prefix + "[1e" + many("9", 100_000) + "]}}", "that is over 1000000 s"),
        ("a tiny exponent", prefix + "[1e-" + many("9", 10_000) + "]}}", nil),
        ("NaN", prefix + "[NaN]}}", "not NaN (JSON has no NaN or infinity)"),
        ("Infinity", prefix + "[Infinity]}}", "not Infinity (JSON has no NaN or infinity)"),
        ("-Infinity", prefix + "[-Infinity]}}", "not -Infinity (not a JSON number"),
        ("1e400", prefix + "[1e400]}}", "is 1e400: that is over 1000000 s"),
        ("-1e400", prefix + "[-1e400]}}", "is -1e400: seconds are 0 or more"),
        ("a key of a megabyte", #"{"flows": {""# + many("x", 1 << 20) + #"": [1]}, "format": "flow-timings", "version": 1}"#, nil),
        ("a megabyte of spaces", many(" ", 1 << 20) + "{" + many(" ", 1 << 20), "the timings file ends here, before its object is closed (truncated?)"),
        ("a string of 100,000 escapes", #"{"flows": {""# + many("\\n", 100_000) + #"": [1]}, "format": "flow-timings", "version": 1}"#, nil),
        ("100,000 flows of one list each", #"{"format": "flow-timings", "version": 1, "flows": {"#
            + (0..<100_000).map { "\"f\($0)\": [1]" }.joined(separator: ",") + "}}", nil),
        ("a list of 100,000 durations", prefix + "[" + Array(repeating: "1.5", count: 100_000).joined(separator: ",") + "]}}", nil),
        ("a NUL byte", prefix + "[1]\u{0}}}", "the timings file is not text: it holds a NUL byte (0x00); remove it"),
        ("a NUL in a key", #"{"flows": {"a\u0000b": [1]}, "format": "flow-timings", "version": 1}"#, nil),
        ("a form feed between values", prefix + "[1]\u{0C}}}", "not the control character U+000C"),
        ("a no-break space between values", prefix + "[1]\u{A0}}}", "expected , or } in flows, not \u{A0}"),
        ("YAML", "format: flow-timings\nversion: 1\nflows:\n  Flows/a.yaml: [1]\n", "not a timings file: expected a JSON object"),
        ("a YAML document marker", "---\n{}", "not a timings file: expected a JSON object"),
        ("JSON5", "{format: 'flow-timings', version: 1, flows: {}, /* c */}", "expected a key in double quotes in the timings file, not format"),
    ]

    @Test func absurdSizesAndShapesAreReadOrRefusedWithoutCrashOrHang() {
        let clock = ContinuousClock()
        let took = clock.measure {
            for item in Self.absurd {
                let bytes = Array(item.text.utf8)
                switch Self.read(bytes[...], file: "t.json") {
                case let .failure(error):
                    Self.expectInside(error, bytes[...], item.name)
                    #expect(item.message.map { error.message.contains($0) } == true, "\(item.name): \(error.message.prefix(300))")
                case .success:
                    #expect(item.message == nil, "\(item.name) was read")
                }
            }
        }
        // Linear in the input: a few megabytes in all, read in well under a second (generous, so
        // a loaded machine does not fail it; a quadratic step would take minutes).
        #expect(took < .seconds(20), "\(took)")
    }

    @Test func aMistakeDeepInAOneLineFileIsShownWithTheCaretUnderIt() throws {
        let flows = (0..<50_000).map { "\"Flows/f\($0).yaml\":[1.5]" }.joined(separator: ",")
        let text = #"{"format":"flow-timings","version":1,"flows":{"# + flows + #","Flows/last.yaml":[1.5,oops]}}"#
        #expect {
            try FlowTimings.parse(text, file: "t.json")
        } throws: { error in
            let lines = "\(error)".split(separator: "\n").map(Array.init)
            guard lines.count == 3, let caret = lines[2].firstIndex(of: "^") else { return false }
            return "\(error)".hasPrefix("t.json:1:\(text.count - 6): error: a duration of Flows/last.yaml should be a number of seconds, not oops")
                && String(lines[1][caret...]).hasPrefix("oops]}}") && lines[1].first == "…" && lines[1].count <= LocatedError.shownWidth + 2
        }
    }

    @Test func aJUnitFileOverTenMegabytesIsRead() throws {
        // libxml2 refuses one piece over 10 MB, as Foundation's XMLParser on Linux gives it Data:
        // this file was "not a complete JUnit file ... (truncated?)" before it was streamed.
        let testcase = #"    <testcase name="A" classname="Flows/a.yaml" file="Flows/a.yaml" time="1.500"/>"# + "\n"
        let text = "<testsuites>\n  <testsuite>\n" + Self.many(testcase, 200_000) + "  </testsuite>\n</testsuites>\n"
        #expect(text.utf8.count > 15 << 20)
        let timings = try FlowTimings.parse(text, file: "big.xml")
        #expect(timings.flows["Flows/a.yaml"]?.count == 200_000)
        #expect(timings.seconds(ofFlow: "Flows/a.yaml") == 1.5)
    }

    @Test func aDoctypeQuotedInATestcaseIsNoDTDButOneBeforeTheRootIs() throws {
        let quoted = #"<testsuites><testcase file="a.yaml" time="1"><failure>&lt;!DOCTYPE html&gt; <![CDATA[<!DOCTYPE html>]]></failure></testcase></testsuites>"#
        #expect(try FlowTimings.parse(quoted, file: "j.xml").flows == ["a.yaml": [1]])
        #expect {
            try FlowTimings.parse("<?xml version=\"1.0\"?>\n<!-- a comment -->\n<!doctype x>\n<testsuites/>", file: "j.xml")
        } throws: { error in
            "\(error)".hasPrefix("j.xml:3:1: error: not a JUnit file: a JUnit file has no DTD")
        }
    }

    /// A device is refused unread (it was read to the limit, 256 MB, first); a file over the
    /// limit is refused by its size, unread.
    @Test func aFileThatNeverEndsOrIsOverTheLimitIsRefusedUnread() throws {
        #expect(throws: LocatedError.wholeFile("/dev/zero", "the timings file cannot be read: it is a character device, not a regular file")) {
            try FlowTimings.read(file: "/dev/zero")
        }
        let large = FileManager.default.temporaryDirectory.appendingPathComponent("timings-\(UUID().uuidString).json").path
        defer { unlink(large) }
        try #require(FileManager.default.createFile(atPath: large, contents: Data()) && truncate(large, off_t(FlowTimings.fileLimit + 1)) == 0)
        #expect(throws: LocatedError.wholeFile(large, "the timings file is over the limit of 256 MB: is it a timings file?")) {
            try FlowTimings.read(file: large)
        }
    }

    /// The built runner on a file of 300,000 flows (13 MB): the same error a small file gets for
    /// the other file given (exit 2, nothing launched), none for this one, and the memory it held
    /// a small multiple of the file. (A reader that builds a tree held some 24 times the file.)
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: gnuTime), "needs GNU time (make deps installs it)"))
    func theRunnerReadsALargeTimingsFileInBoundedMemory() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - Login.checkLoginScreen\n")
        let large = workspace.folder.appendingPathComponent("large.json")
        let size = try Self.writeTimings(flows: 300_000, to: large)
        let cut = Self.good.components(separatedBy: "\"version\": ")[0] + "\"version\": "
        try workspace.write("cut.json", cut)
        let run = try Self.measured(["run", "--shard", "1/2", "--shard-by", "timings", "--timings", "large.json", "--timings", "cut.json"], in: workspace.folder)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("cut.json:2:"), "\(run.stderr)")
        #expect(run.stderr.contains("error: the timings file ends here, in the middle of version (truncated?)"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("1 error in 1 file\n"), "the large file is fine: \(run.stderr)")
        #expect(!run.stdout.contains("running"), "nothing is launched")
        let held = run.maxResidentKilobytes * 1024
        #expect(held < 60 << 20 + 8 * size, "the runner held \(held >> 20) MB for a file of \(size >> 20) MB")
    }

    // MARK: - Helpers

    static func read(_ bytes: ArraySlice<UInt8>, file: String) -> Result<FlowTimings, LocatedError> {
        Result { () throws(LocatedError) in try FlowTimings.parse(Data(bytes), file: file) }
    }

    /// The error is at a line and a column of `bytes` (or just past its end), and says something.
    static func expectInside(_ error: LocatedError, _ bytes: ArraySlice<UInt8>, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let inside = error.line >= 1 && error.line <= lines.count && error.column >= 1
            && error.column <= lines[lines.startIndex + error.line - 1].count + 1
        #expect(inside, "\(what): \(error.line):\(error.column) is outside the input", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
    }

    /// Writes a timings file of `flows` flows, each with a different time, and returns its size.
    static func writeTimings(flows: Int, to url: URL) throws -> Int {
        let line = Array("    \"Flows/group-000/flow-0000000.yaml\": [0.000],\n".utf8)
        var bytes = Array("{\"format\": \"flow-timings\", \"version\": 1, \"flows\": {\n".utf8)
        let start = bytes.count
        bytes += [UInt8](repeating: 0, count: flows * line.count)
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in 0..<flows {
                let at = start + index * line.count
                (base + at).update(from: line, count: line.count)
                // The flow's group, its number and a time, written into the line's zeros.
                for (offset, value, width) in [(17, index % 1000, 3), (26, index, 7), (44, index % 1000, 3)] {
                    var rest = value
                    for digit in (0..<width).reversed() {
                        base[at + offset + digit] = 0x30 + UInt8(rest % 10)
                        rest /= 10
                    }
                }
            }
        }
        bytes[bytes.count - 2] = 0x20  // no comma after the last
        bytes += Array("}}\n".utf8)
        try Data(bytes).write(to: url)
        return bytes.count
    }

    /// GNU time, which says how much memory a program held (`make deps` installs it).
    static let gnuTime = "/usr/bin/time"

    /// Runs the built `flow` in `folder` under GNU time, and returns how it ended and the most
    /// memory it held. Not measured from here: a child spawned from this process (vfork, then
    /// exec) is charged this process's own peak, which a test process's easily exceeds.
    static func measured(_ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String, stderr: String, maxResidentKilobytes: Int) {
        let report = folder.appendingPathComponent("time.txt").path
        let flow = FlowWorkspace.binaries.appendingPathComponent("flow").path
        let output = try ChildProcess.run(Self.gnuTime, ["-f", "%M", "-o", report, flow] + arguments, currentDirectory: folder.path)
        let kilobytes = try #require(Int(try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last ?? ""), "GNU time's report")
        return (output.status, output.stdout, output.stderr, kilobytes)
    }
}
