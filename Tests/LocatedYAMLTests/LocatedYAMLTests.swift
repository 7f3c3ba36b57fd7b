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

    @Test func anAliasUsedAsAKeyIsRefusedBeforeYamsComposesIt() {
        #expect(problem(Self.aliasKeyBomb) == YAMLProblem(line: 3, column: 3, message: "an explicit key (? ...) is not allowed; keys are plain words"))
    }

    @Test(arguments: [
        ("a: &x 1\n*x : 2\n", YAMLProblem(line: 2, column: 1, message: "an alias (*x) cannot be a key; keys are plain words")),
        ("a: &x 1\nb: {*x: 2}\n", YAMLProblem(line: 2, column: 5, message: "an alias (*x) cannot be a key; keys are plain words")),
        ("[a, b]: 1\n", YAMLProblem(line: 1, column: 1, message: "a list or mapping cannot be a key; keys are plain words")),
        ("m: {{a: 1}: 2}\n", YAMLProblem(line: 1, column: 5, message: "a list or mapping cannot be a key; keys are plain words")),
        ("- ? a\n  : b\n", YAMLProblem(line: 1, column: 3, message: "an explicit key (? ...) is not allowed; keys are plain words")),
    ])
    func keysMustBePlainScalars(text: String, expected: YAMLProblem) {
        #expect(problem(text) == expected)
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
        ("a: 1\nb: x\u{0}y\n", YAMLProblem(line: 2, column: 5, message: "control character U+0000 is not allowed here; remove it")),
        ("a: 1\n  \nc: \u{1B}[31m\n", YAMLProblem(line: 3, column: 4, message: "control character U+001B is not allowed here; remove it")),
    ])
    func aControlCharacterIsLocatedWhereItIs(text: String, expected: YAMLProblem) {
        #expect(problem(text) == expected)
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

    private func problem(_ text: String) -> YAMLProblem? {
        do {
            _ = try LocatedYAML.compose(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func aQuotedLineShowsNoControlCharacterToTheTerminal() {
        let error = LocatedError(file: "f.yaml", text: "name: N\u{0}ul\u{1B}[2J\n", line: 1, column: 8, message: "bad")
        #expect(error.description == "f.yaml:1:8: error: bad\nname: N\u{FFFD}ul\u{FFFD}[2J\n       ^")
    }
}
