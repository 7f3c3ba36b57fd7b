import Foundation

/// Finds the public declarations of Swift source files and whether each has a `///` summary.
///
/// A deliberately small reader, not a Swift parser: it removes comments and the contents of string
/// literals (keeping each line's strings aside, for scans of what code says), follows braces to know which type or body a line is in, and reads the start of each
/// line. What it counts as a public declaration:
/// - a line whose modifiers include `public` or `open` and whose keyword is one of `func`, `init`,
///   `var`, `let`, `subscript`, `case`, `struct`, `class`, `enum`, `protocol`, `typealias`,
///   `actor` or `associatedtype`, at type level (not inside a function or closure body), in types
///   that are public themselves (an extension's members count wherever they are);
/// - a `case` line of a public enum, and a requirement (`func`, `var`, `init`, `subscript`,
///   `associatedtype`) of a public protocol, which are public without saying so;
/// - a member of a `public extension` that names no access level.
///
/// `extension` lines themselves are not counted (DocC documents their members, not them). A line
/// declaring several things (`case up, down`) counts once. A declaration is documented when the
/// line above it (attribute lines such as `@MainActor` skipped) ends a `///` or `/** */` comment
/// whose first line is a summary: a block that starts with `- Parameter` or `- Returns` is not.
enum DocCommentScanner {
    struct Declaration: CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        let isDocumented: Bool

