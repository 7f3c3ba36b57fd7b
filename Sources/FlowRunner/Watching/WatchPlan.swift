import Foundation

/// One round of `flow run --watch`: the fixtures to seed (again) and the flows to run, worked out
/// from what changed since the last round. Pure: the same changes and suite give the same plan.
package struct WatchPlan: Sendable {
    /// What changed since the last round, as the watch sorted it (see `WatchTargets.record`).
    package struct Changes: Sendable, Equatable {
        /// Flow files (or folders of flows) written, added or removed: absolute, standardised.
        package var flowFiles: Set<String> = []
        /// Fixtures (names in the scheme's seeds folder) whose files changed.
        package var fixtures: Set<String> = []
        /// Run every flow (the app changed, Enter was pressed, or events were lost).
        package var everything = false
        /// Seed every fixture again, with a new runner (the scheme or the seeder changed).
        package var reseedAll = false
        /// What changed, in the order first seen, for the line that says why a round runs:
        /// absolute paths.
        package var paths: [String] = []

        /// Changes as given, with no paths noted yet.
        package init(flowFiles: Set<String> = [], fixtures: Set<String> = [], everything: Bool = false, reseedAll: Bool = false) {
            self.flowFiles = flowFiles
            self.fixtures = fixtures
            self.everything = everything
            self.reseedAll = reseedAll
        }

        /// True when nothing that matters to the watch changed.
        package var isEmpty: Bool { flowFiles.isEmpty && fixtures.isEmpty && !everything && !reseedAll }

        /// Adds `path` to the paths that explain the round (once).
        package mutating func note(_ path: String) {
            if !paths.contains(path) { paths.append(path) }
        }
    }

    /// Fixtures to seed before the flows run, in the suite's order.
    package let fixtures: [String]
    /// The flows to run, in the suite's order.
    package let flows: [Flow]

    /// A round that seeds `fixtures`, then runs `flows`.
    package init(fixtures: [String], flows: [Flow]) {
        self.fixtures = fixtures
        self.flows = flows
    }

    /// The round `changes` call for in `suite`:
    /// - every flow when `everything` or `reseedAll`;
    /// - a flow whose file changed, and every flow that includes it by `runFlow`, directly or not;
    /// - a flow that seeds a changed fixture (its `fixture`, default `default`, or a literal `seed` step);
    /// - a flow not in `known` (the flow files of the last round): a new file.
    ///
    /// The fixtures are those the suite uses that are not in `seeded`, that changed, or all of
    /// them with `reseedAll`.
    package static func affected(by changes: Changes, in suite: FlowSuite, seeded: Set<String>, known: Set<String>) -> WatchPlan {
        let fixtures = suite.fixtures.filter { changes.reseedAll || !seeded.contains($0) || changes.fixtures.contains($0) }
        if changes.everything || changes.reseedAll { return WatchPlan(fixtures: fixtures, flows: suite.flows) }
        let flows = suite.flows.filter { flow in
            let files = self.files(of: flow)
            if !known.contains(key(flow.file)) { return true }
            if files.contains(where: { file in changes.flowFiles.contains { file == $0 || file.hasPrefix($0 + "/") } }) { return true }
            return !self.fixtures(of: flow).isDisjoint(with: changes.fixtures)
        }
        return WatchPlan(fixtures: fixtures, flows: flows)
    }

    /// The flow's file and every file it includes by `runFlow`, directly or not: standardised.
    package static func files(of flow: Flow) -> Set<String> {
        var files: Set<String> = [key(flow.file)]
        func walk(_ steps: [Step]) {
            for step in steps {
                for inner in step.action.inner {
                    if let included = inner.flow {
                        guard files.insert(key(included.file)).inserted else { continue }
                    }
                    walk(inner.steps)
                }
            }
        }
        walk(flow.steps)
        return files
    }

    /// The fixtures a flow seeds: its `fixture` (`default` when it names none) and every literal
    /// `seed` step, in included flows and `repeat` bodies too.
    package static func fixtures(of flow: Flow) -> Set<String> {
        var names: Set<String> = [flow.fixture ?? "default"]
        func walk(_ steps: [Step]) {
            for step in steps {
                if let fixture = step.action.seededFixture, fixture.variables.isEmpty { names.insert(fixture.raw) }
                for inner in step.action.inner { walk(inner.steps) }
            }
        }
        walk(flow.steps)
        return names
    }

    /// A path as the watch compares paths: absolute (against the current folder), standardised.
    package static func key(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
