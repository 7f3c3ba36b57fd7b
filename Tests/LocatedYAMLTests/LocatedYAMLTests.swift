import LocatedYAML
import Testing

struct LocatedYAMLTests {
    /// The billion-laughs shape through keys: each level is a mapping keyed by the level below.
    static let aliasKeyBomb: String = {
        var text = "k0: &k0 [a, b, c, d, e, f, g, h, i, j]\n"
        for level in 1...9 {
            text += "k\(level): &k\(level)\n  ? *k\(level - 1)\n  : x\n  y\(level): *k\(level - 1)\n"
        }
        return text + "photos:\n  ? *k9\n  : boom\n"
    }()

    @Test func anAliasUsedAsAKeyIsRefusedBeforeYamsComposesIt() throws {
        let found = try #require(problem(Self.aliasKeyBomb))
        #expect(found == (line: 3, column: 3, message: "an explicit key (? ...) is not allowed; keys are plain words"))
    }

    @Test(arguments: [
        ("a: &x 1\n*x : 2\n", (line: 2, column: 1, message: "an alias (*x) cannot be a key; keys are plain words")),
        ("a: &x 1\nb: {*x: 2}\n", (line: 2, column: 5, message: "an alias (*x) cannot be a key; keys are plain words")),
        ("[a, b]: 1\n", (line: 1, column: 1, message: "a list or mapping cannot be a key; keys are plain words")),
        ("m: {{a: 1}: 2}\n", (line: 1, column: 5, message: "a list or mapping cannot be a key; keys are plain words")),
        ("- ? a\n  : b\n", (line: 1, column: 3, message: "an explicit key (? ...) is not allowed; keys are plain words")),
    ])
    func keysMustBePlainScalars(text: String, expected: Problem) throws {
        let found = try #require(problem(text))
        #expect(found == expected)
    }

    @Test(arguments: [
        "place: \"Who? *me: [x]\"\n",
        "place: 'it''s *here: {x}'\n",
        "note: what? yes # a *comment: [x]\n",
        "a: &x {b: 1}\nc: *x\nd: [*x, *x]\n",
        "list: [a, b]\nmap: {a: 1, b: [1, 2]}\n",
        "time: 09:05\nurl: http://x\n",
    ])
    func ordinaryYAMLIsComposed(text: String) {
        #expect(problem(text) == nil)
    }

    @Test(arguments: [
        ("a: 1\nb: x\u{0}y\n", (line: 2, column: 5, message: "control character U+0000 is not allowed here; remove it")),
        ("a: 1\n  \nc: \u{1B}[31m\n", (line: 3, column: 4, message: "control character U+001B is not allowed here; remove it")),
    ])
    func aControlCharacterIsLocatedWhereItIs(text: String, expected: Problem) throws {
        let found = try #require(problem(text))
        #expect(found == expected)
    }

    @Test func aDuplicateKeyIsLocatedWithoutTheWholeText() throws {
        let found = try #require(problem("photos: []\nname: a\nname: b\n"))
        #expect(found.message == #"the key "name" appears twice in one mapping; keep one"#)
        #expect(found.line == 2)
        #expect(!found.message.contains("photos"))
    }

    @Test func aSyntaxErrorHasItsLineAndColumn() throws {
        let found = try #require(problem("a: 1\nb: [1, 2\nc: 3\n"))
        #expect(found.line >= 2)
        #expect(found.message.hasPrefix("invalid YAML: "))
    }

    /// What a test compares of the error `compose` throws: where it is, and what it says.
    typealias Problem = (line: Int, column: Int, message: String)

    private func problem(_ text: String) -> Problem? {
        do {
            _ = try LocatedYAML.compose(text, file: "f.yaml")
            return nil
        } catch {
            return (error.line, error.column, error.message)
        }
    }

    @Test func aProblemYamsPlacesPastTheEndIsPlacedWhereTheFileEnds() throws {
        // libyaml puts the end of a file whose last line has no line break on the line after it.
        let found = try #require(problem("steps:\n  - {tap: Login"))
        #expect((found.line, found.column) == (2, 16), "just past its last character: \(found)")
        let error = #expect(throws: LocatedError.self) { try LocatedYAML.compose("steps:\n  - {tap: Login", file: "f.yaml") }
        #expect(error?.sourceLine == "  - {tap: Login")
    }

    @Test func theTextOfAFileIsCheckedAsEveryOutsideTextIs() throws {
        #expect(try LocatedYAML.text([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8), file: "f.yaml", subject: "the fixture") == "a: 1\n")
        let error = #expect(throws: LocatedError.self) { try LocatedYAML.text(Array("a: caf".utf8) + [0xE9, 0x0A], file: "f.yaml", subject: "the fixture") }
        #expect(error.map(String.init(describing:)) == """
            f.yaml:1:7: error: the fixture is not UTF-8 text: byte 0xE9 starts a character of 3 bytes that the next byte does not continue \
            (cut short; Latin-1, or another encoding?); save it as UTF-8
            a: caf\u{FFFD}
                  ^
            """)
    }

    @Test func aProblemIsLocatedInTheFileGivenAndQuotesItsLine() {
        #expect(throws: LocatedError(file: "f.yaml", line: 2, column: 1, message: "an alias (*x) cannot be a key; keys are plain words", sourceLine: "*x : 2")) {
            try LocatedYAML.compose("a: &x 1\n*x : 2\n", file: "f.yaml")
        }
    }

    @Test func aQuotedLineShowsNoControlCharacterToTheTerminal() {
        let error = LocatedError(file: "f.yaml", text: "name: N\u{0}ul\u{1B}[2J\n", line: 1, column: 8, message: "bad")
        #expect(error.description == "f.yaml:1:8: error: bad\nname: N\u{FFFD}ul\u{FFFD}[2J\n       ^")
    }

    @Test(arguments: [
        // column, where the caret is in the line shown, whether the shown line is cut before and after
        (1000, 102, true, true),
        (5, 5, false, true),
        (1999, 200, true, false),
    ])
    func aLongLineIsShownAroundItsColumnWithTheCaretUnderIt(column: Int, caret: Int, cutBefore: Bool, cutAfter: Bool) throws {
        var line = Array(String(repeating: "a", count: 2000))
        line[column - 1] = "X"
        let error = LocatedError(file: "f.json", line: 1, column: column, message: "bad", sourceLine: String(line))
        let lines = error.description.split(separator: "\n").map(Array.init)
        try #require(lines.count == 3)
        #expect(lines[2].count == caret && lines[2].last == "^", "the caret is the \(caret)th character: \(String(lines[2]))")
        #expect(lines[1][caret - 1] == "X", "and under the column: \(String(lines[1]))")
        #expect((lines[1].first == "…") == cutBefore && (lines[1].last == "…") == cutAfter)
        #expect(lines[1].count <= LocatedError.shownWidth + 2)
    }

    @Test func aPartOfALineIsShownFromTheColumnItStartsAt() {
        let error = LocatedError(file: "f.json", line: 1, column: 1_000_003, message: "bad", sourceLine: "abcXdef", sourceLineColumn: 1_000_000)
        #expect(error.description == "f.json:1:1000003: error: bad\n…abcXdef\n    ^")
    }
}
