import FlowKit
import Foundation

/// Seeded random walks: each from a fresh launch, at most ``WalkOptions/length`` steps, each chosen
/// among what can be done on the screen (``ScreenActions``: an alert's buttons, each button, each
/// row shown, each field, back) and the robot actions of its robot (``RobotSteps``: `Todos.add:
/// {title: Ann}` is one step, as Hypothesis takes its rules), a field typed and a robot action's
/// parameters filled from their pools.
///
/// Walks go deep, as swarm testing (Groce et al., ISSTA 2012) and state machine testing find deep
/// bugs: each walk may use only a random share of the classes of action (a walk that cannot delete
/// adds and adds), and a step repeats the class of the step before it a quarter of the time (a bug
/// that needs the same action several times is reached), else is chosen among those allowed,
/// uniformly half the time and otherwise weighted towards what the walk has tried least. One walk
/// in four may use every class.
///
/// Where a walk goes depends only on its own seed and on what it met itself: walks are independent
/// of each other and of the map, so the same seed walks the same walks action for action on one
/// machine or split between several (``WalkOptions/shard``). A screen is counted by its structure
/// and what its rows and fields hold, whatever the crawl's identity.
struct RandomWalks: ExploreStrategy {
    let options: WalkOptions
    private(set) var values: FieldValues
    /// The robot actions a walk may take, and their arguments.
    let robots: RobotSteps
    /// The rules screens are counted by: the crawl's, with what rows and fields hold.
    private let counting: ScreenIdentity.Rules
    /// The walks walked, by number.
    private(set) var walked: [Walked] = []
    /// Robot actions a walk chose whose parameters could not be filled on the screen (a position and no row).
    private(set) var unfillable = 0
    /// The last screen counted, and its key (``key(of:)``).
    private var lastCounted: (screen: ScreenSnapshot, key: String)?

    /// One walk: its number, its seed, its actions' digest, how many, and how it ended.
    struct Walked: Equatable {
        let number: Int
        let seed: UInt64
        let actions: Int
        let digest: String
        let ended: WalkEnd
    }

    /// How often each action was taken: on each screen, and on each control anywhere. A control
    /// counts with what it shows (a row's label and value, a button's label and whether it is
    /// enabled): a row whose book was just lent is a control not yet tried, so a walk goes back to
    /// what its own actions changed.
    struct Counts {
        var onScreen: [String: Int] = [:]
        var anywhere: [String: Int] = [:]

        mutating func add(_ action: ExploreAction, on screen: String, control: String) {
            onScreen[screen + " | " + action.control, default: 0] += 1
            anywhere[control, default: 0] += 1
            if action.verb == .type { onScreen[screen + " | " + action.control + " | " + (action.text ?? ""), default: 0] += 1 }
        }

        /// How much a walk wants `action` (on `control`) on `screen`: less the more it was tried
        /// there, and on that control anywhere.
        func weight(_ action: ExploreAction, on screen: String, control: String) -> Double {
            1 / (Double(1 + onScreen[screen + " | " + action.control, default: 0]) * Double(1 + anywhere[control, default: 0]))
        }

        /// How much a walk wants to type `text` (a `value` of the field's pool) with `action` on
        /// `screen`: less the more it was typed there; a valid or ordinary value three times as much
        /// as a blank, long, foreign or secret one, which the map types on every screen it makes
        /// and which seldom lead on.
        func weight(typing text: String, _ value: TypedValue, _ action: ExploreAction, on screen: String) -> Double {
            (value.isOrdinary ? 3 : 1) / Double(1 + onScreen[screen + " | " + action.control + " | " + text, default: 0])
        }
    }

    /// How often a step repeats the class of the step before it (when the screen offers it).
    static let repeatChance = 0.25
    /// How often a step is chosen uniformly among what the walk may do (else by what was tried least).
    static let uniformChance = 0.5
    /// One walk in this many may use every class of action; the others a random share of them.
    static let wholeSwarmEvery = 4

    /// Walks under `options`, each field typed from `values` (with what the prefix typed, learned
    /// at each launch), robot actions from `robots`, screens counted under `rules` with what rows
    /// and fields hold.
    init(options: WalkOptions, values: FieldValues, rules: ScreenIdentity.Rules, robots: RobotSteps = .none) {
        self.options = options
        self.values = values
        self.robots = robots
        counting = ScreenIdentity.Rules(ignoring: rules.ignoring, byText: rules.byText, mode: .data)
    }

