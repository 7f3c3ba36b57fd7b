@testable import FlowRunner
import Foundation
import Testing

/// How a finding says what ended a worker: the signal in words, the line of its standard error
/// that tells what went wrong (a stack trace's frames never among them), and how much memory a
/// worker that ran out of it may take.
struct PropertyFindingWordsTests {
    @Test(arguments: [
        (SIGILL, "trapped (signal 4) in its check"), (SIGTRAP, "trapped (signal 5) in its check"), (SIGABRT, "aborted (signal 6) in its check"),
        (SIGSEGV, "crashed (signal 11) in its check"), (SIGBUS, "crashed (signal 7) in its check"), (SIGKILL, "was killed (signal 9) during its check"),
        (SIGTERM, "ended with signal 15 in its check"),
    ])
    func aSignalIsSaidInWords(_ signal: Int32, _ words: String) {
        #expect(PropertyChecker.ended(by: signal) == words)
    }

    @Test(arguments: ["Current stack trace:", "3    libswiftCore.so    0x00007f1c2d3e4f50 swift_beginAccess + 303", "12 desk-worker 0x000055d0c0ffee00",
                      "0 libc.so.6 0x7f00 abort"])
    func aStackTracesLinesAreItsFrames(_ line: String) {
        #expect(PropertyChecker.isStackFrame(line), "\(line)")
    }

    @Test(arguments: ["3 little pigs", "x desk-worker 0x000055d0c0ffee00", "3 desk-worker", "Current stack trace", "Fatal error: Index out of range", ""])
    func otherLinesAreNot(_ line: String) {
        #expect(!PropertyChecker.isStackFrame(line), "\(line)")
    }

    // Each line holds one of the words looked for, and none of the others (`fatalError()` with
    // no message says `Fatal error` and no colon).
    @Test(arguments: [
        "DeskCatalogs.swift:170: Fatal error", "swift runtime failure: fatal error", "Could not cast value of type 'Swift.String' (0x7f00) to 'Swift.Int' (0x7f08).",
        "Simultaneous accesses to 0x7f00, but modification requires exclusive access.", "Could not allocate memory.",
        "failed to allocate 1048576 bytes of memory with alignment 8", "desk-worker: error: something went wrong",
    ])
    func theLineThatTellsWhatWentWrongIsFoundAmongTheLastOnes(_ telling: String) {
        let lines = ["what the property printed", telling, "what it printed after", "Current stack trace:", "0 libc.so.6 0x7f00 abort"]
        #expect(PropertyChecker.telling(lines) == telling)
    }

    @Test func withNoSuchLineTheLastLineButTheStackTraceTells() {
        #expect(PropertyChecker.telling(["first", "last", "Current stack trace:", "0 libc.so.6 0x7f00 abort"]) == "last")
        #expect(PropertyChecker.telling(["Current stack trace:"]) == nil)
    }

    @Test(arguments: ["Could not allocate memory", "fatal: failed to allocate 1048576 bytes of memory", "out of memory", "terminate called after throwing 'std::bad_alloc'"])
    func aWorkerThatRanOutOfMemoryIsSaidToHaveALimit(_ line: String) {
        #expect(PropertyChecker.memoryNote(["what the property printed", line], memory: 256 << 20) == " (its worker may take 256 MiB of memory)")
    }

    @Test func aWorkerThatEndedOtherwiseIsNot() {
        #expect(PropertyChecker.memoryNote(["Fatal error: Index out of range", "Could not cast value"], memory: 256 << 20).isEmpty)
        #expect(PropertyChecker.memoryNote([], memory: 256 << 20).isEmpty)
    }

    @Test func secondsAreWholeOrHundredths() {
        #expect(PropertyChecker.seconds(.seconds(2)) == "2 s")
        #expect(PropertyChecker.seconds(.milliseconds(250)) == "0.25 s")
        #expect(PropertyChecker.seconds(.milliseconds(1500)) == "1.50 s")
    }
}
