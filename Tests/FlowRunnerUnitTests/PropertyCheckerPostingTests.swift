import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import Testing

/// What the checker posts to its worker and how it copes when the worker does not answer: at
/// most 64 checks wait for it at once; a check whose worker ends before it is checked, running no
/// property of it, goes to a new worker, three times at most, then is handed over unchecked; an
/// answer that says what no check could (a frame that was not sent, a frame for a condition that
/// never came true) is no reason to say a property holds.
struct PropertyCheckerPostingTests {
    static let counter = PropertyWorkerProcessTests.counter

    @Test func atMost64ChecksWaitForTheWorkerAndTheNextWaitsForTheOldestAnswer() {
        let blocks = BrokenProperty.blocksOnALock
        let checker = PropertyChecker(properties: blocks.catalog.properties, wait: 0.5, worker: DeskWorker.launch(blocks.rawValue))
        var said: [Int] = []
        // The worker blocks on the first check (Ulysses), and answers nothing after it.
        checker.submit(after: nil, invariantsOn: BrokenPropertyCheckTests.ulysses) { _ in said.append(0) }
        for number in 1..<PropertyChecker.postedAtMost {
            checker.submit(after: nil, invariantsOn: BrokenPropertyCheckTests.dune) { _ in said.append(number) }
        }
        #expect(said.isEmpty, "64 checks are posted, and none was waited for")
        checker.submit(after: nil, invariantsOn: BrokenPropertyCheckTests.dune) { _ in said.append(64) }
        #expect(said.first == 0, "the 65th waited for the oldest, which never answered: \(said)")
        checker.flush()
        #expect(said == Array(0...64))
    }

    @Test(arguments: [ScriptedWorker.Ending.atItsFirstCheck, .afterItsSetup])
    func aCheckWhoseWorkersEndBeforeTheyCheckItGoesToANewWorkerUpToThreeTimes(_ ending: ScriptedWorker.Ending) {
        let script = ScriptedWorker(letter: "v", endings: 2, ending: ending)
        defer { script.remove() }
        let checker = PropertyChecker(properties: Self.counter, wait: 5, worker: script.launch(Self.counter))
        #expect(checker.check(after: nil, invariantsOn: Self.frame(for: ending)).map(\.property) == ["trapsOnSeven", "countIsNotNegative"],
                "the third worker checked it")
        #expect(script.started == 3)
    }

    @Test(arguments: [ScriptedWorker.Ending.atItsFirstCheck, .afterItsSetup])
    func aCheckWhoseWorkersAllEndBeforeTheyCheckItIsHandedOverUncheckedAfterThree(_ ending: ScriptedWorker.Ending) {
        let script = ScriptedWorker(letter: "v", endings: 4, ending: ending)
        defer { script.remove() }
        let checker = PropertyChecker(properties: Self.counter, wait: 5, worker: script.launch(Self.counter))
        var said: [[PropertyViolation]] = []
        checker.submit(after: nil, invariantsOn: Self.frame(for: ending)) { said.append($0) }
        checker.flush()
        #expect(said.count == 1 && said.first?.isEmpty == true, "handed over once, nothing said: \(said)")
        #expect(checker.tallies.allSatisfy { $0.checked == 0 })
        #expect(script.started == 3)
    }

    @Test func anEventuallySaidToHoldOnAFrameThatWasNotSentHasNotComeTrue() {
        let violation = Self.eventuallyAnswered(letter: "h", record: "\t0 9 -")
        #expect(violation?.message == Self.neverCameTrue, "\(violation?.message ?? "nil")")
    }

    @Test func anEventuallyThatDidNotComeTrueHasNotWhateverFrameTheAnswerNames() {
        let violation = Self.eventuallyAnswered(letter: "y", record: "\t0 0 -")
        #expect(violation?.message == Self.neverCameTrue, "\(violation?.message ?? "nil")")
    }

    // MARK: - Helpers

    static let neverCameTrue = #"the property showsACount (A count above 0 shows within half a second.) did not come true within 0.50 s after tap "Add": the app was idle after 0.20 s without it, so it never will"#

    /// What `assertProperty: showsACount` says after an Add, the worker answering `letter` and `record`.
    static func eventuallyAnswered(letter: Character, record: String) -> PropertyViolation? {
        let script = ScriptedWorker(letter: letter, record: record)
        defer { script.remove() }
        let checker = PropertyChecker(properties: counter, wait: 5, worker: script.launch(counter))
        let after = PropertyCheckerTests.frame(3, count: 1)
        let add = PropertyCheckerTests.tap("Add", from: PropertyCheckerTests.frame(1, count: 0), during: [(PropertyCheckerTests.frame(2, count: 0, idle: false), .milliseconds(100)), (after, .milliseconds(200))], to: after)
        return checker.check(counter[1], now: after, last: add)
    }

    /// A counter's frame: one larger than a pipe holds when its worker ends after its setup (the
    /// checker then finds it gone as it posts the check, not as it waits for the answer).
    static func frame(for ending: ScriptedWorker.Ending) -> Frame {
        let count = PropertyCheckerTests.frame(1, count: 3)
        guard ending == .afterItsSetup else { return count }
        return Frame(seq: 1, reply: nil, idle: true, error: nil,
                     screen: ScreenSnapshot(title: "Counter", elements: count.screen.elements + [.text(String(repeating: "x", count: 100_000), identifier: "padding")]),
                     text: count.text)
    }
}
