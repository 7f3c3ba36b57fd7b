import FlowKit
import FlowRunner
import Foundation

/// A state's place on the map: `s1`, `s2`, ... in the order met.
package struct StateID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// From 0.
    let index: Int

    /// `s1` for the first.
    package var description: String { "s\(index + 1)" }

    /// In the order met.
    package static func < (a: StateID, b: StateID) -> Bool { a.index < b.index }
}

/// The map so far, as a value: the screens met (by identity), the transitions between them, and
/// the ways there. Nothing here drives an app: ``Crawl`` does, and notes what it met here.
struct ExploreGraph {
    /// What tells screens apart.
    let rules: ScreenIdentity.Rules
    /// The most states one structure gets in ``ScreenIdentity/Rules/Mode/data``.
    let dataLimit: Int
    /// The screens met, in the order met.
    private(set) var states: [ScreenState] = []
    private var byIdentity: [ScreenIdentity: StateID] = [:]
    /// How many states each structure has (in data mode, where a structure has several).
    private var dataStates: [String: Int] = [:]
    /// The transitions met, each once.
    private(set) var transitions: [Transition] = []
    private var transitionIndex: [TransitionKey: Int] = [:]
    /// The transitions from each state, as indices into `transitions`, in the order seen.
    private var leavingIndices: [StateID: [Int]] = [:]

    init(rules: ScreenIdentity.Rules, dataLimit: Int) {
        self.rules = rules
        self.dataLimit = dataLimit
    }

    /// The state `id`.
    subscript(_ id: StateID) -> ScreenState {
        get { states[id.index] }
        set { states[id.index] = newValue }
    }

    /// The identity of `screen` on this map: under its rules, and in data mode within its bound
    /// (a structure's states past ``dataLimit`` are one, `data other`).
    func identity(of screen: ScreenSnapshot) -> ScreenIdentity {
        let identity = ScreenIdentity(screen, rules: rules)
        guard identity.hasData, byIdentity[identity] == nil, dataStates[identity.structure, default: 0] >= dataLimit else { return identity }
        return identity.withOtherData
    }

    /// The state with `identity`, if it was met.
    func state(with identity: ScreenIdentity) -> StateID? {
        byIdentity[identity]
    }

    /// Whether the state `id` is the first of its structure met (in data mode a structure has
    /// several; in structure mode each is its structure's first).
    func isFirstOfItsStructure(_ id: StateID) -> Bool {
        let structure = self[id].identity.structure
        return states.first { $0.identity.structure == structure }?.id == id
    }

    /// The state of the screen `screen` (drawn `text`): the one met with its identity, or a new
    /// one reached by `path` (the way the crawl knows there); `trace`, the actions since the
    /// launch, which lead there for sure.
    mutating func state(for screen: ScreenSnapshot, text: String, path: [ExploreAction], trace: [ExploreAction]? = nil) -> StateID {
        let identity = identity(of: screen)
        if let known = byIdentity[identity] {
            // A shorter way there, found before it is explored, is the one kept: a replay costs less.
            if !self[known].explored, path.count < self[known].path.count { (self[known].path, self[known].fallback) = (path, trace == path ? nil : trace) }
            return known
        }
        let id = StateID(index: states.count)
        var state = ScreenState(id: id, identity: identity, screen: screen, text: text, path: path)
        if let trace, trace != path { state.fallback = trace }
        states.append(state)
        byIdentity[identity] = id
        if identity.hasData { dataStates[identity.structure, default: 0] += 1 }
        return id
    }

    /// Notes a transition, or counts it again; `changedData` when the screen it led to differs
    /// from the one it was taken on (a row added), whatever their states.
    mutating func note(_ from: StateID, _ action: ExploreAction, to: StateID?, outcome: TransitionOutcome, changedData: Bool = false) {
        let key = TransitionKey(from: from, step: action.yaml, to: to, outcome: outcome)
        if let index = transitionIndex[key] {
            transitions[index].count += 1
            transitions[index].changedData = transitions[index].changedData || changedData
            return
        }
        transitionIndex[key] = transitions.count
        leavingIndices[from, default: []].append(transitions.count)
        transitions.append(Transition(from: from, action: action, to: to, outcome: outcome, changedData: changedData))
    }

