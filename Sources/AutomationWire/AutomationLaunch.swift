/// How a runner asks an app for the automation protocol: the launch argument `-automation YES`.
///
/// Declared here, beside the frames and commands, because both sides read it: the app's entry
/// point (TextUI's `TextApp`) chooses the automation server when it is given, and a runner
/// (FlowTesting's `AppLaunch`) passes it.
public enum AutomationLaunch {
    /// The launch argument's key, without its dash.
    public static let key = "automation"
    /// The launch arguments that ask for the protocol, as a runner passes them.
    public static let arguments = ["-\(key)", "YES"]
}