    /// The most walks in a row whose app did not start before the walks give up: every walk
    /// launches the same way, so the next would most likely fail the same.
    static let launchFailures = 3

    mutating func run(on crawl: Crawl, budget: Budget) -> StrategyEnd {
        var failedLaunches = 0
        for number in options.numbers {
            if let reason = budget.stop(countingActions: false) {
                // Walks until the time is up did all they had to when it is.
                return reason == .time && options.count == nil ? .done : StrategyEnd(ended: reason, complete: false)
            }
            crawl.origin = .walk(number)
            let walk = self.walk(number, on: crawl, budget: budget)
            walked.append(walk)
            budget.report(options.count.map { "walking \(walked.count) of \(options.mine(of: $0).count)" } ?? "walking \(walked.count)")
            switch walk.ended {
            case .launch:
                failedLaunches += 1
                if failedLaunches >= Self.launchFailures { return StrategyEnd(ended: .launch, complete: false) }
            case .time where options.count == nil:
                return .done
            case .interrupted:
                return StrategyEnd(ended: .interrupted, complete: false)
            case .time:
                return StrategyEnd(ended: .time, complete: false)
            case .maxFindings:
                return StrategyEnd(ended: .maxFindings, complete: false)
            default:
                failedLaunches = 0
            }
        }
        return .done
    }

    /// Walk `number`: a fresh launch, then steps until its length, the app's end, or nothing to do.
    private mutating func walk(_ number: Int, on crawl: Crawl, budget: Budget) -> Walked {
        let seed = options.seed(ofWalk: number)
        var random = SeededRandom(seed: seed)
        let swarm = Swarm(number: number, random: &random)
        var counts = Counts()
        var taken: [ExploreAction] = []
        var lastClass: String?
        // The classes of a screen that were taken there and left it as it was: once every one
        // was, the walk is stuck (an alert that comes back whatever is answered, say).
        var goingNowhere: [String: Set<String>] = [:]
        func walked(_ ended: WalkEnd) -> Walked {
            Walked(number: number, seed: seed, actions: taken.count, digest: Judge.digest(of: taken), ended: ended)
        }
        switch crawl.launch() {
        case let .failure(.launch(failure)):
            if budget.interrupted() { return walked(.interrupted) }
            crawl.judge.launchFailed(failure, origin: .walk(number))
            return walked(.launch)
        case .failure(.prefix):
            return walked(budget.interrupted() ? .interrupted : .launch)
        case .success:
            // What the prefix typed is a valid value of its field (the same at every launch).
            values.learn(typedByPrefix: crawl.app.typedByPrefix)
        }
        while taken.count < options.length {
            if let reason = budget.stop(countingActions: false) { return walked(WalkEnd(reason)) }
            guard let here = crawl.current else { return walked(.ended) }
            let screen = key(of: here.screen)
            let offered = ScreenActions.controls(on: here.screen) + robots.offered(on: here.screen).map { ExploreAction(robot: $0.fullName, arguments: []) }
            let allowed = swarm.allowed(offered)
            guard let chosen = choose(among: allowed, on: here.screen, screen: screen, counts: counts, repeating: lastClass, random: &random) else { return walked(.stuck) }
            var action = allowed[chosen]
            let actionClass = ScreenActions.actionClass(of: action)
            if action.verb == .type, let field = here.screen.allElements.first(where: { $0.identifier == action.identifier && $0.kind == action.kind }) {
                let pool = values.pool(for: field)
                guard let typed = random.pick(weights: pool.map { counts.weight(typing: $0.text, $0.value, action, on: screen) }) else { return walked(.stuck) }
                action = action.typing(pool[typed].text, value: pool[typed].value)
            } else if action.isRobot {
                guard let robotAction = robots.catalog.actions.first(where: { $0.fullName == action.identifier }),
                      let call = robots.call(robotAction, on: here.screen, random: &random) else {
                    // Its parameters cannot be filled here (a position, and no row shown): counted, and not chosen again here.
                    unfillable += 1
                    goingNowhere[screen, default: []].insert(actionClass)
                    if goingNowhere[screen]?.count == allowed.count { return walked(.stuck) }
                    continue
                }
                action = call
            }
            counts.add(action, on: screen, control: Self.control(action, on: here.screen))
            taken.append(action)
            lastClass = actionClass
            let taking = crawl.take(action, from: here.state)
            // An action that led on, or changed what the screen holds (a count one more), goes
            // somewhere: only when every class left the screen as it was is the walk stuck.
            if case .screen = taking, let now = crawl.current, key(of: now.screen) != screen || now.screen.differsInData(from: here.screen) {
                goingNowhere[screen] = nil
            } else {
                goingNowhere[screen, default: []].insert(actionClass)
                if goingNowhere[screen]?.count == Set(allowed.map(ScreenActions.actionClass(of:))).count { return walked(.stuck) }
            }
            switch taking {
            case .screen, .refused, .skipped:
                continue
            case .interrupted:
                return walked(.interrupted)
            case let .ended(outcome):
                return walked(WalkEnd(outcome))
            }
        }
        return walked(.length)
    }

