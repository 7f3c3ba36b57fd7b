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

    @Test(arguments: [
        (["app", "-model.user", "-model.password", "hunter2"], "launch argument -model.user: expected a value after it, not the next key -model.password"),
        (["app", "-model.user", "a", "-model.password", "hunter2", "hunter3"], #"unexpected launch argument "••••••••": expected -key value pairs"#),
        (["app", "-model.password", "-hunter2"], "launch argument -model.password: expected a value after it, not the next key"),
        (["app", "-photos.store", "a", "-photos.store", "b"], "launch argument -photos.store: expected one value: it is given twice"),
        (["app", "-automation"], "launch argument -automation: expected a value after it"),
        (["app", "stray"], #"unexpected launch argument "stray": expected -key value pairs"#),
    ])
    func theShapeOfTheCommandLineIsCheckedWithoutEchoingASecret(arguments: [String], message: String) {
        #expect {
            try UserDefaultsLaunchDefaults.validateShape(of: arguments)
        } throws: {
            ($0 as? LaunchArgumentError)?.description == message
        }
    }

    /// Foundation's argument domain drops `-drive.delay -1` whole: the delay would silently be 0.
    @Test(arguments: [
        (["app", "-drive.delay", "-1"], "-drive.delay", "-1"),
        (["app", "-x", "-"], "-x", "-"),
        (["app", "-model.password", "-1secret"], "-model.password", LaunchArgumentError.mask),
    ])
    func aValueStartingWithADashIsRefusedNotDropped(arguments: [String], key: String, shown: String) {
        #expect {
            try UserDefaultsLaunchDefaults.validateShape(of: arguments)
        } throws: { error in
            let message = (error as? LaunchArgumentError)?.description ?? ""
            return message.hasPrefix("launch argument \(key): expected a value that does not start with \"-\"")
                && message.hasSuffix("got \"\(shown)\"") && !message.contains("1secret")
        }
    }

    @Test func aSecretKeysValueIsMaskedInEveryMessage() {
        let reads: [() throws -> Void] = [
            { _ = try self.defaults(["model.password": ["hunter2", "x"]]).string("model.password") },
            { _ = try self.defaults(["model.password": ["k": "hunter2"]]).string("model.password") },
            { _ = try self.defaults(["model.password": "hunter2"]).flag("model.password") },
            { _ = try self.defaults(["model.password": "hunter2"]).integer("model.password") },
        ]
        for read in reads {
            #expect {
                try read()
            } throws: {
                let text = "\($0)"
                return !text.contains("hunter2") && text.contains("••••••••")
            }
        }
        #expect(LaunchArgumentError.isSecret("test.password"))
        #expect(LaunchArgumentError.isSecret("drive.token"))
        #expect(!LaunchArgumentError.isSecret("model.user"))
    }

    private func defaults(_ values: [String: Any]) -> some LaunchDefaults {
        DictionaryDefaults(values: values)
    }
}

private struct DictionaryDefaults: LaunchDefaults, @unchecked Sendable {
    let values: [String: Any]
    func value(forKey key: String) -> Any? { values[key] }
}
