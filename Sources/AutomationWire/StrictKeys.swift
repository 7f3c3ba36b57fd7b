/// Rejects keys a type does not know, so a renamed or mistyped field is an error rather than a
/// value silently decoded as its default.
enum StrictKeys {
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func check<Key: CodingKey>(_ decoder: any Decoder, allowed: [Key], in what: String) throws {
        let container: KeyedDecodingContainer<AnyKey>
        do {
            container = try decoder.container(keyedBy: AnyKey.self)
        } catch {
            throw WireError.notAnObject(what: what)
        }
        let known = allowed.map(\.stringValue)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw WireError.unknownField(key.stringValue, in: what, known: known)
        }
    }
}
