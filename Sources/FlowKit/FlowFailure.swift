import Synchronization
import Testing

/// Where in a test a step was written: failures are reported there, not inside FlowKit.
///
/// A test's line comes from Swift Testing's `#_sourceLocation`, which every call of FlowKit that
/// can fail takes as its last parameter, `sourceLocation`; a YAML step's from the flow's file.
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
    /// The file's full path, as `#filePath` gives it.
    public let file: String
    /// The line in that file.
    public let line: Int
    /// The column in that line (1 when only the line is known).
    public let column: Int

    /// While a robot's method runs (``Robot/at(_:_:)``) or a robot action runs for a YAML step,
    /// every failure inside it is reported at the method's caller or at the step, not at a line
    /// of the robot. The outermost sets it: a robot method called by another reports at the
    /// first one's caller.
    @TaskLocal public static var step: CallSite?

    /// A file and line, for what is not Swift code (a YAML step).
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The place Swift Testing's `#_sourceLocation` names: by default, the caller's.
    public init(_ sourceLocation: SourceLocation = #_sourceLocation) {
        self.init(file: sourceLocation.filePath, line: sourceLocation.line, column: sourceLocation.column)
    }

    /// The same place as Swift Testing's source location, to record an issue there.
    /// Swift Testing requires of it what a YAML step's place may lack (a file ID of two parts, a
    /// line and a column from 1): those are made so, never trapped on.
    public var sourceLocation: SourceLocation {
        let parts = file.split(separator: "/").suffix(2).map(String.init)
        let fileID = parts.count == 2 ? parts.joined(separator: "/") : "flow/" + (parts.first ?? "unknown")
        return SourceLocation(fileID: fileID, filePath: file, line: max(1, line), column: max(1, column))
    }

    /// Runs `body` with failures reported at `site`, unless an outer caller already set where
    /// (``step``): the one wrapper a robot's method needs, through ``Robot/at(_:_:)``.
    public static func reporting<T>(at site: CallSite, _ body: () throws -> T) rethrows -> T {
        if step != nil { return try body() }
        return try $step.withValue(site, operation: body)
    }

    /// `reporting(at:_:)` at a test's source location: for a helper that is not a
    /// ``Robot`` (which has ``Robot/at(_:_:)``).
    public static func reporting<T>(at sourceLocation: SourceLocation, _ body: () throws -> T) rethrows -> T {
        try reporting(at: CallSite(sourceLocation), body)
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
        /// The app could not be started at all (its store could not be made, its process not started).
        case notStarted
        /// What the flow needs from the run is not there (the test account's credentials): the
        /// scheme's or the command line's fault, not the app's; nothing was launched.
        case badSetup
        /// The app wrote a line that is not a frame on its output (the line, as the failure quotes it).
        case brokeProtocol(String)

        /// True when the app itself went wrong (crashed, exited, hung) rather than a check failing.
        public var isTheAppsEnd: Bool {
            switch self {
            case .crashed, .exited, .hung: true
            case .check, .refused, .notStarted, .badSetup, .brokeProtocol: false
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
