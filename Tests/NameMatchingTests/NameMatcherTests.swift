import NameMatching
import Testing

struct NameMatcherTests {
    @Test(arguments: [
        ("Logn", ["Login", "Username"], "Login"),
        ("tpa", ["tap", "type", "back"], "tap"),
        ("usrname", ["Username", "Password"], "Username"),
        ("model.pasword", ["model.user", "model.password"], "model.password"),
        ("zebra", ["tap", "type"], nil),
        ("x", [], nil),
    ] as [(String, [String], String?)])
    func suggestsTheNearestPlausibleName(name: String, candidates: [String], expected: String?) {
        #expect(NameMatcher.nearest(to: name, in: candidates) == expected)
    }

    @Test(arguments: [("", "abc", 3), ("kitten", "sitting", 3), ("ab", "ba", 1), ("same", "same", 0)])
    func measuresEditDistance(a: String, b: String, expected: Int) {
        #expect(NameMatcher.editDistance(Array(a), Array(b)) == expected)
    }

    @Test func aHugeNameGetsNoSuggestionAndCostsNoMatrix() {
        let huge = String(repeating: "Login", count: 2_000_000)  // 10 MB
        let start = ContinuousClock.now
        #expect(NameMatcher.nearest(to: huge, in: ["Login", "Username", String(repeating: "x", count: 1_000_000)]) == nil)
        #expect(ContinuousClock.now - start < .seconds(2), "bounded by length checks, not an edit-distance matrix")
    }

    @Test func aCandidateOfAVeryDifferentLengthIsSkippedBeforeAnyMatrix() {
        #expect(NameMatcher.nearest(to: "Login", in: [String(repeating: "L", count: 100)]) == nil)
        #expect(NameMatcher.nearest(to: String(repeating: "a", count: 129), in: [String(repeating: "a", count: 128)]) == nil)
        #expect(NameMatcher.nearest(to: String(repeating: "a", count: 127), in: [String(repeating: "a", count: 128)]) != nil)
    }

    @Test func suggestionsAreWordedOneWayAndLongNamesAreShortened() {
        #expect(Suggestion.didYouMean("Logn", in: ["Login"]) == #" (did you mean "Login"?)"#)
        #expect(Suggestion.format("model.user", prefix: "-") == " (did you mean -model.user?)")
        #expect(Suggestion.format(nil) == "")
        #expect(Suggestion.shown(String(repeating: "x", count: 100)) == String(repeating: "x", count: 60) + "… (100 bytes)")
    }
}
