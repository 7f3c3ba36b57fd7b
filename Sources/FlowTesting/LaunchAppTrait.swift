import FlowKit
import Testing

/// A test trait that prepares and launches an app for each test case, makes it the robots'
/// `FlowApp.current`, records its failures as issues, and always ends it afterwards, whatever
/// the test did.
public struct LaunchAppTrait: TestTrait, SuiteTrait, TestScoping {
    public typealias Prepare = @Sendable (any FailureReporting) throws -> (app: FlowApp, cleanUp: @Sendable () -> Void)

    let prepare: Prepare

    public init(_ prepare: @escaping Prepare) {
        self.prepare = prepare
    }

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        let (app, cleanUp) = try prepare(IssueReporter())
        defer { cleanUp() }
        app.launch()
        try await FlowApp.$current.withValue(app) { try await function() }
    }
}
