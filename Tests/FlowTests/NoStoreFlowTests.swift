import FlowKit
import FlowTesting
import Testing

extension Trait where Self == LaunchAppTrait {
    /// Launches TextUI's sample app, which keeps no data, as it is for each test case: nothing
    /// seeded, no store argument.
    static var textAppSample: Self {
        .launching(AppLaunch(app: "textapp-sample"))
    }
}

/// A Swift flow test of an app with no store: TextUI's sample (`textapp-sample`), launched by
/// FlowTesting's trait with no seeder and no store. The sample refuses any launch argument it does
/// not know, so a store argument passed to it would end its launch, and these tests with it.
struct NoStoreFlowTests {
    @Test(.textAppSample)
    func tapCountsInTheBackground() throws {
        let app = try #require(FlowApp.current)
        app.staticTexts["count"].assertLabel("Taps: 0")
        app.buttons["Tap"].tap()
        app.staticTexts["count"].assertLabel("Taps: 1")
        #expect(app.launchArguments == ["-automation", "YES"], "the automation protocol's argument alone: no store")
    }

    @Test(.textAppSample)
    func aBrokenExpectationFailsAtItsLine() throws {
        let app = try #require(FlowApp.current)
        app.buttons["Tap"].tap()
        let line = #line + 2
        withKnownIssue("the count is 1, not 2") {
            app.staticTexts["count"].assertLabel("Taps: 2")
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains(#"static text "count" has label "Taps: 1", expected "Taps: 2""#)
        }
    }

    /// The control for the two above: the sample given a store argument does not start, so a
    /// launch that passed one could not pass.
    @Test func theSampleGivenAStoreArgumentDoesNotStart() throws {
        let failures = FailureCollector()
        let prepared = try AppLaunch(app: "textapp-sample", arguments: ["-app.store", "/tmp/app.sqlite"]).prepare(reporter: failures)
        defer { prepared.cleanUp() }

        prepared.app.launch()

        let failure = try #require(failures.failures.first)
        #expect(failure.reason.contains("the app exited with code 2"), "\(failure)")
        #expect(failure.standardError.contains { $0.contains("unknown launch argument -app.store") }, "\(failure)")
    }
}
