import BadText
import Testing
import TextBytes

/// The one check of outside bytes: what it finds, where, and how it says it.
struct TextBytesTests {
    // MARK: - What is found

    @Test(arguments: BadText.all)
    func eachKindIsFoundWhereItIs(_ bad: BadText) throws {
        let good = Array("name: é🙂\nsteps:\n  - tap: Login\n".utf8)
        let bytes = bad.put(into: good, at: 19)  // after "name: é🙂\nsteps:" (line 2, column 7)
        let problem = try #require(TextBytes.firstProblem(in: bytes), "\(bad) was not found")
        #expect(problem.kind == bad.kind)
        #expect(problem.bytes == bad.bytes)
        switch bad.place {
        case .middle: #expect((problem.offset, problem.line, problem.column) == (19, 2, 7))
        case .end: #expect((problem.offset, problem.line, problem.column) == (good.count, 4, 1))
        case .start: #expect((problem.offset, problem.line, problem.column) == (0, 1, 1))
        }
        #expect(TextBytes.string(bytes) == .failure(problem))
    }

    /// Each row: bytes, the kind found, the offending bytes quoted.
    static let forms: [(bytes: [UInt8], kind: TextProblem.Kind, quoted: [UInt8])] = [
        ([0x80], .loneContinuation, [0x80]),
        ([0x41, 0xBF, 0x41], .loneContinuation, [0xBF]),
        ([0xC0, 0x80], .overlong, [0xC0, 0x80]),
        ([0xC1, 0x41], .overlong, [0xC1]),
        ([0xE0, 0x80, 0x80], .overlong, [0xE0, 0x80, 0x80]),
        ([0xE0, 0x9F, 0xBF], .overlong, [0xE0, 0x9F, 0xBF]),
        ([0xF0, 0x8F, 0xBF, 0xBF], .overlong, [0xF0, 0x8F, 0xBF, 0xBF]),
        ([0xED, 0xA0, 0x80], .surrogate, [0xED, 0xA0, 0x80]),
        ([0xED, 0xBF, 0xBF], .surrogate, [0xED, 0xBF, 0xBF]),
        ([0xF4, 0x90, 0x80, 0x80], .pastUnicode, [0xF4, 0x90, 0x80, 0x80]),
        ([0xF5, 0x80, 0x80, 0x80], .pastUnicode, [0xF5]),
        ([0xF8], .neverUTF8, [0xF8]),
        ([0x41, 0xFE], .neverUTF8, [0xFE]),
        ([0xFF, 0xFE, 0x41, 0x00], .utf16, [0xFF, 0xFE]),
        ([0xFE, 0xFF, 0x00, 0x41], .utf16, [0xFE, 0xFF]),
        ([0xE2, 0x41], .cutShort(3), [0xE2]),
        ([0xF0, 0x9F, 0x98, 0x41], .cutShort(4), [0xF0, 0x9F, 0x98]),
        ([0x41, 0xC3], .cutByTheEnd(2), [0xC3]),
        ([0xF0, 0x9F, 0x98], .cutByTheEnd(4), [0xF0, 0x9F, 0x98]),
        ([0x41, 0x00], .nul, [0x00]),
        ([0xEF, 0xBB, 0xBF, 0x41], .byteOrderMark, [0xEF, 0xBB, 0xBF]),
    ]

    @Test func everyFormOfTable3_7IsNamed() {
        for form in Self.forms {
            let problem = TextBytes.firstProblem(in: form.bytes)
            #expect(problem?.kind == form.kind, "\(form.bytes.map { String($0, radix: 16) })")
            #expect(problem?.bytes == form.quoted, "\(form.bytes.map { String($0, radix: 16) })")
        }
    }

    @Test func theFirstProblemIsTheOneFound() {
        // A NUL after a bad byte, a bad byte after a NUL: the earlier one is said.
        #expect(TextBytes.firstProblem(in: [0x41, 0xFF, 0x00] as [UInt8])?.kind == .neverUTF8)
        #expect(TextBytes.firstProblem(in: [0x41, 0x00, 0xFF] as [UInt8])?.kind == .nul)
    }

    @Test func textIsNoProblem() {
        for text in ["", "plain", "é🙂 日本語\r\n\ttab", String(repeating: "line\n", count: 10_000), "\u{10FFFF}\u{D7FF}\u{E000}\u{FFFD}"] {
            #expect(TextBytes.firstProblem(in: Array(text.utf8)) == nil, "\(text.prefix(20))")
            #expect(TextBytes.string(Array(text.utf8)) == .success(text))
        }
    }

    // MARK: - The byte-order mark

