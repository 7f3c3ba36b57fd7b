/// The display: a navigation stack of screens, with a layer of alerts drawn over the top screen.
///
/// The alert layer is where the "system" draws (a permission request, a confirmation), as the OS
/// does over an app on a phone: while an alert is up, only its buttons can be used.
@MainActor
public final class Stage {
    /// An alert on the alert layer, with what each button does.
    public struct Alert {
        /// One button of an alert: what it reads, and what choosing it does.
        public struct Button {
            /// What the button reads: a person's tap and a flow name it by this.
            public let title: String
            /// Runs once the alert is off the layer, when the button is chosen.
            public let handler: @MainActor () -> Void
            /// A button reading `title` that runs `handler` when chosen (by default nothing: the alert goes).
            public init(_ title: String, handler: @escaping @MainActor () -> Void = {}) {
                self.title = title
                self.handler = handler
            }
        }

        /// How scripts name the alert (`PhotosPermission`), whatever its wording;
        /// ``Stage/dismiss(identifier:)`` takes it off by this.
        public let identifier: String
        /// The alert's heading, drawn in its top border and published as its label.
        public let title: String
        /// The text under the title.
        public let message: String
        /// The buttons, in order; none for a progress overlay, which goes when its work ends.
        public let buttons: [Button]

        /// An alert to ``Stage/present(_:)``.
        public init(identifier: String, title: String, message: String, buttons: [Button]) {
            self.identifier = identifier
            self.title = title
            self.message = message
            self.buttons = buttons
        }
    }

    /// The navigation stack, root first: the last is the screen shown.
    public private(set) var screens: [ScreenController] = []
    private var alerts: [Alert] = []

    /// An empty stage: give it its first screen with ``setRoot(_:)``.
    public init() {}

    /// The screen as displayed now: the top screen's elements, then any alerts over it.
    public var screen: Screen {
        guard let top = screens.last else { return Screen(title: "", elements: []) }
        let alertElements = alerts.map {
            Element.alert($0.identifier, title: $0.title, message: $0.message, buttons: $0.buttons.map(\.title))
        }
        return Screen(title: top.title, elements: top.elements + alertElements, list: top.list)
    }

    /// Replaces the whole stack with `controller`.
    public func setRoot(_ controller: ScreenController) {
        screens = [controller]
        controller.didAppear()
    }

    /// Puts `controller` on top of the stack and tells it it appeared; `back` returns to the one
    /// below.
    public func push(_ controller: ScreenController) {
        screens.append(controller)
        controller.didAppear()
    }

    /// Pops the top screen. Returns false when there is nothing below it to return to.
    @discardableResult
    public func pop() -> Bool {
        guard screens.count > 1 else { return false }
        screens.removeLast()
        screens.last?.didAppear()
        return true
    }

    /// Puts `alert` on the alert layer, over the top screen: until it is answered or dismissed, only
    /// its buttons can be used.
    public func present(_ alert: Alert) {
        alerts.append(alert)
    }

    /// Takes the alerts with `identifier` off the alert layer without choosing a button: a progress
    /// overlay (an alert with no buttons) is dismissed this way when its work ends.
    public func dismiss(identifier: String) {
        alerts.removeAll { $0.identifier == identifier }
    }

    /// Dismisses the top alert as if its button `index` was chosen, then runs that button's handler.
    func chooseAlertButton(at index: Int) {
        guard let alert = alerts.popLast(), alert.buttons.indices.contains(index) else { return }
        alert.buttons[index].handler()
    }

    var topController: ScreenController? { screens.last }
}
