import Foundation

/// Reads `2026-06-01T09:05:00Z` (or with an offset from `-18:00` to `+18:00`, and optional
/// fractions of a second), refusing
/// what Foundation's ISO 8601 parser quietly rolls over: February 30th, June 31st, hour 25,
/// minute or second 60.
enum StrictDate {
    // Regex is immutable once built; it is only not marked Sendable.
    nonisolated(unsafe) private static let pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

    static func parse(_ text: String) -> Date? {
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        let zone: TimeZone?
        if match.8 == "Z" {
            zone = TimeZone(secondsFromGMT: 0)
        } else {
            let sign = match.8.first == "-" ? -1 : 1
            let parts = match.8.dropFirst().split(separator: ":").compactMap { Int($0) }
            // Offsets run from -18:00 to +18:00, as Foundation's time zones do (and ISO 8601's in use).
            guard parts.count == 2, parts[1] <= 59, parts[0] * 60 + parts[1] <= 18 * 60 else { return nil }
            zone = TimeZone(secondsFromGMT: sign * (parts[0] * 3600 + parts[1] * 60))
        }
        guard let zone else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            calendar: calendar, timeZone: zone,
            year: Int(match.1), month: Int(match.2), day: Int(match.3),
            hour: Int(match.4), minute: Int(match.5), second: Int(match.6)
        )
        guard let hour = components.hour, hour <= 23, let minute = components.minute, minute <= 59,
              let second = components.second, second <= 59, components.isValidDate(in: calendar),
              let date = calendar.date(from: components) else { return nil }
        let fraction = match.7.flatMap { Double("0" + $0) } ?? 0
        return date.addingTimeInterval(fraction)
    }
}
