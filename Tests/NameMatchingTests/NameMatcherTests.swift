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
}
