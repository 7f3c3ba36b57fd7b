import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import FlowRunner
import Testing

/// `JUnitMerge` in process, on hand-written JUnit: the counts, every testcase kept whole, the
/// check that each flow ran exactly once, and bad input as located errors.
struct JUnitMergeTests {
    static let first = JUnitMerge.Shard(file: "out/1/junit.xml", text: """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="flows (default)" tests="3" failures="1" time="4.500">
          <testsuite name="flows (default)" tests="3" failures="1" errors="0" skipped="0" flaky="1" time="4.500" hostname="machine-1">
            <testcase name="Sign in" classname="Flows/login/sign-in.yaml" file="Flows/login/sign-in.yaml" time="1.250">
              <flakyFailure message="Login.login failed" type="FlowFailure">try 1: the screen was
        ── Login ── &lt;not yet&gt;</flakyFailure>
              <rerunFailure message="again" type="FlowFailure"><![CDATA[raw <text> & more]]></rerunFailure>
              <!-- kept too -->
              <system-out>workphotos: signing in</system-out>
            </testcase>
            <testcase name="Photos" classname="Flows/photos.yaml" file="Flows/photos.yaml" time="2.000">
              <failure message="tap: no button &quot;Nope&quot;" type="FlowFailure">the screen</failure>
            </testcase>
            <testcase name="Skipped" classname="Flows/skipped.yaml" file="Flows/skipped.yaml" time="0"><skipped/></testcase>
          </testsuite>
        </testsuites>
        """)
    static let second = JUnitMerge.Shard(file: "out/2/junit.xml", text: """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="flows (default)" tests="2" failures="0" time="6.000">
          <testsuite name="flows (default)" tests="2" failures="0" errors="1" skipped="0" time="6.000">
            <testcase name="Upload" classname="Flows/upload.yaml" file="Flows/upload.yaml" time="3.000">
              <error message="the app crashed" type="Crash">signal 11</error>
            </testcase>
            <testcase name="Glance" classname="Flows/glance.yaml" file="Flows/glance.yaml" time="1.000"/>
          </testsuite>
        </testsuites>
        """)
    static let suite = ["Flows/glance.yaml", "Flows/login/sign-in.yaml", "Flows/photos.yaml", "Flows/skipped.yaml", "Flows/upload.yaml"]

