import FlowKit

/// Seeded random walks: each from a fresh launch, at most ``WalkOptions/length`` actions, each
/// chosen among every enabled action of the screen (an alert's buttons while one is up; else every
/// button, every row shown, every field, back), weighted towards what the walk has tried least on
/// that screen and on that control anywhere, a field typed with a value of its pool
/// (``FieldValues``), weighted the same way. Where a walk goes depends only on its own seed and on
/// what it met itself: walks are independent of each other and of the map, so the same seed walks
/// the same walks action for action on one machine or split between several
/// (``WalkOptions/shard``).
///
/// A screen is counted by its structure and what its rows and fields hold, whatever the crawl's
/// identity (so the counts do not depend on which states other walks made first).
struct RandomWalks: ExploreStrategy {
    let options: WalkOptions
    private(set) var values: FieldValues
    /// The rules screens are counted by: the crawl's, with what rows and fields hold.
    private let counting: ScreenIdentity.Rules
    /// The walks walked, by number.
    private(set) var walked: [Walked] = []
    /// The last screen counted, and its key (``key(of:)``).
    private var lastCounted: (screen: ScreenSnapshot, key: String)?

    /// One walk: its number, its seed, its actions' digest, how many, and how it ended (`length`,
    /// `crashed`, `hung`, `exited`, `broke`, `ended`, `stuck` when nothing could be done, `launch`
    /// when the app did not start, `time`, `interrupted`).
    struct Walked: Equatable {
        let number: Int
        let seed: UInt64
        let actions: Int
        let digest: String
        let ended: String
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

    /// Walks under `options`, each field typed from `values` (with what the prefix typed, learned
    /// at each launch), screens counted under `rules` with what rows and fields hold.
    init(options: WalkOptions, values: FieldValues, rules: ScreenIdentity.Rules) {
        self.options = options
        self.values = values
        counting = ScreenIdentity.Rules(ignoring: rules.ignoring, byText: rules.byText, mode: .data)
    }

    /// The most walks in a row whose app did not start before the walks give up: every walk
    /// launches the same way, so the next would most likely fail the same.
    static let launchFailures = 3

    mutating func run(on crawl: Crawl, budget: Budget) -> StrategyEnd {
        var failedLaunches = 0
        for number in options.mine {
            if let reason = budget.stop(countingActions: false) { return StrategyEnd(ended: reason, complete: false) }
            crawl.origin = .walk(number)
            let walk = self.walk(number, on: crawl, budget: budget)
            walked.append(walk)
            budget.report("walking \(walked.count) of \(options.mine.count)")
            switch walk.ended {
            case "launch":
                failedLaunches += 1
                if failedLaunches >= Self.launchFailures { return StrategyEnd(ended: "launch", complete: false) }
            case "interrupted", "time", "max-findings":
                return StrategyEnd(ended: walk.ended, complete: false)
            default:
                failedLaunches = 0
            }
        }
        return .done
    }

    /// Walk `number`: a fresh launch, then actions until its length, the app's end, or nothing to do.
    private mutating func walk(_ number: Int, on crawl: Crawl, budget: Budget) -> Walked {
        let seed = options.seed(ofWalk: number)
        var random = SeededRandom(seed: seed)
        var counts = Counts()
        var taken: [ExploreAction] = []
        // The controls of a screen that were taken there and left it as it was: once every one
        // was, the walk is stuck (an alert that comes back whatever is answered, say).
        var goingNowhere: [String: Set<String>] = [:]
        func walked(_ ended: String) -> Walked {
            Walked(number: number, seed: seed, actions: taken.count, digest: Judge.digest(of: taken), ended: ended)
        }
        switch crawl.launch() {
        case let .failure(.launch(failure)):
            if budget.interrupted() { return walked("interrupted") }
            crawl.judge.launchFailed(failure, origin: .walk(number))
            return walked("launch")
        case .failure(.prefix):
            return walked(budget.interrupted() ? "interrupted" : "launch")
        case .success:
            // What the prefix typed is a valid value of its field (the same at every launch).
            values.learn(typedByPrefix: crawl.app.typedByPrefix)
        }
        while taken.count < options.length {
            if let reason = budget.stop(countingActions: false) { return walked(reason) }
            guard let here = crawl.current else { return walked("ended") }
            let screen = key(of: here.screen)
            let controls = Self.controls(on: here.screen)
            let shown = controls.map { Self.control($0, on: here.screen) }
            guard let chosen = random.pick(weights: zip(controls, shown).map { counts.weight($0, on: screen, control: $1) }) else { return walked("stuck") }
            var action = controls[chosen]
            if action.verb == .type, let field = here.screen.allElements.first(where: { $0.identifier == action.identifier && $0.kind == action.kind }) {
                let pool = values.pool(for: field)
                guard let typed = random.pick(weights: pool.map { counts.weight(typing: $0.text, $0.value, action, on: screen) }) else { return walked("stuck") }
                action = action.typing(pool[typed].text, value: pool[typed].value)
            }
            counts.add(action, on: screen, control: shown[chosen])
            taken.append(action)
            let taking = crawl.take(action, from: here.state)
            if case .screen = taking, let now = crawl.current, key(of: now.screen) != screen {
                goingNowhere[screen] = nil
            } else {
                goingNowhere[screen, default: []].insert(action.control)
                if goingNowhere[screen]?.count == controls.count { return walked("stuck") }
            }
            switch taking {
            case .screen, .refused:
                continue
            case let .ended(outcome):
                return walked(outcome)
            }
        }
        return walked("length")
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
    /// value, a button's label and state); a field by itself (what it holds is what is typed).
    static func control(_ action: ExploreAction, on screen: ScreenSnapshot) -> String {
        guard action.verb != .type, let identifier = action.identifier else { return action.control }
        let elements = action.verb == .answer ? (screen.topAlert?.children ?? []) : screen.elements
        guard let element = elements.first(where: { $0.identifier == identifier && $0.kind == action.kind }) else { return action.control }
        return action.control + " | " + element.rowText + (element.isEnabled ? "" : " | disabled") + (element.isSelected ? " | selected" : "")
    }

    /// Every action a walk may take on `screen`: each button of the alert on top while one is up;
    /// else each enabled button, each row shown, each enabled field (what it types is chosen
    /// after), and back.
    static func controls(on screen: ScreenSnapshot) -> [ExploreAction] {
        if let alert = screen.topAlert {
            return alert.children.filter { $0.kind == .button && $0.isEnabled && !$0.identifier.isEmpty }
                .map { ExploreAction(.answer, kind: .button, identifier: $0.identifier, alert: alert.identifier) }
        }
        var actions: [ExploreAction] = []
        for element in screen.elements where element.isEnabled && !element.identifier.isEmpty {
            switch element.kind {
            case .button, .cell: actions.append(ExploreAction(.tap, kind: element.kind, identifier: element.identifier))
            case .textField, .secureTextField: actions.append(ExploreAction(.type, kind: element.kind, identifier: element.identifier, text: "", value: .empty))
            case .staticText, .image, .alert: continue
            }
        }
        actions.append(.back)
        return actions
    }
}