        var description: String { "\(file):\(line): \(text)" }
    }

    /// Every public declaration in the `.swift` files under `folder`, in file and line order.
    /// `access` is the access levels that count: `package` for a module only the toolkit uses.
    static func publicDeclarations(inFolder folder: URL, access: Set<String> = ["public", "open"]) throws -> [Declaration] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        let files = walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        return try files.flatMap { file in
            try publicDeclarations(in: String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent, access: access)
        }
    }

    // MARK: - Lines without comments and strings

    struct Line {
        /// The line's code, with comments removed and string literals emptied (`""`).
        var code = ""
        /// The line as the compiler reads it: comments removed, string literals kept whole.
        var text = ""
        /// Part of a `///` or `/** */` comment.
        var isDoc = false
        /// The doc comment's text on this line.
        var docText = ""
    }

    private enum Context {
        /// Code; `parens` counts open parentheses, to find the end of a string interpolation.
        case code(parens: Int)
        case string(multiline: Bool, hashes: Int)
        case blockComment(depth: Int, isDoc: Bool)
    }

    static func lines(of source: String) -> [Line] {
        let chars = Array(source)
        var lines = [Line()]
        var stack: [Context] = [.code(parens: 0)]
        var lineComment: (active: Bool, isDoc: Bool) = (false, false)
        func at(_ index: Int) -> Character? { chars.indices.contains(index) ? chars[index] : nil }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\n" {
                lines.append(Line())
                lineComment = (false, false)
                i += 1
                continue
            }
            if lineComment.active {
                if lineComment.isDoc { lines[lines.count - 1].docText.append(c) }
                i += 1
                continue
            }
            switch stack[stack.count - 1] {
            case let .code(parens):
                if c == "/", at(i + 1) == "/" {
                    let isDoc = at(i + 2) == "/" && at(i + 3) != "/"
                    lineComment = (true, isDoc)
                    if isDoc { lines[lines.count - 1].isDoc = true }
                    i += isDoc ? 3 : 2
                    continue
                }
                if c == "/", at(i + 1) == "*" {
                    let isDoc = at(i + 2) == "*" && at(i + 3) != "/" && at(i + 3) != "*"
                    stack.append(.blockComment(depth: 1, isDoc: isDoc))
                    i += isDoc ? 3 : 2
                    continue
                }
                if c == "\"" || c == "#" {
                    var j = i
                    while at(j) == "#" { j += 1 }
                    if at(j) == "\"" {
                        let multiline = at(j + 1) == "\"" && at(j + 2) == "\""
                        if stack.count == 1 { lines[lines.count - 1].code += "\"\"" }
                        stack.append(.string(multiline: multiline, hashes: j - i))
                        let end = j + (multiline ? 3 : 1)
                        lines[lines.count - 1].text += String(chars[i..<min(end, chars.count)])
                        i = end
                        continue
                    }
                }
                if c == "(" {
                    stack[stack.count - 1] = .code(parens: parens + 1)
                } else if c == ")" {
                    if parens == 0, stack.count > 1 {
                        stack.removeLast()  // the end of a string interpolation
                        lines[lines.count - 1].text.append(c)
                        i += 1
                        continue
                    }
                    stack[stack.count - 1] = .code(parens: max(0, parens - 1))
                }
                // Code inside a string interpolation is left out with the string: its braces balance.
                if stack.count == 1 { lines[lines.count - 1].code.append(c) }
                lines[lines.count - 1].text.append(c)
                i += 1
            case let .string(multiline, hashes):
                if c == "\\", (0..<hashes).allSatisfy({ at(i + 1 + $0) == "#" }) {
                    let next = i + 1 + hashes
                    let start = i
                    if at(next) == "(" {
                        stack.append(.code(parens: 0))
                        i = next + 1
                    } else {
                        i = at(next) == "\n" ? next : next + 1  // an escaped character (a newline stays a line)
                    }
                    lines[lines.count - 1].text += String(chars[start..<min(i, chars.count)])
                    continue
                }
                if c == "\"", !multiline || (at(i + 1) == "\"" && at(i + 2) == "\"") {
                    let end = i + (multiline ? 3 : 1)
                    if (0..<hashes).allSatisfy({ at(end + $0) == "#" }) {
                        stack.removeLast()
                        lines[lines.count - 1].text += String(chars[i..<min(end + hashes, chars.count)])
                        i = end + hashes
                        continue
                    }
                }
                lines[lines.count - 1].text.append(c)
                i += 1
            case let .blockComment(depth, isDoc):
                if c == "*", at(i + 1) == "/" {
                    if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .blockComment(depth: depth - 1, isDoc: isDoc) }
                    i += 2
                    continue
                }
                if c == "/", at(i + 1) == "*" {
                    stack[stack.count - 1] = .blockComment(depth: depth + 1, isDoc: isDoc)
                    i += 2
                    continue
                }
                if isDoc {
                    lines[lines.count - 1].isDoc = true
                    lines[lines.count - 1].docText.append(c)
                }
                i += 1
            }
        }
        return lines
    }

    // MARK: - Declarations

    private enum Scope {
        /// A type or extension body: declarations here are members.
        case type(isPublic: Bool, isExtension: Bool, isPublicExtension: Bool, kind: String)
        /// A function, accessor or closure body, or any other block: nothing here is API.
        case body
    }

    private static let accessWords: Set = ["public", "open", "private", "fileprivate", "internal", "package"]
    private static let modifierWords: Set = [
        "public", "open", "private", "fileprivate", "internal", "package", "static", "final", "override", "mutating",
        "nonmutating", "required", "convenience", "lazy", "weak", "unowned", "nonisolated", "dynamic", "indirect",
        "optional", "isolated", "consuming", "borrowing", "distributed",
    ]
    private static let declarationWords: Set = [
        "func", "init", "var", "let", "subscript", "case", "struct", "class", "enum", "protocol", "typealias",
        "extension", "actor", "associatedtype",
    ]
    private static let typeWords: Set = ["struct", "class", "enum", "protocol", "extension", "actor"]
    private static let requirementWords: Set = ["func", "var", "init", "subscript", "associatedtype"]

    /// The words at the start of `code`, attributes (`@MainActor`, `@available(...)`) dropped.
    /// A parenthesised suffix stays with its word: `private(set)`.
    static func leadingWords(_ code: String) -> (attributesOnly: Bool, words: [String]) {
        var words: [String] = []
        var sawAttribute = false
        var rest = Substring(code)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { break }
            if first == "@" {
                sawAttribute = true
                rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
                if rest.first == "(" { rest = dropBalancedParentheses(rest) }
                continue
            }
            guard first.isLetter || first == "_" else { break }
            var word = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            rest = rest.dropFirst(word.count)
            if rest.first == "(", ["private", "public", "internal", "fileprivate", "package", "nonisolated", "unowned"].contains(word) {
                let after = dropBalancedParentheses(rest)
                word += rest[rest.startIndex..<after.startIndex]
                rest = after
            }
            words.append(word)
            if !modifierWords.contains(baseWord(word)) && word != "class" { break }
        }
        return (sawAttribute && words.isEmpty && rest.allSatisfy(\.isWhitespace), words)
    }

    private static func dropBalancedParentheses(_ text: Substring) -> Substring {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return text[text.index(after: index)...] }
            }
            index = text.index(after: index)
        }
        return text[text.endIndex...]
    }

    private static func baseWord(_ word: String) -> String {
        String(word.prefix { $0 != "(" })
    }

    static func publicDeclarations(in source: String, file: String = "source.swift", access: Set<String> = ["public", "open"]) -> [Declaration] {
        let lines = lines(of: source)
        var scopes: [Scope] = []
        var pendingType: Scope?
        var found: [Declaration] = []
        for (index, line) in lines.enumerated() {
            let code = line.code.trimmingCharacters(in: .whitespaces)
            guard !code.isEmpty, !code.hasPrefix("#") else { continue }
            var declaredType: Scope?
            if case .body? = scopes.last {} else {
                let words = leadingWords(code).words
                // `class var`, `class func`: `class` is a modifier there.
                let keywordIndex = words.indices.first { i in
                    let word = words[i]
                    if word == "class", i + 1 < words.count, ["var", "func", "subscript", "let"].contains(words[i + 1]) { return false }
                    return declarationWords.contains(word)
                }
                if let keywordIndex {
                    let keyword = words[keywordIndex]
                    let modifiers = words[..<keywordIndex].map(baseWord)
                    let explicitlyPublic = modifiers.contains { access.contains($0) }
                    let namesAccess = modifiers.contains { accessWords.contains($0) }
                    var isPublic = explicitlyPublic
                    var enclosingArePublic = true
                    for scope in scopes {
                        if case let .type(scopeIsPublic, isExtension, _, _) = scope, !isExtension, !scopeIsPublic { enclosingArePublic = false }
                    }
                    if case let .type(scopeIsPublic, _, isPublicExtension, kind)? = scopes.last {
                        if kind == "enum", keyword == "case", scopeIsPublic { isPublic = true }
                        if kind == "protocol", scopeIsPublic, requirementWords.contains(keyword) { isPublic = true }
                        if isPublicExtension, !namesAccess { isPublic = true }
                    }
                    if typeWords.contains(keyword) {
                        declaredType = .type(
                            isPublic: explicitlyPublic, isExtension: keyword == "extension",
                            isPublicExtension: keyword == "extension" && explicitlyPublic, kind: keyword
                        )
                    }
                    if isPublic, enclosingArePublic, keyword != "extension" {
                        found.append(Declaration(
                            file: file, line: index + 1, text: code, isDocumented: hasSummary(above: index, in: lines)
                        ))
                    }
                }
            }
            var typeBraceTaken = false
            for character in code {
                if character == "{" {
                    if let declaredType, !typeBraceTaken {
                        scopes.append(declaredType)
                        typeBraceTaken = true
                    } else if let pending = pendingType {
                        scopes.append(pending)
                        pendingType = nil
                    } else {
                        scopes.append(.body)
                    }
                } else if character == "}" {
                    _ = scopes.popLast()
                }
            }
            if let declaredType, !typeBraceTaken { pendingType = declaredType }
        }
        return found
    }

    /// The lines above `index` (attribute lines skipped) end a doc comment whose first line is a
    /// summary, not a `- Parameter` field.
    private static func hasSummary(above index: Int, in lines: [Line]) -> Bool {
        var above = index - 1
        while above >= 0, !lines[above].isDoc, leadingWords(lines[above].code).attributesOnly { above -= 1 }
        guard above >= 0, lines[above].isDoc, lines[above].code.allSatisfy(\.isWhitespace) else { return false }
        var first = above
        while first > 0, lines[first - 1].isDoc, lines[first - 1].code.allSatisfy(\.isWhitespace) { first -= 1 }
        let text = lines[first...above].map { $0.docText.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasPrefix("*") ? String($0.dropFirst()).trimmingCharacters(in: .whitespaces) : $0 }
        guard let summary = text.first(where: { !$0.isEmpty }) else { return false }
        return !summary.hasPrefix("- ")
    }
}
