/// Path arithmetic on the text of a path, as `dirname` and `basename` do it, keeping a relative
/// path relative. Foundation's `NSString.deletingLastPathComponent` traps on Linux when the path
/// is one character (`flow run --junit j` crashed writing its report), so the runner does its own.
package enum PathText {
    /// The folder part: `a/b` → `a`, `a` → ``, `/a` → `/`, `a/b/` → `a`, `/` → `/`.
    package static func parent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path[...])
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        guard slash != trimmed.startIndex else { return "/" }
        return String(withoutTrailingSlashes(trimmed[..<slash]))
    }

    /// `name` inside `folder`: `a` + `b` → `a/b`, `a/` + `b` → `a/b`, `/` + `b` → `/b`, and
    /// `name` alone when `folder` is empty (the current folder, as ``parent(of:)`` says it).
    package static func joined(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder.hasSuffix("/") ? folder : folder + "/") + name
    }

    /// The last name: `a/b` → `b`, `a/b/` → `b`, `a` → `a`, `/` → `/`.
    package static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path[...])
        guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// A path as messages show it: control characters escaped (`\n`, `\u{1b}`), so none reaches
    /// a terminal, and an empty one as `""`, so the message still shows there was one.
    package static func shown(_ path: String) -> String {
        guard !path.isEmpty else { return "\"\"" }
        var result = ""
        for scalar in path.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += scalar.value == 0x0A ? "\\n" : scalar.value == 0x09 ? "\\t" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func withoutTrailingSlashes(_ path: Substring) -> Substring {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path
    }
}
