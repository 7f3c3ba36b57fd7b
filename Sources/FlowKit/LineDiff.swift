/// A line diff of two texts: the lines they share, and those only one has, in order. Golden screens
/// print it as a unified diff (a terminal, a JUnit failure, a test's issue) and the HTML report
/// lays it out side by side, from the same lines.
public enum LineDiff {
    /// One line of the diff.
    public enum Line: Sendable, Equatable {
        /// In both texts.
        case same(String)
        /// Only in the first (the golden).
        case removed(String)
        /// Only in the second (the screen now).
        case added(String)
    }

    /// How many lines of each text the longest common subsequence is worked out for at most (their
    /// product): past it, what lies between the shared first and last lines is shown as replaced.
    static let cellLimit = 4_000_000

    /// The lines of `old` and `new` in order: shared ones as `.same`, the others as `.removed` (before)
    /// or `.added`, fewest changes first.
    public static func lines(from old: [String], to new: [String]) -> [Line] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let a = Array(old[prefix..<(old.count - suffix)]), b = Array(new[prefix..<(new.count - suffix)])
        var middle: [Line] = []
        if a.isEmpty || b.isEmpty || a.count * b.count > cellLimit {
            middle = a.map(Line.removed) + b.map(Line.added)
        } else {
            // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
            let width = b.count + 1
            var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    lengths[i * width + j] = a[i] == b[j] ? lengths[(i + 1) * width + j + 1] + 1
                        : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                }
            }
            var i = 0, j = 0
            while i < a.count || j < b.count {
                if i < a.count, j < b.count, a[i] == b[j] {
                    middle.append(.same(a[i]))
                    i += 1
                    j += 1
                } else if j == b.count || (i < a.count && lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
                    middle.append(.removed(a[i]))
                    i += 1
                } else {
                    middle.append(.added(b[j]))
                    j += 1
                }
            }
        }
        return old[..<prefix].map(Line.same) + middle + old[(old.count - suffix)...].map(Line.same)
    }

    /// A unified diff (`--- NAME`, `+++ NAME`, then `@@ -a,b +c,d @@` hunks with `context` lines
    /// around each change), or nil when the texts are the same. A final newline is not a line.
    public static func unified(from old: String, to new: String, fromName: String, toName: String, context: Int = 3) -> String? {
        guard old != new else { return nil }
        let diff = lines(from: split(old), to: split(new))
        guard diff.contains(where: { if case .same = $0 { false } else { true } }) else { return nil }
        var output = ["--- \(fromName)", "+++ \(toName)"]
        // The changed lines' indices, grouped into hunks whose contexts touch.
        let changed = diff.indices.filter { if case .same = diff[$0] { false } else { true } }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(diff.count - 1, index + context)
            if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                groups.append(range)
            }
        }
        for group in groups {
            // Line numbers before the hunk, in each text.
            var oldStart = 0, newStart = 0
            for line in diff[..<group.lowerBound] {
                switch line {
                case .same: oldStart += 1; newStart += 1
                case .removed: oldStart += 1
                case .added: newStart += 1
                }
            }
            var oldCount = 0, newCount = 0, body: [String] = []
            for line in diff[group] {
                switch line {
                case let .same(text): oldCount += 1; newCount += 1; body.append(" " + text)
                case let .removed(text): oldCount += 1; body.append("-" + text)
                case let .added(text): newCount += 1; body.append("+" + text)
                }
            }
            output.append("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@")
            output += body
        }
        return output.joined(separator: "\n") + "\n"
    }

    /// `start,count` as a unified diff writes a hunk's lines (from 1; `start` is the line before an empty hunk).
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }

    /// The lines of `text`, a final newline ending the last one rather than starting another.
    public static func split(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }
}
