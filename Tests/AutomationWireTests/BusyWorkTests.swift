import AutomationWire
import Foundation
import Testing

/// Protocol 2's `busy`: what a frame says the app is busy with, read strictly when it is there,
/// its absence read as an app of protocol 1; and the version each side settles on.
struct BusyWorkTests {
    static let screen = Screen(title: "Work photos", elements: [.text("8 work photos", identifier: "status")])

    static func line(busy: String?) -> [UInt8] {
        let busyField = busy.map { "\"busy\":\($0)," } ?? ""
        let json = "{\(busyField)\"error\":null,\"idle\":false,\"reply\":null,\"screen\":{\"elements\":[],\"list\":null,\"title\":\"T\"},\"seq\":2,\"text\":\"t\"}"
        return Array(json.utf8)
    }

    @Test func aFrameOfProtocolTwoCarriesItsWorkByNameAndTime() throws {
        let frame = Frame(seq: 2, reply: nil, idle: false, error: nil, screen: Self.screen, text: "t",
                          busy: [BusyWork(work: "upload", milliseconds: 1200)])
        let line = String(decoding: WireCodec.encodeFrame(frame), as: UTF8.self)
        #expect(line.hasPrefix(#"{"busy":[{"for_ms":1200,"work":"upload"}],"error":null,"#), "\(line)")
        #expect(try WireCodec.decodeFrame(Array(line.utf8)).busy == [BusyWork(work: "upload", milliseconds: 1200)])
        var decoder = FrameDecoder()
        #expect(try decoder.decode(Array(line.utf8)) == frame)
    }

    @Test func aFrameOfProtocolOneHasNoBusyKeyAndReadsAsNotSaying() throws {
        let frame = Frame(seq: 2, reply: nil, idle: false, error: nil, screen: Self.screen, text: "t")
        let line = String(decoding: WireCodec.encodeFrame(frame), as: UTF8.self)
        #expect(!line.contains("busy"), "a runner older than protocol 2 refuses an unknown key: \(line)")
        let read = try WireCodec.decodeFrame(Self.line(busy: nil))
        #expect(read.busy == nil)
        #expect(read.idle == false)
    }

    @Test(arguments: [
        ("3", #""busy" has the wrong type"#),
        (#"[{"work": 1, "for_ms": 2}]"#, #""busy.0.work" has the wrong type"#),
        (#"[{"work": "upload", "for_ms": 1.5}]"#, #""busy.0.for_ms" has the wrong type"#),
        (#"[{"work": "upload"}]"#, #"missing "busy.0.for_ms""#),
        (#"[{"work": "upload", "for_ms": 2, "since": 1}]"#, #"unknown field "since" in a frame's busy work"#),
        (#"[{"work": "a", "for_ms": 2, "work": "b"}]"#, #"field "work" appears twice"#),
        (#"["upload"]"#, #""busy.0" has the wrong type"#),
        (#"[{"work": "upload", "for_ms": -1}]"#, #""busy.0.for_ms" has the wrong type"#),
        (#"[{"work": "upload", "for_ms": 9223372036854775807}]"#, #""busy.0.for_ms" has the wrong type"#),
    ])
    func aBusyListOfTheWrongShapeIsAnErrorThatNamesTheField(busy: String, error: String) throws {
        let result = Result { () throws(WireError) in try WireCodec.decodeFrame(Self.line(busy: busy)) }
        guard case let .failure(failure) = result else {
            Issue.record("a frame with busy \(busy) was read")
            return
        }
        #expect(failure.description.contains(error), "\(failure.description)")
    }

    @Test func theWorkIsSaidLongestFirstInTenthsOfASecond() {
        let work = [BusyWork(work: "read the library", milliseconds: 40), BusyWork(work: "upload", milliseconds: 4_949)]
        #expect(BusyWork.summary(work) == "upload (4.9 s), read the library (40 ms)")
        #expect(BusyWork(work: "upload", milliseconds: 4_950).summary == "upload (5.0 s)")
        #expect(BusyWork(work: "x", milliseconds: 100).summary == "x (0.1 s)")
        #expect(BusyWork(work: "x", milliseconds: 99).summary == "x (99 ms)")
        #expect(BusyWork(work: "x", milliseconds: -5).summary == "x (0 ms)", "a clock that stepped back says no time, not a negative one")
        #expect(BusyWork.summary([]) == "")
        #expect(BusyWork(work: "x", milliseconds: BusyWork.longest).summary == "x (1000000000.0 s)", "the longest time a frame may give adds up")
    }

    @Test func aNameIsSaidOnOneLineAndShortAndAtMostFiveOfThem() {
        #expect(BusyWork(work: "up\nload\u{1B}[31m", milliseconds: 0).summary == "up?load?[31m (0 ms)")
        #expect(BusyWork(work: String(repeating: "w", count: 10_000), milliseconds: 0).summary.count < 100)
        let many = (1...8).map { BusyWork(work: "job \($0)", milliseconds: $0 * 1000) }
        #expect(BusyWork.summary(many) == "job 8 (8.0 s), job 7 (7.0 s), job 6 (6.0 s), job 5 (5.0 s), job 4 (4.0 s) and 3 more")
    }

    @Test func aDurationIsWholeMillisecondsFromNoneToTheLongest() {
        #expect(BusyWork.milliseconds(.milliseconds(1234) + .microseconds(999)) == 1234)
        #expect(BusyWork.milliseconds(.seconds(-3)) == 0)
        #expect(BusyWork.milliseconds(.seconds(Int64.max)) == BusyWork.longest)
    }

    @Test func aRunnerThatSaysNoVersionGetsProtocolOne() throws {
        #expect(try AutomationLaunch.version(in: [:]) == 1)
        #expect(try AutomationLaunch.version(in: AutomationLaunch.environment([:])) == AutomationLaunch.protocolVersion)
        #expect(AutomationLaunch.environment(["HOME": "/h"]) == ["HOME": "/h", "AUTOMATION_PROTOCOL": "2"])
    }

    @Test(arguments: [("1", 1), ("2", 2), ("3", 2), ("99", 2)])
    func theAppSpeaksTheRunnersVersionOrItsOwnIfTheRunnersIsLater(asked: String, spoken: Int) throws {
        #expect(try AutomationLaunch.version(in: ["AUTOMATION_PROTOCOL": asked]) == spoken)
    }

    @Test(arguments: ["0", "-1", "two", "", " 2", "2.0", "9999999999999999999999"])
    func aVersionThatIsNotOneIsAnErrorThatNamesTheVariableAndTheValue(value: String) {
        #expect(throws: AutomationLaunch.VersionError(value: value)) { try AutomationLaunch.version(in: ["AUTOMATION_PROTOCOL": value]) }
        let said = AutomationLaunch.VersionError(value: value).description
        #expect(said.hasPrefix("AUTOMATION_PROTOCOL is \"\(value)\": it takes the automation protocol's version"), "\(said)")
    }

    @Test func aVersionsControlCharactersAndLengthAreNotEchoed() {
        let said = AutomationLaunch.VersionError(value: "2\n\u{1B}[31m" + String(repeating: "x", count: 500)).description
        #expect(!said.contains("\n") && !said.contains("\u{1B}"), "\(said)")
        #expect(said.count < 200, "\(said)")
    }
}
