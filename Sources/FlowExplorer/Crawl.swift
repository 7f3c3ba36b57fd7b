import FlowKit
import FlowRunner
import Foundation

/// The one driver every strategy crawls with: the map so far (screens by identity, the
/// transitions between them) and where the app is. A strategy launches the app, takes actions
/// and reaches screens through it; each outcome is noted on the map and handed to the ``Judge``.
final class Crawl {
    let app: any ExploreApp
    let judge: Judge
    let rules: ScreenIdentity.Rules
    /// The most states one structure gets in ``ScreenIdentity/Rules/Mode/data``.
    let dataLimit: Int
    /// The screens met, in the order met.
    private(set) var states: [ScreenState] = []
    private var byIdentity: [ScreenIdentity: ScreenState] = [:]
    /// How many states each structure has (in data mode, where a structure has several).
    private var dataStates: [String: Int] = [:]
    /// The transitions met, each once.
    private(set) var transitions: [Transition] = []
    private var transitionIndex: [TransitionKey: Int] = [:]
    /// The transitions from each state (by its id), as indices into `transitions`, in the order seen.
    private var leavingIndices: [String: [Int]] = [:]
    /// Where the app is: the screen it is on, and the actions since its launch; nil when it is not running.
    private(set) var current: Position?
    /// Who is acting: the map, or a walk (what a finding says it was found by).
    var origin: ExploreFinding.Origin = .map
    /// Whether Ctrl-C came: what an action did then (its app killed) is no finding.
    var isInterrupted: () -> Bool = { false }

    /// Where the app is.
    struct Position {
        let state: ScreenState
        /// The actions since its launch (the prefix's not counted).
        let trace: [ExploreAction]
        let screen: ScreenSnapshot
        /// The screen as drawn.
        let text: String
    }

    /// What an action did, as a strategy needs to know.
    enum Taken {
        /// The app is idle on this state's screen.
        case screen(ScreenState)
        /// The app refused the action and is where it was.
        case refused
        /// The app ended, as the map says it (`crashed`, `hung`, ...), or Ctrl-C came (`interrupted`).
        case ended(String)
    }

    /// What checks the app's properties (nil: none are checked).
    let properties: PropertyChecker?

    init(app: any ExploreApp, judge: Judge, rules: ScreenIdentity.Rules, dataLimit: Int, properties: PropertyChecker? = nil) {
        self.app = app
        self.judge = judge
        self.rules = rules
        self.dataLimit = dataLimit
        self.properties = properties
    }

    // MARK: - Launching

    /// Launches the app afresh (a new copy of the store, the prefix run): the state it is on, or why not.
    func launch() -> Result<ScreenState, AppDriver.StartFailure> {
        switch app.relaunch() {
        case let .failure(failure):
            current = nil
            return .failure(failure)
        case let .success(frame):
            let first = state(for: frame, path: [])
            current = Position(state: first, trace: [], screen: frame.screen, text: frame.text)
            judge.screen(frame, on: first, trace: [], origin: origin)
            if let properties {
                properties.launched()
                let (judge, origin) = (judge, origin)
                properties.submit(after: nil, invariantsOn: frame) { judge.broken($0, actionOn: nil, reached: first, trace: [], origin: origin) }
            }
            return .success(first)
        }
    }

    /// Ends the app now running (the next action needs a launch).
    func leave() {
        app.terminate()
        current = nil
    }

    // MARK: - Acting

