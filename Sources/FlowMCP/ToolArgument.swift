import FlowKit
import FlowRunner
import Foundation
import NameMatching

/// One argument of a tool, declared once: its name, its kind, what it is for, whether it must be
/// given, and how the JSON a client sent becomes its Swift value (or a problem that says what is
/// wrong and what to give). The tool's input schema and its checks both come from here.
struct ToolArgument<Value>: Sendable {
    let name: String
    let kind: ArgumentKind
    let summary: String
    let required: Bool
    /// The value from what the client gave (nil: the argument was left out).
    let read: @Sendable (JSONValue?) throws(ArgumentProblem) -> Value

    /// The argument's entry in the tool's input schema.
    var schema: JSONValue {
        guard case var .object(schema) = kind.schema else { return kind.schema }
        schema["description"] = .string(summary)
        return .object(schema)
    }
}

/// What is wrong with one argument, in words for the agent.
struct ArgumentProblem: Error, Equatable {
    let message: String
}

/// What an argument holds: a JSON type, with the checks that go with it.
enum ArgumentKind: Equatable, Sendable {
    /// A string, without NUL (a C string, a path or the app's input would end at it).
    case text
    /// A string that names a file, checked as `PathUse` says.
    case path(PathUse)
    /// A whole number.
    case integer
    /// true or false.
    case boolean
    /// An array of `text`.
    case texts
    /// An array of `path`.
    case paths(PathUse)

    /// The kind in an error's words.
    var described: String {
        switch self {
        case .text: "a string"
        case .path: "a string (a path)"
        case .integer: "an integer"
        case .boolean: "true or false"
        case .texts: "an array of strings"
        case .paths: "an array of strings (paths)"
        }
    }

    var schema: JSONValue {
        switch self {
        case .text, .path: .object(["type": .string("string")])
        case .integer: .object(["type": .string("integer")])
        case .boolean: .object(["type": .string("boolean")])
        case .texts, .paths: .object(["type": .string("array"), "items": .object(["type": .string("string")])])
        }
    }
}

/// How a tool uses a path, which says whose rules check it.
enum PathUse: Equatable, Sendable {
    /// Read: what ``InputFile/check(_:)`` allows (a file, a folder, or nothing, which the tool says).
    case read
    /// Written whole: what ``OutputFile/check(_:)`` allows, as `flow studio`'s `:save` is.
    case write
}

extension ToolArgument {
    /// The argument `optional` declares, which must be given.
    static func required(_ optional: ToolArgument<Value?>) -> ToolArgument<Value> {
        ToolArgument<Value>(name: optional.name, kind: optional.kind, summary: optional.summary, required: true) { json throws(ArgumentProblem) in
            guard let json, let value = try optional.read(json) else {
                throw ArgumentProblem(message: "\"\(optional.name)\" is missing: give \(optional.kind.described), \(optional.summary)")
            }
            return value
        }
    }

    /// An optional argument whose JSON value becomes its Swift value through `convert`.
    fileprivate static func optional<Given>(
        _ name: String, _ kind: ArgumentKind, _ summary: String, _ convert: @escaping @Sendable (JSONValue, ArgumentCheck) throws(ArgumentProblem) -> Given
    ) -> ToolArgument<Given?> where Value == Given? {
        ToolArgument<Given?>(name: name, kind: kind, summary: summary, required: false) { json throws(ArgumentProblem) in
            guard let json else { return nil }
            return try convert(json, ArgumentCheck(name: name, kind: kind, summary: summary))
        }
    }
}

extension ToolArgument where Value == String? {
    /// A string argument.
    static func text(_ name: String, _ summary: String) -> Self {
        optional(name, .text, summary) { json, check throws(ArgumentProblem) in try check.text(json) }
    }

    /// A path argument, checked as `use` says.
    static func path(_ name: String, _ use: PathUse, _ summary: String) -> Self {
        optional(name, .path(use), summary) { json, check throws(ArgumentProblem) in try check.path(json, use) }
    }
}

