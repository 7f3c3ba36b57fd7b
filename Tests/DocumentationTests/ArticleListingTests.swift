import Foundation
import Testing

/// The articles in the DocC catalogues show real code: every Swift listing is a run of lines that
/// exists, as it is, in a file under Sources/ or Tests/ or an example app's (Examples/*/Sources,
/// Examples/*/Tests), indentation aside; a listing (Swift or YAML) that the sentence before it
/// says is from a file (`` In `Examples/Expenses/Flows/schemes/default.yaml`: ``) is in that very
/// file, and is all of it, line for line, when the sentence says so (`` All of `FILE`: ``); and every `Sources/…`, `Tests/…` or `Examples/…` path they name exists. When the code
/// changes, the article has to change with it.
struct ArticleListingTests {
    /// The modules with a DocC catalogue.
    static let modules = DocCommentTests.modules.map(\.name).filter { FileManager.default.fileExists(atPath: DocCommentTests.root.appendingPathComponent("Sources/\($0)/\($0).docc").path) }

    /// The articles of a module's catalogue (`Sources/<Module>/<Module>.docc/*.md`).
    static func articles(of module: String) throws -> [URL] {
        let catalogue = DocCommentTests.root.appendingPathComponent("Sources/\(module)/\(module).docc")
        return try FileManager.default.contentsOfDirectory(at: catalogue, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    /// Each ```swift … ``` block of `markdown`, as its lines.
    static func swiftListings(in markdown: String) -> [[String]] {
        listings(in: markdown).filter { $0.language == "swift" }.map(\.lines)
    }

    /// A fenced block of an article: its language, its lines, and the file the paragraph before
    /// it says it is from (a backticked path ending it, before a colon), if any; whole when that
    /// paragraph ends "All of `FILE`:".
    struct Listing {
        let language: String
        let lines: [String]
        let file: String?
        var isWhole = false
    }

    /// Each fenced block of `markdown` with a language (```swift, ```yaml, ...).
    static func listings(in markdown: String) -> [Listing] {
        var listings: [Listing] = []
        var current: (language: String, lines: [String], file: String?, isWhole: Bool)?
        // The paragraph before a fence, on one line: a sentence may wrap before its path.
        var paragraph: [String] = []
        var previous = ""
        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed.hasPrefix("```"), trimmed.count > 3 {
                let file = namedFile(in: previous)
                current = (String(trimmed.dropFirst(3)), [], file, file.map { previous.hasSuffix("All of `\($0)`:") } ?? false)
            } else if let open = current, trimmed == "```" {
                listings.append(Listing(language: open.language, lines: open.lines, file: open.file, isWhole: open.isWhole))
                current = nil
                paragraph = []
            } else if current != nil {
                current?.lines.append(line)
            }
            guard current == nil, !trimmed.hasPrefix("```") else { continue }
            if trimmed.isEmpty {
                paragraph = []
            } else {
                paragraph.append(trimmed)
                previous = paragraph.joined(separator: " ")
            }
        }
        return listings
    }

    /// `Examples/Expenses/Package.swift` from a sentence ending "... `Examples/Expenses/Package.swift`:".
    static func namedFile(in sentence: String) -> String? {
        guard sentence.hasSuffix("`:") else { return nil }
        let parts = sentence.dropLast(2).split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 2, let path = parts.last, path.contains("/"), !path.contains(" ") else { return nil }
        return String(path)
    }

    /// The folders whose Swift files a listing may come from: the toolkit's and the reference app's
    /// (Sources/, Tests/), and each example app's.
    static let codeFolders: [String] = {
        let examples = (try? FileManager.default.contentsOfDirectory(atPath: DocCommentTests.root.appendingPathComponent("Examples").path)) ?? []
        return ["Sources", "Tests"] + examples.sorted().flatMap { ["Examples/\($0)/Sources", "Examples/\($0)/Tests"] }
    }()

    /// Every line of every Swift file under those folders, trimmed, by file.
    static let code: [(file: String, lines: [String])] = {
        codeFolders.flatMap { folder -> [(file: String, lines: [String])] in
            let url = DocCommentTests.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            return files.compactMap { file in
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
                return (file.path, text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            }
        }
    }()

    static func isExcerpt(_ listing: [String]) -> Bool {
        code.contains { _, lines in contains(lines, listing) }
    }

    /// Whether `listing` is a run of `lines`, each trimmed.
    static func contains(_ lines: [String], _ listing: [String]) -> Bool {
        let wanted = listing.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !wanted.isEmpty, lines.count >= wanted.count else { return false }
        return (0...(lines.count - wanted.count)).contains { start in
            lines[start] == wanted[0] && Array(lines[start..<start + wanted.count]) == wanted
        }
    }

    /// Where a path an article names is: from the repository's root, but for an app `flow new`
    /// writes (`Tally/Package.swift`), which is in the folder ``NewApps`` wrote it to.
    static func url(of file: String) -> URL {
        if NewApps.all.contains(where: { file.hasPrefix($0.name + "/") }), let folder = NewApps.folder {
            return folder.appendingPathComponent(file)
        }
        return DocCommentTests.root.appendingPathComponent(file)
    }

    /// Whether `listing` is a run of the lines of `file` (a path from the repository's root).
    static func isExcerpt(_ listing: [String], of file: String) -> Bool {
        guard let text = try? String(contentsOf: url(of: file), encoding: .utf8) else { return false }
        return contains(text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }, listing)
    }

    /// Whether `listing` is the whole of `file`, every line as it is (its indentation too).
    static func isWholeFile(_ listing: [String], of file: String) -> Bool {
        guard let text = try? String(contentsOf: url(of: file), encoding: .utf8) else { return false }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines == listing
    }

    @Test(arguments: modules)
    func everySwiftListingIsCodeAsItIs(module: String) throws {
        for article in try Self.articles(of: module) {
            let markdown = try String(contentsOf: article, encoding: .utf8)
            for listing in Self.listings(in: markdown) {
                if let file = listing.file, listing.isWhole {
                    if !Self.isWholeFile(listing.lines, of: file) {
                        Issue.record("\(article.lastPathComponent): this listing says it is all of \(file), and it is not, line for line:\n\(listing.lines.joined(separator: "\n"))")
                    }
                } else if let file = listing.file {
                    if !Self.isExcerpt(listing.lines, of: file) {
                        Issue.record("\(article.lastPathComponent): this listing is not in \(file), which it says it is from:\n\(listing.lines.joined(separator: "\n"))")
                    }
                } else if listing.language == "swift", !Self.isExcerpt(listing.lines) {
                    Issue.record("\(article.lastPathComponent): this listing is not in any Swift file under \(Self.codeFolders.joined(separator: ", ")):\n\(listing.lines.joined(separator: "\n"))")
                }
            }
        }
    }

    @Test(arguments: modules)
    func everyPathAnArticleNamesExists(module: String) throws {
        for article in try Self.articles(of: module) {
            // The prose's paths: a listing's are its own (a README's `Sources/Tally` is the app's).
            let markdown = Self.prose(of: try String(contentsOf: article, encoding: .utf8))
            let paths = markdown.components(separatedBy: "`").filter { path in
                ["Sources/", "Tests/", "Examples/"].contains(where: path.hasPrefix) || NewApps.all.contains { path.hasPrefix($0.name + "/") }
            }
            for path in paths where !FileManager.default.fileExists(atPath: Self.url(of: path).path) {
                Issue.record("\(article.lastPathComponent) names \(path), which does not exist")
            }
        }
    }

    /// `markdown` without its fenced blocks.
    static func prose(of markdown: String) -> String {
        var inFence = false
        return markdown.components(separatedBy: "\n").filter { line in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                return false
            }
            return !inFence
        }.joined(separator: "\n")
    }

