/// Path arithmetic on the text of a path, as `dirname` and `basename` do it, keeping a relative
/// path relative. Foundation's `NSString.deletingLastPathComponent` traps on Linux when the path
/// is one character (`flow run --junit j` crashed writing its report), so the runner does its own.
public enum PathText {
    /// The folder part: `a/b` → `a`, `a` → ``, `/a` → `/`, `a/b/` → `a`, `/` → `/`.
    public static func parent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path[...])
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        guard slash != trimmed.startIndex else { return "/" }
        return String(withoutTrailingSlashes(trimmed[..<slash]))
    }

    /// The last name: `a/b` → `b`, `a/b/` → `b`, `a` → `a`, `/` → `/`.
    public static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path[...])
        guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    private static func withoutTrailingSlashes(_ path: Substring) -> Substring {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path
    }
}
