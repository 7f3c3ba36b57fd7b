@testable import FlowRunner
import Testing

/// The property worker's protocol, read back as written: a check and an answer are each one line,
/// every field as it was (texts with tabs, line ends and `%` in them too), and a line that is not
/// one is refused, never read as something else.
struct PropertyWorkerWireTests {
    typealias Check = PropertyWorkerWire.Check
    typealias Answer = PropertyWorkerWire.Answer
    typealias Verdict = PropertyWorkerWire.Verdict

    @Test func aCheckIsOneLineReadBackAsItWas() {
        let check = Check(id: 12, session: 3, before: .sent, frames: 4, actions: [1, 5], eventually: [7], invariants: [0, 2, 9])
        #expect(String(decoding: check.line, as: UTF8.self) == "C 12 3 s 4 1,5 7 0,2,9")
        #expect(Check(line: check.line) == check)
        let none = Check(id: 1, session: 1, before: .none, frames: 1, actions: [], eventually: [], invariants: [3])
        #expect(String(decoding: none.line, as: UTF8.self) == "C 1 1 n 1 - - 3")
        #expect(Check(line: none.line) == none)
        let previous = Check(id: 2, session: 1, before: .previous, frames: 1, actions: [4], eventually: [], invariants: [])
        #expect(Check(line: previous.line) == previous)
        let noFrame = Check(id: 3, session: 1, before: .none, frames: 0, actions: [], eventually: [], invariants: [])
        #expect(Check(line: noFrame.line) == noFrame, "no frame is a number of frames too")
    }

    @Test(arguments: ["", "C", "X 1 1 n 1 - - -", "C 1 1 n 1 - -", "C 1 1 n 1 - - - extra", "C a 1 n 1 - - -", "C 1 1 q 1 - - -", "C 1 1 n -1 - - -",
                      "C 1 1 n 1 1,,2 - -", "C 1 1 n 1 -1 - -", "C 1 1 n 1 x - -", "C 1 1 n 1 - - 3,",
                      "C  1 1 n 1 - - -", "C 1 1 n 1 - -  -"])
    func aLineThatIsNotACheckIsRefused(_ line: String) {
        #expect(Check(line: Array(line.utf8)) == nil, "\(line)")
    }

    @Test func anAnswerIsOneLineAndWhatEachPropertySaidIsReadBack() {
        let answer = Answer(id: 7, results: [
            Verdict(property: 4, outcome: .holds),
            Verdict(property: 1, outcome: .violated, text: "check that\tit\nreads 100% right\r failed: ☕️ \"quoted\""),
            Verdict(property: 2, outcome: .holds, frame: 3),
            Verdict(property: 8, outcome: .doesNotApply),
            Verdict(property: 5, outcome: .notYet),
            Verdict(property: 6, outcome: .threw, text: "%09 is not a tab"),
            Verdict(property: 0, outcome: .leftThreads, threads: 2),
        ])
        let line = answer.line
        #expect(!line.contains(0x0A) && !line.contains(0x0D), "one line")
        #expect(Answer(line: line, places: [4, 1, 2, 8, 5, 6, 0]) == answer)
    }

    @Test func anAnswerOfPropertiesThatHoldIsAFewBytes() {
        let answer = Answer(id: 12, results: [0, 1, 2, 3].map { Verdict(property: $0, outcome: $0 == 2 ? .doesNotApply : .holds) })
        #expect(String(decoding: answer.line, as: UTF8.self) == "A 12 hhnh")
        #expect(Answer(line: answer.line, places: [0, 1, 2, 3]) == answer)
    }

    @Test(arguments: ["", "A", "A 1", "B 1 hh", "A x hh", "A 1 h", "A 1 hhh", "A 1 hz", "A 1 hh\t2 - - x", "A 1 hh\t0 q - x", "A 1 hh\t0 - q x", "A 1 hh\t0 -",
                      "A 1 hh\tx - - y", "A  1 hh", "A 1 hh\t0  - -", "A 9999999999999999999 hh"])
    func aLineThatIsNotAnAnswerToTheCheckIsRefused(_ line: String) {
        #expect(Answer(line: Array(line.utf8), places: [4, 5]) == nil, "\(line)")
    }

    @Test func aResultWithoutTextMayEndAfterItsThreadsAndANumberMayHaveEighteenDigits() {
        #expect(Answer(line: Array("A 1 hv\t1 2 -".utf8), places: [4, 5])
            == Answer(id: 1, results: [Verdict(property: 4, outcome: .holds), Verdict(property: 5, outcome: .violated, frame: 2)]))
        #expect(Answer(line: Array("A 999999999999999999 hh".utf8), places: [4, 5])?.id == 999_999_999_999_999_999)
    }

    @Test func aTextIsWrittenWithItsControlsEscapedAndReadBackWhole() {
        let text = "a%b\tc\nd\re%25f"
        let escaped = Answer.escaped(text)
        #expect(String(decoding: escaped, as: UTF8.self) == "a%25b%09c%0Ad%0De%2525f")
        #expect(Answer.unescaped(escaped[...]) == text)
        #expect(Answer.unescaped(Array("100%".utf8)[...]) == "100%", "a % with nothing after it is itself")
        #expect(Answer.unescaped(Array("%zz".utf8)[...]) == "%zz", "and so is one before what is not hexadecimal")
        #expect(Answer.unescaped(Array("50%2".utf8)[...]) == "50%2", "and one with one digit after it, at the end")
        #expect(Answer.unescaped(Array("%41".utf8)[...]) == "A", "two digits at the end are a byte")
    }
}
