import FlowKit
import Synchronization

/// What a run's flows exercise of an app's screens (`run --coverage MAP`, `explore --against`):
/// every idle screen they show, and every action they take, from which screen to which, each
/// screen known by its identity under the map's rules (FlowKit's `ScreenIdentity`). Shared by
/// the run's jobs; each flow's app is watched through its own tracker.
package final class CoverageRecorder: Sendable {
    /// One action a flow took: from a screen, what, to a screen (nil when the app ended).
    package struct Step: Hashable, Sendable {
        /// The identity's key of the screen it was taken on.
        package let from: String
        /// The action's key: `tap button Save`, `type textField Name`, `answer button OK`, `back`.
        package let action: String
        /// The identity's key of the screen it led to.
        package let to: String?
    }

    /// What tells screens apart: the map's rules.
    package let rules: ScreenIdentity.Rules
    private let seen = Mutex<(screens: Set<String>, steps: Set<Step>)>(([], []))

    /// A recorder that tells screens apart by `rules`.
    package init(rules: ScreenIdentity.Rules) {
        self.rules = rules
    }

    /// The identities' keys of every screen shown.
    package var screens: Set<String> { seen.withLock { $0.screens } }
    /// Every action taken.
    package var steps: Set<Step> { seen.withLock { $0.steps } }

    /// The key of an action, the same for a map's transition and a flow's command: the verb, then
    /// the element's kind and identifier (a row by its class: any row of a list is the list's; so is
    /// any control whose identifier carries a number).
    package static func actionKey(verb: String, kind: ElementSnapshot.Kind?, identifier: String?) -> String {
        guard let kind, let identifier else { return verb }
        return "\(verb) \(kind.rawValue) " + ScreenIdentity.rowClass(of: identifier)
    }

    /// Watches `app` from now on (its frames and its commands), for one flow.
    func track(_ app: FlowApp, forwarding frames: ((Frame) -> Void)?) {
        let tracker = Tracker(recorder: self)
        app.frameObserver = { frame in
            frames?(frame)
            tracker.saw(frame)
        }
        app.commandObserver = { request in tracker.sent(request) }
    }

    fileprivate func add(screen: String) {
        seen.withLock { _ = $0.screens.insert(screen) }
    }

    fileprivate func add(_ step: Step) {
        seen.withLock { _ = $0.steps.insert(step) }
    }

    /// One flow's app: the last idle screen, and the command sent from it awaiting its screen.
    final class Tracker {
        let recorder: CoverageRecorder
        private var idle: ScreenSnapshot?
        private var pending: (from: ScreenSnapshot, request: Request)?

        init(recorder: CoverageRecorder) {
            self.recorder = recorder
        }

        func saw(_ frame: Frame) {
            guard frame.idle else { return }
            let key = ScreenIdentity(frame.screen, rules: recorder.rules).key
            recorder.add(screen: key)
            if let pending {
                recorder.add(Step(from: ScreenIdentity(pending.from, rules: recorder.rules).key, action: Self.key(pending.request, on: pending.from), to: key))
                self.pending = nil
            }
            idle = frame.screen
        }

        func sent(_ request: Request) {
            guard let idle, request.action != .snapshot, request.action != .quit else { return }
            pending = (idle, request)
        }

        /// The key of `request` sent on `screen`: its target found as the app finds it (an
        /// identifier, else a label or a row's text), a button of the alert on top an answer.
        static func key(_ request: Request, on screen: ScreenSnapshot) -> String {
            switch request.action {
            case .back: return "back"
            case .scroll: return "scroll"
            case .snapshot, .quit: return request.action.rawValue
            case .tap, .type:
                let target = request.target ?? ""
                let candidates = screen.controls
                let element = candidates.first { $0.identifier == target } ?? candidates.first { $0.label == target || $0.rowText == target }
                guard let element else { return "\(request.action.rawValue) \(target)" }
                let inAlert = screen.topAlert?.children.contains(element) == true
                return CoverageRecorder.actionKey(verb: inAlert ? "answer" : request.action.rawValue, kind: element.kind, identifier: element.identifier)
            }
        }
    }
}