    /// Takes `action` from where the app is (on `state`): notes where it led, and hands what it
    /// did and the screen it led to to the judge.
    @discardableResult
    func take(_ action: ExploreAction, from state: ScreenState) -> Taken {
        let trace = (current?.trace ?? []) + [action]
        let before = current?.text ?? state.text
        let outcome: AppDriver.Outcome
        if hangs.contains(Self.hangKey(before, action)) {
            // The very screen (drawn the same) and action that hung the app before: the same hang
            // again, one more path to a problem known already, without a wait.
            outcome = .ended(FlowFailure(step: action.description, reason: "it hung from this screen before", screen: nil, standardError: [],
                                         site: AppDriver.site, cause: .hung))
            app.terminate()
        } else {
            // The same action on a screen of the same title as a known hang: a short wait.
            let knownHang = judge.knows(ExploreFinding.hangProblem(title: state.identity.title, action: action))
            outcome = app.act(action, wait: knownHang ? Self.knownHangWait : nil)
        }
        if isInterrupted() {
            current = nil
            return .ended("interrupted")
        }
        switch outcome {
        case let .screen(frame):
            let reached = self.state(for: frame, path: state.path + [action], trace: trace)
            reached.visits += 1
            note(state, action, to: reached, outcome: "screen")
            current = Position(state: reached, trace: trace, screen: frame.screen, text: frame.text)
            judge.screen(frame, on: reached, trace: trace, origin: origin)
            if let properties {
                // The action's properties and the invariants of the screen it left: one check, which
                // the worker makes while the crawl takes the next action (the judge hears of it then).
                let (judge, origin) = (judge, origin)
                properties.submit(after: app.lastAction, invariantsOn: frame) { judge.broken($0, actionOn: state, reached: reached, trace: trace, origin: origin) }
            }
            return .screen(reached)
        case let .refused(reason):
            note(state, action, to: nil, outcome: "refused")
            let offered = current?.screen.offers(action) ?? false
            // A refused action did nothing: it is no part of the way the app got where it is (a
            // replay would stop at it).
            current = Position(state: state, trace: current?.trace ?? [], screen: current?.screen ?? state.screen, text: current?.text ?? state.text)
            // Refusing what the screen did not offer is no problem of the app's.
            if offered { judge.refused(action, reason: reason, on: state, trace: trace, origin: origin) }
            return .refused
        case let .ended(failure):
            current = nil
            let outcome = Self.outcome(of: failure.cause)
            if outcome == "hung" { hangs.insert(Self.hangKey(before, action)) }
            note(state, action, to: nil, outcome: outcome)
            judge.ended(failure, after: action, on: state, trace: trace, origin: origin)
            return .ended(outcome)
        }
    }

    /// Each screen (as drawn) and action that hung the app.
    private var hangs: Set<String> = []

    private static func hangKey(_ text: String, _ action: ExploreAction) -> String {
        ScreenIdentity.digest(of: text) + " " + action.yaml
    }

    /// The longest an action of a known hang (the same action on a screen of the same title) waits
    /// for the app (when `--wait` is longer): an idle app answers in milliseconds, and a wait that
    /// ends is only ever one more path to a problem found with the whole wait.
    static let knownHangWait: TimeInterval = 0.25

    /// How the map says an app's end: `crashed`, `exited` (a code other than 0), `hung`, `broke`
    /// (a line not a frame), `ended` (exit 0, or anything else).
    static func outcome(of cause: FlowFailure.Cause) -> String {
        switch cause {
        case .crashed: "crashed"
        case let .exited(code) where code != 0: "exited"
        case .hung: "hung"
        case .brokeProtocol: "broke"
        case .exited, .check, .refused, .notStarted, .badSetup: "ended"
        }
    }

    // MARK: - Reaching a screen

    /// Puts the app on `state` to take `next` there: where it is when it is there (within
    /// ``traceLimit`` actions of its launch); else from where it is, by the transitions the crawl
    /// has seen (back included), when they lead there (an action is a few hundred microseconds, a
    /// launch and the prefix tens of milliseconds); else a fresh launch and the state's path. False
    /// when the path no longer leads there (an app that does not do the same twice): the state is
    /// then marked unreachable.
    func reach(_ state: ScreenState, for next: ExploreAction) -> Bool {
        // There, with the control the action takes (a row deleted on the way is not).
        func there() -> Bool {
            guard let current, current.state === state, current.trace.count < Self.traceLimit else { return false }
            return current.screen.offers(next)
        }
        if there() { return true }
        // A few tries from where the app is: an action may lead elsewhere this time (the app's
        // data changed since), and the way on is looked for again from there.
        for _ in 0..<Self.routeTries {
            guard let here = current, here.state !== state else { break }
            if let route = route(from: here.state, to: state), here.trace.count + route.count < Self.traceLimit {
                for (action, expected) in route {
                    guard let here = current, here.screen.offers(action) else { break }
                    take(action, from: here.state)
                    if isInterrupted() { return false }
                    if current?.state !== expected { break }
                }
                continue
            }
            // No known way: back, when the screen has not shown where back leads yet.
            guard here.trace.count + 1 < Self.traceLimit, here.state.screen.topAlert == nil,
                  !leaving(here.state).contains(where: { $0.action.verb == .back }) else { break }
            take(.back, from: here.state)
        }
        if there() { return true }
        // Its own path (the screen it was found from, then the action), else every action since
        // the launch that found it (what the app held then may be what made it this screen).
        for candidate in [state.path] + (state.fallback.map { [$0] } ?? []) {
            guard case let .success(frame) = app.relaunch() else { continue }
            properties?.launched()
            var last = frame
            var lost = false
            for action in candidate {
                guard case let .screen(frame) = app.act(action, wait: nil) else {
                    lost = true
                    break
                }
                // On the way, the properties that keep a model follow the launch.
                if let properties, let observed = app.lastAction { properties.keepModels(after: observed) }
                last = frame
            }
            // The same state, and the control the action takes on it (rows alike may have other numbers now).
            if !lost, identity(of: last.screen) == state.identity, last.screen.offers(next) {
                (state.path, state.fallback) = (candidate, nil)
                current = Position(state: state, trace: candidate, screen: last.screen, text: last.text)
                return true
            }
        }
        state.unreachable = true
        current = nil
        return false
    }