    @Test func theArticlesDoShowCode() throws {
        let listings = try Self.modules.flatMap(Self.articles).map { try String(contentsOf: $0, encoding: .utf8) }.flatMap(Self.swiftListings)
        #expect(listings.count >= 10, "a reader that found no listings would pass every check above")
    }

    @Test func aListingFromAnExampleCountsAndOneThatDriftsFromItsFileIsCaught() {
        #expect(Self.isExcerpt(["@main", "enum ExpensesFlow {"]), "an example's code is code a listing may show")
        #expect(Self.isExcerpt(["app: .build/debug/expenses"], of: "Examples/Expenses/Flows/schemes/default.yaml"))
        #expect(!Self.isExcerpt(["app: .build/debug/expense"], of: "Examples/Expenses/Flows/schemes/default.yaml"), "a line that drifted")
        #expect(!Self.isExcerpt(["@main", "enum ExpensesFlow {"], of: "Sources/flow/Flow.swift"), "in the code, but not in the file named")
        #expect(!Self.isExcerpt(["x"], of: "Examples/Expenses/no-such-file.swift"))
    }

    @Test func aListingThatSaysItIsAWholeFileIsCheckedLineForLine() throws {
        let scheme = "Examples/Expenses/Flows/schemes/default.yaml"
        let lines = try String(contentsOf: DocCommentTests.root.appendingPathComponent(scheme), encoding: .utf8)
            .components(separatedBy: "\n").dropLast()
        #expect(Self.isWholeFile(Array(lines), of: scheme))
        #expect(!Self.isWholeFile(Array(lines.dropLast()), of: scheme), "a line left out")
        #expect(!Self.isWholeFile(Array(lines.dropFirst()), of: scheme), "a line left out at the top")
        #expect(!Self.isWholeFile(lines.map { "  " + $0 }, of: scheme), "indented otherwise")
        let markdown = """
            The scheme. All of
            `\(scheme)`:

            ```yaml
            app: x
            ```

            An excerpt of `\(scheme)`:

            ```yaml
            app: x
            ```
            """
        #expect(Self.listings(in: markdown).map(\.isWhole) == [true, false])
        #expect(Self.listings(in: markdown).map(\.file) == [scheme, scheme])
    }

    @Test func theFileAListingIsFromIsTheOneTheSentenceBeforeItNames() {
        let markdown = """
            The runner, in `Examples/Expenses/Sources/expenses-flow/ExpensesFlow.swift`:

            ```swift
            @main
            ```

            Any Swift file:

            ```swift
            import FlowKit
            ```
            """
        let found = Self.listings(in: markdown)
        #expect(found.map(\.file) == ["Examples/Expenses/Sources/expenses-flow/ExpensesFlow.swift", nil])
        #expect(found.map(\.language) == ["swift", "swift"])
        #expect(Self.namedFile(in: "a sentence with `two words`:") == nil)
    }

    @Test func aListingThatIsNotInTheCodeIsCaught() {
        #expect(Self.isExcerpt(["@MainActor", "public protocol LoginView: AnyObject {"]))
        #expect(!Self.isExcerpt(["@MainActor", "public protocol LoginView: AnyObject, Sendable {"]))
    }
}
