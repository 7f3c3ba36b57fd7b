@testable import FlowExplorer
import DeskRobots
import FlowKit
import FlowRunner
import Foundation
import Testing

/// A property that goes wrong as Swift code does (DeskRobots' `BrokenProperty`, each on the book
/// Ulysses' screen only) is checked in a worker: whatever it does to its process is a finding of
/// that property, named, with what the worker said; the crawl goes on to its end, and the desk's
/// own property is still checked around it.
struct BrokenPropertyTests {
    /// A crawl of the correct desk in memory, the catalog of `broken` checked in `desk-worker`s
    /// with a wait of `wait` and `memory` of memory each.
    static func crawl(_ broken: BrokenProperty, wait: TimeInterval = 1, memory: Int = 256 << 20, shrinks: Bool = false) throws -> ExploreResult {
        let options = ExploreOptions(wait: wait, shrinks: shrinks)
        let explorer = try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: broken.catalog, options: options,
                                    propertyWorker: DeskWorker.launch(broken.rawValue, memory: memory), app: ModelApp { DeskModel() })
        defer { explorer.close() }
        return try explorer.run()
    }

    @Test(arguments: BrokenProperty.allCases.filter { $0 != .signalsThenBlocks })
    func aPropertyThatGoesWrongIsAFindingOfItAndTheCrawlGoesOn(_ broken: BrokenProperty) throws {
        // One that never returns is given the second its message says; one that ends its worker,
        // time to (256 MiB to fill, on a busy machine).
        let hangs = [.loop, .allocatingLoop, .blocksOnALock].contains(broken)
        let result = try Self.crawl(broken, wait: hangs ? 1 : 10)
        #expect(result.findings.count == 1, "one problem, one finding: \(result.findings.map(\.summary))")
        let finding = try #require(result.findings.first)
        #expect(finding.kind == .property && finding.property?.name == broken.property, "\(finding.summary)")
        #expect(finding.screen.title == "Book")
        #expect(finding.summary.hasPrefix("the property \(broken.property) (Goes wrong (\(broken.rawValue)) on Ulysses.) "), "\(finding.summary)")
        for words in broken.says { #expect(finding.summary.contains(words), "\(words) in: \(finding.summary)") }
        #expect(result.map.stats.ended == .done, "the crawl went on to its end")
        #expect(result.problems.isEmpty, "a new worker took each check after: \(result.problems)")
        let tallies = try #require(result.map.properties)
        #expect(tallies.first { $0.name == "lentCountMatchesRows" }.map { $0.checked > 0 && $0.failed == 0 } == true, "the desk's own property is checked around it: \(tallies)")
        #expect(tallies.first { $0.name == broken.property }.map { $0.failed > 0 } == true, "\(tallies)")
    }

    @Test func aPropertyThatTrapsOnOneStateIsShrunkToTheStepsThatReachItEndingInAssertProperty() throws {
        let result = try Self.crawl(.fatalError, shrinks: true)
        let finding = try #require(result.findings.first)
        #expect(finding.actions.map(\.description) == ["tap book-3"], "\(finding.actions.map(\.description))")
        let text = try result.writer.text(for: finding, name: "explore: a property", file: "out/findings/01-property-book.yaml")
        #expect(text.hasSuffix("- tap: {cell: book-3}\n- assertProperty: brokenFatalError\n"), "\(text)")
        #expect(text.contains("#   DeskRobots/DeskCatalogs.swift:") && text.contains("Fatal error: \(BrokenProperty.fatalMessage)"),
                "the trap's message with its file and line, in the flow's comment: \(text)")
    }
}
