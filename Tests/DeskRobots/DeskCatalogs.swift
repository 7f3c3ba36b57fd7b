import FlowKit
import Foundation
import Testing

// The lending desk's catalogs by name, for `desk-flow` (Tests/DeskFlow: the toolkit's runner with
// one of them, chosen by DESK_CATALOG) and for the tests that check properties in its workers: a
// property runs only in a worker, which is the runner's own executable started again, so a test's
// properties are declared here, where that executable has them too.
//
// The broken ones: each holds the desk's own property and one that goes wrong as Swift code does,
// on one state only (the book Ulysses' screen), so a crawl meets it and goes on.

extension DeskCatalog {
    /// Which catalog `desk-flow` serves: DESK_CATALOG names it; the desk's own by default.
    public static let variable = "DESK_CATALOG"

    /// Every catalog by name.
    public static let named: [String: RobotCatalog] = {
        var catalogs = ["desk": catalog, "ledger": ledger, "lendShouts": lendShouts, "returned": returned, "twice": twice, "none": none,
                        "neverApplies": neverApplies, "counter": CounterRobot.catalog, "counterTally": CounterRobot.tallyCatalog,
                        "counterMishaps": CounterRobot.mishapsCatalog, "counterTrapsFirst": CounterRobot.trapsFirstCatalog,
                        "counterThreadsFirst": CounterRobot.threadsFirstCatalog, "typingShouts": typingShouts, "tally": TallyRobot.catalog]
        for property in BrokenProperty.allCases { catalogs[property.rawValue] = property.catalog }
        return catalogs
    }()

    /// The catalog DESK_CATALOG names in `environment`, or why there is none.
    public static func chosen(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<RobotCatalog, CatalogNotFound> {
        let name = environment[variable] ?? "desk"
        guard let found = named[name] else { return .failure(CatalogNotFound(name: name)) }
        return .success(found)
    }

    /// A name no catalog has.
    public struct CatalogNotFound: Error, CustomStringConvertible {
        public let name: String
        public var description: String { "no desk catalog is named \(name) (\(named.keys.sorted().joined(separator: ", ")))" }
    }

    /// The desk's own, and the ledger: the Lent count is what was lent and returned since launch.
    public static let ledger = RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [DeskRobot.properties, Ledger.properties, Ledger.desk])

    /// The desk's own, and one wrong about it: after Lend, a row says the borrower in capitals (none does).
    public static let lendShouts = RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [DeskRobot.properties, RobotProperties<LendRobot> {
        $0.after(.tap("Lend"), "lendShouts", "The desk's row says the borrower in capitals.", leadsTo: DeskRobot.self) { book, desk in
            let expected = "on loan to \((book.app.textFields["Borrower"].value ?? "").uppercased())"
            if !desk.app.cells.snapshots().contains(where: { $0.value == expected }) { desk.app.fail("find a row reading \(expected)", "none does") }
        }
    }])

    /// The desk's own, and one wrong about the book robot's own action: after `Lend.typeBorrower`
    /// (the robot action, not a `type` step into the same field), the Borrower field is said to
    /// shout the name in capitals (it never does). It applies only where a crawl takes robot actions.
    public static let typingShouts = RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [DeskRobot.properties, RobotProperties<LendRobot> {
        $0.after(.robot("Lend.typeBorrower"), "typingShouts", "The borrower the robot types shows in capitals.") { _, book in
            let typed = book.app.textFields["Borrower"].value ?? ""
            if typed != typed.uppercased() || typed.isEmpty { book.app.fail("check that the borrower shows in capitals", "it reads \(typed)") }
        }
    }])

    /// Eventually: a return ends on the desk within two seconds.
    public static let returned = RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [RobotProperties<LendRobot> {
        $0.eventually(after: .tap("Return"), within: .seconds(2), "returnEndsOnTheDesk", "A return ends on the desk.") { book in
            book.app.title() == "Desk"
        }
    }])

    /// Two properties of one name: refused wherever a catalog is served.
    public static let twice = RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [DeskRobot.properties, RobotProperties<LendRobot> {
        $0.invariant("lentCountMatchesRows", "Another of the same name.") { _ in }
    }])

    /// No property at all.
    public static let none = RobotCatalog([DeskRobot.yaml, LendRobot.yaml])

    /// The desk's own, one whose trigger names a control no screen has, and one that never applies.
    public static let neverApplies = RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [DeskRobot.properties, RobotProperties<LendRobot> {
        $0.after(.tap("Renew"), "renewKeepsTheLoan", "Renew keeps the book on loan.") { _, _ in }
        $0.invariant("overdueBooksSaySo", "An overdue book says since when.") { book in
            try assume(book.app.staticTexts["overdue"].exists, "the book is not overdue")
            book.app.staticTexts["overdueSince"].assertVisible()
        }
    }])
}

