import FlowRunner
import Foundation
import LocatedYAML
import Testing

/// The timings `--shard-by timings` reads: a JUnit file or the runner's own file, in process; bad
/// or truncated files are located errors.
struct FlowTimingsTests {
    static let junit = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="flows (default)" tests="5" failures="1" time="9.000">
          <testsuite name="flows (default)" tests="5" failures="1" errors="0" skipped="0" time="9.000">
            <testcase name="A" classname="Flows/a.yaml" file="Flows/a.yaml" time="1.000"/>
            <testcase name="B" classname="Flows/b.yaml" file="./Flows/b.yaml" time="4.000">
              <failure message="x" type="FlowFailure">the screen</failure>
            </testcase>
            <testcase name="A #2" classname="Flows/a.yaml" file="Flows/a.yaml" time="2.000"/>
            <testcase name="C" classname="Flows/c.yaml" time="0.500"/>
            <testcase name="D" classname="Flows/d.yaml" file="Flows/d.yaml" time="0.000"><skipped/></testcase>
          </testsuite>
        </testsuites>

        """

    @Test func aJUnitFileGivesEachFlowsTimesAndRepeatsTheirMean() throws {
        let timings = try FlowTimings.parse(Self.junit, file: "junit.xml")
        #expect(timings.flows == ["Flows/a.yaml": [1, 2], "Flows/b.yaml": [4], "Flows/c.yaml": [0.5]], "d was skipped; c by its classname")
        #expect(timings.seconds(ofFlow: "Flows/a.yaml") == 1.5, "the mean of a flow run twice")
        #expect(timings.seconds(ofFlow: "./Flows/b.yaml") == 4, "./ is the same file")
        #expect(timings.seconds(ofFlow: "Flows/d.yaml") == nil)
        #expect(timings.fixtures.isEmpty)
    }

    static let badJUnitFiles: [(text: String, place: String, message: String)] = [
        // Cut in the middle of a testcase: where the text ends.
        (String(junit.prefix(370)), "junit.xml:5:", "not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)"),
        (junit.replacingOccurrences(of: #"time="4.000""#, with: #"time="4,5""#), "junit.xml:5:", #"the testcase "B" has time="4,5", not a number of seconds"#),
        (junit.replacingOccurrences(of: #"time="1.000""#, with: #"time="-1""#), "junit.xml:4:", #"the testcase "A" has time="-1": seconds are 0 or more"#),
        (junit.replacingOccurrences(of: #"time="1.000""#, with: ""), "junit.xml:4:", #"the testcase "A" has no time attribute"#),
        (junit.replacingOccurrences(of: #"time="1.000""#, with: #"time="NaN""#), "junit.xml:4:", #"the testcase "A" has time="NaN": that is not a number of seconds"#),
        (junit.replacingOccurrences(of: #"time="1.000""#, with: #"time="inf""#), "junit.xml:4:", #"the testcase "A" has time="inf": that is over 1000000 s"#),
        (junit.replacingOccurrences(of: #"time="1.000""#, with: #"time="3600000""#), "junit.xml:4:",
         #"the testcase "A" has time="3600000": that is over 1000000 s (about 11 days), the most a timings file may give: are these seconds?"#),
        (junit.replacingOccurrences(of: #"classname="Flows/a.yaml" file="Flows/a.yaml" "#, with: ""), "junit.xml:4:",
         #"the testcase "A" has no file attribute (nor a classname)"#),
        (junit.replacingOccurrences(of: "</testcase>", with: "</testsuite>"), "junit.xml:7:17:", "not well-formed XML: a closing tag that does not match its element"),
        ("<testsuites>\n  <testsuite>\n    <testcase name=\"A\" file=\"Flows/a.yaml\" time=\"1\"/>\n  </testsuite>\n", "junit.xml:",
         "not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)"),
        ("<testsuites>\r\n  <testsuite>\r\n    <testca", "junit.xml:3:", "not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)"),
        ("<!-- nothing -->", "junit.xml:1:", "not a complete JUnit file: it holds no XML element"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<testsuites>&b;</testsuites>",
         "junit.xml:2:1:", "not a JUnit file: a JUnit file has no DTD"),
        ("<html><body>hello</body></html>", "junit.xml:1:", "not a JUnit file: its root element is <html>, not <testsuites> or <testsuite>"),
        ("", "junit.xml:1:1: error: ", "the timings file is empty"),
        ("  \n", "junit.xml:1:1: error: ", "the timings file is empty"),
    ]

    @Test(arguments: badJUnitFiles)
    func aBadJUnitFileIsALocatedError(text: String, place: String, message: String) {
        #expect {
            try FlowTimings.parse(text, file: "junit.xml")
        } throws: { error in
            let description = "\(error)"
            #expect(description.hasPrefix(place), "\(description)")
            #expect(description.contains(message), "\(description)")
            return error is LocatedError
        }
    }

    @Test func theRunnersOwnFileReadsBackAsWritten() throws {
        let timings = FlowTimings(
            flows: ["Flows/a.yaml": [1.25, 1.5], "./Flows/b \"quoted\".yaml": [0.125]], fixtures: ["default": [0.4], "large": [2.5]], interrupted: true
        )
        let json = timings.json
        #expect(json.hasPrefix("{\n  \"format\": \"flow-timings\",\n  \"version\": 1,\n  \"interrupted\": true,\n  \"flows\": {\n"))
        #expect(json.contains(#""Flows/a.yaml": [1.250, 1.500]"#))
        #expect(json.contains(#""Flows/b \"quoted\".yaml": [0.125]"#), "keys are JSON strings, without ./")
        #expect(json.contains("\"fixtures\": {\n    \"default\": 0.400,\n    \"large\": 2.500\n  }\n}\n"))
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any], "it is JSON")
        #expect(try FlowTimings.parse(json, file: "timings.json") == timings)
        #expect(FlowTimings().json == "{\n  \"format\": \"flow-timings\",\n  \"version\": 1,\n  \"interrupted\": false,\n  \"flows\": {},\n  \"fixtures\": {}\n}\n")
    }

    @Test func timingsFilesMerge() throws {
        let first = FlowTimings(flows: ["Flows/a.yaml": [1]], fixtures: ["default": [0.2]])
        let second = FlowTimings(flows: ["Flows/a.yaml": [3], "Flows/b.yaml": [2]], fixtures: ["default": [0.4]], interrupted: true)
        let merged = first.merging(second)
        #expect(merged.seconds(ofFlow: "Flows/a.yaml") == 2)
        #expect(merged.seconds(ofFixture: "default") == 0.30000000000000004 || merged.seconds(ofFixture: "default") == 0.3)
        #expect(merged.interrupted)
    }

    static let own = """
        {
          "format": "flow-timings",
          "version": 1,
          "flows": {
            "Flows/a.yaml": [1.000, 2.000],
            "Flows/b.yaml": [0.500]
          },
          "fixtures": {
            "default": 0.100
          }
        }