    /// The most times the app is moved on from where it is towards a state before it is relaunched.
    static let routeTries = 3

    /// The most actions one launch of the app takes before it is launched afresh: a long run of
    /// actions costs nothing a launch would save (a launch and the prefix are tens of actions'
    /// time), but a finding is first replayed with every action since its launch.
    static let traceLimit = 100

    /// The fewest actions the transitions seen so far take from `from` to `to`, each with the
    /// screen it led to (nil when no way is known); the transitions in the order they were seen,
    /// so the same crawl takes the same way.
    func route(from: ScreenState, to: ScreenState) -> [(ExploreAction, ScreenState)]? {
        var previous: [ObjectIdentifier: (ScreenState, ExploreAction)] = [:]
        var frontier = [from]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(from)]
        while !frontier.isEmpty {
            var next: [ScreenState] = []
            for state in frontier {
                for transition in leaving(state) where transition.outcome == "screen" {
                    guard let target = transition.to, seen.insert(ObjectIdentifier(target)).inserted else { continue }
                    previous[ObjectIdentifier(target)] = (state, transition.action)
                    if target === to {
                        var route: [(ExploreAction, ScreenState)] = []
                        var at = target
                        while at !== from, let (before, action) = previous[ObjectIdentifier(at)] {
                            route.insert((action, at), at: 0)
                            at = before
                        }
                        return route
                    }
                    next.append(target)
                }
            }
            frontier = next
        }
        return nil
    }

    // MARK: - The map

    /// The identity of `screen` on this crawl's map: under its rules, and in data mode within its
    /// bound (a structure's states past ``dataLimit`` are one, `data other`).
    func identity(of screen: ScreenSnapshot) -> ScreenIdentity {
        let identity = ScreenIdentity(screen, rules: rules)
        guard identity.hasData, byIdentity[identity] == nil, dataStates[identity.structure, default: 0] >= dataLimit else { return identity }
        return identity.withOtherData
    }

    /// The state of `frame`: the one already met with its identity, or a new one reached by `path`.
    /// `path` is the way the crawl knows there (the screen's own path and the action); `trace`, the
    /// actions since the launch, which lead there for sure.
    func state(for frame: Frame, path: [ExploreAction], trace: [ExploreAction]? = nil) -> ScreenState {
        let identity = identity(of: frame.screen)
        if let known = byIdentity[identity] {
            // A shorter way there, found before it is explored, is the one kept: a replay costs less.
            if !known.explored, path.count < known.path.count { (known.path, known.fallback) = (path, trace == path ? nil : trace) }
            return known
        }
        let state = ScreenState(id: "s\(states.count + 1)", identity: identity, screen: frame.screen, text: app.mask(frame.text), path: path)
        if let trace, trace != path { state.fallback = trace }
        states.append(state)
        byIdentity[identity] = state
        if identity.hasData { dataStates[identity.structure, default: 0] += 1 }
        return state
    }

    /// The state with `identity`, if it was met.
    func state(with identity: ScreenIdentity) -> ScreenState? {
        byIdentity[identity]
    }

    /// The transitions from `state`, in the order seen.
    func leaving(_ state: ScreenState) -> [Transition] {
        (leavingIndices[state.id] ?? []).map { transitions[$0] }
    }

    /// Notes a transition, or counts it again.
    private func note(_ from: ScreenState, _ action: ExploreAction, to: ScreenState?, outcome: String) {
        let key = TransitionKey(from: from.id, step: action.yaml, to: to?.id, outcome: outcome)
        if let index = transitionIndex[key] {
            transitions[index].count += 1
            return
        }
        transitionIndex[key] = transitions.count
        leavingIndices[from.id, default: []].append(transitions.count)
        transitions.append(Transition(from: from, action: action, to: to, outcome: outcome))
    }

    /// Hands `state`, every action of which was tried, to the judge.
    func judgeExplored(_ state: ScreenState) {
        guard !state.unreachable else { return }
        judge.explored(state, leaving: leaving(state).map { ($0.action, $0.to, $0.outcome) }, origin: origin)
    }

    /// Each state's depth: the fewest actions from the first state over the transitions found.
    func depths() -> [String: Int] {
        var distances: [String: Int] = [:]
        guard let first = states.first else { return distances }
        distances[first.id] = 0
        var frontier = [first]
        while !frontier.isEmpty {
            var next: [ScreenState] = []
            for state in frontier {
                for transition in leaving(state) {
                    guard let to = transition.to, distances[to.id] == nil else { continue }
                    distances[to.id] = (distances[state.id] ?? 0) + 1
                    next.append(to)
                }
            }
            frontier = next
        }
        return distances
    }

    private struct TransitionKey: Hashable {
        let from: String
        let step: String
        let to: String?
        let outcome: String
    }
}