/// What the desk has lent since its launch, as properties keep it: the Lent count must say it.
public struct Ledger: PropertyModel {
    /// Books lent, less books returned, since launch.
    public var lent = 0

    public init() {}

    /// Lend and Return update the ledger; the desk's count follows it. On a desk that forgets a lend
    /// when it makes another, the rows and the count agree, and only the ledger tells.
    public static let properties = RobotProperties<LendRobot> {
        $0.after(.tap("Lend"), "lendCountsInTheLedger", "Lend adds one to what was lent since launch.", leadsTo: DeskRobot.self, model: Ledger.self) { _, _, ledger in
            ledger.lent += 1
        }
        $0.after(.tap("Return"), "returnCountsInTheLedger", "Return takes one from what was lent since launch.", leadsTo: DeskRobot.self, model: Ledger.self) { _, _, ledger in
            ledger.lent -= 1
        }
    }

    /// The desk's count reads what the ledger says.
    public static let desk = RobotProperties<DeskRobot> {
        $0.invariant("lentCountFollowsTheLedger", "The Lent count is the lends less the returns since launch.", model: Ledger.self) { desk, ledger in
            desk.checkLent(ledger.lent)
        }
    }
}

/// A property that goes wrong as Swift code does, on the book Ulysses' screen only: each is a
/// catalog of its own (by its name), beside the desk's own property.
public enum BrokenProperty: String, CaseIterable, Sendable {
    case fatalError
    case forceUnwrap
    case indexOutOfRange
    case failedCast
    case exclusivity
    case abort
    case exitZero
    case exitThree
    case recursion
    case loop
    case allocatingLoop
    case allocation
    case megabyteOfOutput
    case blocksOnALock
    case startsThreads
    case signalsThenBlocks
    case lockThenFatalError

    /// What its finding's message says (after `the property NAME (SUMMARY) `), each part of it,
    /// when its worker was given 256 MiB and its check a wait of 1 s.
    public var says: [String] {
        switch self {
        case .fatalError: ["trapped (signal", "DeskCatalogs.swift:", "Fatal error: \(Self.fatalMessage)"]
        case .forceUnwrap: ["trapped (signal", "Unexpectedly found nil while unwrapping an Optional value"]
        case .indexOutOfRange: ["trapped (signal", "Fatal error: Index out of range"]
        case .failedCast: ["(signal", "Could not cast value of type"]
        case .exclusivity: ["(signal", "Simultaneous accesses"]
        case .abort: ["aborted (signal 6) in its check"]
        case .recursion: ["crashed (signal 11) in its check"]
        case .allocation: ["(signal", "failed to allocate", "bytes of memory", "(its worker may take 256 MiB of memory)"]
        case .lockThenFatalError: ["trapped (signal", "a fatal error while holding a lock"]
        case .exitZero: ["ended its worker with exit code 0 in its check: a check returns its verdict, it never exits"]
        case .exitThree: ["ended its worker with exit code 3"]
        case .loop, .allocatingLoop, .blocksOnALock, .signalsThenBlocks: ["did not return within 1 s: its worker was killed"]
        case .megabyteOfOutput: ["does not hold: \(Self.printedThenFailed) failed: a megabyte was printed to each stream"]
        case .startsThreads: ["left 1 thread of its own running after its check"]
        }
    }

