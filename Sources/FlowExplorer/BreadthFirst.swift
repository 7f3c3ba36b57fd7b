import FlowKit

/// The map: every action a person could take on each screen, breadth first from the first and in
/// the screen's order, each once from its screen (the same app, fixture and options make the same
/// crawl, action for action). A screen whose every action was tried is judged (a dead end, an
/// alert that stays).
struct BreadthFirst: ExploreStrategy {
    /// The deepest screen explored: screens deeper are on the map, unexplored.
    let maxDepth: Int
    /// What each field is typed with.
    let values: FieldValues

    mutating func run(on crawl: Crawl, budget: Budget) -> StrategyEnd {
        guard let first = crawl.states.first else { return StrategyEnd(ended: "launch", complete: false) }
        var end = StrategyEnd.done
        var queue = [first]
        var next = 0
        crawl: while next < queue.count {
            let state = queue[next]
            next += 1
            // Past the depth: on the map, unexplored, and the map is not complete.
            guard state.depth < maxDepth else {
                end.complete = false
                continue
            }
            state.actions = Self.actions(on: state.screen, values: values)
            for action in state.actions {
                if let reason = budget.stop() {
                    end = StrategyEnd(ended: reason, complete: false)
                    break crawl
                }
                let before = crawl.states.count
                defer { queue += crawl.states[before...] }
                guard crawl.reach(state, for: action) else { continue }
                budget.tried += 1
                crawl.take(action, from: state)
                budget.report("exploring")
            }
            state.explored = true
            crawl.judgeExplored(state)
        }
        return end
    }

    /// Every action a person could take on `screen`, in its order: an alert's buttons while one is
    /// up; else every field's valid values first (a form filled the way the flows fill it is a
    /// screen of its own, Save enabled, reached from here), each enabled button, three of each
    /// class of controls alike (the first, one between, the last: the rows of a list, a row's own
    /// Delete), each enabled field with each other value of its pool, and back.
    static func actions(on screen: ScreenSnapshot, values: FieldValues) -> [ExploreAction] {
        if let alert = screen.topAlert {
            return alert.children.filter { $0.kind == .button && $0.isEnabled }.map { ExploreAction(.answer, kind: .button, identifier: $0.identifier, alert: alert.identifier) }
        }
        var actions: [ExploreAction] = []
        // Controls alike (the rows of a list, a row's own Delete) by class: three of each are tapped.
        var classes: [String: [ElementSnapshot]] = [:]
        for element in screen.elements where element.isEnabled && element.kind != .textField && element.kind != .secureTextField {
            if let rowClass = ScreenIdentity.controlClass(of: element) { classes[rowClass, default: []].append(element) }
        }
        var classesDone: Set<String> = []
        let enabled = screen.elements.filter { $0.isEnabled && !$0.identifier.isEmpty }
        let fields = enabled.filter(\.kind.isField)
        let valid = fields.map(values.valid(for:))
        for round in 0..<(valid.map(\.count).max() ?? 0) {
            for (field, values) in zip(fields, valid) where round < values.count {
                actions.append(ExploreAction(.type, kind: field.kind, identifier: field.identifier, text: values[round], value: .valid))
            }
        }
        for element in enabled where element.kind == .button || element.kind == .cell {
            guard let rowClass = ScreenIdentity.controlClass(of: element) else {
                actions.append(ExploreAction(.tap, kind: element.kind, identifier: element.identifier))
                continue
            }
            guard classesDone.insert(rowClass).inserted, let group = classes[rowClass] else { continue }
            var picked: [Int] = []
            for index in [0, group.count / 2, group.count - 1] where !picked.contains(index) { picked.append(index) }
            for index in picked { actions.append(ExploreAction(.tap, kind: element.kind, identifier: group[index].identifier)) }
        }
        for field in fields {
            for value in FieldValues.others(for: field) {
                actions.append(ExploreAction(.type, kind: field.kind, identifier: field.identifier, text: value.literal, value: value))
            }
        }
        actions.append(.back)
        return actions
    }
}