    /// The index of the step chosen among `allowed` on `screen` (counted as `key`): the class of
    /// the step before it again a quarter of the time, else one uniformly half the time, else by
    /// what the walk tried least.
    private func choose(among allowed: [ExploreAction], on screen: ScreenSnapshot, screen key: String, counts: Counts, repeating last: String?,
                        random: inout SeededRandom) -> Int? {
        guard !allowed.isEmpty else { return nil }
        let roll = random.unit()
        if roll < Self.repeatChance, let last {
            let again = allowed.indices.filter { ScreenActions.actionClass(of: allowed[$0]) == last }
            if !again.isEmpty { return again[Int(random.next() % UInt64(again.count))] }
        }
        if roll < Self.repeatChance + Self.uniformChance * (1 - Self.repeatChance) {
            return Int(random.next() % UInt64(allowed.count))
        }
        return random.pick(weights: allowed.map { counts.weight($0, on: key, control: Self.control($0, on: screen)) })
    }

    /// What a walk counts `screen` by: its identity with what rows and fields hold. The screen an
    /// action led to is the next action's screen: its key is kept, not worked out twice.
    private mutating func key(of screen: ScreenSnapshot) -> String {
        if let last = lastCounted, last.screen == screen { return last.key }
        let key = ScreenIdentity(screen, rules: counting).key
        lastCounted = (screen, key)
        return key
    }

    /// What a walk counts `action` on `screen` by: its control as it shows now (a row's label and
    /// value, a button's label and state); a field by itself (what it holds is what is typed); a
    /// robot action by its name.
    static func control(_ action: ExploreAction, on screen: ScreenSnapshot) -> String {
        guard action.verb != .type, !action.isRobot, let identifier = action.identifier else { return action.control }
        let elements = action.verb == .answer ? (screen.topAlert?.children ?? []) : screen.elements
        guard let element = elements.first(where: { $0.identifier == identifier && $0.kind == action.kind }) else { return action.control }
        return action.control + " | " + element.rowText + (element.isEnabled ? "" : " | disabled") + (element.isSelected ? " | selected" : "")
    }

    /// Which classes of action one walk may use: every class for one walk in
    /// ``wholeSwarmEvery``; else each class by a bit of the walk's own draw, so about half of them
    /// (the same class, the same bit, on every screen of the walk).
    struct Swarm {
        let everything: Bool
        let bits: UInt64

        init(number: Int, random: inout SeededRandom) {
            everything = number % RandomWalks.wholeSwarmEvery == 0
            bits = random.next()
        }

        /// Whether the walk may take actions of `actionClass`.
        func allows(_ actionClass: String) -> Bool {
            everything || bits & (1 << (Self.hash(actionClass) % 64)) != 0
        }

        /// Those of `actions` the walk may take: all of them when it may take none (a screen whose
        /// classes are all left out is not a dead end of the walk's making). An alert's buttons
        /// and back are always allowed: a walk that may not answer an alert is stuck on it.
        func allowed(_ actions: [ExploreAction]) -> [ExploreAction] {
            let allowed = actions.filter { $0.verb == .answer || $0.verb == .back || allows(ScreenActions.actionClass(of: $0)) }
            return allowed.contains { $0.verb != .back } ? allowed : actions
        }

        /// FNV-1a of `text`'s bytes: the same on every machine and every run (Swift's `Hasher` is
        /// seeded anew at each).
        static func hash(_ text: String) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01B3
            }
            return hash
        }
    }
}
