/// Navigation that every app has: going back, and presenting an alert over the current screen.
///
/// Apps extend it with their own routes (`showGlance(for:)`); the text layer implements it.
@MainActor
public protocol Navigating: AnyObject {
    /// Leaves the current screen for the one below it.
    func goBack()
    /// Presents `alert` above the current screen until one of its actions is chosen.
    func present(_ alert: AlertModel)
}

/// An alert as the presenter decides it: what it says and what each choice does.
public struct AlertModel: Sendable {
    public struct Action: Sendable {
        public enum Style: Sendable { case `default`, cancel, destructive }
        public let title: String
        public let style: Style
        public let handler: @MainActor @Sendable () -> Void

        public init(title: String, style: Style = .default, handler: @escaping @MainActor @Sendable () -> Void = {}) {
            self.title = title
            self.style = style
            self.handler = handler
        }
    }

    public let identifier: String
    public let title: String
    public let message: String
    public let actions: [Action]

    public init(identifier: String, title: String, message: String, actions: [Action]) {
        self.identifier = identifier
        self.title = title
        self.message = message
        self.actions = actions
    }
}
