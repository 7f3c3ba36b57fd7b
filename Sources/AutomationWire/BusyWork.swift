import NameMatching

/// One piece of work an app has in flight, by the name it was given where it was scheduled, and
/// how long it has been running: what keeps the app from being idle (`{"work": "upload",
/// "for_ms": 1200}`).
///
/// Frames carry them from protocol 2 on (``AutomationLaunch/protocolVersion``): a wait that
/// times out can then say what the app was still busy with, and for how long, not only that it was.
public struct BusyWork: Codable, Equatable, Sendable {
    /// The work's name, as the app's code gave it when it scheduled the work (`upload`).
    public var work: String
    /// How long it had run when the frame was made, in whole milliseconds.
    public var milliseconds: Int

    public init(work: String, milliseconds: Int) {
        self.work = work
        self.milliseconds = milliseconds
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case work
        case milliseconds = "for_ms"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        work = try c.decode(String.self, forKey: .work)
        milliseconds = try c.decode(Int.self, forKey: .milliseconds)
    }

    /// The most milliseconds a frame may give work: a bit over 31 years. A larger `for_ms` is
    /// refused when read, so no sum with it can overflow.
    public static let longest = 1_000_000_000_000

    /// A duration in whole milliseconds, rounded down, from 0 to ``longest``: the one conversion
    /// both sides make (a clock that stepped back gives 0).
    public static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        guard seconds < Int64(longest / 1000) else { return longest }
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// The work as a person reads it: `upload (4.9 s)`, its time given to a tenth of a second,
    /// its name on one line and at most 60 characters (the app chose it: it may be anything).
    public var summary: String {
        "\(BusyWork.shown(work)) (\(BusyWork.seconds(milliseconds)))"
    }

    /// A name as a one-line message may show it: a control character as `?`, a long one cut.
    static func shown(_ name: String) -> String {
        Suggestion.shown(oneLine(name))
    }

    /// `text` with every control character, newline and tab included, shown as `?`: what the
    /// app sends (a work's name, a version) said in a line of the runner's or the app's own.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
    }

    /// Milliseconds as seconds to a tenth (`4.9 s`), or as milliseconds under a tenth (`40 ms`).
    static func seconds(_ milliseconds: Int) -> String {
        guard milliseconds >= 100 else { return "\(max(milliseconds, 0)) ms" }
        let tenths = (min(milliseconds, longest) + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// A frame's busy list as one line: `upload (4.9 s), read the library (0.2 s)`; the work
    /// that has run longest first, as it is the likeliest to be the one that hangs; at most five,
    /// then how many more.
    public static func summary(_ work: [BusyWork]) -> String {
        let sorted = work.sorted { $0.milliseconds > $1.milliseconds }
        let shown = sorted.prefix(5).map(\.summary).joined(separator: ", ")
        return sorted.count > 5 ? shown + " and \(sorted.count - 5) more" : shown
    }
}
