import Foundation
import Testing
@testable import FlowMCP

/// The server's own JSON reader and writer, and its line reader: RFC 8259 with I-JSON's rules,
/// numbers kept as written, every limit said with its place.
struct FlowMCPJSONTests {
    @Test(arguments: ["0", "-0", "1.5", "-12.5E-3", "1e400", "9223372036854775808", "123456789012345678901234567890", "0.000001", "1E+2"])
    func aNumberIsKeptAsWritten(literal: String) throws {
        #expect(try parse("[\(literal)]") == .array([.number(literal)]))
        #expect(String(decoding: JSONValue.number(literal).serialized, as: UTF8.self) == literal)
    }

    @Test(arguments: [
        ("01", #""1" after the message's end at byte 1"#), ("-", "the message's end where a number's digits should be at byte 1"),
        ("1.", "the message's end where the digits after a decimal point should be at byte 2"), ("1e", "the message's end where an exponent's digits should be at byte 2"),
        ("+1", #""+" where a value should be at byte 0"#), (".5", #""." where a value should be at byte 0"#), ("NaN", #""N" where a value should be at byte 0"#),
        ("tru", "not true nor any JSON value at byte 0"), ("[1,]", #""]" where a value should be at byte 3"#), (#"{"a":1,}"#, #""}" where a key in quotes should be at byte 7"#),
        (#"{'a':1}"#, #""'" where a key in quotes should be at byte 1"#), (#"{"a" 1}"#, #""1" where ":" should follow a key at byte 5"#),
        (#"{"a":1,"a":2}"#, #"the key "a" twice in one object at byte 7"#), (#""\x""#, #""\x" is no escape (\" \\ \/ \b \f \n \r \t \uXXXX are) at byte 1"#),
        (#""\ud800""#, #"a lone surrogate (\ud800): a high one needs its low one after it at byte 1"#),
        (#""\udc00""#, #"a lone surrogate (\udc00): a low one needs its high one before it at byte 1"#), (#""\u12""#, #"\u needs four hex digits at byte 1"#),
        ("\"a\tb\"", #"a control character (0x09) inside a string: write it escaped, as \n or \u00XX at byte 2"#), ("\"abc", "the message ends inside the string that starts at byte 0"),
        ("\u{FEFF}{}", "byte 0xEF where a value should be at byte 0"),
    ])
    func aLineThatIsNotJSONSaysWhatAndWhere(text: String, expected: String) {
        #expect(JSONParser.parse(Array(text.utf8)) == .failure(failure(expected)), "\(text)")
    }

    @Test func textIsUTF8AndEscapesAreDecoded() throws {
        #expect(try parse(#""\u00e9\ud83d\ude00\n\"\\\/""#) == .string("é😀\n\"\\/"))
        #expect(try parse("\"é😀\"") == .string("é😀"))
        #expect(JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) == .failure(.init(message: "the string that starts here is not UTF-8", offset: 0)))
        #expect(JSONParser.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22]) == .failure(.init(message: "the string that starts here is not UTF-8", offset: 0)))
        #expect(JSONParser.parse([0x7B, 0xFF]) == .failure(.init(message: "byte 0xFF where a key in quotes should be", offset: 1)))
    }

    @Test func whitespaceAloneIsNoMessage() {
        for line in ["", " ", "\t", "\r", " \r\n "] {
            #expect(JSONParser.parse(Array(line.utf8)) == .success(nil), "\(line.debugDescription)")
        }
        #expect(JSONParser.parse(Array(" {} \r".utf8)) == .success(.object([:])), "JSON's whitespace around a message, a CR of CRLF too")
    }

    @Test func nestingAndSizeAreBounded() throws {
        let deepest = String(repeating: "[", count: JSONParser.depthLimit) + String(repeating: "]", count: JSONParser.depthLimit)
        #expect(throws: Never.self) { try parse(deepest) }
        #expect(JSONParser.parse(Array(("[" + deepest + "]").utf8)) == .failure(failure("nesting deeper than 64 levels at byte 64")))
        #expect(JSONParser.parse(Array(String(repeating: "[", count: 100_000).utf8)) == .failure(failure("nesting deeper than 64 levels at byte 64")))
        let many = "[" + Array(repeating: "0", count: JSONParser.valueLimit).joined(separator: ",") + "]"
        #expect(JSONParser.parse(Array(many.utf8)) == .failure(failure("more than 100000 values in one message at byte 199999")))
    }

    @Test func writingEscapesEveryControlCharacterSoAnAnswerIsOneLine() throws {
        let text = String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }) + "é😀\u{2028}"
        let written = JSONValue.string(text).serialized
        #expect(!written.contains(0x0A) && !written.contains(0x0D) && !written.contains { $0 < 0x20 })
        #expect(try JSONParser.parse(written).get() == .string(text), "read back as written")
        #expect(try JSONSerialization.jsonObject(with: Data(written), options: .fragmentsAllowed) as? String == text, "Foundation reads it the same")
        #expect(String(decoding: JSONValue.object(["b": .null, "a": .array([.bool(true), .number("1")])]).serialized, as: UTF8.self) == #"{"a":[true,1],"b":null}"#)
    }

    @Test(arguments: [("3", 3), ("-2", -2), ("3.0", 3), ("2e1", 20), ("-0", 0), ("9007199254740992.0", 9_007_199_254_740_992)])
    func aWholeNumberIsAnInteger(literal: String, value: Int) {
        #expect(JSONValue.number(literal).integer == value)
    }

    @Test(arguments: ["1.5", "1e30", "9223372036854775808", "1e400"])
    func anyOtherNumberIsNot(literal: String) {
        #expect(JSONValue.number(literal).integer == nil)
    }

    // MARK: - Lines

    @Test func linesAreSplitWhereverTheReadsEnd() throws {
        let lines = (0..<300).map { index in String(repeating: "x", count: index * 997 % 70_000) }
        let read = try readLines(Array(lines.joined(separator: "\n").utf8), limit: 1 << 20)
        #expect(read == lines.map { .line(Array($0.utf8)) } + [.end], "the last line needs no newline")
    }

    @Test func aLineOverTheLimitIsCountedNotKept() throws {
        let input = Array(("short\n" + String(repeating: "y", count: 200_001) + "\n\nafter").utf8)
        #expect(try readLines(input, limit: 100_000) == [.line(Array("short".utf8)), .overlong(bytes: 200_001), .line([]), .line(Array("after".utf8)), .end])
        #expect(try readLines(Array(String(repeating: "z", count: 100_001).utf8), limit: 100_000) == [.overlong(bytes: 100_001), .end],
                "an overlong last line without a newline too")
        #expect(try readLines(Array(String(repeating: "z", count: 100_000).utf8), limit: 100_000).first == .line(Array(repeating: UInt8(ascii: "z"), count: 100_000)),
                "the limit itself is allowed")
    }

    // MARK: - Helpers

    private func parse(_ text: String) throws -> JSONValue? {
        try JSONParser.parse(Array(text.utf8)).get()
    }

    private func failure(_ description: String) -> JSONParser.Failure {
        let split = description.range(of: " at byte ", options: .backwards)
        return JSONParser.Failure(message: String(description[..<(split?.lowerBound ?? description.endIndex)]),
                                  offset: split.flatMap { Int(description[$0.upperBound...]) } ?? -1)
    }

    /// Everything a LineReader gives for `input` written through a pipe, up to the end.
    private func readLines(_ input: [UInt8], limit: Int) throws -> [LineReader.Next] {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        Thread.detachNewThread {
            writer.write(Data(input))
            try? writer.close()
        }
        var reader = LineReader(fd: pipe.fileHandleForReading.fileDescriptor, limit: limit)
        var read: [LineReader.Next] = []
        while true {
            let next = reader.next()
            read.append(next)
            if next == .end { return read }
        }
    }
}
