import Foundation
import Testing

/// The articles in the DocC catalogues show real code: every Swift listing is a run of lines that
/// exists, as it is, in a file under Sources/ or Tests/ (indentation aside), and every `Sources/…`
/// or `Tests/…` path they name exists. When the code changes, the article has to change with it.
struct ArticleListingTests {
    static let modules = DocCommentTests.modules.map(\.name)

    /// The articles of a module's catalogue (`Sources/<Module>/<Module>.docc/*.md`).
    static func articles(of module: String) throws -> [URL] {
        let catalogue = DocCommentTests.root.appendingPathComponent("Sources/\(module)/\(module).docc")
        return try FileManager.default.contentsOfDirectory(at: catalogue, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    /// Each ```swift … ``` block of `markdown`, as its lines.
    static func swiftListings(in markdown: String) -> [[String]] {
        var listings: [[String]] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                listings.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return listings
    }

    /// Every line of every Swift file under Sources/ and Tests/, trimmed, by file.
    static let code: [(file: String, lines: [String])] = {
        ["Sources", "Tests"].flatMap { folder -> [(file: String, lines: [String])] in
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
        let wanted = listing.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !wanted.isEmpty else { return false }
        return code.contains { _, lines in
            lines.count >= wanted.count && (0...(lines.count - wanted.count)).contains { start in
                lines[start] == wanted[0] && Array(lines[start..<start + wanted.count]) == wanted
            }
        }
    }

    @Test(arguments: modules)
    func everySwiftListingIsCodeAsItIs(module: String) throws {
        for article in try Self.articles(of: module) {
            let markdown = try String(contentsOf: article, encoding: .utf8)
            for listing in Self.swiftListings(in: markdown) where !Self.isExcerpt(listing) {
                Issue.record("\(article.lastPathComponent): this listing is not in any Swift file under Sources/ or Tests/:\n\(listing.joined(separator: "\n"))")
            }
        }
    }

    @Test(arguments: modules)
    func everyPathAnArticleNamesExists(module: String) throws {
        for article in try Self.articles(of: module) {
            let markdown = try String(contentsOf: article, encoding: .utf8)
            let paths = markdown.components(separatedBy: "`").filter { $0.hasPrefix("Sources/") || $0.hasPrefix("Tests/") }
            for path in paths where !FileManager.default.fileExists(atPath: DocCommentTests.root.appendingPathComponent(path).path) {
                Issue.record("\(article.lastPathComponent) names \(path), which does not exist")
            }
        }
    }

    @Test func theArticlesDoShowCode() throws {
        let listings = try Self.modules.flatMap(Self.articles).map { try String(contentsOf: $0, encoding: .utf8) }.flatMap(Self.swiftListings)
        #expect(listings.count >= 10, "a reader that found no listings would pass every check above")
    }

    @Test func aListingThatIsNotInTheCodeIsCaught() {
        #expect(Self.isExcerpt(["@MainActor", "public protocol LoginView: AnyObject {"]))
        #expect(!Self.isExcerpt(["@MainActor", "public protocol LoginView: AnyObject, Sendable {"]))
    }
}