    @Test func aByteOrderMarkStartsTextOnlyWhereTheFormatAllowsIt() {
        let marked: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8)
        #expect(TextBytes.firstProblem(in: marked)?.kind == .byteOrderMark)
        #expect(TextBytes.firstProblem(in: marked, byteOrderMark: .allowedAtStart) == nil)
        #expect(TextBytes.string(marked, byteOrderMark: .allowedAtStart) == .success("a: 1\n"), "the mark is dropped")
        // Past the start it is a character (U+FEFF, the zero-width no-break space), as JSON and XML read it.
        let within = Array("a: \u{FEFF}1\n".utf8)
        #expect(TextBytes.firstProblem(in: within) == nil)
        #expect(TextBytes.string(within, byteOrderMark: .allowedAtStart) == .success("a: \u{FEFF}1\n"))
        // Two at the start: the second is a character of the text.
        #expect(TextBytes.string([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] as [UInt8], byteOrderMark: .allowedAtStart) == .success("\u{FEFF}"))
    }

    // MARK: - As the standard library reads UTF-8

    @Test func theCheckAgreesWithTheStandardLibrary() {
        var random = SeededGenerator(seed: 7)
        // Leads and continuations near every boundary of table 3-7, ASCII and NUL.
        let pieces: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
                               0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var valid = 0
        for _ in 0..<200_000 {
            let bytes = (0..<(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            let utf8 = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
            #expect(bytes.withUnsafeBufferPointer { TextBytes.isUTF8($0) } == utf8, "\(bytes.map { String($0, radix: 16) })")
            let text = utf8 && !bytes.contains(0) && !bytes.starts(with: [0xEF, 0xBB, 0xBF])
            #expect((TextBytes.firstProblem(in: bytes) == nil) == text, "\(bytes.map { String($0, radix: 16) })")
            if text { valid += 1 }
        }
        #expect(valid > 10_000, "the generator made \(valid) valid sequences")
    }

    // MARK: - Where, in a person's terms

    @Test func theColumnCountsCharactersAndALongLineIsQuotedAroundIt() throws {
        let long = String(repeating: "é", count: 5_000)
        let bytes = Array("first\n\(long)".utf8) + [0xFF] + Array("tail\nnext".utf8)
        let problem = try #require(TextBytes.firstProblem(in: bytes))
        #expect((problem.line, problem.column) == (2, 5_001))
        #expect(problem.sourceLineColumn == 5_001 - TextProblem.shownWidth, "the quote starts \(TextProblem.shownWidth) characters before the column")
        #expect(problem.sourceLine.count <= 3 * TextProblem.shownWidth && problem.sourceLine.contains("\u{FFFD}tail"), "\(problem.sourceLine.count)")
        let short = try #require(TextBytes.firstProblem(in: Array("a\r\nb\u{FF}c\r\n".utf8) + [0xC3]))
        #expect((short.line, short.column, short.sourceLine, short.sourceLineColumn) == (3, 1, "\u{FFFD}", 1), "\(short)")
    }

    // MARK: - How it is said

    @Test func eachKindIsSaidInWords() throws {
        func said(_ bytes: [UInt8]) throws -> String {
            try #require(TextBytes.firstProblem(in: bytes)).message("the flow")
        }
        #expect(try said([0x8E]) == "the flow is not UTF-8 text: byte 0x8E continues no character (a lone continuation byte; Latin-1, or another encoding?); save it as UTF-8")
        #expect(try said([0xC0, 0xAF]) == "the flow is not UTF-8 text: bytes 0xC0 0xAF are an overlong form (a character in more bytes than it takes); save it as UTF-8")
        #expect(try said([0xED, 0xA0, 0x80])
            == "the flow is not UTF-8 text: bytes 0xED 0xA0 0x80 are a UTF-16 surrogate (U+D800 to U+DFFF), which UTF-8 never encodes; save it as UTF-8")
        #expect(try said([0xF4, 0x90, 0x80, 0x80]) == "the flow is not UTF-8 text: bytes 0xF4 0x90 0x80 0x80 are past U+10FFFF, the last character; save it as UTF-8")
        #expect(try said([0x41, 0xFF]) == "the flow is not UTF-8 text: byte 0xFF is never in UTF-8 (Latin-1, or another encoding?); save it as UTF-8")
        #expect(try said([0xFF, 0xFE]) == "the flow is UTF-16, not UTF-8: it starts with a UTF-16 byte-order mark (0xFF 0xFE); save it as UTF-8")
        #expect(try said([0xE2, 0x41])
            == "the flow is not UTF-8 text: byte 0xE2 starts a character of 3 bytes that the next byte does not continue (cut short; Latin-1, or another encoding?); save it as UTF-8")
        #expect(try said([0xE2, 0x82]) == "the flow is not UTF-8 text: byte 0xE2 starts a character of 3 bytes that the end cuts short (truncated?); save it as UTF-8")
        #expect(try said([0x41, 0x00]) == "the flow is not text: it holds a NUL byte (0x00); remove it")
        #expect(try said([0xEF, 0xBB, 0xBF]) == "the flow starts with a byte-order mark (U+FEFF), which it may not have; save it as UTF-8 without one")
    }

    @Test(arguments: BadText.all)
    func aMaskedStatementNamesNoByte(_ bad: BadText) throws {
        let problem = try #require(TextBytes.firstProblem(in: bad.put(into: Array("hunter2".utf8), at: 3)))
        let masked = problem.maskedStatement("the password")
        #expect(!masked.contains("0x") || bad.kind == .nul, "\(masked)")
        #expect(!masked.contains("hun") && !masked.contains("ter") && !masked.contains("byte \(problem.offset)"), "\(masked)")
        #expect(masked.hasPrefix("the password "))
    }

    // MARK: - A command line

    @Test func theFirstWordThatIsNotTextIsFoundByItsIndex() throws {
        let words: [[UInt8]] = [Array("app".utf8), Array("-store".utf8), Array("/tmp/a".utf8) + [0xFF], [0xC3]]
        let bad = try #require(ArgumentText.firstProblem(in: words))
        #expect(bad.index == 2 && bad.problem.kind == .neverUTF8 && bad.problem.offset == 6)
        #expect(ArgumentText.firstProblem(in: [Array("app".utf8), Array("é".utf8)]) == nil)
        // This very process was given text.
        #expect(ArgumentText.firstProblemInProcessArguments() == nil)
        #expect(ArgumentText.processArguments.count == Int(CommandLine.argc))
    }
}

