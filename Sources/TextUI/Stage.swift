/// The display: a navigation stack of screens, with a layer of alerts drawn over the top screen.
///
/// The alert layer is where the "system" draws (a permission request, a confirmation), as the OS
/// does over an app on a phone: while an alert is up, only its buttons can be used.
@MainActor
public final class Stage {
    /// An alert on the alert layer, with what each button does.
    public struct Alert {
        public struct Button {
            public let title: String
            public let handler: @MainActor () -> Void
            public init(_ title: String, handler: @escaping @MainActor () -> Void = {}) {
                self.title = title
                self.handler = handler
            }
        }

        public let identifier: String
        public let title: String
        public let message: String
        public let buttons: [Button]

        public init(identifier: String, title: String, message: String, buttons: [Button]) {
            self.identifier = identifier
            self.title = title
            self.message = message
            self.buttons = buttons
        }
    }

    public private(set) var screens: [ScreenController] = []
    private var alerts: [Alert] = []

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
