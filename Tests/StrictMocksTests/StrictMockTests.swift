import Foundation
import StrictMocks
import Testing

/// A drive to mock, and its strict mock with an `expect` proxy, as a presenter test writes them.
protocol SampleDrive: Sendable {
    func upload(_ names: [String]) -> Bool
}

final class SampleDriveMock: StrictMock<SampleDriveMock.Call, Bool>, SampleDrive, @unchecked Sendable {
    enum Call: Equatable, Sendable, CustomStringConvertible {
        case upload([String])
        var description: String {
            switch self { case let .upload(names): "upload(\(names))" }
        }
    }

    /// `mock.expect.upload(["a"], succeeds: true)`.
    struct Expect {
        let mock: SampleDriveMock
        func upload(_ names: [String], succeeds: Bool = true, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
            mock.expect(.upload(names), reply: succeeds, sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    var expect: Expect { Expect(mock: self) }

    init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        super.init(fallback: false, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    func upload(_ names: [String]) -> Bool { record(.upload(names)) }
}

struct StrictMockTests {
    @Test func expectedCallsAreAnsweredInOrderAndVerifyPasses() {
        let drive = SampleDriveMock()
        drive.expect.upload(["a"], succeeds: true)
        drive.expect.upload(["b"], succeeds: false)
        #expect(drive.upload(["a"]))
        #expect(!drive.upload(["b"]))
        drive.verify()
        #expect(drive.calls == [.upload(["a"]), .upload(["b"])])
    }

    @Test func anUnexpectedCallIsAFailureAtTheLineThatMadeTheMockNotACrash() {
        let line = #line + 1
        let drive = SampleDriveMock()
        withKnownIssue {
            #expect(drive.upload(["x"]) == false, "the fallback reply")
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains("unexpected call upload([\"x\"]): no call was expected")
        }
    }

    @Test func wrongArgumentsAreAFailureAtTheLineOfTheExpectation() {
        let drive = SampleDriveMock()
        let line = #line + 1
        drive.expect.upload(["a", "b"])
        withKnownIssue {
            _ = drive.upload(["a"])
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains(#"expected upload(["a", "b"])"#)
        }
    }

    @Test func verifyListsEveryExpectationNeverMetAtItsLine() {
        let drive = SampleDriveMock()
        let first = #line + 1
        drive.expect.upload(["a"])
        let second = #line + 1
        drive.expect.upload(["b"])
        let lines = Lines()
        withKnownIssue {
            drive.verify()
        } matching: { issue in
            lines.append(issue.sourceLocation?.line ?? 0)
            return [first, second].contains(issue.sourceLocation?.line ?? 0) && "\(issue)".contains("was never made")
        }
        #expect(lines.sorted == [first, second], "one issue for each expectation never met, each at its own line")
    }

    @Test func callsFromManyThreadsAreEachCountedOnce() async {
        let drive = SampleDriveMock()
        for index in 0..<200 { drive.expect.upload(["same"], succeeds: index % 2 == 0) }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 { group.addTask { drive.upload(["same"]) } }
            var successes = 0
            for await success in group where success { successes += 1 }
            #expect(successes == 100)
        }
        drive.verify()
        #expect(drive.calls.count == 200)
    }
}

/// The lines issues were recorded at (the matcher may run on any thread).
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [Int] = []

    func append(_ line: Int) {
        lock.lock()
        defer { lock.unlock() }
        lines.append(line)
    }

    var sorted: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return lines.sorted()
    }
}
