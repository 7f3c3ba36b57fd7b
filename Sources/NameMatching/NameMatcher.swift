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

    /// Levenshtein distance between two character arrays.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
