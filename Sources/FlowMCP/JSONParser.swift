import AutomationWire
import NameMatching

/// Reads one message's JSON into a value, in one pass over its bytes on the wire's own lexer
/// (`JSONLexer`: RFC 8259 with I-JSON's rules, UTF-8 only, no lone surrogate), and no name twice
/// in an object, so every message has one meaning.
///
/// Bounded whatever the line holds: at most `depthLimit` levels of nesting (the parser recurses,
/// and a message of ours nests four deep: `params.arguments.paths[0]`) and `valueLimit` values in
/// all (the parsed values cost some twenty times the bytes of `[{},{},…]`; no tool takes more
/// than a list of paths).
///
/// Why not Foundation's JSONSerialization: on Linux it has no bound but its nesting depth, and a
/// line of 1.2 MB of `[{"a":1},…]` cost it 445 MB of resident memory (0.5 s, measured in a
/// release build); a 16 MiB line would cost gigabytes before a single check could run. Its errors
/// name no place in the line either. This reader is the JSON grammar and nothing more: no
/// decoding into types, no writing (answers are written by `JSONValue`).
struct JSONParser {
    /// Why a line is not a message, and at which byte (counted from 0): the lexer's.
    typealias Failure = JSONLexer.Failure

    static let depthLimit = 64
    static let valueLimit = 100_000

    /// The value `line` holds, or nil when it holds only whitespace (no message at all).
    static func parse(_ line: [UInt8]) -> Result<JSONValue?, Failure> {
        line.withUnsafeBufferPointer { buffer in
            var lexer = JSONLexer(buffer)
            guard lexer.peekToken() != nil else { return .success(nil) }
            var values = 0
            do throws(Failure) {
                let value = try Self.value(&lexer, depth: 0, values: &values)
                try lexer.end()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    /// The value at the lexer's next token, `depth` containers deep, counting every value read.
    private static func value(_ lexer: inout JSONLexer, depth: Int, values: inout Int) throws(Failure) -> JSONValue {
        _ = lexer.peekToken()  // a failure is said where the value starts, after any whitespace
        values += 1
        guard values <= valueLimit else { throw lexer.failure("more than \(valueLimit) values in one message") }
        switch try lexer.valueKind() {
        case .object:
            guard depth < depthLimit else { throw lexer.failure("nesting deeper than \(depthLimit) levels") }
            try lexer.openObject()
            var members: [String: JSONValue] = [:]
            var first = true
            while let (key, offset) = try lexer.nextKey(first: &first) {
                let member = try value(&lexer, depth: depth + 1, values: &values)
                if members.updateValue(member, forKey: key) != nil {
                    throw Failure(message: "the key \"\(Suggestion.shown(key))\" twice in one object", offset: offset)
                }
            }
            return .object(members)
        case .array:
            guard depth < depthLimit else { throw lexer.failure("nesting deeper than \(depthLimit) levels") }
            try lexer.openArray()
            var items: [JSONValue] = []
            var first = true
            while try lexer.nextItem(first: &first) { items.append(try value(&lexer, depth: depth + 1, values: &values)) }
            return .array(items)
        case .string: return .string(try lexer.string())
        case .number: return .number(try lexer.number())
        case .bool: return .bool(try lexer.bool())
        case .null:
            try lexer.null()
            return .null
        }
    }
}
