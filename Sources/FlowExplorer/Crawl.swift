import FlowKit
import FlowRunner
import Foundation

/// The navigation every strategy crawls with: it drives the app (launches it, takes actions,
/// reaches a state again), notes on the map (``ExploreGraph``) where each action led, and hands
/// what it met to the ``Judge`` and to the app's properties. The map is a value it keeps; the app,
/// where it is and the hangs met are its own.
final class Crawl {
    let app: any ExploreApp
    let judge: Judge
    /// What checks the app's properties (nil: none are checked).
    let properties: PropertyChecker?
    /// The map so far.
    private(set) var graph: ExploreGraph
    /// Where the app is: the state it is on, and the actions since its launch; nil when it is not running.
    private(set) var current: Position?
    /// Who is acting: the map, or a walk (what a finding says it was found by).
    var origin: ExploreFinding.Origin = .map
    /// Whether Ctrl-C came: what an action did then (its app killed) is no finding.
    var isInterrupted: () -> Bool = { false }
    /// Each screen (as drawn) and action that hung the app.
    private var hangs: Set<String> = []

    /// Where the app is.
    struct Position {
        let state: StateID
        /// The actions since its launch (the prefix's not counted).
        let trace: [ExploreAction]
        let screen: ScreenSnapshot
        /// The screen as drawn.
        let text: String
    }

    /// What an action did, as a strategy needs to know.
    enum Taken: Equatable {
        /// The app is idle on this state's screen.
        case screen(StateID)
        /// The app refused the action and is where it was.
        case refused
        /// The action (a robot action) could not be taken on this screen, and the app is where
        /// it is now: a skipped step, counted.
        case skipped
        /// The app ended, as the map says it.
        case ended(TransitionOutcome)
        /// Ctrl-C came.
        case interrupted
    }

    init(app: any ExploreApp, judge: Judge, rules: ScreenIdentity.Rules, dataLimit: Int, properties: PropertyChecker? = nil) {
        self.app = app
        self.judge = judge
        graph = ExploreGraph(rules: rules, dataLimit: dataLimit)
        self.properties = properties
    }

    /// The screens met, in the order met.
    var states: [ScreenState] { graph.states }
    /// The transitions met, each once.
    var transitions: [Transition] { graph.transitions }
    /// What tells screens apart.
    var rules: ScreenIdentity.Rules { graph.rules }

    /// The state `id` as it is now.
    subscript(_ id: StateID) -> ScreenState { graph[id] }

    /// Changes what the map holds of state `id` (what was tried on it, whether it was explored).
    func update(_ id: StateID, _ change: (inout ScreenState) -> Void) {
        change(&graph[id])
    }

    /// Robot actions taken that could not be taken on the screen they were offered on (skipped).
    private(set) var skipped = 0

    // MARK: - Launching