extension ToolArgument where Value == Int? {
    /// A whole-number argument.
    static func integer(_ name: String, _ summary: String) -> Self {
        optional(name, .integer, summary) { json, check throws(ArgumentProblem) in
            guard case let .number(literal) = json else { throw check.wrongType(json) }
            guard let value = json.integer else {
                // Every JSON number reads as a Double (one too large as infinity, which is whole).
                let whole = Double(literal).map { $0.rounded() == $0 } == true
                throw check.problem("is \(Suggestion.shown(literal)), " + (whole ? "too large an integer: give a smaller one" : "not an integer: give a whole number"))
            }
            return value
        }
    }
}

extension ToolArgument where Value == Bool? {
    /// A true-or-false argument.
    static func boolean(_ name: String, _ summary: String) -> Self {
        optional(name, .boolean, summary) { json, check throws(ArgumentProblem) in
            guard case let .bool(value) = json else { throw check.wrongType(json) }
            return value
        }
    }
}

extension ToolArgument where Value == [String]? {
    /// An array-of-strings argument.
    static func texts(_ name: String, _ summary: String) -> Self {
        optional(name, .texts, summary) { json, check throws(ArgumentProblem) in
            try check.items(json) { item, check throws(ArgumentProblem) in try check.text(item) }
        }
    }

    /// An array-of-paths argument, each checked as `use` says.
    static func paths(_ name: String, _ use: PathUse, _ summary: String) -> Self {
        optional(name, .paths(use), summary) { json, check throws(ArgumentProblem) in
            try check.items(json) { item, check throws(ArgumentProblem) in try check.path(item, use) }
        }
    }
}

/// The checks of one argument's value, each problem worded with the argument's name (and the
/// item's place, in an array).
struct ArgumentCheck: Sendable {
    let name: String
    let kind: ArgumentKind
    let summary: String
    var item: Int?

    private var subject: String { item.map { "\"\(name)\" item \($0)" } ?? "\"\(name)\"" }

    func problem(_ text: String) -> ArgumentProblem {
        ArgumentProblem(message: "\(subject) \(text)")
    }

    /// The value is not of the kind declared. A string given is not quoted back: it may be a secret.
    func wrongType(_ json: JSONValue) -> ArgumentProblem {
        let shown: String = switch json {
        case let .number(literal): " (\(Suggestion.shown(literal)))"
        case let .bool(value): " (\(value))"
        default: ""
        }
        let expected = item == nil ? kind.described : (kind == .texts ? "a string" : "a string (a path)")
        let given = if case .bool = json { "a boolean" } else { json.kind }
        return problem("is \(given)\(shown): give \(expected), \(summary)")
    }

    func text(_ json: JSONValue) throws(ArgumentProblem) -> String {
        guard case let .string(text) = json else { throw wrongType(json) }
        if let found = TerminalText.firstControl(in: text, matching: { $0 == "\0" }) { throw problem("holds \(found): remove it") }
        return text
    }

    /// A path, checked by the runner's own reader or writer (``InputFile/check(_:)``,
    /// ``OutputFile/check(_:)``), so a tool refuses what `flow` would, in the same words, before it runs.
    func path(_ json: JSONValue, _ use: PathUse) throws(ArgumentProblem) -> String {
        guard case let .string(path) = json else { throw wrongType(json) }
        switch use {
        case .read:
            if let found = InputFile.check(path) { throw problem("names \(PathText.shown(path)): \(found)") }
        case .write:
            do {
                try OutputFile.check(path)
            } catch {
                throw problem("names \(PathText.shown(path)): \(error.explanation)")
            }
        }
        return path
    }

    func items(_ json: JSONValue, _ each: (JSONValue, ArgumentCheck) throws(ArgumentProblem) -> String) throws(ArgumentProblem) -> [String] {
        guard case let .array(items) = json else { throw wrongType(json) }
        var values: [String] = []
        for (index, item) in items.enumerated() {
            var check = self
            check.item = index + 1
            values.append(try each(item, check))
        }
        return values
    }
}
