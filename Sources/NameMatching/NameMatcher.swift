/// Finds the valid name nearest to a mistyped one, for "did you mean" hints.
public enum NameMatcher {
    /// The candidate closest to `name` by edit distance (case-insensitive), if it is close enough
    /// to be a plausible typo: at most a third of the longer name's length, and at least one edit.
    public static func nearest(to name: String, in candidates: [String]) -> String? {
        let needle = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where !candidate.isEmpty {
            let distance = editDistance(needle, Array(candidate.lowercased()))
            let limit = max(1, max(needle.count, candidate.count) / 3)
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
