import FlowKit
import FlowRunner
import Foundation

/// Shrinks a finding to the fewest steps that still show it: the shortest path the crawl knows
/// to its screen first, then steps dropped (halves, then quarters, ... then one at a time, as
/// delta debugging does) and typed values made simpler (nothing, or a shorter text), each
/// change kept only when a fresh launch still shows the same problem.
struct Shrinker {
    let driver: any ExploreApp
    let rules: ScreenIdentity.Rules
    /// The rules the finding was judged by: a replay shows it when they find the same problem.
    let verdicts: Verdicts
    /// The most replays one finding may cost.
    var replays = 200
    /// The most replays that show the finding (a hang costs the whole wait at each: the others end
    /// as soon as the app is idle after the last action).
    var shownReplays = Int.max
    /// When shrinking stops, whatever is left (the crawl's `--time`).
    var deadline: ContinuousClock.Instant = .now + .seconds(3600)
    /// What checks a property finding's property again at the end of each replay.
    var properties: PropertyChecker?

    /// The most replays that may show a finding of `kind`: a replay that shows a hang costs the
    /// whole wait, so twenty of those at most; the others end once the app is idle, so no limit
    /// but the replays'.
    static func shownReplays(for kind: ExploreFinding.Kind) -> Int {
        kind == .hang ? 20 : .max
    }

    /// What a replay of some actions showed.
    private enum Replay: Equatable {
        /// The same problem, after this many of the actions (fewer than all when it came sooner),
        /// the app having refused those at `refused`: they did nothing, so the flow leaves them
        /// out (`flow run` would stop at a step the app refuses).
        case shown(after: Int, refused: [Int])
        case notShown
        /// The robot action at this index failed on its screen (a check of its own, a control it
        /// looks for): `flow run` would stop at that step, and what the action did before it
        /// failed may be what the rest needs, so no flow holding it shows the problem.
        case stepFailed(at: Int)
    }

    /// The most steps that could not be taken dropped from a finding's first actions before its
    /// first replay is given up on.
    static let failedStepsDropped = 8

    /// `finding` with the fewest actions found that still show it.
    func shrink(_ finding: ExploreFinding, states: [ScreenIdentity: [ExploreAction]]) -> ExploreFinding {
        guard !finding.atLaunch else { return finding }
        var budget = replays
        var shownBudget = shownReplays
        var used = 0
        var best = finding.actions
        // The one gate of the budgets: out of them, it answers no without a replay, so every
        // loop below runs out on its own.
        func replayed(_ actions: [ExploreAction]) -> Replay {
            guard budget > 0, shownBudget > 0, ContinuousClock.now < deadline else {
                budget = 0
                return .notShown
            }
            budget -= 1
            used += 1
            let replay = replay(actions, for: finding)
            if case let .shown(after, refused) = replay {
                shownBudget -= 1
                best = actions.prefix(after).enumerated().filter { !refused.contains($0.offset) }.map(\.element)
            }
            return replay
        }
        func shows(_ actions: [ExploreAction]) -> Bool {
            if case .shown = replayed(actions) { return true }
            return false
        }
        // Is it shown at all by a fresh launch, by steps that can each be taken? A robot step the
        // walk took that failed (a check of its own that did not hold) is dropped, and the rest
        // replayed. (An app that does not do the same twice is left as found.)
        var first = finding.actions
        var outcome = replayed(first)
        while case let .stepFailed(index) = outcome, finding.actions.count - first.count < Self.failedStepsDropped, index < removable(first, finding) {
            first.remove(at: index)
            outcome = replayed(first)
        }
        guard case .shown = outcome else {
            var kept = finding
            kept.replays = used
            return kept
        }
        // The shortest path the crawl knows to its screen.
        if let path = states[finding.screen] {
            let candidate = finding.endsWithItsAction ? path + [best[best.count - 1]] : path
            if candidate.count < best.count { _ = shows(candidate) }
        }
        // Drop steps: chunks, halving their size, then one at a time, until nothing more can go.
        var chunk = max(1, removable(best, finding) / 2)
        while chunk >= 1 {
            var start = 0
            var dropped = false
            while start < removable(best, finding) {
                let end = min(start + chunk, removable(best, finding))
                var candidate = best
                candidate.removeSubrange(start..<end)
                if shows(candidate) {
                    dropped = true
                } else {
                    start = end
                }
            }
            if !dropped { chunk /= 2 }
        }
        // Simpler values: each text typed (into a field, or as a robot action's argument) made
        // empty, or (the action that shows it) shorter.
        var index = 0
        while index < best.count {
            defer { index += 1 }
            var slot = 0
            while index < best.count, slot < best[index].typedValues.count {
                defer { slot += 1 }
                let action = best[index]
                let (text, value) = action.typedValues[slot]
                guard !text.isEmpty else { continue }
                var candidate = best
                candidate[index] = action.retyping(slot, as: "", value: .empty)
                // A text that names a variable (`${USER}`) is the variable's or nothing: a half of
                // it would be neither.
                if shows(candidate) || text.contains("${") { continue }
                var current = text
                while current.count > 1, index < best.count {
                    let half = String(current.prefix(current.count / 2)), rest = String(current.suffix(current.count - current.count / 2))
                    var shorter = best
                    shorter[index] = action.retyping(slot, as: half, value: value ?? .valid)
                    if shows(shorter) {
                        current = half
                        continue
                    }
                    shorter[index] = action.retyping(slot, as: rest, value: value ?? .valid)
                    if rest != current, shows(shorter) {
                        current = rest
                        continue
                    }
                    break
                }
            }
        }
        var shrunk = finding
        // The summary names the action that shows it as it is now (a shorter text, say).
        if finding.endsWithItsAction, let before = finding.actions.last, let after = best.last, before != after {
            shrunk.summary = finding.summary.replacingOccurrences(of: before.description, with: after.description)
        }
        shrunk.actions = best
        shrunk.replays = used
        return shrunk
    }

