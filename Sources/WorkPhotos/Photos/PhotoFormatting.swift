import Foundation

/// How photo facts read on screen. The time zone is fixed by the caller, and the locale is fixed
/// here, so tests and flows read the same text on every machine.
public struct PhotoFormatting: Sendable {
    private let style: Date.VerbatimFormatStyle

    public init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        style = Date.VerbatimFormatStyle(
            format: "\(weekday: .abbreviated) \(day: .defaultDigits) \(month: .abbreviated) \(year: .defaultDigits), \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
            locale: Locale(identifier: "en_US_POSIX"), timeZone: timeZone, calendar: calendar
        )
    }

    /// "Mon 1 Jun 2026, 09:05"
    public func date(_ date: Date) -> String {
        date.formatted(style)
    }

    /// "1 work photo", "8 work photos", "0 other photos"; without a noun, "1 photo", "8 photos".
    public static func count(_ count: Int, _ noun: String? = nil) -> String {
        "\(count) \(noun.map { "\($0) " } ?? "")photo\(count == 1 ? "" : "s")"
    }
}
