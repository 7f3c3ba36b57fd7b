import FlowKit
@testable import FlowRunner
import Foundation
import Testing

/// A worker process as the runner keeps it, played by shell scripts that do what a real worker
/// does only by accident: end before their setup, answer a check that was not posted, answer
/// only once a batch of checks is in, stop reading. What the runner says of each, and that a
/// worker it lets go of is gone.
struct PropertyWorkerProcessScriptTests {
    /// A launch of `script` (POSIX sh), which finds the hello of a worker of no property in `$HELLO`.
    static func launch(_ script: String) -> PropertyWorkerLaunch {
        let hello = String(decoding: PropertyWorkerWire.line(PropertyWorkerWire.Hello(worker: PropertyWorkerWire.version, properties: [])), as: UTF8.self)
        var environment = ProcessInfo.processInfo.environment
        environment["HELLO"] = hello
        return PropertyWorkerLaunch(executable: "/bin/sh", arguments: ["-c", script, "scripted"], environment: environment)
    }

    /// Says hello, takes its setup, reads each check (and its frames) and does `answer` with the
    /// check's number in `$2`.
    static func answering(_ answer: String, before loop: String = "") -> PropertyWorkerLaunch {
        launch(#"""
            printf '%s\n' "$HELLO"
            read -r setup || exit 0
            \#(loop)
            while read -r line; do
                set -- $line
                i=0
                while [ "$i" -lt "$5" ]; do read -r frame; i=$((i + 1)); done
                \#(answer)
            done
            """#)
    }

    static func start(_ launch: PropertyWorkerLaunch) throws -> PropertyWorkerProcess {
        try PropertyWorkerProcess.start(launch, properties: [], variables: [:]).get()
    }

    static func refusal(_ launch: PropertyWorkerLaunch) -> String {
        switch PropertyWorkerProcess.start(launch, properties: [], variables: [:]) {
        case .success: "started"
        case let .failure(error): error.description
        }
    }

    /// A check of the invariant at 0 on one frame.
    static func post(_ worker: PropertyWorkerProcess, frame: Frame = PropertyCheckerTests.frame(1, count: 1), wait: TimeInterval = 5) -> Int? {
        worker.post(PropertyWorkerWire.Check(id: 0, session: 1, before: .none, frames: 0, actions: [], eventually: [], invariants: [0]), before: nil, frames: [frame], wait: wait)
    }

    /// Whether a process `pid` is still there (running, or ended and not waited for).
    static func exists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0
    }

    @Test func howAWorkerEndedIsSaidInWords() {
        #expect(PropertyWorkerProcess.words(.signal(4)) == "ended with signal 4")
        #expect(PropertyWorkerProcess.words(.exit(3)) == "exited with code 3")
        #expect(PropertyWorkerProcess.words(.timedOut(2)) == "did not answer within 2 s")
        #expect(PropertyWorkerProcess.words(.timedOut(0.25)) == "did not answer within 0.25 s")
        #expect(PropertyWorkerProcess.words(.brokeProtocol("A 9 h")) == "wrote a line that is not an answer (\"A 9 h\")")
    }

    @Test func aProgramThatEndsBeforeItSaysHelloIsRefusedWithTheLastThreeLinesItWrote() {
        let refusal = Self.refusal(Self.launch("echo one >&2; echo two >&2; echo three >&2; echo four >&2; exit 3"))
        #expect(refusal == "/bin/sh exited with code 3 before it said hello: two / three / four")
    }

    @Test func aWorkerWhosePageCannotBeMadeIsRefusedSayingWhereAndWhy() {
        let refusal: String
        switch PropertyWorkerProcess.start(Self.answering(#"printf 'A %s h\n' "$2""#), properties: [], variables: [:], folder: "/nowhere/at/all") {
        case .success: refusal = "started"
        case let .failure(error): refusal = error.description
        }
        #expect(refusal == "cannot make its marker in /nowhere/at/all: No such file or directory")
    }

    @Test func aWorkerThatClosesItsInputBeforeItsSetupIsRefusedSayingSo() {
        let refusal = Self.refusal(Self.launch(#"exec 0<&-; printf '%s\n' "$HELLO""#))
        #expect(refusal == "/bin/sh exited with code 0 before it took its setup")
    }

    @Test func aWorkerLetGoIsKilledAndWaitedFor() throws {
        // It would read its input to the end, and never end on its own while its input is open.
        var worker: PropertyWorkerProcess? = try Self.start(Self.launch(#"printf '%s\n' "$HELLO"; exec cat > /dev/null"#))
        let pid = try #require(worker?.processIdentifier)
        #expect(Self.exists(pid))
        worker = nil
        #expect(!Self.exists(pid), "killed, and waited for: no process is left")
    }

    @Test func checksAreAnsweredInTheOrderPostedEachOnce() throws {
        let worker = try Self.start(Self.answering(#"printf 'A %s h\n' "$2""#))
        #expect(Self.post(worker) == 1)
        #expect(Self.post(worker) == 2)
        #expect(worker.postedCount == 2)
        var ids: [Int] = []
        for _ in 0..<2 {
            if case let .answer(answer) = worker.receive(wait: 5) { ids.append(answer.id) }
        }
        #expect(ids == [1, 2])
        #expect(worker.postedCount == 0)
        guard case .none = worker.receive(wait: 5) else {
            Issue.record("nothing is posted: nothing to receive")
            return
        }
        let pid = worker.processIdentifier
        worker.stop()
        #expect(worker.end == PropertyWorkerEnd(how: .exit(0), property: nil, standardError: []), "stopped: its input closed, it ended")
        #expect(!Self.exists(pid))
    }

    @Test func anAnswerToACheckNotPostedBreaksTheProtocolAndTheWorkerIsKilled() throws {
        // It answers a check of another number, then waits with its input open.
        let worker = try Self.start(Self.answering(#"printf 'A 99 h\n'; exec cat > /dev/null"#))
        let pid = worker.processIdentifier
        #expect(Self.post(worker) == 1)
        guard case let .ended(end) = worker.receive(wait: 5) else {
            Issue.record("an answer of another check is no answer")
            return
        }
        #expect(end.how == .brokeProtocol("A 99 h"))
        #expect(end.check == 1)
        #expect(worker.end == end)
        #expect(!Self.exists(pid), "killed at once")
        #expect(Self.post(worker) == nil, "a worker that ended takes no check")
        worker.stop()
        #expect(worker.end == end, "stopping a worker that ended keeps how it ended")
    }

    @Test func waitingForAnAnswerWaitsInPollNotInALoop() throws {
        // It works a while (a loop of the shell's) before it answers: the runner waits in poll,
        // woken when the answer comes (a busy loop would poll thousands of times meanwhile).
        let worker = try Self.start(Self.answering(#"i=0; while [ "$i" -lt 100000 ]; do i=$((i + 1)); done; printf 'A %s h\n' "$2""#))
        #expect(Self.post(worker) == 1)
        let before = worker.polls
        guard case .answer = worker.receive(wait: 60) else {
            Issue.record("it answers")
            return
        }
        #expect(worker.polls - before < 10, "\(worker.polls - before) polls")
        worker.stop()
    }

    @Test func checksGoOutFourAtATimeOrOnceTheyTake48KiB() throws {
        // It exits as soon as it has read a check: gone once a check went out.
        let exits = Self.answering("exit 3")
        let four = try Self.start(exits)
        for id in 1...4 { #expect(Self.post(four) == id) }
        #expect(four.process.waitForExit(until: Date().addingTimeInterval(10)), "the fourth check sent the four")
        // One check of exactly 48 KiB, its line and its frame's.
        let line = PropertyWorkerWire.Check(id: 1, session: 1, before: .none, frames: 1, actions: [], eventually: [], invariants: [0]).line
        func frame(_ text: Int, title: Int = 0) -> Frame {
            Frame(seq: 1, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: String(repeating: "T", count: title),
                                                                                    elements: [.text(String(repeating: "a", count: text))]), text: "big")
        }
        func size(_ frame: Frame) -> Int {
            var encoder = FrameEncoder()
            return line.count + 1 + encoder.encode(frame).count + 1
        }
        // A letter of the text is said in more than one place; one of the title, once.
        let perLetter = size(frame(1)) - size(frame(0)), left = PropertyWorkerProcess.bytesAWrite - size(frame(0))
        let exact = frame(left / perLetter, title: left % perLetter)
        #expect(size(exact) == PropertyWorkerProcess.bytesAWrite)
        let big = try Self.start(exits)
        #expect(Self.post(big, frame: exact) == 1)
        #expect(big.process.waitForExit(until: Date().addingTimeInterval(10)), "a check of 48 KiB goes at once")
    }

    @Test func fourChecksGoOutInOneWriteAndTheirAnswersAreReadWithoutWaiting() throws {
        // It answers only once it has all four checks, in one write.
        let worker = try Self.start(Self.launch(#"""
            printf '%s\n' "$HELLO"
            read -r setup || exit 0
            ids=
            while read -r line; do
                set -- $line
                read -r frame
                ids="$ids $2"
                n=$(echo $ids | wc -w)
                if [ "$n" -eq 4 ]; then
                    answers=
                    for id in $ids; do answers="${answers}A $id h\n"; done
                    printf "$answers"
                    ids=
                fi
            done
            """#))
        #expect(Self.post(worker) == 1)
        #expect(Self.post(worker) == 2)
        #expect(Self.post(worker) == 3)
        guard case .none = worker.receive(wait: 5, waiting: false) else {
            Issue.record("nothing was sent yet: nothing can be answered")
            return
        }
        #expect(Self.post(worker) == 4, "the fourth goes out with the three before it")
        var ids: [Int] = []
        if case let .answer(answer) = worker.receive(wait: 5) { ids.append(answer.id) }
        // The other three came in the same write: read without waiting.
        for _ in 0..<3 {
            if case let .answer(answer) = worker.receive(wait: 5, waiting: false) { ids.append(answer.id) }
        }
        #expect(ids == [1, 2, 3, 4])
        worker.stop()
    }

    @Test func aWorkerThatStopsReadingIsKilledOnceTheOldestCheckIsPastItsWait() throws {
        // It stops itself after its setup: what it is sent fills the pipe, and no more goes in.
        let worker = try Self.start(Self.launch(#"printf '%s\n' "$HELLO"; read -r setup; kill -STOP $$"#))
        let pid = worker.processIdentifier
        let big = Frame(seq: 1, reply: nil, idle: true, error: nil,
                        screen: ScreenSnapshot(title: "Big", elements: (0..<4000).map { Element.text("line \($0) of a long list", identifier: "row\($0)") }), text: "big")
        let started = ContinuousClock.now
        #expect(Self.post(worker, frame: big, wait: 0.25) == nil, "the worker is gone")
        #expect(ContinuousClock.now - started < .seconds(4))
        #expect(worker.end?.how == .timedOut(0.25))
        #expect(!Self.exists(pid))
    }

    /// A screen of `rows` rows (some 40 bytes each, encoded).
    static func frame(rows: Int) -> Frame {
        Frame(seq: 1, reply: nil, idle: true, error: nil,
              screen: ScreenSnapshot(title: "Big", elements: (0..<rows).map { Element.text("line \($0) of a long list", identifier: "row\($0)") }), text: "big")
    }

    @Test func aWorkerThatFillsItsStandardErrorThenItsAnswersWhileTheRunnerWritesIsReadMeanwhile() throws {
        // Before it reads a check, it writes 100 KB to its standard error, then answers the first
        // check with 100 KB: each blocks it until the runner reads, while the runner is still
        // writing the four checks (more than a pipe holds). A runner that only wrote would wait
        // on a worker that waits on it.
        var launch = Self.launch(#"""
            printf '%s\n' "$HELLO"
            read -r setup || exit 0
            i=0; while [ "$i" -lt 100 ]; do printf '%s\n' "$LINE"; i=$((i + 1)); done >&2
            exec 2>&-
            first=yes
            while read -r line; do
                set -- $line
                i=0
                while [ "$i" -lt "$5" ]; do read -r frame; i=$((i + 1)); done
                if [ "$first" = yes ]; then printf 'A %s v\t0 - - %s\n' "$2" "$LONG"; first=no; else printf 'A %s h\n' "$2"; fi
            done
            """#)
        launch.environment["LINE"] = String(repeating: "e", count: 999)
        launch.environment["LONG"] = String(repeating: "a", count: 100_000)
        let worker = try Self.start(launch)
        let big = Self.frame(rows: 1000)
        var encoder = FrameEncoder()
        #expect(encoder.encode(big).count * 4 > 64 * 1024, "more than a pipe holds")
        for id in 1...4 { #expect(Self.post(worker, frame: big, wait: 10) == id) }
        var answers: [PropertyWorkerWire.Answer] = []
        for _ in 0..<4 {
            if case let .answer(answer) = worker.receive(wait: 10) { answers.append(answer) }
        }
        #expect(answers.map(\.id) == [1, 2, 3, 4])
        #expect(answers.first?.results.map(\.outcome) == [.violated])
        #expect(answers.first?.results.first?.text?.count == 100_000)
        worker.stop()
    }

    /// A worker that, once it has its setup, writes to its standard error `first`, `lines` times
    /// `line`, then `last` (each as it is: no line end added), and exits with code 3.
    static func writesThenExits(first: String = "", lines: Int, line: String, last: String) -> PropertyWorkerLaunch {
        var launch = Self.launch(#"""
            printf '%s\n' "$HELLO"
            read -r setup || exit 0
            { printf '%s' "$FIRST"; i=0; while [ "$i" -lt "$LINES" ]; do printf '%s' "$LINE"; i=$((i + 1)); done; printf '%s' "$LAST"; } >&2
            exit 3
            """#)
        launch.environment.merge(["FIRST": first, "LINES": String(lines), "LINE": line, "LAST": last]) { _, new in new }
        return launch
    }

    @Test func whatAWorkerWroteBeforeItEndedIsReadToTheEnd() throws {
        // 40 KB, all in the pipe when the runner comes to read it: read in more than one go.
        let worker = try Self.start(Self.writesThenExits(lines: 40, line: String(repeating: "e", count: 999) + "\n", last: "last words\n"))
        #expect(worker.process.waitForExit(until: Date().addingTimeInterval(10)), "it ended on its own")
        for id in 1...3 { #expect(Self.post(worker) == id) }
        #expect(Self.post(worker) == nil, "the fourth check goes out, to no one")
        guard case let .ended(end) = worker.receive(wait: 5) else {
            Issue.record("a worker that exited answers nothing")
            return
        }
        #expect(end.how == .exit(3))
        #expect(end.check == nil && end.property == nil, "it was on no check")
        #expect(end.standardError.count == 41)
        #expect(end.standardError.last == "last words")
    }

    /// A standard error, and what the runner keeps of it.
    struct ErrorTail: Sendable, CustomTestStringConvertible {
        let name: String
        var first = ""
        let lines: Int
        let line: String
        var last = ""
        let kept: @Sendable ([String]) -> Bool
        var testDescription: String { name }
    }

    static let errorTails = [
        ErrorTail(name: "exactly 64 KiB: all of it", lines: 64, line: String(repeating: "e", count: 1023) + "\n") {
            $0.count == 64 && $0.allSatisfy { $0.count == 1023 }
        },
        ErrorTail(name: "a first line, then 64 KiB: cut where a line starts", first: "first\n", lines: 64, line: String(repeating: "e", count: 1023) + "\n") {
            $0.count == 64 && $0.allSatisfy { $0.count == 1023 }
        },
        ErrorTail(name: "70 KB: cut in a line, which goes", lines: 70, line: String(repeating: "e", count: 999) + "\n", last: "last\n") {
            $0.count == 66 && $0.last == "last" && $0.dropLast().allSatisfy { $0.count == 999 }
        },
        ErrorTail(name: "one line of 70 KB: kept, cut", lines: 70, line: String(repeating: "x", count: 1000)) {
            $0.count == 1 && $0.first?.count == 64 * 1024
        },
    ]

    @Test(arguments: errorTails)
    func theStandardErrorKeptIsItsLast64KiBInWholeLines(_ tail: ErrorTail) throws {
        let worker = try Self.start(Self.writesThenExits(first: tail.first, lines: tail.lines, line: tail.line, last: tail.last))
        #expect(Self.post(worker) == 1)
        guard case let .ended(end) = worker.receive(wait: 10) else {
            Issue.record("a worker that exited answers nothing")
            return
        }
        #expect(end.how == .exit(3))
        let lines = end.standardError, kept = tail.kept(lines)
        #expect(kept, "\(lines.count) lines, of \(Set(lines.map(\.count)).sorted()) bytes")
    }
}
