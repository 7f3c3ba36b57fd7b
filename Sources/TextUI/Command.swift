/// Something a person or a script asks the app to do.
public enum Command: Equatable, Sendable {
    /// Tap a control named by identifier, label or number.
    case tap(String)
    /// Replace the contents of a field (named by identifier, label or number) with `text`.
    case type(String, text: String)
    /// Leave the current screen for the one below.
    case back
    /// Show the screen again (the shell) or answer with the current frame (automation).
    case show
    case help
    case quit

    /// The verbs, as a person types them.
    public static let verbs = ["tap", "type", "back", "show", "help", "quit"]
}
