import FlowKit
import Foundation
import Synchronization

/// An action as a property reads it: what was done (and to which element of the screen before
/// it), the screen before, every frame after it was sent (busy ones too, with when each came), and
/// the idle screen it left.
package struct ObservedAction: Sendable {
    /// `tap`, `type`, `answer`, `back`, or `robot` (a robot action's step).
    package var verb: String
    /// The element it named, as the screen before showed it (nil for back, or one not found).
    package var element: ElementSnapshot?
    /// The robot action (`Todos.add`), for a robot step.
    package var robotAction: String?
    /// The idle frame before it.
    package var before: Frame
    /// Every frame after it was sent, in order, with the time since it was sent.
    package var during: [(frame: Frame, at: Duration)]
    /// The idle frame it left.
    package var after: Frame

    /// An action observed.
    package init(verb: String, element: ElementSnapshot?, robotAction: String? = nil, before: Frame, during: [(frame: Frame, at: Duration)], after: Frame) {
        self.verb = verb
        self.element = element
        self.robotAction = robotAction
        self.before = before
        self.during = during
        self.after = after
    }

    /// Whether it is what `trigger` names.
    package func isTrigger(_ trigger: PropertyTrigger) -> Bool {
        if let robotAction { return trigger.names(robotAction: robotAction) }
        return trigger.matches(verb: verb, element: element)
    }
}

/// A property that does not hold, as a finding and a failed step say it.
package struct PropertyViolation: Sendable, Equatable {
    /// How it failed.
    package enum Cause: String, Sendable, Equatable {
        /// What it checks is not so.
        case violated
        /// Its check threw an error.
        case threw
        /// Its check trapped in the runner (a precondition, a force unwrap, an index out of range).
        case trapped
        /// Its check did not return in time and was cut.
        case neverReturned
    }

    /// The property's name.
    package let property: String
    /// Its kind.
    package let kind: AppProperty.Kind
    /// How it failed.
    package let cause: Cause
    /// One line: the property, and what was found.
    package let message: String
}

