import BadText
import Foundation
@testable import FlowRunner
import LocatedYAML
import Testing

/// `--shard-by timings` and `flow merge` read a JUnit file through one layer (`JUnitXML`): a bad
/// file is the same located error, at the same place, whichever reads it. Before, each had its
/// own streaming, DTD refusal, truncation words and limits, and they disagreed (a truncated file
/// was "not a complete JUnit file ... (truncated?)" to one and "the file ends inside the XML: it
/// is truncated" to the other; bytes not UTF-8 were located by one and not by the other; the
/// depth limit was merge's alone).
struct JUnitXMLTests {
    static let bad: [(name: String, bytes: [UInt8], error: String)] = [
        ("truncated", Array("<testsuites>\n  <testsuite>\n    <testcase name=\"A\" file=\"Flows/a.yaml\" time=\"1\"/>\n".utf8),
         "j.xml:3:54: error: not a complete JUnit file: it ends before its root <testsuites> is closed (truncated?)"),
        ("cut in a tag", Array("<testsuites>\n  <testcase name=\"A\" fi".utf8),
         "j.xml:2:"),
        ("cut in the first tag", Array("<testsuites na".utf8), "j.xml:1:15: error: not a complete JUnit file: it ends inside its first tag (truncated?)"),
        ("a DTD", Array("<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<testsuites>&e;</testsuites>".utf8),
         "j.xml:2:1: error: not a JUnit file: a JUnit file has no DTD (<!DOCTYPE or <!ENTITY), and no entity is ever read"),
        ("not UTF-8", Array("<testsuites>\n<testcase file=\"caf".utf8) + [0xE9] + Array("\" time=\"1\"/></testsuites>".utf8),
         "j.xml:2:20: error: the JUnit file is not UTF-8 text: byte 0xE9 starts a character of 3 bytes that the next byte does not continue (cut short; Latin-1, or another encoding?); save it as UTF-8"),
        ("another root", Array("<html>\n<body/>\n</html>".utf8), "j.xml:1:1: error: not a JUnit file: its root element is <html>, not <testsuites> or <testsuite>"),
        ("no element", Array("<!-- nothing -->".utf8), "j.xml:1:17: error: not a complete JUnit file: it holds no XML element"),
        ("a mismatched tag", Array("<testsuites>\n  <testsuite></testcase>\n</testsuites>".utf8),
         "j.xml:2:25: error: not well-formed XML: a closing tag that does not match its element"),
        ("content after the root", Array("<testsuites/>\n<testsuites/>".utf8), "j.xml:2:1: error: not well-formed XML: content after the root element"),
        ("nested 100 deep", Array((String(repeating: "<testsuite>", count: 100) + String(repeating: "</testsuite>", count: 100)).utf8),
         "j.xml:1:705: error: elements nested over 64 deep: a JUnit file nests a few levels, not hundreds"),
        ("a testcase without a file", Array("<testsuites>\n  <testcase name=\"x\" time=\"1\"/>\n</testsuites>".utf8),
         #"j.xml:2:3: error: the testcase "x" has no file attribute (nor a classname): which flow it ran is unknown"#),
        ("a bad time", Array("<testsuite>\n  <testcase name=\"x\" file=\"Flows/a.yaml\" time=\"-1\"/>\n</testsuite>".utf8),
         #"j.xml:2:3: error: the testcase "x" has time="-1": seconds are 0 or more"#),
        // XML allows a newline and a C1 escape (U+009B, an 8-bit CSI) as references: quoted as
        // they were, they forged a line and cleared the terminal.
        ("escapes in a name", Array("<testsuites><testcase name=\"A&#x9B;2J&#10;x\" time=\"1&#x9B;\"/></testsuites>".utf8),
         "j.xml:1:13: error: the testcase \"A\u{FFFD}2J\u{FFFD}x\" has no file attribute"),
        ("a time in milliseconds", Array("<testsuite><testcase name=\"x\" file=\"Flows/a.yaml\" time=\"3600000\"/></testsuite>".utf8),
         #"j.xml:1:12: error: the testcase "x" has time="3600000": that is over 1000000 s"#),
    ]

    @Test(arguments: bad.map { ($0.name, $0.bytes, $0.error) })
    func aBadFileIsTheSameLocatedErrorToBothReaders(name: String, bytes: [UInt8], error: String) throws {
        let timings = try #require(throws: LocatedError.self, "\(name)") { try FlowTimings.parse(Data(bytes), file: "j.xml") }
        let merge = try #require(throws: Diagnostics.self, "\(name)") { try JUnitMerge.merge([JUnitMerge.Shard(file: "j.xml", data: Data(bytes))], suite: []) }
        #expect(merge.errors == [timings], "\(name): one error, the same")
        #expect("\(timings)".hasPrefix(error), "\(name): \(timings)")
    }

    /// Mangled JUnit files (merge's fuzz generator, another seed) fed to both readers: each file
    /// is read by both, or refused by both with one and the same located error, unless what one
    /// refuses is what only it needs (a testcase's time for timings; a suite's time or flaky count,
    /// and the document's limits, for merge).
    @Test func mangledFilesGetTheSameAnswerFromBothReaders() throws {
        var generator = SeededGenerator(seed: 2023)
        var same = 0, bothRead = 0, ownNeeds = 0
        for index in 0..<MergeFuzzTests.mangledCount {
            let text = MergeFuzzTests.mangled(&generator)
            // Timings reads a file that does not start with < as its own JSON format.
            guard text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "<" else { continue }
            let timings = Result { () throws(LocatedError) in try FlowTimings.parse(text, file: "j.xml") }
            let merge = Result { () throws(Diagnostics) in try JUnitMerge.merge([JUnitMerge.Shard(file: "j.xml", text: text)], suite: []) }
            switch (timings, merge) {
            case (.success, .success):
                bothRead += 1
            case let (.failure(timings), .failure(merge)) where !Self.ownNeed(timings.message) && !merge.errors.contains { Self.ownNeed($0.message) }:
                #expect(merge.errors == [timings], "case \(index): \(timings) / \(merge)\n\(text)")
                same += 1
            case let (.failure(timings), .success):
                #expect(Self.ownNeed(timings.message), "case \(index): only timings refused: \(timings)\n\(text)")
                ownNeeds += 1
            case let (.success, .failure(merge)):
                #expect(merge.errors.allSatisfy { Self.ownNeed($0.message) }, "case \(index): only merge refused: \(merge)\n\(text)")
                ownNeeds += 1
            case (.failure, .failure):
                ownNeeds += 1
            }
        }
        #expect(same > 1000 && bothRead > 50, "\(same) refused alike, \(bothRead) read by both, \(ownNeeds) refused for what one reader alone needs")
        print("JUnit readers' fuzz: \(same) refused alike, \(bothRead) read by both, \(ownNeeds) refused for what one reader alone needs")
    }

    /// A refusal of what only one reader needs.
    static func ownNeed(_ message: String) -> Bool {
        message.hasSuffix("has no time attribute") || message.contains("has flaky=") || message.contains("the XML library read")
            || (message.hasPrefix("the testsuite") && message.contains("has time="))
    }

    /// Where they disagreed, one rule now: a testcase names its flow by `file`, else `classname`
    /// (merge took `file` only); a testcase is one anywhere but inside another testcase (merge
    /// looked only in testsuites); a time is at most 1,000,000 s (merge took any finite one).
    @Test func bothReadersFindTheSameTestcasesAndTheirFlows() throws {
        let text = """
            <testsuites>
              <testcase name="Loose" file="Flows/loose.yaml" time="1"/>
              <testsuite>
                <testcase name="By classname" classname="Flows/other.yaml" time="2"><testcase name="inner" file="Flows/inner.yaml" time="9"/></testcase>
              </testsuite>
            </testsuites>
            """
        let timings = try FlowTimings.parse(text, file: "j.xml")
        #expect(timings.flows == ["Flows/loose.yaml": [1], "Flows/other.yaml": [2]])
        let merged = try JUnitMerge.merge([JUnitMerge.Shard(file: "j.xml", text: text)], suite: ["Flows/loose.yaml", "Flows/other.yaml"])
        #expect(merged.ranEveryFlowOnce && merged.tests == 2, "\(merged.problemLines)")
        #expect(merged.xml.contains(#"name="inner""#), "the inner testcase is kept, inside its testcase")
    }
}
