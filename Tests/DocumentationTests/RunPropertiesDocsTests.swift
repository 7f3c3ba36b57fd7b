import Foundation
import Testing

/// What the manual says `flow run --properties` does is what it does: after each step, the action
/// properties that step triggered, then the invariants on the screen it left (its own help says so,
/// and so does the command reference made from it). A paragraph that says when it checks, or what,
/// names the action properties too: "checks the invariants after every step" read as all it does.
struct RunPropertiesDocsTests {
    /// The prose a newcomer reads: the README, docs/, and the DocC articles.
    static func pages() throws -> [URL] {
        let root = DocCommentTests.root
        var pages = [root.appendingPathComponent("README.md")]
        pages += try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { root.appendingPathComponent("docs/\($0)") }
        let sources = root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appendingPathComponent("\(module)/\(module).docc")
            let articles = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
            pages += articles.filter { $0.hasSuffix(".md") }.sorted().map { catalog.appendingPathComponent($0) }
        }
        return pages
    }

    /// The paragraphs of `markdown` outside its code blocks, each on one line.
    static func paragraphs(of markdown: String) -> [String] {
        var found: [String] = [], current: [String] = [], inCode = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inCode.toggle()
                if !current.isEmpty { found.append(current.joined(separator: " ")) }
                current = []
                continue
            }
            if inCode { continue }
            if trimmed.isEmpty || trimmed.hasPrefix("- ") {
                if !current.isEmpty { found.append(current.joined(separator: " ")) }
                current = trimmed.isEmpty ? [] : [trimmed]
            } else {
                current.append(trimmed)
            }
        }
        if !current.isEmpty { found.append(current.joined(separator: " ")) }
        return found
    }

    /// Whether a paragraph says when or what `run --properties` checks without the action properties.
    static func saysInvariantsOnly(_ paragraph: String) -> Bool {
        paragraph.contains("run --properties") && (paragraph.contains("invariant") || paragraph.contains("after every step"))
            && !paragraph.contains("action propert")
    }

    @Test func everyPageSaysRunPropertiesChecksTheActionPropertiesToo() throws {
        var mentions = 0
        for page in try Self.pages() {
            let name = page.path.dropFirst(DocCommentTests.root.path.count + 1)
            for paragraph in Self.paragraphs(of: try String(contentsOf: page, encoding: .utf8)) where paragraph.contains("run --properties") {
                mentions += 1
                if Self.saysInvariantsOnly(paragraph) {
                    Issue.record("\(name) says what `flow run --properties` checks, and not the action properties a step triggers: \(paragraph)")
                }
            }
        }
        #expect(mentions >= 4, "the pages that say what it does are read: \(mentions)")
    }

    /// The check, shown to catch what the manual said before.
    @Test func theCheckCatchesAPageThatSaysInvariantsOnly() {
        #expect(Self.saysInvariantsOnly("- `flow run --properties` checks the invariants after every step of the flows you wrote, so an existing suite gains an oracle"))
        #expect(Self.saysInvariantsOnly("`flow explore` checks each on every state and after every action, `flow run --properties` after every step, and `assertProperty: NAME`"))
        #expect(!Self.saysInvariantsOnly("checked by `flow explore` and `flow run --properties`"))
        #expect(Self.paragraphs(of: "a\nb\n\n```\nrun --properties after every step\n```\n- c\n") == ["a b", "- c"])
    }
}
