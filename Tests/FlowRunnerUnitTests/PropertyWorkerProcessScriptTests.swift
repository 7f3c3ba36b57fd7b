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
        worker.stop()
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
}
