import FlowKit
import FlowRunner

/// Why a property never applied in a crawl, said from what the map holds: its robot's screen never
/// reached, a trigger naming a control no screen of its robot had, or a check that said each time
/// that it does not apply.
enum PropertyReach {
    /// Why `property` (checked as `tally` says) never applied on a map of `screens`; nil when it did.
    static func whyNeverApplied(_ property: AppProperty, tally: PropertyTally, screens: [ExploreMap.Screen]) -> String? {
        guard tally.applied == 0 else { return nil }
        let onItsScreen = screens.filter { screen in property.screenTitle.map { $0 == screen.title } ?? true }
        if let title = property.screenTitle, onItsScreen.isEmpty {
            return "no screen titled \"\(title)\" (the \(property.robot ?? "") robot's) was reached"
        }
        if tally.checked > 0 {
            return tally.checked == 1 ? "its check said it does not apply the one time it ran" : "its check said it does not apply each of the \(tally.checked) times it ran"
        }
        guard let trigger = property.trigger else { return "it was never checked" }
        let missing = controls(of: trigger).filter { name in !onItsScreen.contains { screen in screen.controls.contains { $0.identifier == name || $0.label == name } } }
        let place = property.screenTitle.map { "no screen titled \"\($0)\"" } ?? "no screen"
        if !missing.isEmpty {
            return "\(place) had a control " + missing.map { "\"\($0)\"" }.joined(separator: " or ") + " (its trigger, \(trigger))"
        }
        return "its trigger (\(trigger)) was never taken on \(property.screenTitle.map { "a screen titled \"\($0)\"" } ?? "a screen")"
    }

    /// The controls a trigger names (none for back or a robot action).
    static func controls(of trigger: PropertyTrigger) -> [String] {
        switch trigger {
        case let .tap(name), let .type(name), let .answer(name): [name]
        case .back, .robot: []
        case let .oneOf(triggers): triggers.flatMap(controls(of:))
        }
    }
}