    /// Launches the app afresh (a new copy of the store, the prefix run): the state it is on, or why not.
    func launch() -> Result<StateID, AppDriver.StartFailure> {
        switch app.relaunch() {
        case let .failure(failure):
            current = nil
            return .failure(failure)
        case let .success(frame):
            let first = graph.state(for: frame.screen, text: app.mask(frame.text), path: [])
            current = Position(state: first, trace: [], screen: frame.screen, text: frame.text)
            judge.screen(frame, on: graph[first], trace: [], origin: origin)
            if let properties {
                properties.launched()
                let (judge, origin, reached) = (judge, origin, graph[first])
                let asked = judge.nextMoment()
                properties.submit(after: nil, invariantsOn: frame) { judge.broken($0, actionOn: nil, reached: reached, trace: [], origin: origin, asked: asked) }
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
    /// did and the screen it led to to the judge and the properties.
    @discardableResult
    func take(_ action: ExploreAction, from state: StateID) -> Taken {
        let trace = (current?.trace ?? []) + [action]
        let before = current?.text ?? graph[state].text
        let beforeScreen = current?.screen ?? graph[state].screen
        let outcome: AppDriver.Outcome
        if hangs.contains(Self.hangKey(before, action)) {
            // The very screen (drawn the same) and action that hung the app before: the same hang
            // again, one more path to a problem known already, without a wait.
            outcome = .ended(FlowFailure(step: action.description, reason: "it hung from this screen before", screen: nil, standardError: [],
                                         site: AppDriver.site, cause: .hung))
            app.terminate()
        } else {
            // The same action on a screen of the same title as a known hang: a short wait.
            let knownHang = judge.knows(.hang(title: graph[state].identity.title, control: action.problemControl))
            outcome = app.act(action, wait: knownHang ? Self.knownHangWait : nil)
        }
        if isInterrupted() {
            current = nil
            return .interrupted
        }
        switch outcome {
        case let .screen(frame):
            let reached = graph.state(for: frame.screen, text: app.mask(frame.text), path: graph[state].path + [action], trace: trace)
            graph[reached].visits += 1
            graph.note(state, action, to: reached, outcome: .screen, changedData: frame.screen.differsInData(from: beforeScreen))
            current = Position(state: reached, trace: trace, screen: frame.screen, text: frame.text)
            judge.screen(frame, on: graph[reached], trace: trace, origin: origin)
            if let properties {
                // The action's properties (each command's, and a robot action's own) and the
                // invariants of the screen it left, which the worker checks while the crawl takes
                // the next action (the judge hears of them then).
                let (judge, origin, from, to) = (judge, origin, graph[state], graph[reached])
                let observed = app.lastActions
                for (index, action) in observed.enumerated() {
                    let asked = judge.nextMoment()
                    properties.submit(after: action, invariantsOn: index == observed.count - 1 ? frame : nil) {
                        judge.broken($0, actionOn: from, reached: to, trace: trace, origin: origin, asked: asked)
                    }
                }
                if observed.isEmpty {
                    let asked = judge.nextMoment()
                    properties.submit(after: nil, invariantsOn: frame) { judge.broken($0, actionOn: from, reached: to, trace: trace, origin: origin, asked: asked) }
                }
            }
            return .screen(reached)
        case let .refused(reason):
            graph.note(state, action, to: nil, outcome: .refused)
            // A robot action is the robot's to take, not the screen's to offer: the driver skips one
            // that fails, and a refusal of one is no finding either.
            let offered = !action.isRobot && (current?.screen.offers(action) ?? false)
            // A refused action did nothing: it is no part of the way the app got where it is (a
            // replay would stop at it).
            current = Position(state: state, trace: current?.trace ?? [], screen: current?.screen ?? graph[state].screen, text: current?.text ?? graph[state].text)
            // Refusing what the screen did not offer is no problem of the app's.
            if offered { judge.refused(action, reason: reason, on: graph[state], trace: trace, origin: origin) }
            return .refused
        case let .skipped(frame):
            // A robot action that failed on the screen it was offered on: no finding; the app is
            // where its commands left it, the trace with it (a replay does the same).
            skipped += 1
            let reached = graph.state(for: frame.screen, text: app.mask(frame.text), path: graph[state].path + [action], trace: trace)
            current = Position(state: reached, trace: trace, screen: frame.screen, text: frame.text)
            return .skipped
        case let .ended(failure):
            current = nil
            let outcome = TransitionOutcome.of(failure.cause)
            if outcome == .hung { hangs.insert(Self.hangKey(before, action)) }
            graph.note(state, action, to: nil, outcome: outcome)
            judge.ended(failure, after: action, on: graph[state], trace: trace, origin: origin)
            return .ended(outcome)
        }
    }

    private static func hangKey(_ text: String, _ action: ExploreAction) -> String {
        ScreenIdentity.digest(of: text) + " " + action.yaml
    }

    /// The longest an action of a known hang (the same action on a screen of the same title) waits
    /// for the app (when `--wait` is longer): an idle app answers in milliseconds, and a wait that
    /// ends is only ever one more path to a problem found with the whole wait.
    static let knownHangWait: TimeInterval = 0.25

    // MARK: - Reaching a screen

    /// Puts the app on `state` to take `next` there: where it is when it is there (within
    /// ``traceLimit`` actions of its launch); else from where it is, by the transitions the crawl
    /// has seen (back included), when they lead there (an action is a few hundred microseconds, a
    /// launch and the prefix tens of milliseconds); else a fresh launch and the state's path. False
    /// when the path no longer leads there (an app that does not do the same twice): the state is
    /// then marked unreachable.
    func reach(_ state: StateID, for next: ExploreAction) -> Bool {
        // There, with the control the action takes (a row deleted on the way is not). In data
        // identity a state of the same structure is there too: the map takes a structure's actions
        // one after another as the app goes (text typed, then Add), as it does by structure.
        func there() -> Bool {
            guard let current, current.trace.count < Self.traceLimit else { return false }
            guard current.state == state || (graph.rules.mode == .data && graph[current.state].identity.structure == graph[state].identity.structure) else { return false }
            return current.screen.offers(next)
        }
        if there() { return true }
        // A few tries from where the app is: an action may lead elsewhere this time (the app's
        // data changed since), and the way on is looked for again from there.
        for _ in 0..<Self.routeTries {
            guard let here = current, here.state != state else { break }
            if let route = graph.route(from: here.state, to: state), here.trace.count + route.count < Self.traceLimit {
                for (action, expected) in route {
                    guard let here = current, here.screen.offers(action) else { break }
                    take(action, from: here.state)
                    if isInterrupted() { return false }
                    if current?.state != expected { break }
                }
                continue
            }
            // No known way: back, when the screen has not shown where back leads yet.
            guard here.trace.count + 1 < Self.traceLimit, here.screen.topAlert == nil,
                  !graph.leaving(here.state).contains(where: { $0.action.verb == .back }) else { break }
            take(.back, from: here.state)
        }
        if there() { return true }
        // Its own path (the screen it was found from, then the action), else every action since
        // the launch that found it (what the app held then may be what made it this screen).
        let known = graph[state]
        for candidate in [known.path] + (known.fallback.map { [$0] } ?? []) {
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
                if let properties { for observed in app.lastActions { properties.keepModels(after: observed) } }
                last = frame
            }
            // The same state, and the control the action takes on it (rows alike may have other numbers now).
            if !lost, graph.identity(of: last.screen) == known.identity, last.screen.offers(next) {
                (graph[state].path, graph[state].fallback) = (candidate, nil)
                current = Position(state: state, trace: candidate, screen: last.screen, text: last.text)
                return true
            }
        }
        graph[state].unreachable = true
        current = nil
        return false
    }

    /// The most times the app is moved on from where it is towards a state before it is relaunched.
    static let routeTries = 3

    /// The most actions one launch of the app takes before it is launched afresh: a long run of
    /// actions costs nothing a launch would save (a launch and the prefix are tens of actions'
    /// time), but a finding is first replayed with every action since its launch.
    static let traceLimit = 100

    /// Hands `state`, every action of which was tried, to the judge.
    func judgeExplored(_ state: StateID) {
        guard !graph[state].unreachable else { return }
        judge.explored(graph[state], leaving: graph.leaving(state), origin: origin)
    }
}
