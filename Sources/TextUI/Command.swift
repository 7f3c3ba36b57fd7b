/// Something a person or a script asks the app to do.
public enum Command: Equatable, Sendable {
    /// Tap a control named by identifier, label or number.
    case tap(String)
    /// Replace the contents of a field (named by identifier, label or number) with `text`.
    case type(String, text: String)
    /// Leave the current screen for the one below.
    case back
    /// Move the window of a long list.
    case scroll(ScrollDirection)
    /// Show the screen again (the shell) or answer with the current frame (automation).
    case show
    /// List the commands (the shell only: automation has no `help`).
    case help
    /// Leave the app: the shell stops reading; the automation server answers, then stops.
    case quit

    /// The verbs, as a person types them.
    public static let verbs = ["tap", "type", "back", "more", "scroll", "show", "help", "quit"]
}

/// Where a list's window moves.
public enum ScrollDirection: Equatable, Sendable {
    /// The page above.
    case up
    /// The next page (what `more` does).
    case down
    /// The first page.
    case top
    /// The last full page.
    case bottom
    /// So that row `n` (from 1) is in the window.
    case row(Int)

    /// `up`, `down`, `top`, `bottom`, or a row number from 1; nil for anything else.
    public init?(_ text: some StringProtocol) {
        switch text.lowercased() {
        case "up": self = .up
        case "down": self = .down
        case "top": self = .top
        case "bottom": self = .bottom
        default:
            guard let row = Int(text), row >= 1 else { return nil }
            self = .row(row)
        }
    }
}
