import FlowKit
import Testing

/// A test trait that prepares and launches an app for each test case, makes it the robots'
/// `FlowApp.current`, records its failures as issues, and always ends it afterwards, whatever
/// the test did.
public struct LaunchAppTrait: TestTrait, SuiteTrait, TestScoping {
    /// Makes the app for one test case, its failures going to the given reporter, and says how to
    /// clean up after it.
    public typealias Prepare = @Sendable (any FailureReporting) throws -> (app: FlowApp, cleanUp: @Sendable () -> Void)

    let prepare: Prepare

    /// A trait that calls `prepare` for each test case (``launching(_:)`` covers the usual case).
    public init(_ prepare: @escaping Prepare) {
        self.prepare = prepare
    }

    /// A trait that launches `launch` for each test case: a store of its own, seeded afresh, and
    /// the app on it, or, for an app with no store, the app as it is; ended, and its folder
    /// removed, afterwards.
    public static func launching(_ launch: AppLaunch) -> Self {
        LaunchAppTrait { reporter in
            let prepared = try launch.prepare(reporter: reporter)
            return (prepared.app, prepared.cleanUp)
        }
    }

    /// True: on a suite, the trait applies to each of its tests.
    public var isRecursive: Bool { true }

    /// Runs one test case with its app launched and made `FlowApp.current`, then cleans up.
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
