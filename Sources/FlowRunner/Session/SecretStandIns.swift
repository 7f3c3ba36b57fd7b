import Foundation
import Yams

/// What keeps a secret out of a saved flow: each secret value, and the variable that stands in
/// for it (`${test.password}`), when one holds it. A secret no variable holds cannot be saved.
///
/// A `${name}` already written is left alone (a secret that happens to be `test` is not looked
/// for inside `${test.user}`), and only the values of a step are stood in for: a key (a
/// parameter's name, a variable's name) cannot be a variable, so a secret there is refused.
package struct SecretStandIns {
    /// A secret and the variable that holds it.
    struct Holder {
        let value: String
        let variable: String?
    }

    /// Each secret once (byte for byte: two spellings of one text are two secrets, as the mask
    /// sees them), in the order of its bytes.
    let holders: [Holder]

    /// For `secrets`, the variable holding each: a secret variable first, then a credential, then
    /// any other, the first by name among those.
    package init(secrets: [String], variables: [String: String], scheme: Scheme) {
        holders = SecretMask(secrets).values.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { value in
            let names = variables.filter { $0.value.utf8.elementsEqual(value.utf8) }.map(\.key).sorted()
            return Holder(value: value, variable: names.first(where: scheme.isSecret) ?? names.first(where: scheme.credentials.contains) ?? names.first)
        }
    }

    /// What standing in did to a text or a step.
    package struct Outcome<Value> {
        /// The text or the step, each secret in it replaced by its variable.
        package let value: Value
        /// How many secrets a variable now stands in for.
        var replaced = 0
        /// A secret was left where it was: no variable holds it, or it is in a key.
        package var unheld: Bool
        /// Secrets were left where they were because they overlap: no variables end to end make
        /// them up (`abc` and `bcd` in `abcd`).
        var overlapping = false
    }

    /// `text` with each secret replaced by `${VARIABLE}`. Secrets are found as the mask finds
    /// them (every byte any of them covers, in stretches); a stretch is stood in for when it is
    /// whole secrets end to end, each held by a variable (the fewest that do: a secret holding
    /// another is stood in for whole). Any other stretch (a secret no variable holds, two secrets
    /// that overlap) is left whole and said, so that it is masked whole and never saved.
    func standIn(_ text: String) -> Outcome<String> {
        let mask = SecretMask(holders.map(\.value))
        var result = ""
        var replaced = 0
        var unheld = false
        var overlapping = false
        for part in Self.parts(of: text) {
            guard !part.isReference else {
                result += part.text
                continue
            }
            let bytes = Array(part.text.utf8)
            var written: [UInt8] = []
            var next = 0
            for stretch in mask.coverage(of: part.text) {
                written += bytes[next..<stretch.lowerBound]
                if let held = fewestSecrets(makingUp: bytes[stretch], heldOnly: true) {
                    for holder in held { written += Array("${\(holder.variable ?? "")}".utf8) }
                    replaced += held.count
                } else {
                    written += bytes[stretch]
                    if fewestSecrets(makingUp: bytes[stretch], heldOnly: false) == nil { overlapping = true } else { unheld = true }
                }
                next = stretch.upperBound
            }
            written += bytes[next...]
            result += String(decoding: written, as: UTF8.self)
        }
        return Outcome(value: result, replaced: replaced, unheld: unheld, overlapping: overlapping)
    }

    /// The fewest secrets (held by a variable, when `heldOnly`) that make up `stretch` end to
    /// end, in order, or nil when none do; of two ways with as many, the one found first.
    private func fewestSecrets(makingUp stretch: ArraySlice<UInt8>, heldOnly: Bool) -> [Holder]? {
        let bytes = Array(stretch)
        // fewest[i]: the fewest secrets that make up the first i bytes, and the last of them.
        var fewest: [(count: Int, last: Holder)?] = Array(repeating: nil, count: bytes.count + 1)
        for start in 0..<bytes.count where start == 0 || fewest[start] != nil {
            let count = fewest[start]?.count ?? 0
            for holder in holders where !heldOnly || holder.variable != nil {
                let end = start + holder.value.utf8.count
                guard end <= bytes.count, bytes[start..<end].elementsEqual(holder.value.utf8) else { continue }
                if let known = fewest[end], known.count <= count + 1 { continue }
                fewest[end] = (count + 1, holder)
            }
        }
        var secrets: [Holder] = []
        var end = bytes.count
        while end > 0 {
            guard let step = fewest[end] else { return nil }
            secrets.append(step.last)
            end -= step.last.value.utf8.count
        }
        return secrets.reversed()
    }

    /// `node` with every secret in its values stood in for; a secret in a key is left, and said.
    package func standIn(_ node: Node) -> Outcome<Node> {
        switch node {
        case let .scalar(scalar):
            let outcome = standIn(scalar.string)
            guard outcome.replaced > 0 else { return Outcome(value: node, replaced: 0, unheld: outcome.unheld, overlapping: outcome.overlapping) }
            return Outcome(value: Node(outcome.value, .implicit, .doubleQuoted), replaced: outcome.replaced, unheld: outcome.unheld, overlapping: outcome.overlapping)
        case let .mapping(mapping):
            var replaced = 0
            var unheld = false
            var overlapping = false
            let pairs = mapping.map { pair -> (Node, Node) in
                if reveals(in: pair.key) { unheld = true }
                let value = standIn(pair.value)
                replaced += value.replaced
                unheld = unheld || value.unheld
                overlapping = overlapping || value.overlapping
                return (pair.key, value.value)
            }
            return Outcome(value: .mapping(Node.Mapping(pairs, mapping.tag, mapping.style)), replaced: replaced, unheld: unheld, overlapping: overlapping)
        case let .sequence(sequence):
            let items = sequence.map(standIn)
            return Outcome(value: .sequence(Node.Sequence(items.map(\.value), sequence.tag, sequence.style)),
                           replaced: items.map(\.replaced).reduce(0, +), unheld: items.contains(where: \.unheld), overlapping: items.contains(where: \.overlapping))
        case .alias:
            return Outcome(value: node, replaced: 0, unheld: false)
        }
    }

    /// True when `text` holds a secret outside the `${variables}` written in it.
    package func reveals(_ text: String) -> Bool {
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
        holders.first { $0.value.utf8.elementsEqual(value.utf8) }?.variable
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
