import Synchronization

/// Where in a test a step was written: failures are reported there, not inside FlowKit.
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
    /// The file's full path, as `#filePath` gives it.
    public let file: String
    /// The line in that file.
    public let line: Int

    /// While a robot action runs for a step written elsewhere (a YAML step), failures inside it are
    /// reported at that step, not at the line inside the robot's table that called the method.
    @TaskLocal public static var step: CallSite?

    /// The caller's file and line by default. Robot methods take `file` and `line` with the same
    /// defaults and pass them on, so a failure lands on the test's line, not the robot's.
    public init(file: String = #filePath, line: Int = #line) {
        self.file = file
        self.line = line
    }

    /// `LoginFlowTests.swift:12`: the file's name and the line.
    public var description: String {
        "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)"
    }
}

/// A step that did not do what it should: what was attempted, why it failed, and the evidence.
public struct FlowFailure: Error, Sendable, CustomStringConvertible {
    /// The step, as a person would say it: `tap button "Logn"`.
    public let step: String
    /// Why it failed: `no button "Logn" on the idle screen (did you mean "Login"?)`.
    public let reason: String
    /// The screen as it was, rendered, with its frame number and idle state.
    public let screen: String?
    /// The last lines the app wrote to standard error.
    public let standardError: [String]
    /// Where the step was written: a test's line, or the YAML step a robot action ran for.
    public let site: CallSite
    /// What failed, as a program tells it apart: a check, or the app itself (it crashed, exited,
    /// hung, refused a command, or never started).
    public let cause: Cause

    /// What a failure is down to, beside its words.
    public enum Cause: Sendable, Equatable {
        /// A check or a step found the app not as the flow says: the common case.
        case check
        /// A signal ended the app (its number).
        case crashed(signal: Int32)
        /// The app exited by itself (its code).
        case exited(code: Int32)
        /// The app did not answer within the timeout (it may hang); it was killed.
        case hung
        /// The app answered a command with an error frame (its words).
        case refused(String)
        /// The app could not be started at all.
        case notStarted
        /// The app wrote a line that is not a frame on its output (the line, as the failure quotes it).
        case brokeProtocol(String)

        /// True when the app itself went wrong (crashed, exited, hung) rather than a check failing.
        public var isTheAppsEnd: Bool {
            switch self {
            case .crashed, .exited, .hung: true
            case .check, .refused, .notStarted, .brokeProtocol: false
            }
        }
    }

    /// A failure with its evidence: ``FlowApp/fail(_:_:site:)`` makes them; a test may make its own.
    public init(step: String, reason: String, screen: String?, standardError: [String], site: CallSite, cause: Cause = .check) {
        self.step = step
        self.reason = reason
        self.screen = screen
        self.standardError = standardError
        self.site = site
        self.cause = cause
    }

    /// The step and why it failed, then the screen and the app's standard error when there are any:
    /// what a person reads in a test's issue or a runner's output.
    public var description: String {
        var text = "\(step) failed: \(reason)"
        if let screen { text += "\n\nThe screen was:\n\(screen)" }
        if !standardError.isEmpty {
            text += "\n\nThe app's standard error (last \(standardError.count) lines):\n" + standardError.joined(separator: "\n")
        }
        return text
    }
}

/// Receives flow failures: a test framework's issue recorder, a runner's report, a test's list.
public protocol FailureReporting: Sendable {
    /// Called once for each failure, as it happens, on the thread of the step that failed.
    func record(_ failure: FlowFailure)
}

/// Keeps every failure, in order: for a runner's report, or a test that asserts what a failure says.
public final class FailureCollector: FailureReporting {
    private let storage = Mutex<[FlowFailure]>([])

    /// An empty collector.
    public init() {}

    /// Every failure recorded since the last ``clear()``, oldest first.
    public var failures: [FlowFailure] { storage.withLock { $0 } }

    /// Keeps `failure`, after those before it.
    public func record(_ failure: FlowFailure) {
        storage.withLock { $0.append(failure) }
    }

    /// Forgets every failure (an interactive session that goes on after one).
    public func clear() {
        storage.withLock { $0.removeAll() }
    }
}
