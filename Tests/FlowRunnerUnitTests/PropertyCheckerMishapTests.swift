import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import Testing

/// Properties that go wrong after an action, and the app's own invariants (DeskRobots'
/// `counterMishaps`, on a counter): a trap in an action property or an eventually, an error
/// thrown, a write into the worker's answers, threads left running. Each is a finding that says
/// so, the other properties of the action are checked in a new worker, and what was found is what
/// `assertProperty` after that action says, without checking again.
struct PropertyCheckerMishapTests {
    let checker = PropertyCheckerTests.checker("counterMishaps")

    func property(_ name: String) throws -> (index: Int, property: AppProperty) {
        let index = try #require(checker.properties.firstIndex { $0.name == name })
        return (index, checker.properties[index])
    }

    static func add(_ from: Int, _ to: Int) -> ObservedAction {
        PropertyCheckerTests.tap("Add", from: PropertyCheckerTests.frame(1, count: from), to: PropertyCheckerTests.frame(2, count: to))
    }

    @Test func anActionPropertyThatTrapsIsAFindingWhichAssertPropertyAfterThatActionSays() throws {
        let add = Self.add(12, 13)
        let violations = checker.check(after: add, invariantsOn: nil)
        #expect(violations.map(\.property) == ["addTrapsOnThirteen"])
        #expect(violations.first?.message.hasPrefix("the property addTrapsOnThirteen (Add traps when it reaches 13.) trapped (signal ") == true, "\(violations)")
        #expect(checker.tallies.map(\.checked) == [1, 1, 1, 1, 0, 0], "each of the action's, once: \(checker.tallies)")
        let traps = try property("addTrapsOnThirteen")
        #expect(checker.check(traps.property, now: add.after, last: add) == violations.first)
        #expect(checker.tallies[traps.index].checked == 1, "what it said of that action, not checked again")
    }

    @Test func anEventuallyThatTrapsIsAFindingAndTheActionsOtherPropertiesAreChecked() {
        let violations = checker.check(after: Self.add(13, 14), invariantsOn: nil)
        #expect(violations.map(\.property) == ["addTrapsOnFourteenEventually"])
        #expect(violations.first?.message.contains("trapped (signal ") == true, "\(violations)")
        #expect(checker.tallies.map(\.checked) == [1, 1, 1, 1, 0, 0], "\(checker.tallies)")
    }

    @Test func aPropertyThatThrowsIsAFindingSayingWhatItThrew() {
        let violations = checker.check(after: Self.add(10, 11), invariantsOn: nil)
        #expect(violations.map(\.cause) == [.threw])
        #expect(violations.first?.message == "the property addThrowsOnEleven (Add throws when it reaches 11.) threw an error: eleven is one too many")
    }

    @Test func aPropertyThatWritesIntoItsWorkersAnswersIsAFindingAndTheRestIsChecked() throws {
        let violations = checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: 66))
        #expect(violations.map(\.cause) == [.brokeProtocol])
        #expect(violations.first?.message == #"the property writesIntoTheAnswersOnSixtySix (Writes into its worker's answers at 66.) wrote into its worker's answers ("not an answer"): "#
            + "a property reads the screens, it writes nothing there")
        #expect(checker.tallies[try property("noScreenSaysOops").index].checked == 1, "the app's invariant, in a new worker")
    }

    @Test func anInvariantOfTheWholeAppIsCheckedOnEveryScreen() {
        for title in ["Counter", "Elsewhere"] {
            let oops = Frame(seq: 1, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: title, elements: [.text("Oops", identifier: "oops")]), text: "Oops")
            #expect(checker.check(after: nil, invariantsOn: oops).map(\.property) == ["noScreenSaysOops"], "\(title)")
        }
    }

    @Test func aPropertyThatLeavesThreadsRunningIsAFindingAndItsWorkerIsLetGoAtOnce() throws {
        let threads = BrokenProperty.startsThreads
        let checker = PropertyChecker(properties: threads.catalog.properties, wait: 5, worker: DeskWorker.launch(threads.rawValue))
        #expect(checker.start() == nil)
        let first = try #require(checker.workerProcess)
        var said: [[String]] = []
        for frame in [BrokenPropertyCheckTests.ulysses, BrokenPropertyCheckTests.dune] {
            checker.submit(after: nil, invariantsOn: frame) { said.append($0.map(\.message)) }
        }
        checker.flush()
        #expect(said == [["the property brokenStartsThreads (Goes wrong (startsThreads) on Ulysses.) left 1 thread of its own running after its check: "
                + "a property only reads the screens it is given, and ends what it starts before it returns"], []], "the check after it, in a new worker")
        #expect(kill(first, 0) == -1 && errno == ESRCH, "the worker and its thread are gone")
    }
}
