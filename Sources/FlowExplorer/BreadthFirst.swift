import FlowKit

/// The map: every action a person could take on each screen, breadth first from the first and in
/// the screen's order, each once from its screen (the same app, fixture and options make the same
/// crawl, action for action). A screen whose every action was tried is judged (a dead end, an
/// alert that stays).
///
/// In data identity a structure has several states (a list with one todo, with two, ...): the map
/// explores the first of each structure, and leaves the others it meets to the walks, which reach
/// the states data makes. So walks never make the map several times longer than without them.
struct BreadthFirst: ExploreStrategy {
    /// The deepest screen explored: screens deeper are on the map, unexplored.
    let maxDepth: Int
    /// What each field is typed with.
    let values: FieldValues
    /// States of a structure the map met besides its first, left to the walks (in data identity).
    private(set) var leftToWalks = 0

    init(maxDepth: Int, values: FieldValues) {
        self.maxDepth = maxDepth
        self.values = values
    }

    mutating func run(on crawl: Crawl, budget: Budget) -> StrategyEnd {
        guard let first = crawl.states.first?.id else { return StrategyEnd(ended: .launch, complete: false) }
        var end = StrategyEnd.done
        var queue = [first]
        var next = 0
        crawl: while next < queue.count {
            let state = queue[next]
            next += 1
            // Past the depth: on the map, unexplored, and the map is not complete.
            guard crawl[state].depth < maxDepth else {
                end.complete = false
                continue
            }
            // Another state of a structure explored already: the walks' (what data made of it).
            guard crawl.rules.mode == .structure || crawl.graph.isFirstOfItsStructure(state) else {
                leftToWalks += 1
                continue
            }
            let actions = Self.actions(on: crawl[state].screen, values: values)
            crawl.update(state) { $0.actions = actions }
            for action in actions {
                if let reason = budget.stop() {
                    end = StrategyEnd(ended: reason, complete: false)
                    break crawl
                }
                let before = crawl.states.count
                defer { queue += crawl.states[before...].map(\.id) }
                guard crawl.reach(state, for: action) else { continue }
                budget.tried += 1
                crawl.take(action, from: state)
                budget.report("exploring")
            }
            crawl.update(state) { $0.explored = true }
            crawl.judgeExplored(state)
        }
        return end
    }

    /// Every action a person could take on `screen`, in its order (``ScreenActions``): an alert's
    /// buttons while one is up; else every field's valid values first (a form filled the way the
    /// flows fill it is a screen of its own, Save enabled, reached from here), each enabled
    /// button, three of each class of controls alike (the first, one between, the last: the rows
    /// of a list, a row's own Delete), each enabled field with each other value of its pool, and back.
    static func actions(on screen: ScreenSnapshot, values: FieldValues) -> [ExploreAction] {
        let controls = ScreenActions.controls(on: screen)
        if screen.topAlert != nil { return controls }
        let fields = controls.filter { $0.verb == .type }.compactMap { action in screen.elements.first { $0.identifier == action.identifier && $0.kind == action.kind } }
        var actions: [ExploreAction] = []
        // A field the flows give no value is filled with an ordinary word first: a form filled as a
        // person fills it is what the buttons after it act on (Add with a title adds a row).
        let valid = fields.map { field in
            let given = values.valid(for: field)
            return given.isEmpty && field.kind == .textField ? [TypedValue.word.literal] : given
        }
        for round in 0..<(valid.map(\.count).max() ?? 0) {
            for (field, given) in zip(fields, valid) where round < given.count {
                let typed: TypedValue = values.valid(for: field).isEmpty ? .word : .valid
                actions.append(ExploreAction(.type, kind: field.kind, identifier: field.identifier, text: given[round], value: typed))
            }
        }
        // Controls alike (the rows of a list, a row's own Delete) by class: three of each are tapped.
        let taps = controls.filter { $0.verb == .tap }
        var classes: [String: [ExploreAction]] = [:]
        for tap in taps where Self.isOfAClass(tap, on: screen) { classes[ScreenActions.actionClass(of: tap), default: []].append(tap) }
        var classesDone: Set<String> = []
        for tap in taps {
            guard Self.isOfAClass(tap, on: screen) else {
                actions.append(tap)
                continue
            }
            let rowClass = ScreenActions.actionClass(of: tap)
            guard classesDone.insert(rowClass).inserted, let group = classes[rowClass] else { continue }
            var picked: [Int] = []
            for index in [0, group.count / 2, group.count - 1] where !picked.contains(index) { picked.append(index) }
            actions += picked.map { group[$0] }
        }
        for field in fields {
            for value in FieldValues.others(for: field) where !(value == .word && values.valid(for: field).isEmpty && field.kind == .textField) {
                actions.append(ExploreAction(.type, kind: field.kind, identifier: field.identifier, text: value.literal, value: value))
            }
        }
        actions.append(.back)
        return actions
    }

    /// Whether the control `tap` names is one of a class of controls alike (a row, a row's own button).
    private static func isOfAClass(_ tap: ExploreAction, on screen: ScreenSnapshot) -> Bool {
        guard let element = screen.elements.first(where: { $0.identifier == tap.identifier && $0.kind == tap.kind }) else { return false }
        return ScreenIdentity.controlClass(of: element) != nil
    }
}
