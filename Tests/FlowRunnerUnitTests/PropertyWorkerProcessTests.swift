import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import ProcessTesting
import Testing

/// Starting a property worker, and keeping one: a program that is not one, is not there, ends
/// before it says hello, or knows other properties is refused, saying which and why; a worker
/// killed between checks is replaced and the check made; checks posted ahead are answered in
/// order; a property that did not return once is given a short wait after that.
struct PropertyWorkerProcessTests {
    static let counter = DeskCatalog.named["counter"]?.properties ?? []

    static func start(_ launch: PropertyWorkerLaunch, properties: [AppProperty] = counter) -> Result<PropertyWorkerProcess, PropertyWorkerStartError> {
        PropertyWorkerProcess.start(launch, properties: properties.map(\.name), variables: [:])
    }

    static func refusal(_ launch: PropertyWorkerLaunch) -> String {
        switch start(launch) {
        case let .success(worker):
            worker.kill()
            return "started"
        case let .failure(error):
            return error.description
        }
    }

    @Test func aProgramThatIsNotThereIsRefusedNamingIt() {
        #expect(Self.refusal(PropertyWorkerLaunch(executable: "/nowhere/flow")) == "/nowhere/flow: No such file or directory")
    }

    @Test func aProgramThatIsNotAWorkerIsRefusedWithWhatItSaid() {
        #expect(Self.refusal(PropertyWorkerLaunch(executable: "/bin/echo")).hasPrefix("/bin/echo is not a property worker: it said \"property-worker --marker "))
    }

    @Test func aProgramThatEndsBeforeItSaysHelloIsRefusedSayingHowItEnded() {
        #expect(Self.refusal(PropertyWorkerLaunch(executable: "/bin/false")) == "/bin/false exited with code 1 before it said hello")
    }

    @Test func aWorkerOfAnotherCatalogIsRefused() {
        let refusal = Self.refusal(DeskWorker.launch("returned"))
        #expect(refusal.hasSuffix("knows other properties than this runner's (1 against 4): it is not this runner's worker"), "\(refusal)")
    }

    @Test func aCheckerWhoseWorkerCannotStartChecksNothingAndSaysWhy() {
        let checker = PropertyChecker(properties: Self.counter, wait: 5, worker: PropertyWorkerLaunch(executable: "/nowhere/flow"))
        #expect(checker.start()?.description == "/nowhere/flow: No such file or directory")
        #expect(checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: 7)).isEmpty)
        #expect(checker.tallies.allSatisfy { $0.checked == 0 }, "nothing was checked: \(checker.tallies)")
        #expect(checker.unavailable != nil)
    }