        """

    /// `own` with `text` put in place of `old`.
    static func own(_ old: String, _ text: String) -> String {
        own.replacingOccurrences(of: old, with: text)
    }

    static let badOwnFiles: [(text: String, place: String, message: String)] = [
        // Cut, and what a truncated file says: where it ends.
        (String(own.prefix(90)), "timings.json:5:32:", "the timings file ends here, in the middle of the durations of Flows/a.yaml (truncated?)"),
        (String(own.prefix(82)), "timings.json:5:", "the timings file ends here, in the middle of a duration of Flows/a.yaml (truncated?)"),
        (String(own.prefix(70)), "timings.json:5:5:", "the timings file ends inside a string begun here (truncated?)"),
        ("{\"format\": \"flow-timings\", \"interrupted\": tru", "timings.json:1:46:", "ends here, in the middle of interrupted (truncated?)"),
        (String(own.dropLast(2)), "timings.json:11:", "the timings file ends here, before its object is closed (truncated?)"),
        // Values out of range, of the wrong kind, or missing.
        (own("[0.500]", "[-0.5]"), "timings.json:6:22:", "a duration of Flows/b.yaml is -0.5: seconds are 0 or more"),
        (own("[0.500]", "[1e400]"), "timings.json:6:22:", "a duration of Flows/b.yaml is 1e400: that is over 1000000 s (about 11 days)"),
        (own("[0.500]", "[2000000]"), "timings.json:6:22:", "a duration of Flows/b.yaml is 2000000: that is over 1000000 s"),
        (own("[0.500]", "[\"soon\"]"), "timings.json:6:22:", #"a duration of Flows/b.yaml should be a number of seconds, not the string "soon""#),
        (own("[0.500]", "[\"1.2\"]"), "timings.json:6:22:",
         #"a duration of Flows/b.yaml should be a number of seconds, not the string "1.2" (a number is written without quotes)"#),
        (own("[0.500]", "[true]"), "timings.json:6:22:", "a duration of Flows/b.yaml should be a number of seconds, not true"),
        (own("[0.500]", "[null]"), "timings.json:6:22:", "a duration of Flows/b.yaml should be a number of seconds, not null"),
        (own("[0.500]", "0.5"), "timings.json:6:21:", "the durations of Flows/b.yaml should be a list of seconds, such as [1.25], not the number 0.5"),
        (own("[0.500]", "[]"), "timings.json:6:21:", "the durations of Flows/b.yaml are an empty list"),
        (own("0.100", "{}"), "timings.json:9:16:", "the seeding time of default should be a number of seconds, not an object {...}"),
        (own("0.100", "[0.1]"), "timings.json:9:16:", "the seeding time of default should be a number of seconds, not a list [...]"),
        (own("\"flow-timings\"", "\"other\""), "timings.json:2:13:", #"not a timings file: format should be "flow-timings""#),
        (own("\"flow-timings\"", "1"), "timings.json:2:13:", #"format should be the string "flow-timings", not the number 1"#),
        (own("\"version\": 1", "\"version\": 2"), "timings.json:3:14:", "this runner reads timings files of version 1, not 2"),
        (own("\"version\": 1", "\"version\": \"1\""), "timings.json:3:14:",
         #"version should be the number 1, not the string "1" (a number is written without quotes)"#),
        (own("\"version\": 1,", "\"version\": 1, \"interrupted\": 1,"), "timings.json:3:32:", "interrupted should be true or false, not the number 1"),
        (own("\"version\": 1,", "\"version\": 1, \"interrupted\": \"true\","), "timings.json:3:32:", #"interrupted should be true or false, not the string "true""#),
        (own("\"version\": 1,", ""), "timings.json:1:1:", #"the timings file is missing "version""#),
        (own("\"flows\"", "\"flow\""), "timings.json:4:3:", #"unknown key "flow" in the timings file (did you mean "flows"?)"#),
        ("[1, 2]", "timings.json:1:1:", "not a timings file: expected a JSON object"),
        (#"{"name": "my-package", "version": "1.0.0"}"#, "timings.json:1:2:", #"unknown key "name" in the timings file"#),
        // Given twice: the second is refused where it is.
        (own("\"version\": 1,", "\"version\": 1, \"version\": 1,"), "timings.json:3:17:", #""version" is given twice in the timings file (first at line 3)"#),
        (own("\"Flows/b.yaml\": [0.500]", "\"Flows/b.yaml\": [0.5], \"Flows/b.yaml\": [1]"), "timings.json:6:28:", "Flows/b.yaml is given twice in flows"),
        (own("\"Flows/b.yaml\": [0.500]", "\"Flows/b.yaml\": [0.5], \"./Flows/b.yaml\": [1]"), "timings.json:6:28:",
         "Flows/b.yaml is given twice in flows (once as ./Flows/b.yaml)"),
        (own("\"default\": 0.100", "\"default\": 0.1, \"default\": 0.2"), "timings.json:9:21:", "default is given twice in fixtures"),
        // YAML's own syntax, and what JSON has no room for.
        (own("\"flows\"", "flows"), "timings.json:4:3:", "expected a key in double quotes in the timings file, not flows (text in JSON is in double quotes)"),
        (own("\"flow-timings\"", "'flow-timings'"), "timings.json:2:13:", "not 'flow-timings' (a JSON string is in double quotes)"),
        (own("[0.500]", "[0.5,]"), "timings.json:6:25:", "a comma before ] in the durations of Flows/b.yaml: JSON has none after the last item; remove it"),
        (own("\n  },\n  \"fixtures\"", ",\n  },\n  \"fixtures\""), "timings.json:6:28:", "a comma before } in flows"),
        (own("[0.500]", "[0.5] # quick"), "timings.json:6:27:", "expected , or } in flows, not # (JSON has no comments)"),
        (own("[0.500]", "[NaN]"), "timings.json:6:22:", "not NaN (JSON has no NaN or infinity)"),
        (own("[0.500]", "[-Infinity]"), "timings.json:6:22:", "not -Infinity (not a JSON number: such as 0, 1.25 or 2e-3)"),
        (own("[0.500]", "[01.5]"), "timings.json:6:22:", "not 01.5 (not a JSON number"),
        (own("[0.500]", "[.5]"), "timings.json:6:22:", "not .5 (text in JSON is in double quotes)"),
        (own("[0.500]", "[1.5s]"), "timings.json:6:22:", "not 1.5s (not a JSON number"),
        (own("[0.500]", "[0x10]"), "timings.json:6:22:", "not 0x10 (not a JSON number"),
        ("format: flow-timings\nversion: 1\nflows: {}\n", "timings.json:1:1:", "not a timings file: expected a JSON object"),
        (String("\u{FEFF}") + own, "timings.json:1:1:", "the timings file starts with a byte-order mark (U+FEFF), which it may not have; save it as UTF-8 without one"),
        (String(own) + "{}", "timings.json:12:1:", "more after the end of the timings file's object: an object {...}; a timings file is one JSON object"),
        (own("\"Flows/b.yaml\"", "\"Flows/b\tx.yaml\""), "timings.json:6:13:", "a control character (U+0009) in a string: JSON writes it escaped"),
        (own("\"Flows/b.yaml\"", #""Flows/b\x.yaml""#), "timings.json:6:13:", #"\x is no JSON escape"#),
        (own("\"Flows/b.yaml\"", #""Flows/b\ud800.yaml""#), "timings.json:6:13:", "half of a surrogate pair (\\uD800 to \\uDFFF) without the other half"),
        (own("\"Flows/b.yaml\"", #""Flows/b\u12.yaml""#), "timings.json:6:13:", "\\u in a string needs four hex digits"),
        (own("\"Flows/b.yaml\"", "\"\""), "timings.json:6:5:", "a flow file in flows has no name"),
        (own("[0.500]", "[0.5] \"Flows/c.yaml\": [1]"), "timings.json:6:27:", "a comma is missing before this key (in flows)"),
    ]

    @Test(arguments: badOwnFiles)
    func aBadTimingsFileIsALocatedError(text: String, place: String, message: String) {
        #expect {
            try FlowTimings.parse(text, file: "timings.json")
        } throws: { error in
            let description = "\(error)"
            #expect(description.hasPrefix(place), "\(description)")
            #expect(description.contains(message), "\(description)")
            return error is LocatedError
        }
    }

    @Test func escapesAndEveryJSONSpellingOfANumberAreRead() throws {
        let text = """
            {"flows": {"Flows/caf\\u00e9 \\"x\\".yaml": [0, -0, 1.5, 2E1, 25e-1, 1.25e+2, 0.000001, 999999.9999999999, 1234567890123456789e-18]},
             "fixtures": {"\\ud83d\\ude00": 1e0}, "interrupted": false,\r\n\t"version": 1.0, "format": "flow-timings"}
            """
        let timings = try FlowTimings.parse(text, file: "timings.json")
        #expect(timings.flows == ["Flows/café \"x\".yaml": [0, 0, 1.5, 20, 2.5, 125, 0.000001, 999999.9999999999, 1.234567890123456789]])
        #expect(timings.fixtures == ["😀": [1]])
        #expect(!timings.interrupted)
    }

    @Test func aFileThatIsNotUTF8IsAnErrorAtItsFirstBadByte() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(bytes: [UInt8], place: String, message: String)] = [
            (Array(Self.own.utf8.prefix(60)) + [0xFF] + Array(Self.own.utf8.dropFirst(60)), "t:5:", "not UTF-8 text: byte 0xFF is never in UTF-8"),
            (Array(#"{"flows": {"caf"#.utf8) + [0xE9] + Array(#".yaml": [1]}}"#.utf8), "t:1:16:", "byte 0xE9 starts a character of 3 bytes that the next byte does not continue"),
            (Array(#"{"flows": {"a"#.utf8) + [0xC0, 0x80] + Array(#"": [1]}}"#.utf8), "t:1:14:", "bytes 0xC0 0x80 are an overlong form"),
            (Array(#"{"flows": {"a"#.utf8) + [0xED, 0xA0, 0x80] + Array(#"": [1]}}"#.utf8), "t:1:14:", "bytes 0xED 0xA0 0x80 are a UTF-16 surrogate"),
            ([0xFF, 0xFE] + Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "t:1:1:", "the timings file is UTF-16, not UTF-8"),
            (Array("<testsuites><testcase file=\"caf".utf8) + [0xE9] + Array("\" time=\"1\"/></testsuites>".utf8), "t:1:32:", "the JUnit file is not UTF-8 text: byte 0xE9"),
        ]
        for (index, item) in cases.enumerated() {
            let file = folder.appendingPathComponent("\(index)")
            try Data(item.bytes).write(to: file)
            #expect {
                try FlowTimings.read(file: file.path)
            } throws: { error in
                let description = "\(error)".replacingOccurrences(of: file.path, with: "t")
                #expect(description.hasPrefix(item.place) && description.contains(item.message), "\(description)")
                return error is LocatedError
            }
        }
    }

    @Test func aMissingFileOrAFolderIsSaid() throws {
        #expect(throws: LocatedError.wholeFile("/nonexistent/t.json", "there is no such timings file (write one with flow run --junit FILE or --timings-out FILE)")) {
            try FlowTimings.read(file: "/nonexistent/t.json")
        }
        #expect(throws: LocatedError.wholeFile("/tmp", "this is a folder, not a timings file")) {
            try FlowTimings.read(file: "/tmp")
        }
    }
}
