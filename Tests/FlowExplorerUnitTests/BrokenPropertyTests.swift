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
                                    propertyWorker: PropertyCheckerTests.worker(broken.rawValue, memory: memory), app: ModelApp { DeskModel() })
        defer { explorer.close() }
        return try explorer.run()
    }

    /// What each says: how its check ended, and what its finding's summary holds.
    static func expected(_ broken: BrokenProperty) -> (cause: (PropertyViolation.Cause) -> Bool, says: [String]) {
        func crashed(_ cause: PropertyViolation.Cause) -> Bool { if case .crashed = cause { true } else { false } }
        return switch broken {
        case .fatalError: (crashed, ["trapped (signal", "DeskCatalogs.swift:", "Fatal error: \(BrokenProperty.fatalMessage)"])
        case .forceUnwrap: (crashed, ["trapped (signal", "Unexpectedly found nil while unwrapping an Optional value"])
        case .indexOutOfRange: (crashed, ["trapped (signal", "Fatal error: Index out of range"])
        case .failedCast: (crashed, ["(signal", "Could not cast value of type"])
        case .exclusivity: (crashed, ["(signal", "Simultaneous accesses"])
        case .abort: (crashed, ["aborted (signal 6) in its check"])
        case .recursion: (crashed, ["crashed (signal 11) in its check"])
        case .allocation: (crashed, ["(signal", "failed to allocate", "bytes of memory", "(its worker may take 256 MiB of memory)"])
        case .lockThenFatalError: (crashed, ["trapped (signal", "a fatal error while holding a lock"])
        case .exitZero: ({ $0 == .exited(code: 0) }, ["ended its worker with exit code 0 in its check: a check returns its verdict, it never exits"])
        case .exitThree: ({ $0 == .exited(code: 3) }, ["ended its worker with exit code 3"])
        case .loop, .allocatingLoop, .blocksOnALock, .signalsThenBlocks: ({ $0 == .neverReturned }, ["did not return within 1 s: its worker was killed"])
        case .megabyteOfOutput: ({ $0 == .violated }, ["does not hold: \(BrokenProperty.printedThenFailed) failed: a megabyte was printed to each stream"])
        case .startsThreads: ({ $0 == .leftThreads }, ["left 1 thread of its own running after its check"])
        }
    }

    @Test(arguments: BrokenProperty.allCases.filter { $0 != .signalsThenBlocks })
    func aPropertyThatGoesWrongIsAFindingOfItAndTheCrawlGoesOn(_ broken: BrokenProperty) throws {
        let result = try Self.crawl(broken)
        #expect(result.findings.count == 1, "one problem, one finding: \(result.findings.map(\.summary))")
        let finding = try #require(result.findings.first)
        #expect(finding.kind == .property && finding.property?.name == broken.property, "\(finding.summary)")
        #expect(finding.screen.title == "Book")
        let says = Self.expected(broken).says
        #expect(finding.summary.hasPrefix("the property \(broken.property) (Goes wrong (\(broken.rawValue)) on Ulysses.) "), "\(finding.summary)")
        for words in says { #expect(finding.summary.contains(words), "\(words) in: \(finding.summary)") }
        #expect(result.map.stats.ended == "done", "the crawl went on to its end")
        #expect(result.problems.isEmpty, "a new worker took each check after: \(result.problems)")
        let tallies = try #require(result.map.properties)
        #expect(tallies.first { $0.name == "lentCountMatchesRows" }.map { $0.checked > 0 && $0.failed == 0 } == true, "the desk's own property is checked around it: \(tallies)")
        #expect(tallies.first { $0.name == broken.property }.map { $0.failed > 0 } == true, "\(tallies)")
    }

    @Test func eachCheckOfABrokenPropertyEndsTheSameWayItsCauseSaysHow() throws {
        // The cause the checker gives, on one check of Ulysses' screen, for each way of going wrong.
        let ulysses = Frame(seq: 1, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: "Book", elements: [
            .text("Ulysses", identifier: "name"), .button("Help"), .textField("Borrower", value: ""), .button("Lend", isEnabled: false),
        ]), text: "Ulysses")
        for broken in BrokenProperty.allCases where broken != .signalsThenBlocks {
            let checker = PropertyChecker(properties: broken.catalog.properties, wait: 1, worker: PropertyCheckerTests.worker(broken.rawValue, memory: 256 << 20))
            let violations = checker.check(after: nil, invariantsOn: ulysses)
            #expect(violations.count == 1 && violations.first.map { Self.expected(broken).cause($0.cause) } == true, "\(broken): \(violations.map(\.cause))")
        }
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
