@testable import NameMatching
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

    @Test func aNameOfExactlyTheLongestLengthInCharactersAndBytesStillGetsASuggestion() {
        let longest = String(repeating: "😀", count: NameMatcher.maxLength)  // 128 characters, 512 UTF-8 bytes
        let shorter = String(repeating: "😀", count: NameMatcher.maxLength - 1)

        #expect(NameMatcher.nearest(to: longest, in: [shorter]) == shorter)
        #expect(NameMatcher.nearest(to: shorter, in: [longest]) == longest)
    }

    @Test func aCandidateLongerThanTheLongestLengthIsNeverSuggested() {
        let longest = String(repeating: "a", count: NameMatcher.maxLength)
        let tooLong = String(repeating: "a", count: NameMatcher.maxLength + 1)

        #expect(NameMatcher.nearest(to: longest, in: [tooLong]) == nil)
    }

    /// A family emoji is one character of 25 UTF-8 bytes: 21 of them are few characters but more
    /// bytes than any name of `maxLength` characters may have.
    @Test func aNameOrCandidateOfTooManyBytesGetsNoSuggestionHoweverFewItsCharacters() {
        let family = "👨‍👩‍👧‍👦"
        let heavy = String(repeating: family, count: 21)  // 21 characters, 525 bytes
        let light = String(repeating: family, count: 20)  // 20 characters, 500 bytes

        #expect(NameMatcher.nearest(to: light, in: [light + "x"]) == light + "x", "near enough, and light enough")
        #expect(NameMatcher.nearest(to: heavy, in: [light]) == nil)
        #expect(NameMatcher.nearest(to: light, in: [heavy]) == nil)
    }

    @Test func anEmptyCandidateIsNeverSuggested() {
        #expect(NameMatcher.nearest(to: "a", in: [""]) == nil)
        #expect(NameMatcher.nearest(to: "a", in: ["", "b"]) == "b")
    }

    @Test func ofEquallyNearCandidatesTheFirstListedIsSuggested() {
        #expect(NameMatcher.nearest(to: "cat", in: ["bat", "cut"]) == "bat")
        #expect(NameMatcher.nearest(to: "cat", in: ["cut", "bat"]) == "cut")
        #expect(NameMatcher.nearest(to: "cat", in: ["cats", "cut", "ca"]) == "cats")
    }

    @Test func aCandidateWhoseLengthAloneRulesItOutIsNeverMeasured() {
        var measured: [String] = []
        let veryLong = String(repeating: "L", count: 100)

        let found = NameMatcher.nearest(to: "Login", in: ["Lo", veryLong, "Logout", "Logn"]) { a, b in
            measured.append(String(b))
            return NameMatcher.editDistance(a, b)
        }

        #expect(found == "Logn")
        #expect(measured == ["logout", "logn"], "only the candidates within the allowed distance by length are measured")
    }

    @Test func suggestionsAreWordedOneWayAndLongNamesAreShortened() {
        #expect(Suggestion.didYouMean("Logn", in: ["Login"]) == #" (did you mean "Login"?)"#)
        #expect(Suggestion.format("model.user", prefix: "-") == " (did you mean -model.user?)")
        #expect(Suggestion.format(nil) == "")
        #expect(Suggestion.shown(String(repeating: "x", count: 100)) == String(repeating: "x", count: 60) + "… (100 bytes)")
        #expect(Suggestion.shown(String(repeating: "x", count: 60)) == String(repeating: "x", count: 60), "60 characters are shown whole")
        #expect(Suggestion.shown(String(repeating: "x", count: 61)) == String(repeating: "x", count: 60) + "… (61 bytes)")
    }
}