    /// The transitions from `state`, in the order seen.
    func leaving(_ state: StateID) -> [Transition] {
        (leavingIndices[state] ?? []).map { transitions[$0] }
    }

    /// The fewest actions the transitions seen so far take from `from` to `to`, each with the
    /// state it led to (nil when no way is known); the transitions in the order they were seen,
    /// so the same crawl takes the same way.
    func route(from: StateID, to: StateID) -> [(ExploreAction, StateID)]? {
        var previous: [StateID: (StateID, ExploreAction)] = [:]
        var frontier = [from]
        var seen: Set<StateID> = [from]
        while !frontier.isEmpty {
            var next: [StateID] = []
            for state in frontier {
                for transition in leaving(state) where transition.outcome == .screen {
                    guard let target = transition.to, seen.insert(target).inserted else { continue }
                    previous[target] = (state, transition.action)
                    if target == to {
                        var route: [(ExploreAction, StateID)] = []
                        var at = target
                        while at != from, let (before, action) = previous[at] {
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

    /// Each state's depth: the fewest actions from the first state over the transitions found.
    func depths() -> [StateID: Int] {
        var distances: [StateID: Int] = [:]
        guard let first = states.first?.id else { return distances }
        distances[first] = 0
        var frontier = [first]
        while !frontier.isEmpty {
            var next: [StateID] = []
            for state in frontier {
                for transition in leaving(state) {
                    guard let to = transition.to, distances[to] == nil else { continue }
                    distances[to] = (distances[state] ?? 0) + 1
                    next.append(to)
                }
            }
            frontier = next
        }
        return distances
    }

    /// The map's screens, secrets masked by `mask`.
    func mappedScreens(mask: (String) -> String) -> [ExploreMap.Screen] {
        let depths = depths()
        return states.map { $0.mapped(depth: depths[$0.id] ?? $0.depth, mask: mask) }
    }

    /// The map's transitions.
    var mappedTransitions: [ExploreMap.Transition] {
        transitions.map(\.mapped)
    }

    private struct TransitionKey: Hashable {
        let from: StateID
        let step: String
        let to: StateID?
        let outcome: TransitionOutcome
    }
}

/// A screen met: its identity, its first path, what was tried on it.
struct ScreenState {
    let id: StateID
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

    init(id: StateID, identity: ScreenIdentity, screen: ScreenSnapshot, text: String, path: [ExploreAction]) {
        self.id = id
        self.identity = identity
        self.screen = screen
        self.text = text
        self.path = path
    }

    /// The screen as the map holds it, secrets masked by `mask`.
    func mapped(depth: Int, mask: (String) -> String) -> ExploreMap.Screen {
        ExploreMap.Screen(id: id.description, title: mask(identity.title), identity: mask(identity.key), depth: depth, path: path.map(\.yaml), text: text,
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
    let from: StateID
    let action: ExploreAction
    let to: StateID?
    let outcome: TransitionOutcome
    /// The screen it led to differed from the one it was taken on: a way on, even to the same state.
    var changedData: Bool
    var count = 1

    init(from: StateID, action: ExploreAction, to: StateID?, outcome: TransitionOutcome, changedData: Bool = false) {
        self.from = from
        self.action = action
        self.to = to
        self.outcome = outcome
        self.changedData = changedData
    }

    var mapped: ExploreMap.Transition {
        let control: ExploreMap.Control? = action.identifier.map { identifier in
            // Rows and controls alike by their digits are one control of the map: their class.
            ExploreMap.Control(kind: action.kind?.rawValue ?? "button", identifier: ScreenIdentity.rowClass(of: identifier), label: identifier)
        }
        let key = CoverageRecorder.actionKey(verb: action.verb.rawValue, kind: action.kind, identifier: action.identifier)
        return ExploreMap.Transition(from: from.description, to: to?.description, step: action.yaml, action: action.description, control: control, key: key,
                                     outcome: outcome, count: count)
    }
}
