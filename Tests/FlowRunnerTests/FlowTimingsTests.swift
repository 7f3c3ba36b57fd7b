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

    @Test(arguments: [
        // Cut in the middle of a testcase: where the text ends.
        (String(junit.prefix(370)), "junit.xml:5:", "not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)"),
        (junit.replacingOccurrences(of: #"time="4.000""#, with: #"time="4,5""#), "junit.xml:5:", #"the testcase "B" has time="4,5", not a number of seconds"#),
        (junit.replacingOccurrences(of: #"time="1.000""#, with: #"time="-1""#), "junit.xml:4:", #"the testcase "A" has time="-1""#),
        (junit.replacingOccurrences(of: #"time="1.000""#, with: ""), "junit.xml:4:", #"the testcase "A" has no time attribute"#),
        (junit.replacingOccurrences(of: #"classname="Flows/a.yaml" file="Flows/a.yaml" "#, with: ""), "junit.xml:4:",
         #"the testcase "A" has no file attribute (nor a classname)"#),
        (junit.replacingOccurrences(of: "</testcase>", with: "</testsuite>"), "junit.xml:7:", "not a complete JUnit file: malformed XML here"),
        ("<testsuites>\n  <testsuite>\n    <testcase name=\"A\" file=\"Flows/a.yaml\" time=\"1\"/>\n  </testsuite>\n", "junit.xml:",
         "not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)"),
        ("<testsuites>\r\n  <testsuite>\r\n    <testca", "junit.xml:3:", "not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)"),
        ("<!-- nothing -->", "junit.xml:1:", "not a complete JUnit file: it holds no XML element"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<testsuites>&b;</testsuites>",
         "junit.xml:2:1:", "not a JUnit file: a JUnit file has no DTD"),
        ("<html><body>hello</body></html>", "junit.xml:1:", "not a JUnit file: its root element is <html>, not <testsuites> or <testsuite>"),
        ("", "junit.xml:1:1: error: ", "the timings file is empty"),
        ("  \n", "junit.xml:1:1: error: ", "the timings file is empty"),
    ])
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

    @Test(arguments: [
        (String(own.prefix(90)), "timings.json:6:", "invalid YAML"),
        (own.replacingOccurrences(of: "[0.500]", with: "[-0.5]"), "timings.json:6:22:", "a duration of Flows/b.yaml is -0.5: seconds are 0 or more"),
        (own.replacingOccurrences(of: "[0.500]", with: "[\"soon\"]"), "timings.json:6:22:", #"a duration of Flows/b.yaml should be a number of seconds, not "soon""#),
        (own.replacingOccurrences(of: "[0.500]", with: "[]"), "timings.json:6:21:", "the durations of Flows/b.yaml are an empty list"),
        (own.replacingOccurrences(of: "0.100", with: "{}"), "timings.json:9:", "the seeding time of default should be a number of seconds, not a list or mapping"),
        (own.replacingOccurrences(of: "\"flow-timings\"", with: "\"other\""), "timings.json:2:", #"not a timings file: format should be "flow-timings""#),
        (own.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"), "timings.json:3:", "this runner reads timings files of version 1, not 2"),
        (own.replacingOccurrences(of: "\"flows\"", with: "\"flow\""), "timings.json:4:", #"unknown key "flow" in the timings file (did you mean "flows"?)"#),
        ("[1, 2]", "timings.json:1:1:", "not a timings file"),
        (#"{"name": "my-package", "version": "1.0.0"}"#, "timings.json:1:", #"unknown key "name" in the timings file"#),
    ])
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

    @Test func aMissingFileOrAFolderIsSaid() throws {
        #expect(throws: LocatedError.wholeFile("/nonexistent/t.json", "there is no such timings file (write one with flow run --junit FILE or --timings-out FILE)")) {
            try FlowTimings.read(file: "/nonexistent/t.json")
        }
        #expect(throws: LocatedError.wholeFile("/tmp", "this is a folder, not a timings file")) {
            try FlowTimings.read(file: "/tmp")
        }
    }
}