/// A screen met: its identity, its first path, what was tried on it.
final class ScreenState {
    let id: String
    let identity: ScreenIdentity
    let screen: ScreenSnapshot
    let text: String
    var path: [ExploreAction]
    /// The actions since the launch that found it, when its path is not them: tried when the path does not lead there.
    var fallback: [ExploreAction]?
    var depth: Int { path.count }
    var visits = 1
    var actions: [ExploreAction] = []
    /// Every action of it was tried (a budget, or the depth, can leave it unexplored).
    var explored = false
    /// Its path did not lead back to it.
    var unreachable = false

    init(id: String, identity: ScreenIdentity, screen: ScreenSnapshot, text: String, path: [ExploreAction]) {
        self.id = id
        self.identity = identity
        self.screen = screen
        self.text = text
        self.path = path
    }

    /// The screen as the map holds it, secrets masked by `mask`.
    func mapped(depth: Int, mask: (String) -> String) -> ExploreMap.Screen {
        ExploreMap.Screen(id: id, title: mask(identity.title), identity: mask(identity.key), depth: depth, path: path.map(\.yaml), text: text,
                          controls: Self.controls(of: screen).map { control in
                              ExploreMap.Control(kind: control.kind, identifier: mask(control.identifier), label: mask(control.label))
                          }, visits: visits)
    }

    /// The screen's controls (an alert's while one is up), a class of controls alike once.
    static func controls(of screen: ScreenSnapshot) -> [ExploreMap.Control] {
        var controls: [ExploreMap.Control] = []
        var classes: Set<String> = []
        for element in screen.controls {
            if ScreenIdentity.controlClass(of: element) != nil {
                let rowClass = ScreenIdentity.rowClass(of: element.identifier)
                guard classes.insert(element.kind.rawValue + " " + rowClass).inserted else { continue }
                controls.append(ExploreMap.Control(kind: element.kind.rawValue, identifier: rowClass, label: element.rowText))
            } else {
                controls.append(ExploreMap.Control(kind: element.kind.rawValue, identifier: element.identifier, label: element.label))
            }
        }
        return controls
    }
}

/// An action taken from a screen, where it led, and how often.
struct Transition {
    let from: ScreenState
    let action: ExploreAction
    let to: ScreenState?
    let outcome: String
    var count = 1

    init(from: ScreenState, action: ExploreAction, to: ScreenState?, outcome: String) {
        self.from = from
        self.action = action
        self.to = to
        self.outcome = outcome
    }

    var mapped: ExploreMap.Transition {
        let control: ExploreMap.Control? = action.identifier.map { identifier in
            // Rows and controls alike by their digits are one control of the map: their class.
            ExploreMap.Control(kind: action.kind?.rawValue ?? "button", identifier: ScreenIdentity.rowClass(of: identifier), label: identifier)
        }
        let key = CoverageRecorder.actionKey(verb: action.verb.rawValue, kind: action.kind, identifier: action.identifier)
        return ExploreMap.Transition(from: from.id, to: to?.id, step: action.yaml, action: action.description, control: control, key: key, outcome: outcome, count: count)
    }
}
