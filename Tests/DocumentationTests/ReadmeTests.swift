import Foundation
import Testing

/// The README is a page a newcomer reads in five minutes; the manual is in docs/ (and DocC). So:
/// the README stays short; every relative link of it and of the docs/ pages leads to a file that
/// exists (and to a heading there, when it names one); its two commands are the Makefile's, and
/// the test command is the one CI runs; and its listings are code as it is, as the articles' are
/// (``ArticleListingTests``), as are the docs/ pages' listings that name their file.
struct ReadmeTests {
    static let root = DocCommentTests.root
    static let longestReadme = 200

    /// README.md and every docs/*.md page, as paths from the root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md"] + docs
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmeStaysShort() throws {
        let lines = try Self.read("README.md").components(separatedBy: "\n").count
        #expect(lines <= Self.longestReadme, "README.md has \(lines) lines: move what a newcomer does not need first into docs/ and link it")
    }

    // MARK: - Links

    /// The targets of the inline links and images of `markdown` (`[text](target)`), outside fenced
    /// blocks and code spans.
    static func links(in markdown: String) -> [String] {
        let prose = ArticleListingTests.prose(of: markdown)
        var targets: [String] = []
        for line in prose.components(separatedBy: "\n") {
            // Code spans are not links: drop every other backtick-delimited part.
            let text = line.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(text)
            while let close = rest.range(of: "](") {
                let after = rest[close.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<end]))
                rest = after[end...]
            }
        }
        return targets
    }

    /// The anchors GitHub gives the headings of `markdown`: lowercased, spaces as hyphens, every
    /// other character but letters, digits, `-` and `_` left out; a repeated one gets `-1`, `-2`.
    static func anchors(in markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in ArticleListingTests.prose(of: markdown).components(separatedBy: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(title.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// What is wrong with the link `target` of the page `page`, if anything.
    static func problem(with target: String, in page: String) throws -> String? {
        if target.contains("://") || target.hasPrefix("mailto:") { return nil }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let (file, anchor) = (parts[0], parts.count > 1 ? parts[1] : nil)
        let folder = (page as NSString).deletingLastPathComponent
        let path = file.isEmpty ? page : ((folder as NSString).appendingPathComponent(file) as NSString).standardizingPath
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) else {
            return "\(page) links to \(target): there is no \(path)"
        }
        if let anchor, path.hasSuffix(".md"), !anchors(in: try read(path)).contains(anchor) {
            return "\(page) links to \(target): \(path) has no heading whose anchor is #\(anchor)"
        }
        return nil
    }

    @Test func everyRelativeLinkOfTheReadmeAndTheDocsLeadsToAFileThatExists() throws {
        var checked = 0
        for page in try Self.pages() {
            for target in Self.links(in: try Self.read(page)) {
                checked += 1
                if let problem = try Self.problem(with: target, in: page) { Issue.record("\(problem)") }
            }
        }
        #expect(checked >= 30, "a reader that found no links would pass: \(checked) found")
    }

    @Test func aBrokenLinkOrAMissingHeadingIsCaught() throws {
        let markdown = """
            # Schemes, real accounts

            ## The MCP server's tools

            ## Robot actions

            ## Robot actions

            [a](schemes.md) and `[not a link](nowhere.md)`

            ```
            [nor this](nowhere.md)
            ```
            ![a picture](screenshots/x.png), [b](../README.md#where-to-read-on)
            """
        #expect(Self.links(in: markdown) == ["schemes.md", "screenshots/x.png", "../README.md#where-to-read-on"])
        #expect(Self.anchors(in: markdown) == ["schemes-real-accounts", "the-mcp-servers-tools", "robot-actions", "robot-actions-1"])
        #expect(try Self.problem(with: "flows.md", in: "docs/building.md") == nil)
        #expect(try Self.problem(with: "../README.md#where-to-read-on", in: "docs/building.md") == nil)
        #expect(try Self.problem(with: "docs/flows.md#step-reference", in: "README.md") == nil)
        #expect(try Self.problem(with: "https://example.com/nowhere.md", in: "README.md") == nil)
        #expect(try Self.problem(with: "docs/nowhere.md", in: "README.md") == "README.md links to docs/nowhere.md: there is no docs/nowhere.md")
        #expect(try Self.problem(with: "flows.md", in: "README.md") == "README.md links to flows.md: there is no flows.md", "relative to the page's folder")
        #expect(try Self.problem(with: "docs/flows.md#no-such-heading", in: "README.md") != nil)
        #expect(try Self.problem(with: "#no-such-heading", in: "README.md") != nil)
    }

    // MARK: - The two commands

    /// The targets the Makefile declares (`name:` at the start of a line).
    static func makeTargets() throws -> Set<String> {
        Set(try read("Makefile").components(separatedBy: "\n").compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("\t"), !line.hasPrefix("#") else { return nil }
            let name = line[..<colon]
            return !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) ? String(name) : nil
        })
    }

    /// The code of `markdown`: its code spans and the lines of its fenced blocks.
    static func code(of markdown: String) -> String {
        let prose = ArticleListingTests.prose(of: markdown)
        let spans = prose.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let fenced = ArticleListingTests.listings(in: markdown).flatMap(\.lines)
        return (spans + fenced).joined(separator: "\n")
    }

    /// Every `make TARGET` the code of `markdown` names (`make` alone names none; the word in a
    /// sentence is no command).
    static func makeCommands(in markdown: String) -> Set<String> {
        var targets: Set<String> = []
        var rest = Substring(code(of: markdown))
        while let found = rest.range(of: "make ") {
            let before = found.lowerBound == rest.startIndex ? nil : rest[rest.index(before: found.lowerBound)]
            let word = rest[found.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if before.map({ !$0.isLetter && $0 != "-" && $0 != "." }) ?? true, let first = word.first, first.isLowercase, !word.hasSuffix("-") {
                targets.insert(String(word))
            }
            rest = rest[found.upperBound...]
        }
        return targets
    }

    @Test func theReadmesCommandsAreTheMakefilesAndTheTestCommandIsCIs() throws {
        let readme = try Self.read("README.md")
        let named = Self.makeCommands(in: readme)
        #expect(named.isSuperset(of: ["flows", "test", "run"]), "the two commands, and the app by hand: \(named.sorted())")
        let targets = try Self.makeTargets()
        #expect(targets.count >= 10, "a reader that found no targets would pass: \(targets.sorted())")
        for target in named.subtracting(targets).sorted() {
            Issue.record("README.md names make \(target), which the Makefile does not declare")
        }
        let ci = try Self.read(".ci/run").components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(ci.contains { $0.hasPrefix("make test") }, ".ci/run runs the README's test command, make test")
        #expect(readme.contains("make test    # what CI runs (.ci/run"), "the README says which command CI runs")
    }

    @Test func everyMakeCommandOfTheDocsIsATarget() throws {
        let targets = try Self.makeTargets()
        for page in try Self.pages() {
            for target in Self.makeCommands(in: try Self.read(page)).subtracting(targets).sorted() {
                Issue.record("\(page) names make \(target), which the Makefile does not declare")
            }
        }
        let markdown = """
            `make flows`, `FIXTURE=large make seed`, to make a point, `cd x && make`, `remake it`, `make`

            ```sh
            make test    # a command
            ```
            """
        #expect(Self.makeCommands(in: markdown) == ["flows", "seed", "test"])
    }

    // MARK: - Listings

    @Test func theReadmesListingsAreCodeAsItIs() throws {
        let listings = ArticleListingTests.listings(in: try Self.read("README.md"))
        #expect(listings.contains { $0.language == "swift" } && listings.contains { $0.language == "yaml" }, "a flow and a robot at a glance")
        for listing in listings {
            if let file = listing.file, listing.isWhole {
                #expect(ArticleListingTests.isWholeFile(listing.lines, of: file), "README.md: this listing says it is all of \(file), and it is not:\n\(listing.lines.joined(separator: "\n"))")
            } else if let file = listing.file {
                #expect(ArticleListingTests.isExcerpt(listing.lines, of: file), "README.md: this listing is not in \(file), which it says it is from:\n\(listing.lines.joined(separator: "\n"))")
            } else if listing.language == "swift" {
                #expect(ArticleListingTests.isExcerpt(listing.lines), "README.md: this listing is in no Swift file:\n\(listing.lines.joined(separator: "\n"))")
            }
        }
        #expect(listings.filter { $0.file != nil }.count >= 3, "the flow, the test and the robot each name their file")
    }

    @Test func aDocsPageListingThatNamesItsFileIsInIt() throws {
        for page in try Self.pages() where page != "README.md" {
            for listing in ArticleListingTests.listings(in: try Self.read(page)) {
                guard let file = listing.file else { continue }
                let found = listing.isWhole ? ArticleListingTests.isWholeFile(listing.lines, of: file) : ArticleListingTests.isExcerpt(listing.lines, of: file)
                #expect(found, "\(page): this listing is not \(listing.isWhole ? "all of" : "in") \(file), which it says it is from:\n\(listing.lines.joined(separator: "\n"))")
            }
        }
    }

    /// The pages the README's manual moved to: their prose came from the README, and holds it to
    /// the README's rule (the other pages name example paths a reader makes: `Flows/a.yaml`).
    static let pagesFromTheReadme = [
        "docs/building.md", "docs/app-by-hand.md", "docs/fixtures.md", "docs/flow-runner.md", "docs/robots.md", "docs/schemes.md",
        "docs/adopting.md", "docs/layout.md", "docs/benchmarks.md", "docs/testing.md",
    ]

    /// The paths the README and the pages split from it name in their prose exist: a moved file
    /// is a page to change.
    @Test func everyPathTheReadmeAndItsPagesNameExists() throws {
        var checked = 0
        for page in ["README.md"] + Self.pagesFromTheReadme {
            let paths = ArticleListingTests.prose(of: try Self.read(page)).components(separatedBy: "`").enumerated()
                .filter { $0.offset % 2 == 1 }.map(\.element)
                .filter { path in
                    ["Sources/", "Tests/", "Examples/", "scripts/", "docs/", "Flows/", "Seeds/", "Benchmarks/"].contains(where: path.hasPrefix)
                        && !path.contains(" ") && !path.contains("NAME") && !path.contains("*") && !path.contains("<")
                        && !path.contains("…") && !path.contains("...")
                }
            for path in paths {
                checked += 1
                if !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) {
                    Issue.record("\(page) names \(path), which does not exist")
                }
            }
        }
        #expect(checked >= 40, "a reader that found no paths would pass: \(checked) found")
        #expect(Set(Self.pagesFromTheReadme).isSubset(of: try Self.pages()), "a page split from the README was moved or renamed")
    }
}
