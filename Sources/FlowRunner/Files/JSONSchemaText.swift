import Foundation

/// The pieces the toolkit's JSON Schemas (of explore's map, of a flow's trace) are written from,
/// and how one is printed: each schema is declared once in Swift beside the type it describes, and
/// a test holds the committed file to it.
package enum JSONSchemaText {
    /// An object of `properties` (name, schema, required), no other key allowed.
    package static func object(_ properties: [(String, [String: Any], Bool)], _ description: String) -> [String: Any] {
        var schema: [String: Any] = ["type": "object", "additionalProperties": false, "description": description,
                                     "properties": Dictionary(properties.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })]
        let required = properties.filter(\.2).map(\.0)
        if !required.isEmpty { schema["required"] = required }
        return schema
    }

    /// `type` with a description.
    package static func described(_ type: [String: Any], _ description: String) -> [String: Any] {
        type.merging(["description": description]) { $1 }
    }

    /// The root schema as its committed file holds it: `title`, draft 7, pretty and sorted.
    package static func document(_ root: [String: Any], title: String) -> String {
        var root = root
        root["$schema"] = "http://json-schema.org/draft-07/schema#"
        root["title"] = title
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
