import Foundation

/// The figures that have a target, each beside its floor: printed as one table at the end of a
/// run (for pasting into docs/benchmarks.md or an issue), and what `--check` (make bench-check) fails on.
final class Scoreboard {
    /// What a figure must be: at most so much, at least so much (a rate), or at most so many
    /// times its floor.
    enum Target {
        case atMost(Double)
        case atLeast(Double)
        case timesFloor(Double)
        /// At least this many times its floor (a rate that must keep up with its floor's).
        case atLeastTimesFloor(Double)
        /// No target: a figure reported beside its floor (always "met").
        case report
    }

    /// One figure: what it is, its value and floor (in `unit`), and its target.
    struct Row {
        let figure: String
        let value: Double
        let floor: Double?
        let unit: String
        let target: Target

        var ratio: Double? { floor.flatMap { $0 > 0 ? value / $0 : nil } }

        var met: Bool {
            switch target {
            case let .atMost(limit): value <= limit
            case let .atLeast(limit): value >= limit
            case let .timesFloor(times): ratio.map { $0 <= times } ?? false
            case let .atLeastTimesFloor(times): ratio.map { $0 >= times } ?? false
            case .report: true
            }
        }

        var targetText: String {
            switch target {
            case let .atMost(limit): "≤ \(Self.format(limit)) \(unit)"
            case let .atLeast(limit): "≥ \(Self.format(limit)) \(unit)"
            case let .timesFloor(times): "≤ \(Self.format(times))× the floor"
            case let .atLeastTimesFloor(times): "≥ \(Self.format(times))× the floor"
            case .report: "(reported)"
            }
        }

        static func format(_ value: Double) -> String {
            value >= 10 ? String(format: "%.1f", value) : value >= 0.1 ? String(format: "%.2f", value) : String(format: "%.3f", value)
        }
    }

    private(set) var rows: [Row] = []

    /// Records `figure` (in `unit`) beside its floor, against `target`.
    func add(_ figure: String, _ value: Double, floor: Double?, unit: String, target: Target) {
        rows.append(Row(figure: figure, value: value, floor: floor, unit: unit, target: target))
    }

    /// The figures that missed their target.
    var missed: [Row] { rows.filter { !$0.met } }

    /// The table: figure, value, floor, ratio, target, met; then how many were met.
    var table: String {
        var lines = [
            "| figure | now | floor | ÷ floor | target | met? |",
            "|---|---|---|---|---|---|",
        ]
        for row in rows {
            let floor = row.floor.map { "\(Row.format($0)) \(row.unit)" } ?? ""
            let ratio = row.ratio.map { String(format: "%.2f×", $0) } ?? ""
            lines.append("| \(row.figure) | \(Row.format(row.value)) \(row.unit) | \(floor) | \(ratio) | \(row.targetText) | \(row.met ? "yes" : "NO") |")
        }
        // A reported figure has no target: it is not counted as one met.
        let targeted = rows.filter { if case .report = $0.target { false } else { true } }
        lines.append("\(targeted.count - missed.count) of \(targeted.count) targets met")
        return lines.joined(separator: "\n")
    }
}
