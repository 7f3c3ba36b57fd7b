import NameMatching
import Yams

/// Reads Yams nodes with every problem located in its file: fixtures, flows and schemes share it,
/// so every YAML mistake is worded, located and suggested the same way.
public struct YAMLReader: Sendable {
    /// The file, as it was named: every error is located in it.
    public let file: String
    /// The file's contents.
    public let text: String

    /// A reader of `text`, the contents of `file`.
    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// The document's root, composed safely (see `LocatedYAML`).
    public func root() throws(LocatedError) -> Node? {
        try LocatedYAML.compose(text, file: file)
    }

    /// An error at `node`'s line and column (the start of the file when it has none), quoting its line.
    public func error(_ message: String, at node: Node?) -> LocatedError {
        LocatedError(file: file, text: text, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1, message: message)
    }

    /// A mapping's values by key, with unknown keys, duplicates and missing required keys refused.
    public func mapping(_ node: Node, _ what: String, required: [String] = [], optional: [String] = []) throws -> [String: Node] {
        guard let pairs = node.mapping else { throw error("\(what) should be a mapping of keys to values", at: node) }
        let allowed = required + optional
        var result: [String: Node] = [:]
        for (keyNode, value) in pairs {
            guard let key = keyNode.string else { throw error("\(what) has a key that is not text", at: keyNode) }
            guard allowed.contains(key) else {
                throw error("unknown key \"\(Suggestion.shown(key))\" in \(what)" + Suggestion.didYouMean(key, in: allowed)
                    + "; expected " + allowed.joined(separator: ", "), at: keyNode)
            }
            result[key] = value
        }
        if let missing = required.first(where: { result[$0] == nil }) {
            throw error("\(what) is missing \"\(missing)\"", at: node)
        }
        return result
    }

    /// The pairs of a mapping, in order, keys as text.
    public func pairs(_ node: Node, _ what: String) throws -> [(key: String, keyNode: Node, value: Node)] {
        guard let pairs = node.mapping else { throw error("\(what) should be a mapping of keys to values", at: node) }
        var result: [(String, Node, Node)] = []
        for (keyNode, value) in pairs {
            guard let key = keyNode.string else { throw error("\(what) has a key that is not text", at: keyNode) }
            result.append((key, keyNode, value))
        }
        return result
    }

    /// A list's items (none for an empty value); `what` names the value in the error.
    public func sequence(_ node: Node, _ what: String) throws -> [Node] {
        if case .scalar = node, node.null != nil { return [] }
        guard let items = node.sequence else { throw error("\(what) should be a list (items starting with -)", at: node) }
        return Array(items)
    }

    /// A scalar's text; a list or mapping is an error that names `what`.
    public func string(_ node: Node, _ what: String) throws -> String {
        guard case let .scalar(scalar) = node else { throw error("\(what) should be text, not a list or mapping", at: node) }
        return scalar.string
    }

    /// One text, or a list of them, as a list.
    public func strings(_ node: Node, _ what: String) throws -> [String] {
        if case .scalar = node, node.null == nil { return [try string(node, what)] }
        var result: [String] = []
        for item in try sequence(node, what) { result.append(try string(item, "each of \(what)")) }
        return result
    }

    /// A whole number within `range`.
    public func integer(_ node: Node, _ what: String, in range: ClosedRange<Int>) throws -> Int {
        let raw = try string(node, what)
        guard let value = Int(raw) else { throw error("\(what) should be a whole number, not \"\(Suggestion.shown(raw))\"", at: node) }
        guard range.contains(value) else {
            let wanted = range.upperBound == .max ? "at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw error("\(what) should be \(wanted), not \(raw)", at: node)
        }
        return value
    }

    /// A finite number within `range`.
    public func number(_ node: Node, _ what: String, in range: ClosedRange<Double>) throws -> Double {
        let raw = try string(node, what)
        guard let value = Double(raw), value.isFinite else { throw error("\(what) should be a number, not \"\(Suggestion.shown(raw))\"", at: node) }
        guard range.contains(value) else { throw error("\(what) \(raw) is out of range \(range.lowerBound)...\(range.upperBound)", at: node) }
        return value
    }

    /// `true` or `false`, nothing else.
    public func boolean(_ node: Node, _ what: String) throws -> Bool {
        let raw = try string(node, what)
        switch raw {
        case "true": return true
        case "false": return false
        default: throw error("\(what) should be true or false, not \"\(Suggestion.shown(raw))\"", at: node)
        }
    }
}
