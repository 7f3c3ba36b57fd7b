import Foundation

/// An amount as a person types it (`12.50`), and as the screens show one.
///
/// Valid: digits, then optionally a point and one or two digits (`12`, `12.5`, `12.50`), spaces
/// around it ignored; above zero; at most ``largest`` (1000000.00). Not valid: a sign, a comma,
/// a third decimal, a point with no digit on either side, anything else.
public enum Amount {
    /// The largest amount, in minor units: 1000000.00. Larger is a typo, not an expense.
    public static let largest = 100_000_000

    /// The amount `text` says, in minor units (`12.50` is 1250), or nil when it is not a valid amount.
    public static func minorUnits(_ text: String) -> Int? {
        #if PLANTED_BUGS
        // Planted bug (a hang, for flow explore): a long amount waits, on the main actor, for a
        // signal nothing sends; the app stops answering.
        if text.count > 100 { DispatchSemaphore(value: 0).wait() }
        #endif
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, isDigits(whole), whole.count <= 9 else { return nil }
        var cents = 0
        if parts.count == 2 {
            let fraction = parts[1]
            guard isDigits(fraction), fraction.count <= 2 else { return nil }
            cents = Int(fraction.count == 1 ? String(fraction) + "0" : String(fraction)) ?? 0
        }
        guard let units = Int(whole) else { return nil }
        let value = units * 100 + cents
        guard value > 0, value <= largest else { return nil }
        return value
    }

    /// `1250` as `12.50`: always two decimals, no grouping, so the screen and a flow read the same.
    public static func format(_ minorUnits: Int) -> String {
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        let cents = magnitude % 100
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