    /// Its catalog: the desk's robots, the desk's own property, and this one.
    public var catalog: RobotCatalog {
        RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [DeskRobot.properties, table])
    }

    /// The property's name (`brokenFatalError`).
    public var property: String { "broken" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The fatal error's message the `fatalError` one says.
    public static let fatalMessage = "the property's own fatal error"
    /// The line its violation (after its output) says.
    public static let printedThenFailed = "check that nothing is printed"

    /// Where `signalsThenBlocks` writes its worker's process number before it blocks: a FIFO a test opens.
    public static let fifoVariable = "DESK_PROPERTY_FIFO"

    private var table: RobotProperties<LendRobot> {
        let misbehave = self
        return RobotProperties<LendRobot> {
            $0.invariant(property, "Goes wrong (\(rawValue)) on Ulysses.") { book in
                guard book.app.staticTexts["name"].label == "Ulysses" else { return }
                misbehave.goWrong(book)
            }
        }
    }

    /// What it does on Ulysses' screen.
    private func goWrong(_ book: LendRobot) {
        switch self {
        case .fatalError:
            Swift.fatalError(Self.fatalMessage)
        case .forceUnwrap:
            let none: Int? = book.app.staticTexts["nowhere"].exists ? 1 : nil
            _ = none!
        case .indexOutOfRange:
            _ = book.app.cells.snapshots()[7]
        case .failedCast:
            let any: Any = book.app.staticTexts["name"].label
            _ = any as! Int
        case .exclusivity:
            let counter = Counter()
            counter.modify { counter.value += 1 }
        case .abort:
            Foundation.abort()
        case .exitZero:
            Foundation.exit(0)
        case .exitThree:
            Foundation.exit(3)
        case .recursion:
            _ = Self.deeper(book.app.staticTexts["name"].label.count)
        case .loop:
            while book.app.staticTexts["name"].label == "Ulysses" {}
        case .allocatingLoop:
            while book.app.staticTexts["name"].label == "Ulysses" { _ = [Int](repeating: 1, count: 64) }
        case .allocation:
            var kept: [[UInt8]] = []
            // 16 MiB at a time, each written: the limit is reached in a few steps even on a busy
            // machine, well within a check's wait of 1 s.
            while book.app.staticTexts["name"].label == "Ulysses" { kept.append([UInt8](repeating: 1, count: 16 << 20)) }
            _ = kept.count
        case .megabyteOfOutput:
            let line = String(repeating: "x", count: 1023)
            for _ in 0..<1024 {
                print(line)
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            book.app.fail(Self.printedThenFailed, "a megabyte was printed to each stream")
        case .blocksOnALock:
            let lock = NSLock()
            lock.lock()
            lock.lock()
        case .startsThreads:
            let thread = Thread { while true {} }
            thread.start()
        case .signalsThenBlocks:
            if let path = ProcessInfo.processInfo.environment[Self.fifoVariable] {
                let fd = open(path, O_WRONLY)
                let pid = Array("\(getpid())\n".utf8)
                _ = pid.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
            DispatchSemaphore(value: 0).wait()
        case .lockThenFatalError:
            let lock = NSLock()
            lock.lock()
            Swift.fatalError("a fatal error while holding a lock")
        }
    }

    /// A recursion without end (its depth read at run time, so the compiler cannot see it is one).
    private static func deeper(_ depth: Int) -> Int {
        depth < 0 ? 0 : deeper(depth + 1) + 1
    }

    /// A class's stored property, which Swift checks for overlapping access at run time.
    private final class Counter: @unchecked Sendable {
        var value = 0

        func modify(_ change: () -> Void) {
            Self.change(&value, change)
        }

        private static func change(_ value: inout Int, _ change: () -> Void) {
            change()
            value += 1
        }
    }
}

extension DeskCatalog {
    /// The environment a desk runner or worker serving the catalog `name` is started with: this
    /// process's, and DESK_CATALOG.
    public static func environment(serving name: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = name
        return environment
    }
}

/// A counter's screen: its count, and Add. For the checker's tests on frames made by hand.
public final class CounterRobot: Robot {
    override public class var screenTitle: String { "Counter" }

    /// The count shown (-1 when it is not a number).
    public var count: Int { Int(app.staticTexts["count"].label) ?? -1 }

    /// Its properties: Add adds one; a count shows within half a second; one that traps at 7.
    public static let properties = RobotProperties<CounterRobot> {
        $0.after(.tap("Add"), "addAddsOne", "Add adds one.") { before, after in
            if after.count != before.count + 1 { after.app.fail("check that Add added one", "it read \(before.count), and reads \(after.count)") }
        }
        $0.eventually(after: .tap("Add"), within: .milliseconds(500), "showsACount", "A count above 0 shows within half a second.") { counter in
            counter.count > 0
        }
        trapsOnSeven(&$0)
        $0.invariant("countIsNotNegative", "The count is 0 or more.") { counter in
            try assume(counter.count != -1, "no count is shown")
            if counter.count < 0 { counter.app.fail("check that the count is 0 or more", "it is \(counter.count)") }
        }
    }

    /// The counter's catalog (no actions: its checks are made on frames made by hand).
    public static let catalog = RobotCatalog([], properties: [properties])

    /// Declares the invariant that traps when the count is 7.
    static func trapsOnSeven(_ table: inout RobotProperties<CounterRobot>) {
        table.invariant("trapsOnSeven", "Traps when the count is 7.") { counter in
            if counter.count == 7 { _ = [Int]()[1] }
        }
    }

    /// A catalog whose first property (the place a worker's marker names as 0) traps at 7.
    public static let trapsFirstCatalog = RobotCatalog([], properties: [RobotProperties<CounterRobot> { trapsOnSeven(&$0) }])

    /// What the thread of `threadsFirstCatalog`'s first property waits for.
    private static let letGo = DispatchSemaphore(value: 0)

    /// A catalog whose first property leaves a thread running that traps once the second property
    /// lets it go (the second then waits for ever): the worker dies in the second, and the first
    /// is to blame.
    public static let threadsFirstCatalog = RobotCatalog([], properties: [RobotProperties<CounterRobot> {
        $0.invariant("leavesAThreadThatTraps", "Leaves a thread that traps when let go.") { _ in
            Thread {
                letGo.wait()
                _ = [Int]()[1]
            }.start()
        }
        $0.invariant("letsTheThreadGo", "Lets the thread go, then waits.") { _ in
            letGo.signal()
            DispatchSemaphore(value: 0).wait()
        }
    }])
}

/// The adds since launch, as the counter's tally properties keep them.
public struct CounterTally: PropertyModel {
    /// Adds since launch.
    public var adds = 0

    public init() {}
}

/// What goes wrong in the counter's mishaps.
public struct CounterMishap: Error, CustomStringConvertible {
    public let description: String
}

extension CounterRobot {
    /// A count of 7 traps; Add is tallied, and makes the count larger; the count is the tally (a
    /// counter launched at 0): for a checker's models, lost with a worker and started anew at a launch.
    public static let tallyCatalog = RobotCatalog([], properties: [RobotProperties<CounterRobot> {
        $0.invariant("trapsOnSeven", "Traps when the count is 7.") { counter in
            if counter.count == 7 { _ = [Int]()[1] }
        }
        $0.after(.tap("Add"), "addsAreTallied", "Add is tallied.", model: CounterTally.self) { _, _, tally in
            tally.adds += 1
        }
        $0.after(.tap("Add"), "addCountsUp", "Add makes the count larger.") { before, after in
            if after.count <= before.count { after.app.fail("check that Add made the count larger", "it read \(before.count), and reads \(after.count)") }
        }
        $0.invariant("countIsTheTally", "The count is the adds since launch.", model: CounterTally.self) { counter, tally in
            if counter.count != tally.adds { counter.app.fail("check that the count is the adds since launch", "it is \(counter.count), after \(tally.adds) adds") }
        }
    }])

    /// What the count at which Add reaches breaks: a trap in an action property (13) and in an
    /// eventually (14), an error thrown (11), a write into the worker's answers (66); and an
    /// invariant of the whole app (no screen says oops). Add is otherwise fine.
    public static let mishapsCatalog = RobotCatalog([], properties: [
        RobotProperties<CounterRobot> {
            $0.after(.tap("Add"), "addIsFine", "Add is fine.") { _, _ in }
            $0.after(.tap("Add"), "addTrapsOnThirteen", "Add traps when it reaches 13.") { _, after in
                if after.count == 13 { _ = [Int]()[1] }
            }
            $0.eventually(after: .tap("Add"), within: .seconds(1), "addTrapsOnFourteenEventually", "Add's count traps at 14, eventually.") { counter in
                if counter.count == 14 { _ = [Int]()[1] }
                return true
            }
            $0.after(.tap("Add"), "addThrowsOnEleven", "Add throws when it reaches 11.") { _, after in
                if after.count == 11 { throw CounterMishap(description: "eleven is one too many") }
            }
            $0.invariant("writesIntoTheAnswersOnSixtySix", "Writes into its worker's answers at 66.") { counter in
                if counter.count == 66 { writeIntoTheAnswers() }
            }
        },
        AppProperties {
            $0.invariant("noScreenSaysOops", "No screen says oops.") { app in
                if app.staticTexts["oops"].exists { app.fail("check that no screen says oops", "this one does") }
            }
        },
    ])

    /// Writes a line into the worker's answers (the one pipe it writes to besides its standard
    /// output and error), then waits there: its runner reads that line first, and kills it.
    private static func writeIntoTheAnswers() {
        for fd in Int32(3)..<64 {
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO, fcntl(fd, F_GETFL) & O_ACCMODE == O_WRONLY else { continue }
            let line = Array("not an answer\n".utf8)
            _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }
        DispatchSemaphore(value: 0).wait()
    }
}

/// A tally's one screen: Add counts one more, Reset goes back to 0. Its actions are robot actions,
/// as an app's domain is, for the walks that take them as steps (`Tally.add`).
public final class TallyRobot: Robot {
    override public class var screenTitle: String { "Tally" }

    /// Adds one.
    @discardableResult
    public func add() -> Self {
        app.buttons["Add"].tap()
        return self
    }

    /// Back to 0.
    @discardableResult
    public func reset() -> Self {
        app.buttons["Reset"].tap()
        return self
    }

    /// Doubles the count: a button the tally does not have, so the action fails wherever it is
    /// taken (a crawl skips it, and counts it).
    @discardableResult
    public func double() -> Self {
        app.buttons["Double"].tap()
        return self
    }

    /// Takes away the row at `position`: the tally shows no rows, so a crawl cannot fill it.
    @discardableResult
    public func remove(_ position: Int) -> Self {
        app.cells.element(boundBy: position - 1).tap()
        return self
    }

    /// The count reads `count`: a check, which a crawl never takes as a step.
    @discardableResult
    public func checkCount(_ count: Int) -> Self {
        app.staticTexts["count"].assertLabel("Count: \(count)")
        return self
    }

    /// The tally's YAML actions.
    public static let yaml = RobotActions<TallyRobot> {
        $0.action("add", "Adds one.") { $0.add() }
        $0.action("reset", "Back to 0.") { $0.reset() }
        $0.action("double", "Doubles the count.") { $0.double() }
        $0.action("remove", "Takes away the row at this position.", .position()) { $0.remove($1) }
        $0.action("checkCount", "The count reads this.", .count("the count")) { $0.checkCount($1) }
    }

    /// The tally's catalog: its actions, no property.
    public static let catalog = RobotCatalog([yaml])
}
