import Foundation
import Testing

/// The base of strict mocks: a test declares every call it expects, in order, through the mock's
/// `expect` proxy; each call the code makes consumes one. A call nobody expected, or one with the
/// wrong arguments, is a test failure recorded at the test's own line, never a crash (mocking
/// libraries on Linux call fatalError). `verify()` lists what was expected and never called.
/// Thread-safe: code under test may call from any thread.
open class StrictMock<Call: Equatable & Sendable, Reply: Sendable>: @unchecked Sendable {
    private struct Expectation {
        let call: Call
        let reply: Reply
        let location: SourceLocation
    }

    private let lock = NSLock()
    private var expectations: [Expectation] = []
    private var received: [Call] = []
    /// Where the mock was made: a call made when none was expected is reported there (a wrong call
    /// is reported at the line that expected another).
    public let location: SourceLocation
    /// What a mock's method answers a call nobody expected (after recording the failure).
    public let fallback: Reply

    /// A mock that answers an unexpected call with `fallback`; the location defaults to the line
    /// that makes the mock, where a call nobody expected is reported.
    public init(fallback: Reply, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        self.fallback = fallback
        self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Declares the next expected call and its reply (used by a mock's `expect` proxy).
    public func expect(_ call: Call, reply: Reply, sourceLocation: SourceLocation) {
        lock.withLock { expectations.append(Expectation(call: call, reply: reply, location: sourceLocation)) }
    }

    /// Called by the mock's methods: consumes the next expectation and returns its reply. A call
    /// that is not the next one expected is recorded as a failure, and `fallback` is returned.
    public func record(_ call: Call) -> Reply {
        let outcome: (reply: Reply, failure: (String, SourceLocation)?) = lock.withLock {
            received.append(call)
            guard !expectations.isEmpty else {
                return (fallback, ("unexpected call \(call): no call was expected (\(received.count) received)", location))
            }
            let next = expectations.removeFirst()
            guard next.call == call else {
                return (fallback, ("unexpected call \(call): expected \(next.call)", next.location))
            }
            return (next.reply, nil)
        }
        if let (message, location) = outcome.failure { Issue.record(Comment(rawValue: message), sourceLocation: location) }
        return outcome.reply
    }

    /// Records a failure for each expected call that was never made, at the line it was expected.
    public func verify() {
        let unmet = lock.withLock { expectations }
        for expectation in unmet {
            Issue.record(Comment(rawValue: "expected call \(expectation.call) was never made"), sourceLocation: expectation.location)
        }
    }

    /// The calls received so far, in order.
    public var calls: [Call] { lock.withLock { received } }
}
