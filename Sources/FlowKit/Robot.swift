import Testing

/// Base for robots: each knows one screen (its identifiers, actions and checks, and how to
/// recognise it) and drives the app launched for the current test. Actions return the next
/// screen's robot; checks return `self`; so a test reads as a sentence:
/// `LoginRobot().login().checkGlance()`.
///
/// An action that leads to another screen checks that it arrived (`next(_:)`): a flow can only
/// pass if the app did what the flow says. After the first failure every later step is skipped
/// without waiting, so a broken chain fails once, at the line that broke it.
open class Robot {
    /// The app this robot drives; the robots it leads to drive the same one.
    public let app: FlowApp

    /// A robot of this screen. It does not check that the app shows the screen: the action that
    /// led here did, with ``next(_:sourceLocation:)``.
    ///
    /// - Parameter app: the app to drive; by default the one launched for the current test.
    public required init(app: FlowApp? = nil) {
        guard let app = app ?? FlowApp.current else {
            preconditionFailure("""
                \(Self.self)() has no app to drive: launch one for the test (a LaunchAppTrait of FlowTesting \
                on the @Test or @Suite), or run the robot inside FlowApp.$current.withValue(app) { ... }
                """)
        }
        self.app = app
    }

    /// The title of the robot's screen, as the screen shows it: how the robot recognises its
    /// screen when an action arrives there. Every robot of a screen overrides it.
    open class var screenTitle: String {
        preconditionFailure("\(Self.self) must override screenTitle: the title its screen shows")
    }

    /// The robot's name in YAML flows and messages: the type's name without `Robot`
    /// (`PhotoDetailRobot` is `PhotoDetail`).
    public class var name: String {
        let type = String(describing: self)
        return type.hasSuffix("Robot") && type != "Robot" ? String(type.dropLast(5)) : type
    }

    /// Runs a robot method's body with every failure inside it reported at `sourceLocation`, the
    /// method's caller: the one line a robot's method needs for its queries, actions and checks to
    /// report at the test's line (or the YAML step's) instead of the robot's.
    ///
    /// ```swift
    /// @discardableResult
    /// public func lend(to borrower: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
    ///     at(sourceLocation) {
    ///         app.textFields[ID.borrower].replaceText(borrower)
    ///         app.buttons[ID.lend].tap()
    ///         return self
    ///     }
    /// }
    /// ```
    ///
    /// When a method is called by another (or by a YAML step), the outermost caller wins.
    public func at<T>(_ sourceLocation: SourceLocation, _ body: () throws -> T) rethrows -> T {
        try CallSite.reporting(at: CallSite(sourceLocation), body)
    }

    /// The robot of the screen an action leads to, driving the same app, once that screen is
    /// shown: if it is not, the failure is recorded at the caller's line with the screen as it
    /// was (`Login.login` on an offline app fails here, showing the offline message).
    public func next<Next: Robot>(_ robot: Next.Type, sourceLocation: SourceLocation = #_sourceLocation) -> Next {
        app.assertScreen(title: Next.screenTitle, of: Next.name, site: CallSite(sourceLocation))
        return Next(app: app)
    }
}
