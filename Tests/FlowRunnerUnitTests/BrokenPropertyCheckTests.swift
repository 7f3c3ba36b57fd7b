import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import Testing

/// One check of a property that goes wrong as Swift code does (DeskRobots' `BrokenProperty`, on the
/// book Ulysses' screen), made in a worker: the violation names the property, says how its check
/// ended and what the worker said, and the next check is made in a new worker.
struct BrokenPropertyCheckTests {
    static let ulysses = Frame(seq: 1, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: "Book", elements: [
        .text("Ulysses", identifier: "name"), .button("Help"), .textField("Borrower", value: ""), .button("Lend", isEnabled: false),
    ]), text: "Ulysses")
    static let dune = Frame(seq: 2, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: "Book", elements: [
        .text("Dune", identifier: "name"), .button("Help"), .textField("Borrower", value: ""), .button("Lend", isEnabled: false),
    ]), text: "Dune")

    /// How the check of `broken` ends.
    static func ended(_ broken: BrokenProperty, _ cause: PropertyViolation.Cause) -> Bool {
        switch (broken, cause) {
        case (.fatalError, .crashed), (.forceUnwrap, .crashed), (.indexOutOfRange, .crashed), (.lockThenFatalError, .crashed): true
        case (.failedCast, .crashed), (.exclusivity, .crashed), (.allocation, .crashed): true
        case (.abort, .crashed(signal: SIGABRT)), (.recursion, .crashed(signal: SIGSEGV)): true
        case (.exitZero, .exited(code: 0)), (.exitThree, .exited(code: 3)): true
        case (.loop, .neverReturned), (.allocatingLoop, .neverReturned), (.blocksOnALock, .neverReturned): true
        case (.megabyteOfOutput, .violated), (.startsThreads, .leftThreads): true
        default: false
        }
    }

    @Test(arguments: BrokenProperty.allCases.filter { $0 != .signalsThenBlocks })
    func aCheckThatGoesWrongIsAViolationSayingHowAndTheNextCheckIsMade(_ broken: BrokenProperty) throws {
        // A check that ends its worker is given time to (256 MiB to fill, on a busy machine); one that
        // never returns, the second its message says.
        let hangs = [.loop, .allocatingLoop, .blocksOnALock].contains(broken)
        let checker = PropertyChecker(properties: broken.catalog.properties, wait: hangs ? 1 : 10, worker: DeskWorker.launch(broken.rawValue, memory: 256 << 20))
        let violations = checker.check(after: nil, invariantsOn: Self.ulysses)
        let violation = try #require(violations.first, "\(broken)")
        #expect(violations.count == 1 && violation.property == broken.property)
        #expect(Self.ended(broken, violation.cause), "\(broken): \(violation.cause)")
        #expect(violation.message.hasPrefix("the property \(broken.property) (Goes wrong (\(broken.rawValue)) on Ulysses.) "), "\(violation.message)")
        for words in broken.says { #expect(violation.message.contains(words), "\(words) in: \(violation.message)") }
        #expect(checker.check(after: nil, invariantsOn: Self.dune).isEmpty, "the next check, on another book, is made and holds")
        let index = try #require(checker.properties.firstIndex { $0.name == broken.property })
        #expect(checker.tallies[index] == PropertyTally(name: broken.property, kind: "invariant", checked: 2, applied: 2, failed: 1))
    }
}
