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
    /// A string that names a file: not empty, no control character, and what is there must suit `PathUse`.
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

/// How a tool uses a path, which says what may be found there.
enum PathUse: Equatable, Sendable {
    /// Read: a file or a folder, or nothing (the tool says so). Never a FIFO, a device or a
    /// socket: reading one blocks for ever (a FIFO with no writer) or never ends (/dev/zero).
    case read
    /// Written whole, by a rename over it: nothing yet, or a regular file. Never a folder, a
    /// device (as root, a rename would replace /dev/null), a FIFO, a socket or a symbolic link
    /// (the rename would replace the link, not write where it points).
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
                let whole = Double(literal).map { $0.rounded() == $0 } ?? false
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
        if let found = Self.first(in: text, where: { $0 == "\0" }) { throw problem("holds \(found): remove it") }
        return text
    }

    func path(_ json: JSONValue, _ use: PathUse) throws(ArgumentProblem) -> String {
        guard case let .string(path) = json else { throw wrongType(json) }
        guard !path.isEmpty else { throw problem("is empty: give a path, \(summary)") }
        if let found = Self.first(in: path, where: { $0.properties.generalCategory == .control }) { throw problem("holds \(found): a path may hold none") }
        if let found = Self.special(at: path, use) { throw problem("names \(Suggestion.shown(path)), \(found)") }
        return path
    }

    /// The first character of `text` that `matches`, and where: "a NUL character (U+0000) at character 6".
    private static func first(in text: String, where matches: (Unicode.Scalar) -> Bool) -> String? {
        guard let index = text.unicodeScalars.firstIndex(where: matches) else { return nil }
        let scalar = text.unicodeScalars[index]
        let code = String(scalar.value, radix: 16, uppercase: true)
        let name = scalar == "\0" ? "a NUL character" : "a control character"
        return "\(name) (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) at character "
            + "\(text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index) + 1)"
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

    /// What is at `path` when `use` may not touch it, in words ("a FIFO (named pipe): give …"), or nil.
    static func special(at path: String, _ use: PathUse) -> String? {
        var info = stat()
        switch use {
        case .read:
            guard stat(path, &info) == 0 else { return nil }
            let type = info.st_mode & S_IFMT
            guard type != S_IFREG, type != S_IFDIR else { return nil }
            return "\(kind(type)), which is no flow file or folder: give a .yaml file or a folder of them"
        case .write:
            if let problem = folderProblem(path) { return problem }
            guard lstat(path, &info) == 0 else { return nil }
            let type = info.st_mode & S_IFMT
            if type == S_IFREG { return nil }
            if type == S_IFLNK {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to \(Suggestion.shown($0))" } ?? ""
                return "a symbolic link\(target), which saving would replace: give the file's own path"
            }
            if type == S_IFDIR { return "a folder: give a file's path in it, such as \(Suggestion.shown((path as NSString).appendingPathComponent("new.yaml")))" }
            return "\(kind(type)), which saving would replace: give a .yaml file's path"
        }
    }

    /// Saving makes the file's missing folders, one after another, before it writes: a folder on
    /// the way that is a file, or a `..` after a folder still to be made (`new/../file.yaml/x.yaml`),
    /// would fail only once some were made. Both are refused before anything is.
    private static func folderProblem(_ path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init)
        var prefix = path.hasPrefix("/") ? "/" : ""
        var missing: String?
        for component in components {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if let missing {
                if component == ".." { return "where .. follows \(Suggestion.shown(missing)), a folder saving would have to make: give the path without .." }
                continue
            }
            var info = stat()
            if stat(prefix, &info) != 0 {
                missing = prefix
            } else if info.st_mode & S_IFMT != S_IFDIR {
                return "whose folder \(Suggestion.shown(prefix)) is \(kind(info.st_mode & S_IFMT)), not a folder"
            }
        }
        return nil
    }

    private static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFREG: "a file"
        default: "a special file"
        }
    }
}