    @Test func aWorkerThatDiesInTheCatalogsFirstPropertyNamesIt() {
        // The marker names the property at place 0: a place, not "none".
        let properties = DeskCatalog.named["counterTrapsFirst"]?.properties ?? []
        let checker = PropertyChecker(properties: properties, wait: 10, worker: DeskWorker.launch("counterTrapsFirst"))
        let violations = checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: 7))
        #expect(violations.map(\.property) == ["trapsOnSeven"])
        #expect(violations.first?.message.contains("Fatal error: Index out of range") == true, "\(violations)")
    }

    @Test func aWorkerKilledByAThreadTheFirstPropertyLeftBlamesThatProperty() {
        // The worker dies in the second property, by the first one's thread: the first (place 0
        // on the marker, as the one that left threads) is named.
        let properties = DeskCatalog.named["counterThreadsFirst"]?.properties ?? []
        let checker = PropertyChecker(properties: properties, wait: 5, worker: DeskWorker.launch("counterThreadsFirst"))
        let violations = checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: 1))
        #expect(violations.map(\.property) == ["leavesAThreadThatTraps", "letsTheThreadGo"], "\(violations.map(\.message))")
        // The second, checked again in a worker of its own, waits for ever.
        let causes = violations.map(\.cause)
        let first = causes.first.map { if case .crashed = $0 { true } else { false } }
        #expect(first == true && causes.last == .neverReturned, "\(causes)")
    }

    @Test func aWorkerEndsOnceNothingReadsItsAnswersEvenInAPropertyThatNeverReturns() throws {
        // Its runner gone (here: the end the runner reads closed), a worker blocked in a property
        // for ever ends by itself; none is left spinning for hours.
        let broken = BrokenProperty.blocksOnALock
        let names = broken.catalog.properties.map(\.name)
        let place = try #require(names.firstIndex(of: broken.property))
        let worker = try PropertyWorkerProcess.start(DeskWorker.launch(broken.rawValue), properties: names, variables: [:]).get()
        let check = PropertyWorkerWire.Check(id: 0, session: 1, before: .none, frames: 0, actions: [], eventually: [], invariants: [place])
        for _ in 1...4 { _ = worker.post(check, before: nil, frames: [BrokenPropertyCheckTests.ulysses], wait: 60) }
        #expect(worker.postedCount == 4, "the four went out together")
        try worker.process.output.close()
        #expect(worker.process.waitForExit(until: Date().addingTimeInterval(20)), "it ended by itself")
        #expect(worker.process.ending.map { $0.signaled ? -1 : $0.status } == 0, "\(String(describing: worker.process.ending))")
    }

    @Test func aWorkerKilledBetweenChecksIsReplacedAndTheCheckMade() throws {
        let checker = PropertyCheckerTests.checker()
        #expect(checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(1, count: 7)).map(\.property) == ["trapsOnSeven"])
        #expect(checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(2, count: 1)).isEmpty)
        let first = try #require(checker.workerProcess)
        #expect(kill(first, SIGKILL) == 0)
        #expect(checker.check(after: nil, invariantsOn: PropertyCheckerTests.frame(3, count: 7)).map(\.property) == ["trapsOnSeven"],
                "the check went to a new worker, which found what the old one would have")
        #expect(checker.workerProcess != first)
    }

    @Test func checksPostedAheadAreAnsweredInTheOrderTheActionsWereTaken() throws {
        let checker = PropertyCheckerTests.checker()
        var said: [(Int, [String])] = []
        for count in 0..<100 {
            let before = PropertyCheckerTests.frame(2 * count, count: count), after = PropertyCheckerTests.frame(2 * count + 1, count: count % 10 == 3 ? count + 2 : count + 1)
            checker.submit(after: PropertyCheckerTests.tap("Add", from: before, to: after), invariantsOn: after) { said.append((count, $0.map(\.property))) }
        }
        #expect(said.count < 100, "not every answer was waited for: \(said.count)")
        checker.flush()
        #expect(said.map(\.0) == Array(0..<100), "in order, each once")
        #expect(said.filter { !$0.1.isEmpty }.map(\.0) == [3, 6, 13, 23, 33, 43, 53, 63, 73, 83, 93], "\(said.filter { !$0.1.isEmpty })")
        #expect(said.first { $0.0 == 6 }?.1 == ["trapsOnSeven"] && said.first { $0.0 == 3 }?.1 == ["addAddsOne"])
    }

    @Test func aPropertyThatDidNotReturnOnceIsGivenAShortWaitAfterThat() throws {
        let checker = PropertyChecker(properties: BrokenProperty.loop.catalog.properties, wait: 1, worker: DeskWorker.launch(BrokenProperty.loop.rawValue))
        let first = try #require(checker.check(after: nil, invariantsOn: BrokenPropertyCheckTests.ulysses).first)
        #expect(first.message.hasSuffix("did not return within 1 s: its worker was killed"), "\(first.message)")
        let start = ContinuousClock.now
        let second = try #require(checker.check(after: nil, invariantsOn: BrokenPropertyCheckTests.ulysses).first)
        #expect(second.message.hasSuffix("did not return within 0.25 s: its worker was killed"), "\(second.message)")
        #expect(ContinuousClock.now - start < .seconds(1), "it waited the short wait, not the whole one")
        #expect(checker.check(after: nil, invariantsOn: BrokenPropertyCheckTests.dune).isEmpty, "and it is checked, and holds, where it returns")
    }
}
