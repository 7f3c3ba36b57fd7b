import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import Testing

/// The models properties keep over a launch (DeskRobots' `counterTally`: Add is tallied, the count
/// must be the tally, a count of 7 traps): kept from a checker's first action, on every action of
/// a launch, anew at each launch; lost with a worker that ends, after which what keeps or reads
/// one says nothing until the next launch, and only what keeps one is checked to keep it.
struct PropertyCheckerModelTests {
    let checker = PropertyCheckerTests.checker("counterTally")
    var names: [String] { checker.properties.map(\.name) }

    static func add(_ from: Int, _ to: Int, at seq: Int) -> ObservedAction {
        PropertyCheckerTests.tap("Add", from: PropertyCheckerTests.frame(seq, count: from), to: PropertyCheckerTests.frame(seq + 1, count: to))
    }

    /// The properties that do not hold after `action`, on the screen it left.
    func check(_ action: ObservedAction) -> [String] {
        checker.check(after: action, invariantsOn: action.after).map(\.property)
    }

    @Test func aNewCheckerKeepsTheModelsFromItsFirstAction() {
        #expect(check(Self.add(0, 2, at: 1)) == ["countIsTheTally"], "one add, and the count says 2")
    }

    @Test func theModelFollowsEveryActionOfALaunchAndStartsAnewAtTheNext() {
        #expect(check(Self.add(0, 1, at: 1)).isEmpty)
        #expect(check(Self.add(1, 2, at: 3)).isEmpty, "two adds in this launch")
        checker.launched()
        #expect(check(Self.add(0, 1, at: 5)).isEmpty, "one in this one")
    }

    @Test func keepingTheModelsChecksWhatKeepsOneAndWaitsForNothing() throws {
        let tallied = try #require(names.firstIndex(of: "addsAreTallied")), countsUp = try #require(names.firstIndex(of: "addCountsUp"))
        checker.keepModels(after: Self.add(0, 1, at: 1))
        #expect(checker.tallies[tallied].checked == 0, "posted, not waited for")
        checker.flush()
        #expect(checker.tallies[tallied].checked == 1)
        #expect(checker.tallies[countsUp].checked == 0, "it keeps no model")
        #expect(check(Self.add(1, 3, at: 3)) == ["countIsTheTally"], "the model kept that add")
    }

    @Test func aWorkerKilledBetweenChecksTakesTheModelsOfTheLaunchWithItTillTheNext() throws {
        #expect(check(Self.add(0, 1, at: 1)).isEmpty)
        #expect(kill(try #require(checker.workerProcess), SIGKILL) == 0)
        #expect(check(Self.add(1, 2, at: 3)).isEmpty, "the check goes to a new worker, which has no model to check")
        #expect(check(Self.add(2, 3, at: 5)).isEmpty, "nor after that")
        checker.launched()
        #expect(check(Self.add(0, 2, at: 7)) == ["countIsTheTally"], "a new launch, a new model")
    }

    @Test func aWorkerThatEndsInACheckTakesTheModelsWithItToo() {
        #expect(checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: 7)).map(\.property) == ["trapsOnSeven"])
        #expect(check(Self.add(4, 5, at: 2)).isEmpty, "what keeps or reads the model waits for the next launch")
    }

    @Test func checksPostedToAWorkerThatEndsGoToANewOneWithoutWhatReadsTheLostModels() throws {
        #expect(check(Self.add(0, 1, at: 1)).isEmpty)
        var said: [[String]] = []
        for (from, seq) in [(1, 3), (2, 5)] {
            let add = Self.add(from, from + 1, at: seq)
            checker.submit(after: add, invariantsOn: add.after) { said.append($0.map(\.property)) }
        }
        #expect(kill(try #require(checker.workerProcess), SIGKILL) == 0)
        checker.flush()
        #expect(said == [[], []], "the new worker's model would have said 1 add, then 2")
    }
}