    @Test func theCountsAreSummedTheTimeIsTheLongestShardsAndEveryTestcaseIsKeptWhole() throws {
        let merged = try JUnitMerge.merge([Self.first, Self.second], suite: Self.suite)

        #expect(merged.ranEveryFlowOnce)
        #expect(!merged.succeeded, "two flows failed")
        #expect((merged.tests, merged.passed, merged.failed, merged.skipped, merged.flaky) == (5, 2, 2, 1, 1))
        #expect(merged.summary == "merged 2 shards: 5 flows, 2 passed, 2 failed, 1 skipped, 1 flaky; every flow ran exactly once")
        #expect(merged.failures.map(\.file) == ["Flows/photos.yaml", "Flows/upload.yaml"])

        let document = try XMLDocument(data: Data(merged.xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 1)
        let suite = try #require(suites.first)
        func attribute(_ element: XMLElement, _ name: String) -> String? { element.attribute(forName: name)?.stringValue }
        #expect(attribute(suite, "name") == "flows (default)")
        #expect(["tests", "failures", "errors", "skipped", "flaky", "time"].map { attribute(suite, $0) } == ["5", "1", "1", "1", "1", "6.000"])
        #expect(["tests", "failures", "errors", "skipped", "time"].map { attribute(root, $0) } == ["5", "1", "1", "1", "6.000"])
        #expect(attribute(suite, "hostname") == nil, "one shard's host is not the merged suite's")

        let cases = suite.elements(forName: "testcase")
        #expect(cases.compactMap { attribute($0, "file") } == Self.suite, "sorted by file")
        let signIn = try #require(cases.first { attribute($0, "name") == "Sign in" })
        #expect(signIn.elements(forName: "flakyFailure").first?.stringValue == "try 1: the screen was\n── Login ── <not yet>")
        #expect(attribute(try #require(signIn.elements(forName: "flakyFailure").first), "message") == "Login.login failed")
        #expect(signIn.elements(forName: "rerunFailure").first?.stringValue == "raw <text> & more")
        #expect(signIn.elements(forName: "system-out").first?.stringValue == "workphotos: signing in")
        #expect(signIn.children?.contains { $0.kind == .comment && $0.stringValue == " kept too " } == true)
        #expect(attribute(signIn, "time") == "1.250")
        #expect(cases.first { attribute($0, "name") == "Photos" }?.elements(forName: "failure").first
            .flatMap { attribute($0, "message") } == #"tap: no button "Nope""#)
        #expect(cases.first { attribute($0, "name") == "Upload" }?.elements(forName: "error").first?.stringValue == "signal 11")
    }

    /// Shards at a glance: each one's wall time, the slowest against the mean, and the flows that
    /// made it long, so the next split can be checked.
    @Test func eachShardsWallTimeIsSaidWithTheSlowestAgainstTheMeanAndItsLongestFlows() throws {
        let merged = try JUnitMerge.merge([Self.first, Self.second], suite: Self.suite)
        #expect(merged.shardTimes.map(\.seconds) == [4.5, 6.0])
        #expect(merged.shardTimes[1].flows.map(\.file) == ["Flows/upload.yaml", "Flows/glance.yaml"], "the longest first")
        #expect(merged.shardLines == [
            "shard out/1/junit.xml  4.50 s  3 flows",
            "shard out/2/junit.xml  6.00 s  2 flows  slowest: 1.14× the mean of 5.25 s",
            "the slowest's longest flows: Flows/upload.yaml 3.00 s, Flows/glance.yaml 1.00 s",
        ])
        let reversed = try JUnitMerge.merge([Self.second, Self.first], suite: Self.suite)
        #expect(reversed.shardLines.first?.hasSuffix("slowest: 1.14× the mean of 5.25 s") == true, "the slowest is found wherever it is")
        #expect(try JUnitMerge.merge([Self.first], suite: Self.suite).shardLines.isEmpty, "one shard has nothing to compare")
    }

    @Test func noFlowFailedAndEachRanOnceSucceedsAndNoShardGaveAFlakyCount() throws {
        let merged = try JUnitMerge.merge([Self.second, Self.shard("out/3/junit.xml", ["Flows/a.yaml"])],
                                          suite: ["Flows/a.yaml", "Flows/glance.yaml", "Flows/upload.yaml"])
        #expect(merged.ranEveryFlowOnce && merged.failed == 1 && !merged.succeeded)
        let passing = try JUnitMerge.merge([Self.shard("a.xml", ["Flows/a.yaml"]), Self.shard("b.xml", ["Flows/b.yaml"])],
                                           suite: ["Flows/a.yaml", "Flows/b.yaml"])
        #expect(passing.succeeded)
        #expect(passing.flaky == nil && !passing.xml.contains("flaky="))
        #expect(passing.summary == "merged 2 shards: 2 flows, 2 passed, 0 failed; every flow ran exactly once")
    }

    @Test func aFlowRepeatedWithinOneShardCountsOnce() throws {
        let repeated = Self.shard("out/1/junit.xml", ["Flows/a.yaml", "Flows/a.yaml", "Flows/a.yaml"])
        let merged = try JUnitMerge.merge([repeated, Self.shard("out/2/junit.xml", ["Flows/b.yaml"])], suite: ["Flows/a.yaml", "Flows/b.yaml"])
        #expect(merged.ranEveryFlowOnce)
        #expect(merged.tests == 4)
        #expect(merged.summary == "merged 2 shards: 4 flows, 4 passed, 0 failed; every flow ran exactly once")
    }

    @Test func aMissingADoubledAndAnUnselectedFlowAreListedByFile() throws {
        let first = Self.shard("out/1/junit.xml", ["Flows/a.yaml", "Flows/b.yaml"])
        let second = Self.shard("out/2/junit.xml", ["./Flows/b.yaml", "Flows/extra.yaml"])
        let merged = try JUnitMerge.merge([first, second], suite: ["Flows/a.yaml", "Flows/b.yaml", "Flows/c.yaml"])
        #expect(merged.missing == ["Flows/c.yaml"])
        #expect(merged.doubled == [JUnitMerge.Ran(file: "Flows/b.yaml", shards: ["out/1/junit.xml", "out/2/junit.xml"])], "./Flows/b.yaml is Flows/b.yaml")
        #expect(merged.notSelected == [JUnitMerge.Ran(file: "Flows/extra.yaml", shards: ["out/2/junit.xml"])])
        #expect(!merged.ranEveryFlowOnce && !merged.succeeded)
        #expect(merged.problemLines == [
            "missing: Flows/c.yaml (no shard ran it)",
            "doubled: Flows/b.yaml (run by out/1/junit.xml and out/2/junit.xml)",
            "not selected: Flows/extra.yaml (run by out/2/junit.xml; the paths and filters given to flow merge do not select it)",
        ])
        #expect(merged.summary == "merged 2 shards: 4 flows, 4 passed, 0 failed; 1 flow missing, 1 flow run by more than one shard, 1 flow not selected")
        let document = try XMLDocument(data: Data(merged.xml.utf8))
        #expect(try document.nodes(forXPath: "//testcase").count == 4, "the merged file holds what ran, doubled or not")
    }

    @Test func aTruncatedFileIsALocatedErrorAndNothingIsMerged() throws {
        let text = String(decoding: Self.first.data, as: UTF8.self)
        let photos = try #require(text.range(of: "<testcase name=\"Photos\""))
        let cut = String(text[..<photos.lowerBound])
        let truncated = JUnitMerge.Shard(file: "out/1/junit.xml", text: cut)
        let error = try #require(throws: Diagnostics.self) { try JUnitMerge.merge([truncated, Self.second], suite: Self.suite) }
        #expect(error.errors.count == 1)
        let located = try #require(error.errors.first)
        #expect(located.file == "out/1/junit.xml")
        #expect(located.message == "not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)")
        #expect((located.line, located.column) == (11, 5), "where the text ends: \(located)")
        #expect(located.description == "out/1/junit.xml:11:5: error: not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)",
                "the line is blank: not quoted")
    }

    @Test(arguments: [
        ("", 1, 1, "the file is empty: not a JUnit file"),
        ("hello", 1, 1, "not a complete JUnit file: it holds no XML element (a JUnit file starts with <testsuites> or <testsuite>)"),
        ("<testsuites na", 1, 15, "not a complete JUnit file: it ends inside its first tag (truncated?)"),
        ("<testsuites>\n  <testsuite></testcase>\n</testsuites>", 2, 25, "not well-formed XML: a closing tag that does not match its element"),
        ("<testsuites>\n  <testsuite>&nbsp;</testsuite>\n</testsuites>", 2, 20, "not well-formed XML: an undeclared entity (write & as &amp;)"),
        ("<testsuites/>\n<testsuites/>", 2, 1, "not well-formed XML: content after the root element"),
        ("<html>\n<body/>\n</html>", 1, 1, "not a JUnit file: its root element is <html>, not <testsuites> or <testsuite>"),
        ("<testsuites>\n  <testsuite>\n    <testcase name=\"x\" time=\"1\"/>\n  </testsuite>\n</testsuites>", 3, 5,
         "the testcase \"x\" has no file attribute (nor a classname): which flow it ran is unknown"),
        ("<testsuite>\n  <testcase name=\"x\" file=\"Flows/a.yaml\" time=\"soon\"/>\n</testsuite>", 2, 3, "the testcase \"x\" has time=\"soon\", not a number of seconds"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<testsuite><testcase file=\"Flows/a.yaml\">&e;</testcase></testsuite>",
         2, 1, "not a JUnit file: a JUnit file has no DTD (<!DOCTYPE or <!ENTITY), and no entity is ever read"),
    ])
    func badInputIsALocatedError(text: String, line: Int, column: Int, message: String) throws {
        let shard = JUnitMerge.Shard(file: "bad.xml", text: text)
        let error = try #require(throws: Diagnostics.self) { try JUnitMerge.merge([shard], suite: ["Flows/a.yaml"]) }
        let located = try #require(error.errors.first)
        #expect((located.file, located.line, located.column, located.message) == ("bad.xml", line, column, message))
    }

    @Test func everyBadInputIsListedAtOnce() throws {
        let shards = [JUnitMerge.Shard(file: "a.xml", text: "<testsuites>"), Self.first, JUnitMerge.Shard(file: "b.xml", text: "<nope/>")]
        let error = try #require(throws: Diagnostics.self) { try JUnitMerge.merge(shards, suite: Self.suite) }
        #expect(error.errors.map(\.file) == ["a.xml", "b.xml"])
    }

    @Test func aSingleTestsuiteRootIsJUnitToo() throws {
        let shard = JUnitMerge.Shard(file: "one.xml", text: """
            <testsuite name="other tool" time="2.5"><testcase name="A" file="Flows/a.yaml" time="2.5"/></testsuite>
            """)
        let merged = try JUnitMerge.merge([shard], suite: ["Flows/a.yaml"])
        #expect(merged.succeeded)
        #expect(merged.xml.contains(#"<testsuite name="other tool" tests="1" failures="0" errors="0" skipped="0" time="2.500">"#))
    }

    /// A shard whose testcases (passing) are for `files`, in order.
    static func shard(_ name: String, _ files: [String]) -> JUnitMerge.Shard {
        let cases = files.enumerated().map { #"    <testcase name="Flow \#($0.offset)" classname="\#($0.element)" file="\#($0.element)" time="1.000"/>"# }
        return JUnitMerge.Shard(file: name, text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="flows (default)" tests="\(files.count)" failures="0" time="1.000">
              <testsuite name="flows (default)" tests="\(files.count)" failures="0" errors="0" skipped="0" time="1.000">
            \(cases.joined(separator: "\n"))
              </testsuite>
            </testsuites>
            """)
    }
}
