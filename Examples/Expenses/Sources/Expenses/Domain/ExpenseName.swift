import Foundation

/// An expense's name as a person types it.
///
/// Valid: after trimming spaces and newlines, from 1 to ``longest`` characters, with no control
/// character (a tab, an escape) in it.
public enum ExpenseName {
    /// The longest name: a name is a word or two, and a row of the list has room for this many.
    public static let longest = 40

    /// The name `text` gives, trimmed, or nil when it is not a valid name.
    public static func checked(_ text: String) -> String? {
        #if PLANTED_BUGS
        // Planted bug (a crash on a typed value, for flow explore): the initial is cut by bytes,
        // as if every character were one, and read past the end when one is not.
        let bytes = Array(text.utf8)
        if bytes.count != text.count { _ = bytes[bytes.count + text.count] }
        #endif
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= longest else { return nil }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return trimmed
    }
}
