/// Base for robots: each knows one screen (its identifiers, actions and checks) and drives the app
/// launched for the current test. Actions return the next screen's robot; checks return `self`;
/// so a test reads as a sentence: `LoginRobot().login().checkGlance()`.
///
/// After the first failure every later step is skipped without waiting, so a broken chain fails
/// once, at the line that broke it.
open class Robot {
    public let app: FlowApp

    /// - Parameter app: the app to drive; by default the one launched for the current test.
    public required init(app: FlowApp? = nil) {
        guard let app = app ?? FlowApp.current else {
            preconditionFailure("""
                \(Self.self)() has no app to drive: launch one for the test (the .workPhotosApp trait), \
                or run the robot inside FlowApp.$current.withValue(app) { ... }
                """)
        }
        self.app = app
    }

    /// The robot of the screen an action leads to, driving the same app.
    public func next<Next: Robot>(_ robot: Next.Type) -> Next {
        Next(app: app)
    }
}
