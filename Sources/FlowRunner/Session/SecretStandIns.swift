import Foundation
import Yams

/// What keeps a secret out of a saved flow: each secret value, and the variable that stands in
/// for it (`${test.password}`), when one holds it. A secret no variable holds cannot be saved.
///
/// A `${name}` already written is left alone (a secret that happens to be `test` is not looked
/// for inside `${test.user}`), and only the values of a step are stood in for: a key (a
/// parameter's name, a variable's name) cannot be a variable, so a secret there is refused.
struct SecretStandIns {
    /// A secret and the variable that holds it.
    struct Holder {
        let value: String
        let variable: String?
    }

    /// Each secret once, in order of its value.
    let holders: [Holder]

    /// For `secrets`, the variable holding each: a secret variable first, then a credential, then
    /// any other, the first by name among those.
    init(secrets: [String], variables: [String: String], scheme: Scheme) {
        holders = Set(secrets.filter { !$0.isEmpty }).sorted().map { value in
            let names = variables.filter { $0.value == value }.map(\.key).sorted()
            return Holder(value: value, variable: names.first(where: scheme.isSecret) ?? names.first(where: scheme.credentials.contains) ?? names.first)
        }
    }

    /// What standing in did to a text or a step.
    struct Outcome<Value> {
        let value: Value
        /// How many secrets a variable now stands in for.
        var replaced = 0
        /// A secret was left where it was: no variable holds it, or it is in a key.
        var unheld: Bool
    }

    /// `text` with each secret replaced by `${VARIABLE}` (a secret no variable holds is left, and said).
    func standIn(_ text: String) -> Outcome<String> {
        var result = ""
        var replaced = 0
        var unheld = false
        for part in Self.parts(of: text) {
            guard !part.isReference else {
                result += part.text
                continue
            }
            var rest = part.text[...]
            while let (range, holder) = leftmost(in: rest) {
                result += rest[..<range.lowerBound]
                if let variable = holder.variable {
                    result += "${\(variable)}"
                    replaced += 1
                } else {
                    result += rest[range]
                    unheld = true
                }
                rest = rest[range.upperBound...]
            }
            result += rest
        }
        return Outcome(value: result, replaced: replaced, unheld: unheld)
    }

    /// `node` with every secret in its values stood in for; a secret in a key is left, and said.
    func standIn(_ node: Node) -> Outcome<Node> {
        switch node {
        case let .scalar(scalar):
            let outcome = standIn(scalar.string)
            guard outcome.value != scalar.string else { return Outcome(value: node, replaced: 0, unheld: outcome.unheld) }
            return Outcome(value: Node(outcome.value, .implicit, .doubleQuoted), replaced: outcome.replaced, unheld: outcome.unheld)
        case let .mapping(mapping):
            var replaced = 0
            var unheld = false
            let pairs = mapping.map { pair -> (Node, Node) in
                if reveals(in: pair.key) { unheld = true }
                let value = standIn(pair.value)
                replaced += value.replaced
                unheld = unheld || value.unheld
                return (pair.key, value.value)
            }
            return Outcome(value: .mapping(Node.Mapping(pairs, mapping.tag, mapping.style)), replaced: replaced, unheld: unheld)
        case let .sequence(sequence):
            let items = sequence.map(standIn)
            return Outcome(value: .sequence(Node.Sequence(items.map(\.value), sequence.tag, sequence.style)),
                           replaced: items.map(\.replaced).reduce(0, +), unheld: items.contains(where: \.unheld))
        case .alias:
            return Outcome(value: node, replaced: 0, unheld: false)
        }
    }

    /// True when `text` holds a secret outside the `${variables}` written in it.
    func reveals(_ text: String) -> Bool {
        let mask = SecretMask(holders.map(\.value))
        return Self.parts(of: text).contains { !$0.isReference && mask.reveals($0.text) }
    }

    /// True when a scalar anywhere in `node`, key or value, holds a secret.
    func reveals(in node: Node) -> Bool {
        switch node {
        case let .scalar(scalar): reveals(scalar.string)
        case let .mapping(mapping): mapping.contains { reveals(in: $0.key) || reveals(in: $0.value) }
        case let .sequence(sequence): sequence.contains { reveals(in: $0) }
        case .alias: false
        }
    }

    /// The variable that holds `value`, if one does.
    func variable(holding value: String) -> String? {
        holders.first { $0.value == value }?.variable
    }

    /// The earliest secret in `text`, the longest where two start together (so a secret holding
    /// another is stood in for whole).
    private func leftmost(in text: Substring) -> (Range<Substring.Index>, Holder)? {
        var best: (Range<Substring.Index>, Holder)?
        for holder in holders {
            guard let range = text.range(of: holder.value) else { continue }
            if let current = best, current.0.lowerBound < range.lowerBound || current.0.lowerBound == range.lowerBound && current.0.upperBound > range.upperBound {
                continue
            }
            best = (range, holder)
        }
        return best
    }

    /// `a ${b} c` → `a `, `${b}`, ` c`: the references written, and the text between them.
    private static func parts(of text: String) -> [(text: String, isReference: Bool)] {
        var parts: [(String, Bool)] = []
        var rest = text[...]
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            parts.append((String(rest[..<open.lowerBound]), false))
            parts.append((String(rest[open.lowerBound...close]), true))
            rest = rest[rest.index(after: close)...]
        }
        parts.append((String(rest), false))
        return parts
    }
}
