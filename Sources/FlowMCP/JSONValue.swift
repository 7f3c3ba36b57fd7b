/// A JSON value as a message holds it. A number is kept as the literal the client wrote, so an id
/// such as `1.5`, `9223372036854775808` or `1e400` is echoed back exactly as JSON-RPC asks, which
/// no conversion to a Swift number can promise.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The literal as written (valid per RFC 8259).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// What the value is, in an error's words: "a number", "an array".
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A whole number held exactly by an `Int`: `3`, `-2`, `3.0`, `2e1`; nil for `1.5`, `1e30` or not a number.
    var integer: Int? {
        guard case let .number(literal) = self else { return nil }
        if let whole = Int(literal) { return whole }
        // 3.0 and 2e1 are integers to JSON Schema too; past 2^53 a Double no longer says which.
        guard let double = Double(literal), double.rounded() == double, abs(double) <= 9_007_199_254_740_992 else { return nil }
        return Int(double)
    }

    /// The value on one line (no newline in it: every control character is escaped), keys sorted
    /// so an answer reads the same every time.
    var serialized: [UInt8] {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return bytes
    }

    private func write(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes += Array("null".utf8)
        case let .bool(value): bytes += Array((value ? "true" : "false").utf8)
        case let .number(literal): bytes += Array(literal.utf8)
        case let .string(text): Self.write(text, to: &bytes)
        case let .array(items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case let .object(members):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                members[key]?.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func write(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
