import Foundation
import TextBytes

/// Read-only configuration for the app, as `-key value` launch arguments and stored defaults give it.
///
/// Values are validated: a key that is present with a value of the wrong shape is an error that
/// names the key and the value, never a silent default.
public protocol LaunchDefaults: Sendable {
    /// The raw value for `key`, as Foundation parsed it (String, array, dictionary), or nil.
    func value(forKey key: String) -> Any?
}

extension LaunchDefaults {
    /// A string value; nil when the key is absent.
    public func string(_ key: String) throws(LaunchArgumentError) -> String? {
        guard let raw = value(forKey: key) else { return nil }
        guard let string = raw as? String else {
            throw LaunchArgumentError(key: key, value: String(describing: raw), expected: "a single value")
        }
        return string
    }

    /// A YES/NO switch; nil when the key is absent. Accepts YES, NO, true, false, 1, 0 (any case).
    public func flag(_ key: String) throws(LaunchArgumentError) -> Bool? {
        guard let raw = value(forKey: key) else { return nil }
        if let bool = raw as? Bool { return bool }
        guard let string = raw as? String else {
            throw LaunchArgumentError(key: key, value: String(describing: raw), expected: "YES or NO")
        }
        switch string.lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default: throw LaunchArgumentError(key: key, value: string, expected: "YES or NO")
        }
    }

    /// An integer value; nil when the key is absent.
    public func integer(_ key: String) throws(LaunchArgumentError) -> Int? {
        guard let string = try string(key) else { return nil }
        guard let value = Int(string.trimmingCharacters(in: .whitespaces)) else {
            throw LaunchArgumentError(key: key, value: string, expected: "a whole number")
        }
        return value
    }

    /// A number value (decimal point allowed); nil when the key is absent.
    public func number(_ key: String) throws(LaunchArgumentError) -> Double? {
        guard let string = try string(key) else { return nil }
        guard let value = Double(string.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw LaunchArgumentError(key: key, value: string, expected: "a number")
        }
        return value
    }
}

/// A launch argument whose value has the wrong shape.
///
/// It is located by its key on a command line, not by a line and column in a file, so it is not
/// a `SourceLocation` of the parsers' errors.
public struct LaunchArgumentError: Error, Equatable, CustomStringConvertible {
    /// The key as typed, without its `-` (`drive.delay`); empty when the word was not a key at all.
    public let key: String
    /// The offending value (already masked when it may be a secret typed in the wrong place), or
    /// empty when there is none to show. Print ``description``, which masks a secret key's value
    /// and shortens a long one.
    public let value: String
    /// What the key takes, said for a person (`YES or NO`, `a whole number`).
    public let expected: String

    /// An error for `key` given `value`, which should have been `expected`.
    public init(key: String, value: String, expected: String) {
        self.key = key
        self.value = value
        self.expected = expected
    }

    /// The mask shown instead of a secret value.
    public static let mask = "••••••••"

    /// Keys whose values are secrets (`model.password`, `test.password`, ...): never echoed.
    public static func isSecret(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return ["password", "secret", "token"].contains { lowered.hasSuffix($0) }
    }

    /// The line a person reads (`launch argument -drive.delay: expected a number, got "soon"`),
    /// with a secret's value masked and a long value cut short.
    public var description: String {
        let shown = Self.isSecret(key) ? Self.mask : Self.shorten(value)
        if key.isEmpty { return "unexpected launch argument \"\(shown)\": expected \(expected)" }
        if value.isEmpty { return "launch argument -\(key): expected \(expected)" }
        return "launch argument -\(key): expected \(expected), got \"\(shown)\""
    }

    private static func shorten(_ value: String) -> String {
        value.count > 60 ? String(value.prefix(60)) + "… (\(value.utf8.count) bytes)" : value
    }
}

/// A launch argument whose bytes are not text (see `TextBytes`): not UTF-8, a NUL, a byte-order mark.
public struct LaunchArgumentTextError: Error, Equatable, CustomStringConvertible {
    /// The key (without its `-`) the word is or is the value of; empty for a stray word.
    public let key: String
    /// Whether the word is the key's value (else the key itself, or a stray word).
    public let isValue: Bool
    /// What is wrong with its bytes, and where.
    public let problem: TextProblem
    /// Whether no byte of it may be named: a secret key's value, or a stray word (it may be one).
    public let masked: Bool

    /// The error for the word `key` is or is the value of.
    public init(key: String, isValue: Bool, problem: TextProblem, masked: Bool) {
        self.key = key
        self.isValue = isValue
        self.problem = problem
        self.masked = masked
    }

