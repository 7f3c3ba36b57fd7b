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
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= longest else { return nil }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return trimmed
    }
}
