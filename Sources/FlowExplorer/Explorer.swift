import FlowKit
import FlowRunner
import Foundation
import LocatedYAML

/// The crawler: maps an app (``BreadthFirst``: every action a person could take on each idle
/// screen, breadth first), then walks it (``RandomWalks``: seeded random walks from fresh launches
/// that reach the states data makes), or walks alone; screens told apart by their structure (and
/// what their rows and fields hold, in ``ScreenIdentity/Rules/Mode/data``), every problem judged
/// by one ``Judge`` whichever strategy met it, each problem one finding, then shrunk to the fewest
/// steps that still show it.
///
/// The strategies share one ``Crawl``: the map so far and where the app is. The engine names no
/// app: the scheme says how to launch one, and the app's screens say what can be done.
package final class Explorer {
    /// The scheme the app is launched under.
    package let scheme: Scheme
    /// The variables steps may use.
    package let variables: [String: String]
    /// The robots a prefix may name.
    package let catalog: RobotCatalog
    /// The budgets and rules.
    package let options: ExploreOptions
    /// Where the crawl starts.
    package let prefix: ExplorePrefix
    /// The fixture the store is seeded from (the prefix flow's, when it names one).
    package let fixture: String
    /// The runner the crawl is a part of: the flows it writes name it.
    package let runner: RunnerIdentity

    private let driver: any ExploreApp
    private let prefixNodes: [Node]
    private let prefixFlow: Flow
    /// The project's flows: what they type, directly or through robot actions, is a field's valid value.
    private let flows: [Flow]
    private let clock = ContinuousClock()
    /// How the app's properties are checked: in workers this launch starts (nil: not at all).
    private let propertyWorker: PropertyWorkerLaunch?

    /// Prepares a crawl: reads the prefix and seeds the fixture; throws what `flow run` would say
    /// of a bad prefix, a missing app or a fixture that does not seed.
    /// `valuesFrom` are flows whose `type` steps, and robot actions' text arguments, give a field
    /// its valid values (the project's own flows, say: what they type into a field is a value the
    /// app takes).
    package convenience init(
        scheme: Scheme, variables: [String: String], catalog: RobotCatalog, options: ExploreOptions, prefix: ExplorePrefix = .none,
        fixture: String? = nil, valuesFrom flows: [Flow] = [], runner: RunnerIdentity = .standard, propertyWorker: PropertyWorkerLaunch? = nil
    ) throws(ExploreError) {
        try self.init(scheme: scheme, variables: variables, catalog: catalog, options: options, prefix: prefix, fixture: fixture, valuesFrom: flows,
                      runner: runner, propertyWorker: propertyWorker, app: nil)
    }

    /// A crawl of `app` (a model of one, in a test), or of the scheme's app when nil; the
    /// catalog's properties checked in workers `propertyWorker` starts.
    init(
        scheme: Scheme, variables: [String: String], catalog: RobotCatalog, options: ExploreOptions, prefix: ExplorePrefix = .none,
        fixture: String? = nil, valuesFrom flows: [Flow] = [], runner: RunnerIdentity = .standard, propertyWorker: PropertyWorkerLaunch? = nil,
        app: (any ExploreApp)?
    ) throws(ExploreError) {
        if !catalog.propertiesNamedTwice.isEmpty {
            throw ExploreError("the catalog declares two properties of one name (\(catalog.propertiesNamedTwice.joined(separator: ", "))): give each property a name of its own")
        }
        if options.checksProperties, !catalog.properties.isEmpty, propertyWorker == nil {
            throw ExploreError("the app's properties cannot be checked: there is no worker to check them in (--no-properties leaves them out)", exit: .notMade)
        }
        self.propertyWorker = propertyWorker
        self.runner = runner
        self.scheme = scheme
        self.variables = variables
        self.catalog = catalog
        self.options = options
        self.prefix = prefix
        let parser = FlowParser(catalog: catalog)
        var nodes: [Node] = []
        let flow: Flow
        switch prefix {
        case .none:
            flow = Flow(file: "(explore)", name: "explore", fixture: fixture ?? "default", steps: [])
        case let .step(line):
            guard let parsed = parser.step(text: line, file: "--from") else {
                throw ExploreError("--from \(line): " + Diagnostics(parser.problems).errors.map(\.description).joined(separator: "\n"))
            }
            nodes = [parsed.node]
            flow = Flow(file: "(explore)", name: "explore", fixture: fixture ?? "default", steps: [parsed.step], variableUses: parsed.uses)
        case let .flow(path):
            guard let read = parser.parse(file: path) else {
                throw ExploreError("--from \(path) has problems:\n" + Diagnostics(parser.problems).description)
            }
            nodes = [Node.mapping(Node.Mapping([(Node("runFlow"), Node(path))]))]
            flow = Flow(file: read.file, name: read.name, fixture: fixture ?? read.fixture ?? "default", launch: read.launch, onAlert: read.onAlert, steps: read.steps,
                        variableUses: read.variableUses)
        }
        do {
            try FlowSuite(flows: [flow]).checkVariables(known: Set(variables.keys), credentials: Set(scheme.credentials))
        } catch {
            throw ExploreError("--from \(prefix.shown ?? ""): " + error.errors.map(\.message).joined(separator: "; "))
        }
        prefixNodes = nodes
        prefixFlow = flow
        self.flows = flows
        self.fixture = flow.fixture ?? "default"
        let secrets = scheme.secretValues(variables: variables)
        do {
            driver = try app ?? AppDriver(scheme: scheme, variables: variables, secrets: secrets, timeout: options.wait, flow: flow, catalog: catalog)
        } catch {
            throw ExploreError("\(error)", exit: (error as? SuiteRunner.SetupError)?.exit ?? .badInput)
        }
    }

    deinit {
        driver.close()
    }

    /// Ends the app and removes the crawl's stores.
    package func close() {
        driver.close()
    }

    /// What ends the crawl's apps from another thread, so that Ctrl-C never waits on an app.
    package var stopper: ExploreStopper { driver.running }

    // MARK: - The crawl

    /// Maps the app and walks it (as the options say) within the budgets, shrinks what it found,
    /// and returns the map. `progress` is told after each action; `interrupted` is asked between
    /// actions (Ctrl-C): the map so far is returned then. Throws when the app cannot be put on its
    /// first screen at all because the prefix failed (a problem of the prefix, not of the app's
    /// screens).
    package func run(progress: (ExploreProgress) -> Void = { _ in }, interrupted: @escaping () -> Bool = { false }) throws(ExploreError) -> ExploreResult {
        try withoutActuallyEscaping(progress) { (progress) throws(ExploreError) in try crawl(progress: progress, interrupted: interrupted) }
    }

    private func crawl(progress: @escaping (ExploreProgress) -> Void, interrupted: @escaping () -> Bool) throws(ExploreError) -> ExploreResult {
        let start = clock.now
        // What the flows' robot actions type, and into which field: seen by running them.
        var values = FieldValues(flowValues: fieldValuesOfFlows(), variables: variables, scheme: scheme)
        let properties = catalog.properties.isEmpty || !options.checksProperties
            ? nil : propertyWorker.map { PropertyChecker(properties: catalog.properties, variables: variables, wait: options.wait, worker: $0) }
        defer { properties?.close() }
        if let error = properties?.start() {
            throw ExploreError("the property worker could not be started: \(error) (--no-properties leaves the properties out)", exit: .notMade)
        }
        let judge = Judge(app: driver, scheme: scheme, variables: variables, wait: options.wait, auditSkipping: options.auditSkipping,
                          properties: properties) { [clock] in
            (clock.now - start) / .seconds(1)
        }
        let crawl = Crawl(app: driver, judge: judge, rules: options.rules, dataLimit: options.dataLimit, properties: properties)
        crawl.isInterrupted = interrupted
        var walks: RandomWalks?
        let budget = Budget(maxActions: options.maxActions, maxFindings: options.maxFindings, findings: { judge.findings.count },
                            time: options.time, start: start, interrupted: interrupted) { budget, phase in
            progress(ExploreProgress(screens: crawl.states.count, actions: budget.tried, findings: judge.findings.count, elapsed: budget.elapsed,
                                     actionsLeft: max(0, budget.maxActions - budget.tried), timeLeft: budget.timeLeft, phase: phase))
        }
        var end = StrategyEnd.done
        if options.makesMap {
            switch crawl.launch() {
            case .failure(.prefix) where interrupted():
                end = StrategyEnd(ended: .interrupted, complete: false)
            case let .failure(.prefix(failure)):
                throw ExploreError("the prefix \(prefix.shown ?? "") failed, so there is nowhere to explore from: \(failure.summary)")
            case let .failure(.launch(failure)):
                if interrupted() {
                    end = StrategyEnd(ended: .interrupted, complete: false)
                } else {
                    // The app that does not start is a finding: launching is an action a person takes.
                    judge.launchFailed(failure, origin: .map)
                    end = StrategyEnd(ended: .launch, complete: false)
                }
            case .success:
                values.learn(typedByPrefix: driver.typedByPrefix)
                var map = BreadthFirst(maxDepth: options.maxDepth, values: values)
                end = map.run(on: crawl, budget: budget)
                leftToWalks = map.leftToWalks
            }
        }
        let mapEnd = end
        var walking: (seconds: Double, launches: Int, actionsSent: Int) = (0, 0, 0)
        if options.walks.walks, mapEnd.ended == .done || mapEnd.ended == .maxActions {
            let (began, launches, sent) = (clock.now, driver.launches, driver.actionsSent)
            let robots = RobotSteps(catalog: catalog, flows: flows, variables: variables, scheme: scheme)
            var strategy = RandomWalks(options: options.walks, values: values, rules: options.rules, robots: robots)
            // Walks until the time is up leave a part of it to shrink what they found.
            let walkBudget = options.walks.count == nil ? budget.leaving(Self.shrinkShare) : budget
            let walked = strategy.run(on: crawl, budget: walkBudget)
            budget.tried = walkBudget.tried
            if !walked.complete { end = walked }
            walks = strategy
            walking = ((clock.now - began) / .seconds(1), driver.launches - launches, driver.actionsSent - sent)
        }
        return finish(crawl: crawl, budget: budget, end: end, mapEnd: mapEnd, walks: walks.map { ($0, walking) }, properties: properties)
    }

    /// The share of the time walks until the time is up leave to shrinking what they found.
    static let shrinkShare = 0.2
    /// Data states the map met besides the first of each structure, left to the walks.
    private var leftToWalks = 0

    /// What the flows type into each field: their `type` steps' values by the field's name, and
    /// their robot actions' text arguments by the field each action was seen to type into (seen by
    /// running flows the scheme runs: one its tags leave out, a slow one say, is not run for it).
    private func fieldValuesOfFlows() -> [(name: String, text: String)] {
        var values = FieldValues.typedValues(in: flows)
        let tags = scheme.tagFilters()
        let watched = RobotValues.flowsToWatch(FlowSuite(flows: flows).filtered(include: tags.include, exclude: tags.exclude).flows)
        guard !watched.isEmpty else { return values }
        let fields = RobotValues.fields(of: watched, typed: driver.typed(by: watched), resolve: driver.resolve)
        for value in RobotValues.values(in: flows, fields: fields) { FieldValues.add(&values, name: value.name, text: value.text) }
        return values
    }

    // MARK: - The end

    /// Shrinks the findings and makes the map.
    private func finish(
        crawl: Crawl, budget: Budget, end: StrategyEnd, mapEnd: StrategyEnd, walks: (strategy: RandomWalks, took: (seconds: Double, launches: Int, actionsSent: Int))?,
        properties: PropertyChecker?
    ) -> ExploreResult {
        var shrunk: [ExploreFinding] = []
        // What the property worker has not answered yet is a finding too.
        properties?.flush()
        let shrinking = clock.now
        let findings = crawl.judge.findingsInOrder
        let paths = Dictionary(crawl.states.map { ($0.identity, $0.path) }, uniquingKeysWith: { first, _ in first })
        for (index, finding) in findings.enumerated() {
            if options.shrinks, !budget.interrupted(), budget.timeLeft > .zero {
                budget.report("shrinking \(index + 1) of \(findings.count)")
                let shrinker = Shrinker(driver: driver, rules: options.rules, verdicts: crawl.judge.verdicts, replays: 200,
                                        shownReplays: Shrinker.shownReplays(for: finding.kind), deadline: budget.start + options.time, properties: properties)
                shrunk.append(shrinker.shrink(finding, states: paths))
            } else {
                shrunk.append(finding)
            }
        }
        let shrinkSeconds = (clock.now - shrinking) / .seconds(1)
        driver.terminate()
        let seconds = (clock.now - budget.start) / .seconds(1)
        let walkSummary = walks.map { walks in
            let walked = walks.strategy.walked
            let actions = walked.map(\.actions).reduce(0, +)
            var summary = ExploreMap.Walks(
                count: options.walks.count, length: options.walks.length, seed: String(options.walks.seed), shard: options.walks.shard, walked: walked.count,
                actions: actions, launches: walks.took.launches, seconds: walks.took.seconds,
                actionsPerSecond: perSecond(Double(walks.took.actionsSent), in: walks.took.seconds),
                each: walked.map { ExploreMap.Walk(number: $0.number, seed: String($0.seed), actions: $0.actions, ended: $0.ended, digest: $0.digest) }
            )
            (summary.skipped, summary.unfillable) = (crawl.skipped, walks.strategy.unfillable)
            return summary
        }
        var map = ExploreMap(
            app: scheme.app, scheme: scheme.name, fixture: fixture, from: prefix.shown, rules: options.rules,
            budget: .init(maxActions: options.maxActions, maxDepth: options.maxDepth, seconds: options.time / .seconds(1), maxFindings: options.maxFindings),
            stats: .init(actions: budget.tried, actionsSent: driver.actionsSent, screens: crawl.states.count,
                         transitions: crawl.transitions.filter { $0.outcome != .refused }.count, findings: shrunk.count,
                         launches: driver.launches, seconds: seconds, shrinkSeconds: shrinkSeconds, actionsPerSecond: perSecond(Double(driver.actionsSent), in: seconds),
                         complete: end.complete && mapEnd.complete, ended: end.ended),
            screens: crawl.graph.mappedScreens(mask: driver.mask), transitions: crawl.graph.mappedTransitions,
            findings: [], coverage: nil, walks: walkSummary, dataLimit: options.rules.mode == .data ? options.dataLimit : nil
        )
        if options.rules.mode == .data, options.makesMap { map.leftToWalks = leftToWalks }
        map.madeMap = options.makesMap
        if options.makesMap, walks != nil { map.mapEnded = mapEnd.ended }
        var problems: [String] = []
        if catalog.properties.isEmpty, options.checksProperties { map.properties = [] }
        if let properties {
            map.properties = zip(properties.properties, properties.tallies).map { property, tally in
                ExploreMap.Property(name: tally.name, kind: tally.kind, checked: tally.checked, applied: tally.applied, failed: tally.failed,
                                    neverApplied: tally.applied > 0 ? nil : PropertyReach.whyNeverApplied(property, tally: tally, screens: map.screens))
            }
            if let lost = properties.unavailable {
                problems.append("the property worker could not be started again (\(lost)): the properties were not checked from then on")
            }
        }
        return ExploreResult(map: map, findings: shrunk, problems: problems, writer: FindingFlows(prefixNodes: prefixNodes, prefixFlow: prefixFlow, prefix: prefix, fixture: fixture,
                                                                                rules: options.rules, auditSkipping: options.auditSkipping, scheme: scheme, variables: variables,
                                                                                runner: runner))
    }
}

/// What a crawl gives: the map (findings not yet in it: they get their flow files first) and the
/// findings, with what writes each as a flow.
package struct ExploreResult {
    /// The map, without its findings.
    package var map: ExploreMap
    /// The findings, shrunk.
    package let findings: [ExploreFinding]
    /// What kept the crawl from doing all it was asked (a property worker that could not be
    /// started again): the command says each, and ends as a crawl not made.
    package var problems: [String] = []
    /// Writes a finding as a flow file.
    package let writer: FindingFlows
}

/// How many a second: `count` in `seconds`, or 0 when no time passed (a map merged from
/// shards that took none, say).
func perSecond(_ count: Double, in seconds: Double) -> Double {
    seconds > 0 ? count / seconds : 0
}

/// Seconds as FlowKit says them: `5 s`, `0.5 s`.
enum FlowKitSeconds {
    static func shown(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
