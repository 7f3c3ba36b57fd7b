import FlowKit
import Testing

/// Records flow failures as Swift Testing issues, at the line of the step that failed.
public struct IssueReporter: FailureReporting {
    /// A reporter for the running test.
    public init() {}

    /// Records `failure` as an issue of the running test, at the file and line of its step.
    public func record(_ failure: FlowFailure) {
        Issue.record(Comment(rawValue: failure.description), sourceLocation: failure.site.sourceLocation)
    }
}
