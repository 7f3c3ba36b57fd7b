/// Finds the valid name nearest to a mistyped one, for "did you mean" hints.
///
/// Bounded: names longer than `maxLength` get no suggestion, and candidates whose length differs by
/// more than the allowed distance are skipped before any matrix is built, so a megabyte of input
/// costs a length comparison, not a megabyte-squared table.
public enum NameMatcher {
    /// Past this many characters a name is not a typo of a control's name: no suggestion.
    public static let maxLength = 128

    /// The candidate closest to `name` by edit distance (case-insensitive), if it is close enough
    /// to be a plausible typo: at most a third of the longer name's length, and at least one edit.
    public static func nearest(to name: String, in candidates: [String]) -> String? {
        nearest(to: name, in: candidates, measuring: editDistance)
    }

    /// `nearest(to:in:)` with the distance it measures by given, so that a test can see which
    /// candidates get measured at all (those the lengths rule out must not).
    static func nearest(to name: String, in candidates: [String], measuring measure: ([Character], [Character]) -> Int) -> String? {
        guard name.utf8.count <= maxLength * 4 else { return nil }
        let needle = Array(name.lowercased())
        guard needle.count <= maxLength else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates where !candidate.isEmpty && candidate.utf8.count <= maxLength * 4 {
            let other = Array(candidate.lowercased())
            guard other.count <= maxLength else { continue }
            let limit = max(1, max(needle.count, other.count) / 3)
            // The lengths alone bound the distance from below.
            guard abs(needle.count - other.count) <= limit else { continue }
            let distance = measure(needle, other)
            guard distance <= limit else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Edit distance counting an insertion, a deletion, a substitution or a swap of two
    /// neighbouring characters as one edit (optimal string alignment), so `tpa` is one from `tap`.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}

/// The one way every layer words a "did you mean" hint.
public enum Suggestion {
    /// ` (did you mean "Login"?)` when a candidate is near `name`, else "".
    public static func didYouMean(_ name: String, in candidates: [String], prefix: String = "") -> String {
        format(NameMatcher.nearest(to: name, in: candidates), prefix: prefix)
    }

    /// ` (did you mean "Login"?)` for a suggestion already found, else "".
    public static func format(_ suggestion: String?, prefix: String = "") -> String {
        guard let suggestion else { return "" }
        return prefix.isEmpty ? " (did you mean \"\(suggestion)\"?)" : " (did you mean \(prefix)\(suggestion)?)"
    }

    /// A name as an error quotes it: at most `limit` characters, so a huge input is not echoed.
    public static func shown(_ name: String, limit: Int = 60) -> String {
        name.count > limit ? String(name.prefix(limit)) + "… (\(name.utf8.count) bytes)" : name
    }
}
