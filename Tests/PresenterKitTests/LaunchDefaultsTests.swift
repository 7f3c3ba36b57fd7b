import Foundation
import PresenterKit
import Testing

struct LaunchDefaultsTests {
    @Test(arguments: [
        ("YES", true), ("yes", true), ("true", true), ("1", true),
        ("NO", false), ("no", false), ("false", false), ("0", false),
    ])
    func readsSwitches(raw: String, expected: Bool) throws {
        #expect(try defaults(["key": raw]).flag("key") == expected)
    }

    @Test func anAbsentKeyIsNil() throws {
        let defaults = defaults([:])
        #expect(try defaults.flag("key") == nil)
        #expect(try defaults.string("key") == nil)
        #expect(try defaults.integer("key") == nil)
    }

    @Test func aSwitchWithAnotherValueIsAnErrorNamingKeyAndValue() {
        #expect(throws: LaunchArgumentError(key: "model.offline", value: "maybe", expected: "YES or NO")) {
            try defaults(["model.offline": "maybe"]).flag("model.offline")
        }
        let error = LaunchArgumentError(key: "model.offline", value: "maybe", expected: "YES or NO")
        #expect(error.description == #"launch argument -model.offline: expected YES or NO, got "maybe""#)
    }

    @Test func anArrayWhereAStringIsExpectedIsAnError() {
        #expect(throws: LaunchArgumentError.self) { try defaults(["user": ["a", "b"]]).string("user") }
    }

    @Test func readsNumbers() throws {
        let defaults = defaults(["count": "12", "ratio": "0.5", "bad": "twelve"])
        #expect(try defaults.integer("count") == 12)
        #expect(try defaults.number("ratio") == 0.5)
        #expect(throws: LaunchArgumentError(key: "bad", value: "twelve", expected: "a whole number")) {
            try defaults.integer("bad")
        }
    }

    @Test func readsThroughUserDefaults() throws {
        let suite = "LaunchDefaultsTests.\(UUID().uuidString)"
        let userDefaults = try #require(UserDefaults(suiteName: suite))
        defer { userDefaults.removePersistentDomain(forName: suite) }
        userDefaults.set("YES", forKey: "ui-testing")
        userDefaults.set(["a", "b"], forKey: "list")

        let defaults = UserDefaultsLaunchDefaults(userDefaults)

        #expect(try defaults.flag("ui-testing") == true)
        #expect(defaults.value(forKey: "list") as? [String] == ["a", "b"])
    }

    @Test(arguments: [
        (["app"], nil),
        (["app", "-ui-testing", "YES", "-model.user", "test"], nil),
        (["app", "stray"], #"unexpected launch argument "stray": expected -key value pairs"#),
        (["app", "-ui-testing"], "launch argument -ui-testing: expected a value after it"),
        (["app", "-a", "1", "-"], #"unexpected launch argument "-": expected -key value pairs"#),
    ] as [([String], String?)])
    func checksTheShapeOfTheCommandLine(arguments: [String], expectedError: String?) {
        do {
            try UserDefaultsLaunchDefaults.validateShape(of: arguments)
            #expect(expectedError == nil)
        } catch {
            #expect(error.description == expectedError)
        }
    }

    private func defaults(_ values: [String: Any]) -> some LaunchDefaults {
        DictionaryDefaults(values: values)
    }
}

private struct DictionaryDefaults: LaunchDefaults, @unchecked Sendable {
    let values: [String: Any]
    func value(forKey key: String) -> Any? { values[key] }
}