    /// How many of `actions` may be dropped: all for a screen's problem, all but the last for an action's.
    private func removable(_ actions: [ExploreAction], _ finding: ExploreFinding) -> Int {
        finding.endsWithItsAction ? max(0, actions.count - 1) : actions.count
    }

    /// Replays `actions` from a fresh launch and says whether `finding` is shown: the same
    /// problem, as the judge's verdicts say it, on the screen or after the action it is of.
    private func replay(_ actions: [ExploreAction], for finding: ExploreFinding) -> Replay {
        guard case var .success(frame) = driver.relaunch() else { return .notShown }
        // A replay is a launch: the properties' models start anew, and follow every action.
        properties?.launched()
        var refusedSteps: [Int] = []
        for (index, action) in actions.enumerated() {
            let outcome = driver.act(action, wait: nil)
            let last = index == actions.count - 1
            let before = frame
            switch outcome {
            case let .screen(next):
                frame = next
                if let properties { for observed in driver.lastActions { properties.keepModels(after: observed) } }
                if finding.kind.isAnAction, last { return .notShown }
            case .skipped:
                return .stepFailed(at: index)
            case let .refused(reason):
                // The same refusal: of an action its screen offers, the same problem.
                if finding.kind == .refused, last {
                    guard before.screen.offers(action),
                          let refused = verdicts.refused(action, reason: reason, on: ScreenIdentity(before.screen, rules: rules), trace: actions) else { return .notShown }
                    return refused.problem == finding.problem ? .shown(after: index + 1, refused: refusedSteps) : .notShown
                }
                if finding.endsWithItsAction, last { return .notShown }
                // It did nothing: the app is where it was, and the flow leaves it out.
                refusedSteps.append(index)
            case let .ended(failure):
                // (A screen's problem is never an ending's: the problems differ.)
                guard let ended = verdicts.ended(failure, after: action, on: ScreenIdentity(before.screen, rules: rules), trace: Array(actions.prefix(index + 1)),
                                                 standardError: []) else { return .notShown }
                return ended.problem == finding.problem ? .shown(after: index + 1, refused: refusedSteps) : .notShown
            }
        }
        if finding.kind.isAnAction { return .notShown }
        if let property = finding.property {
            return propertyFails(property, finding, on: frame) ? .shown(after: actions.count, refused: refusedSteps) : .notShown
        }
        return shows(finding, on: frame, after: actions) ? .shown(after: actions.count, refused: refusedSteps) : .notShown
    }

    /// Whether `property` still fails where the replay ended, on a screen of the finding's title:
    /// an invariant on the idle screen; an action property after the replay's last action (an
    /// action property's finding ends with its trigger, which no replay drops).
    private func propertyFails(_ property: AppProperty, _ finding: ExploreFinding, on frame: Frame) -> Bool {
        guard let properties else { return false }
        if property.kind == .invariant {
            guard frame.screen.title == finding.screen.title else { return false }
            return properties.check(property, now: frame, last: nil) != nil
        }
        guard let trigger = property.trigger, let last = driver.lastActions.last(where: { $0.isTrigger(trigger) }),
              last.before.screen.title == finding.screen.title else { return false }
        return properties.check(property, now: frame, last: last) != nil
    }

    /// Whether `screen` is the screen `identity` names: the same identity, or, for the one state of
    /// a structure's screens past a crawl's bound (`data other`), the same structure.
    static func isOn(_ screen: ScreenSnapshot, _ identity: ScreenIdentity, rules: ScreenIdentity.Rules) -> Bool {
        let seen = ScreenIdentity(screen, rules: rules)
        return identity.hasOtherData ? seen.title == identity.title && seen.structure == identity.structure : seen == identity
    }

    /// Whether the screen's problem is on `frame`: the screen, and for what the judge sees on an
    /// idle screen (the audit, a secret) the same problem found there again.
    private func shows(_ finding: ExploreFinding, on frame: Frame, after actions: [ExploreAction]) -> Bool {
        guard Self.isOn(frame.screen, finding.screen, rules: rules) else { return false }
        switch finding.kind {
        case .audit, .secretShown:
            return verdicts.onScreen(frame, identity: finding.screen, trace: actions).contains { $0.problem == finding.problem }
        case .deadEnd, .alertNeverCloses:
            // What every action of the screen did is the crawl's to know: being there is enough.
            return true
        case .crash, .exit, .hang, .refused, .wireError, .property:
            return false
        }
    }
}