    /// `launch argument -photos.store: its value is not UTF-8 text: byte 0xFF is never in UTF-8 (...)`.
    public var description: String {
        let subject = key.isEmpty ? "a launch argument" : isValue ? "launch argument -\(key): its value" : "the launch argument -\(key)"
        let said = masked ? problem.maskedStatement(subject) : problem.statement(subject) + " (at byte \(problem.offset + 1))"
        return said + "; give it as UTF-8"
    }
}

/// `LaunchDefaults` over Foundation's `UserDefaults`.
///
/// Foundation parses `-key value` launch arguments into its argument domain (strings, `YES`/`NO`,
/// `(a, b)` arrays, `{k = v;}` dictionaries); we only read from it.
public struct UserDefaultsLaunchDefaults: LaunchDefaults, @unchecked Sendable {
    // UserDefaults is documented as thread-safe; it is not marked Sendable on Linux.
    private let defaults: UserDefaults

    /// Reads `defaults`: the standard one holds the process's launch arguments; a test passes its own.
    public init(_ defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// The object `UserDefaults` holds for `key`, as Foundation parsed it.
    public func value(forKey key: String) -> Any? {
        defaults.object(forKey: key)
    }
}

extension UserDefaultsLaunchDefaults {
    /// The keys given as `-key value` launch arguments (Foundation's argument domain).
    public var argumentKeys: [String] {
        Array(defaults.volatileDomain(forName: UserDefaults.argumentDomain).keys)
    }

    /// Checks the shape of the command line Foundation parses: `-key value` pairs and nothing else,
    /// each key once. Foundation silently skips what does not fit, and keeps one of two values
    /// given for a key; a person should hear about it instead. A secret is never echoed: a stray
    /// word after a secret key's pair may be the secret itself, shifted by a missing value.
    public static func validateShape(of arguments: [String]) throws(LaunchArgumentError) {
        var index = 1
        var seen: Set<String> = []
        var previousKey = ""
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-"), argument.count > 1 else {
                let shown = LaunchArgumentError.isSecret(previousKey) ? LaunchArgumentError.mask : argument
                throw LaunchArgumentError(key: "", value: shown, expected: "-key value pairs")
            }
            let key = String(argument.dropFirst())
            guard index + 1 < arguments.count else {
                throw LaunchArgumentError(key: key, value: "", expected: "a value after it")
            }
            let value = arguments[index + 1]
            if looksLikeKey(value) {
                // A secret that starts with "-x" reads as a key: never echo it.
                let next = LaunchArgumentError.isSecret(key) ? "" : " \(value)"
                throw LaunchArgumentError(key: key, value: "", expected: "a value after it, not the next key\(next)")
            }
            // Foundation's argument domain silently drops a pair whose value starts with "-"
            // (`-drive.delay -1`): the key would read as absent. Say so instead.
            if value.hasPrefix("-") {
                throw LaunchArgumentError(
                    key: key, value: value,
                    expected: "a value that does not start with \"-\" (the argument domain drops such a pair; no negative number is valid)"
                )
            }
            guard seen.insert(key).inserted else {
                throw LaunchArgumentError(key: key, value: "", expected: "one value: it is given twice")
            }
            previousKey = key
            index += 2
        }
    }

    /// Checks that every word of the command line, as the process was given it (`argv`, the program
    /// first), is text: Foundation reads a byte that is not UTF-8 as U+FFFD, so `-photos.store`
    /// would name another file, silently. The first word that is not is an error naming its key;
    /// a secret key's value is said without a byte of it. Call it before ``validateShape(of:)``.
    public static func validateText(of argv: [[UInt8]]) throws(LaunchArgumentTextError) {
        guard let bad = ArgumentText.firstProblem(in: argv), bad.index > 0 else { return }
        let words = argv.map { String(decoding: $0, as: UTF8.self) }
        let word = words[bad.index]
        // The pairs before it are read as pairs: the word is a key, or the value of the one before.
        let previous = words[bad.index - 1]
        let isValue = bad.index >= 2 && previous.hasPrefix("-") && previous.count > 1 && (bad.index - 1) % 2 == 1
        if isValue {
            let key = String(previous.dropFirst())
            throw LaunchArgumentTextError(key: key, isValue: true, problem: bad.problem, masked: LaunchArgumentError.isSecret(key))
        }
        let isKey = word.hasPrefix("-") && bad.index % 2 == 1
        throw LaunchArgumentTextError(key: isKey ? String(word.dropFirst()) : "", isValue: false, problem: bad.problem, masked: !isKey || LaunchArgumentError.isSecret(word))
    }

    /// `-model.password` is a key; `-1` or `-` is a value (one the argument domain would drop).
    private static func looksLikeKey(_ value: String) -> Bool {
        guard value.hasPrefix("-"), let next = value.dropFirst().first else { return false }
        return next.isLetter
    }
}