/// Checks an app's properties, each guarded (`PropertyGuard`): the invariants on an idle
/// screen, the action properties and eventually's an action triggers, one property by name. What
/// `flow explore` judges states with and `flow run --properties` and `assertProperty` check steps with.
package final class PropertyChecker: @unchecked Sendable {
    /// The properties it checks.
    package let properties: [AppProperty]
    let variables: [String: String]
    /// The longest one check may take before it is cut (the crawl's `--wait`, the run's `--timeout`).
    let wait: TimeInterval
    private let guarding = PropertyGuard()
    /// Properties that trapped or never returned: said once, then never run again (what a trap
    /// left behind is not to be met twice, and a check that never returns would cost its wait at
    /// every screen).
    private var broken: Set<String> = []

    /// A checker of `properties`, whose checks read `variables` and are cut after `wait` seconds.
    package init(properties: [AppProperty], variables: [String: String] = [:], wait: TimeInterval) {
        self.properties = properties
        self.variables = variables
        self.wait = wait
    }

    /// The invariants that apply to `frame`'s screen, and do not hold there.
    package func invariants(on frame: Frame) -> [PropertyViolation] {
        properties.filter { $0.kind == .invariant && $0.applies(to: frame.screen) }.compactMap { check($0, on: frame) }
    }

    /// The action properties and eventually's that `action` triggers (on their robot's screen),
    /// and that do not hold.
    package func after(_ action: ObservedAction) -> [PropertyViolation] {
        properties.filter { property in
            property.kind != .invariant && property.trigger.map(action.isTrigger) == true && property.applies(toScreenTitled: action.before.screen.title)
        }.compactMap { check($0, after: action) }
    }

    /// Whether `property` holds now (`assertProperty`): an invariant on `frame`; an action
    /// property or eventually on `last`, the last action, which must be its trigger. Nil when it holds.
    package func check(_ property: AppProperty, now frame: Frame, last: ObservedAction?) -> PropertyViolation? {
        switch property.kind {
        case .invariant:
            return check(property, on: frame)
        case .action, .eventually:
            guard let last, let trigger = property.trigger, last.isTrigger(trigger) else {
                return PropertyViolation(property: property.name, kind: property.kind, cause: .violated,
                                         message: "the property \(property.name) follows \(property.trigger?.description ?? "an action"), and the step before "
                                             + "assertProperty is \(last.map(Self.said) ?? "no action"): put it right after that action")
            }
            guard property.applies(toScreenTitled: last.before.screen.title) else {
                return PropertyViolation(property: property.name, kind: property.kind, cause: .violated,
                                         message: "the property \(property.name) is checked on the \(property.robot ?? "") screen (\"\(property.screenTitle ?? "")\"), "
                                             + "and the action before assertProperty was taken on \"\(last.before.screen.title)\"")
            }
            return check(property, after: last)
        }
    }

    /// How a violation's line names an action: `tap "Add"`.
    static func said(_ action: ObservedAction) -> String {
        action.robotAction ?? (action.verb + (action.element.map { " \"\($0.identifier)\"" } ?? ""))
    }

    private func check(_ property: AppProperty, on frame: Frame) -> PropertyViolation? {
        outcome(of: property, before: nil, after: frame).violation
    }

    private func check(_ property: AppProperty, after action: ObservedAction) -> PropertyViolation? {
        // Eventually alone is given a time to come true in (AppProperty's builders).
        guard let within = property.within else {
            return outcome(of: property, before: action.before, after: action.after).violation
        }
        // Eventually: the first frame after the action on which the condition holds, busy ones
        // too, then the idle frame it left; an idle app that does not show it never will.
        let idleAt = action.during.last?.at ?? .zero
        let frames = action.during.filter { $0.frame.seq != action.after.seq } + [(action.after, idleAt)]
        for (frame, at) in frames {
            switch outcome(of: property, before: action.before, after: frame) {
            case .holds: return at <= within ? nil : late(property, at: at, within: within, action: action)
            case .notYet: continue
            case let .violation(violation): return violation
            }
        }
        return PropertyViolation(property: property.name, kind: property.kind, cause: .violated,
                                 message: "the property \(property.name) (\(property.summary)) did not come true within \(Self.seconds(within)) after "
                                     + "\(Self.said(action)): the app was idle after \(Self.seconds(idleAt)) without it, so it never will")
    }

    private func late(_ property: AppProperty, at: Duration, within: Duration, action: ObservedAction) -> PropertyViolation {
        PropertyViolation(property: property.name, kind: property.kind, cause: .violated,
                          message: "the property \(property.name) (\(property.summary)) came true only \(Self.seconds(at)) after \(Self.said(action)), "
                              + "later than \(Self.seconds(within))")
    }

    /// What one check of a property on some screens said.
    private enum Outcome {
        case holds
        /// Eventually's condition, not true on this screen.
        case notYet
        case violation(PropertyViolation)

        /// The violation; eventually's condition not true is one too, said so, when no later screen comes.
        var violation: PropertyViolation? {
            if case let .violation(violation) = self { return violation }
            return nil
        }
    }

    /// The property's verdict on these screens, guarded.
    private func outcome(of property: AppProperty, before: Frame?, after: Frame) -> Outcome {
        if broken.contains(property.name) { return .holds }
        let result = Result()
        let variables = self.variables
        let ending = guarding.run(within: wait) {
            result.set(property.verdict(before: before, after: after, variables: variables))
        }
        let name = "the property \(property.name) (\(property.summary))"
        switch ending {
        case let .trapped(signal):
            let violation = PropertyViolation(property: property.name, kind: property.kind, cause: .trapped,
                                              message: "\(name) trapped in the runner (signal \(signal)): its check stopped, as a failed precondition, "
                                                  + "a force unwrap of nil or an index out of range stops (the runner's standard error has its message)")
            broken.insert(property.name)
            return .violation(violation)
        case .cut:
            let violation = PropertyViolation(property: property.name, kind: property.kind, cause: .neverReturned,
                                              message: "\(name) did not return within \(Self.seconds(.milliseconds(Int64(wait * 1000)))): its check was cut")
            broken.insert(property.name)
            return .violation(violation)
        case .returned:
            break
        }
        switch result.value ?? .holds {
        case .holds:
            return .holds
        case .notYet:
            return .notYet
        case let .violated(found):
            return .violation(PropertyViolation(property: property.name, kind: property.kind, cause: .violated, message: "\(name) does not hold: \(found)"))
        case let .threw(error):
            return .violation(PropertyViolation(property: property.name, kind: property.kind, cause: .threw, message: "\(name) threw an error: \(error)"))
        }
    }

    /// `2 s`, `0.25 s`.
    static func seconds(_ duration: Duration) -> String {
        let value = duration / .seconds(1)
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.2f s", value)
    }

    /// The verdict a guarded check set (on the guard's thread; read after it returned).
    private final class Result: Sendable {
        private let verdict = Mutex<PropertyVerdict?>(nil)
        func set(_ value: PropertyVerdict) {
            verdict.withLock { $0 = value }
        }
        var value: PropertyVerdict? {
            verdict.withLock { $0 }
        }
    }
}
