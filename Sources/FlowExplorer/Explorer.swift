import FlowKit
import FlowRunner
import Foundation
import LocatedYAML

/// The crawler: takes every action a person could take on each idle screen of an app, breadth
/// first and in the screen's order (the same app, fixture and options make the same crawl,
/// action for action), tells screens apart by their structure (``ScreenIdentity``), and notes
/// every problem it meets. Each problem is then shrunk to the fewest steps that still show it.
///
/// A screen is reached by replaying its path from a fresh launch on a fresh copy of the store,
/// or by going on from where the app is when it is on that screen already (an action that left
/// the screen as it was, a typed value say). The engine names no app: the scheme says how to
/// launch one, and the app's screens say what can be done.
public final class Explorer {
    /// The scheme the app is launched under.
    public let scheme: Scheme
    /// The variables steps may use.
    public let variables: [String: String]
    /// The robots a prefix may name.
    public let catalog: RobotCatalog
    /// The budgets and rules.
    public let options: ExploreOptions
    /// Where the crawl starts.
    public let prefix: ExplorePrefix
    /// The fixture the store is seeded from (the prefix flow's, when it names one).
    public let fixture: String
    /// The runner the crawl is a part of: the flows it writes name it.
    public let runner: RunnerIdentity

    private let driver: AppDriver
    private let prefixNodes: [Node]
    private let prefixFlow: Flow
    private let clock = ContinuousClock()
    private var start: ContinuousClock.Instant
    private var states: [State] = []
    private var byIdentity: [ScreenIdentity: State] = [:]
    private var transitions: [Transition] = []
    private var transitionIndex: [TransitionKey: Int] = [:]
    /// The transitions from each state (by its id), as indices into `transitions`, in the order seen.
    private var leaving: [String: [Int]] = [:]
    private var findings: [ExploreFinding] = []
    private var findingKeys: Set<String> = []
    private var tried = 0
    private var ended = "done"
    private var complete = true
    /// Where the app is: the screen it is on, and the actions since its launch; nil when it is not running.
    private var current: (state: State, trace: [ExploreAction], screen: ScreenSnapshot)?
    /// Whether Ctrl-C came: what an action did then (its app killed) is no finding.
    private var isInterrupted: () -> Bool = { false }
    /// Values the prefix typed, by field: a field's valid value.
    private var validValues: [String: String] = [:]
    /// Values the flows type into fields (`type` steps) or give robot actions (their text
    /// parameters), by the name (letters and digits, lowercased) of the field or the parameter.
    private let flowValues: [(name: String, text: String)]

    /// Prepares a crawl: reads the prefix and seeds the fixture; throws what `flow run` would say
    /// of a bad prefix, a missing app or a fixture that does not seed.
    /// `valuesFrom` are flows whose `type` steps give a field its valid value (the project's own
    /// flows, say: what they type into a field is a value the app takes).
    public init(
        scheme: Scheme, variables: [String: String], catalog: RobotCatalog, options: ExploreOptions, prefix: ExplorePrefix = .none,
        fixture: String? = nil, valuesFrom flows: [Flow] = [], runner: RunnerIdentity = .standard
    ) throws(ExploreError) {
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
            flow = Flow(file: "(explore)", name: "explore", fixture: fixture ?? "default", steps: [parsed.step])
        case let .flow(path):
            guard let read = parser.parse(file: path) else {
                throw ExploreError("--from \(path) has problems:\n" + Diagnostics(parser.problems).description)
            }
            nodes = [Node.mapping(Node.Mapping([(Node("runFlow"), Node(path))]))]
            flow = Flow(file: read.file, name: read.name, fixture: fixture ?? read.fixture ?? "default", launch: read.launch, onAlert: read.onAlert, steps: read.steps)
        }
        do {
            try FlowSuite(flows: [flow]).checkVariables(known: Set(variables.keys), credentials: Set(scheme.credentials))
        } catch {
            throw ExploreError("--from \(prefix.shown ?? ""): " + error.errors.map(\.message).joined(separator: "; "))
        }
        prefixNodes = nodes
        prefixFlow = flow
        flowValues = Self.typedValues(in: flows)
        self.fixture = flow.fixture ?? "default"
        let secrets = scheme.secretValues(variables: variables)
        start = clock.now
        do {
            driver = try AppDriver(scheme: scheme, variables: variables, secrets: secrets, timeout: options.wait, flow: flow)
        } catch {
            throw ExploreError("\(error)", exit: (error as? SuiteRunner.SetupError)?.exit ?? .badInput)
        }
    }

    deinit {
        driver.close()
    }

    /// Ends the app and removes the crawl's stores.
    public func close() {
        driver.close()
    }

    /// What ends the crawl's apps from another thread, so that Ctrl-C never waits on an app.
    public var stopper: ExploreStopper { driver.running }

    // MARK: - The crawl

    /// Crawls the app within the budgets, shrinks what it found, and returns the map. `progress`
    /// is told after each action; `interrupted` is asked between actions (Ctrl-C): the map so far
    /// is returned then. Throws when the app cannot be put on its first screen at all because the
    /// prefix failed (a problem of the prefix, not of the app's screens).
    public func run(progress: (ExploreProgress) -> Void = { _ in }, interrupted: @escaping () -> Bool = { false }) throws(ExploreError) -> ExploreResult {
        start = clock.now
        isInterrupted = interrupted
        switch driver.relaunch() {
        case .failure(.prefix) where interrupted():
            (ended, complete) = ("interrupted", false)
            return finish(progress: progress, interrupted: interrupted)
        case let .failure(.prefix(failure)):
            throw ExploreError("the prefix \(prefix.shown ?? "") failed, so there is nowhere to explore from: \(failure.summary)")
        case let .failure(.launch(failure)):
            if interrupted() {
                (ended, complete) = ("interrupted", false)
                return finish(progress: progress, interrupted: interrupted)
            }
            // The app that does not start is a finding: launching is an action a person takes.
            record(launchFailure: failure)
            return finish(progress: progress, interrupted: interrupted)
        case let .success(frame):
            learnValidValues()
            let first = state(for: frame, path: [])
            current = (first, [], frame.screen)
            audit(frame, on: first, trace: [])
        }
        var queue = [states[0]]
        var next = 0
        crawl: while next < queue.count {
            let state = queue[next]
            next += 1
            guard state.depth < options.maxDepth else {
                state.cut = true
                complete = false
                continue
            }
            state.actions = actions(on: state)
            for action in state.actions {
                if let reason = stop(interrupted) {
                    (ended, complete) = (reason, false)
                    state.cut = true
                    break crawl
                }
                let before = states.count
                defer { queue += states[before...] }
                guard reach(state, for: action) else { continue }
                tried += 1
                take(action, from: state)
                progress(self.progress("exploring"))
            }
            state.explored = true
            judge(state)
        }
        if next < queue.count { complete = false }
        return finish(progress: progress, interrupted: interrupted)
    }

    /// Why the crawl stops now, if it does.
    private func stop(_ interrupted: () -> Bool) -> String? {
        if interrupted() { return "interrupted" }
        if tried >= options.maxActions { return "max-actions" }
        if clock.now - start >= options.time { return "time" }
        return nil
    }

    /// Puts the app on `state`: where it is when it is there (within ``traceLimit`` actions of its launch);
    /// else from where it is, by the transitions the crawl has seen (back included), when they
    /// lead there (an action is a few hundred microseconds, a launch and the prefix tens of
    /// milliseconds); else a fresh launch and the state's path. False when the path no longer
    /// leads there (an app that does not do the same twice): the state is then left.
    private func reach(_ state: State, for next: ExploreAction) -> Bool {
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
                  !(leaving[here.state.id] ?? []).contains(where: { transitions[$0].action.verb == .back }) else { break }
            take(.back, from: here.state)
        }
        if there() { return true }
        // Its own path (the screen it was found from, then the action), else every action since
        // the launch that found it (what the app held then may be what made it this screen).
        for candidate in [state.path] + (state.fallback.map { [$0] } ?? []) {
            guard case let .success(frame) = driver.relaunch() else { continue }
            var last = frame
            var lost = false
            for action in candidate {
                guard case let .screen(frame) = driver.act(action) else {
                    lost = true
                    break
                }
                last = frame
            }
            if !lost, ScreenIdentity(last.screen, rules: options.rules) == state.identity {
                (state.path, state.fallback) = (candidate, nil)
                current = (state, candidate, last.screen)
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
    private func route(from: State, to: State) -> [(ExploreAction, State)]? {
        var previous: [ObjectIdentifier: (State, ExploreAction)] = [:]
        var frontier = [from]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(from)]
        while !frontier.isEmpty {
            var next: [State] = []
            for state in frontier {
                for index in leaving[state.id] ?? [] where transitions[index].outcome == "screen" {
                    let transition = transitions[index]
                    guard let target = transition.to, seen.insert(ObjectIdentifier(target)).inserted else { continue }
                    previous[ObjectIdentifier(target)] = (state, transition.action)
                    if target === to {
                        var route: [(ExploreAction, State)] = []
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

    /// Takes `action` on `state` (the app is there) and notes where it led.
    private func take(_ action: ExploreAction, from state: State) {
        let trace = (current?.trace ?? []) + [action]
        let outcome = driver.act(action)
        if isInterrupted() {
            current = nil
            return
        }
        switch outcome {
        case let .screen(frame):
            let reached = self.state(for: frame, path: state.path + [action], trace: trace)
            reached.visits += 1
            note(state, action, to: reached, outcome: "screen")
            current = (reached, trace, frame.screen)
            checkSecrets(frame, on: reached, trace: trace)
            audit(frame, on: reached, trace: trace)
        case let .refused(reason):
            note(state, action, to: nil, outcome: "refused")
            // A refused action did nothing: it is no part of the way the app got where it is (a
            // replay would stop at it).
            current = (state, current?.trace ?? [], current?.screen ?? state.screen)
            if action.verb != .back {
                add(ExploreFinding(kind: .refused, screen: state.identity, summary: "\"\(state.identity.title)\" offers \(action), and the app refused it: \(driver.mask(reason))",
                                   details: [], actions: trace, signature: "refused \(action.verb) \(action.identifier ?? "")", secretVariable: nil, alertButtons: [], alert: nil))
            }
        case let .ended(failure):
            current = nil
            let details = said(driver.app?.standardErrorTail(lines: 400) ?? failure.standardError)
            switch failure.cause {
            case let .crashed(signal):
                note(state, action, to: nil, outcome: "crashed")
                add(ExploreFinding(kind: .crash, screen: state.identity, summary: "the app crashed (signal \(signal)) after \(action) on \"\(state.identity.title)\"",
                                   details: details, actions: trace, signature: "crash \(signal)", secretVariable: nil, alertButtons: [], alert: nil))
            case let .exited(code) where code != 0:
                note(state, action, to: nil, outcome: "exited")
                add(ExploreFinding(kind: .exit, screen: state.identity, summary: "the app exited with code \(code) after \(action) on \"\(state.identity.title)\"",
                                   details: details, actions: trace, signature: "exit \(code)", secretVariable: nil, alertButtons: [], alert: nil))
            case .exited:
                note(state, action, to: nil, outcome: "ended")
            case .hung:
                note(state, action, to: nil, outcome: "hung")
                add(ExploreFinding(kind: .hang, screen: state.identity,
                                   summary: "the app never became idle within \(FlowKitSeconds.shown(options.wait)) after \(action) on \"\(state.identity.title)\" (it was killed)",
                                   details: details, actions: trace, signature: "hang", secretVariable: nil, alertButtons: [], alert: nil))
            case let .brokeProtocol(line):
                note(state, action, to: nil, outcome: "broke")
                add(ExploreFinding(kind: .wireError, screen: state.identity, summary: "after \(action) on \"\(state.identity.title)\" the app wrote a line that is not a frame: "
                    + driver.mask(String(line.prefix(200))), details: details, actions: trace, signature: "wire", secretVariable: nil, alertButtons: [], alert: nil))
            case .check, .refused, .notStarted, .badSetup:
                note(state, action, to: nil, outcome: "ended")
            }
        }
    }

    /// The state of `frame`: the one already met with its identity, or a new one reached by `path`
    /// (audited as it is met).
    /// `path` is the way the crawl knows there (the screen's own path and the action); `trace`, the
    /// actions since the launch, which lead there for sure.
    private func state(for frame: Frame, path: [ExploreAction], trace: [ExploreAction]? = nil) -> State {
        let identity = ScreenIdentity(frame.screen, rules: options.rules)
        if let known = byIdentity[identity] {
            // A shorter way there, found before it is explored, is the one kept: a replay costs less.
            if !known.explored, path.count < known.path.count { (known.path, known.fallback) = (path, trace == path ? nil : trace) }
            return known
        }
        let state = State(id: "s\(states.count + 1)", identity: identity, screen: frame.screen, text: driver.mask(frame.text), path: path)
        if let trace, trace != path { state.fallback = trace }
        states.append(state)
        byIdentity[identity] = state
        return state
    }

    /// The audit of an idle screen the crawl saw (every one: a label is no part of a screen's
    /// identity, and a label no one can read is what the audit finds), reached by `trace`.
    private func audit(_ frame: Frame, on state: State, trace: [ExploreAction]) {
        let audit = AccessibilityAudit.findings(in: frame.screen, skipping: options.auditSkipping)
        guard !audit.isEmpty else { return }
        let rules = Set(audit.map(\.rule)).sorted().map(\.rawValue)
        add(ExploreFinding(kind: .audit, screen: state.identity,
                           summary: "the accessibility audit of \"\(state.identity.title)\" found \(audit.count) problem\(audit.count == 1 ? "" : "s") (\(rules.joined(separator: ", ")))",
                           details: audit.map { driver.mask($0.description) }, actions: trace, signature: "audit " + rules.joined(separator: ","),
                           secretVariable: nil, alertButtons: [], alert: nil))
    }

    /// Notes a transition, or counts it again.
    private func note(_ from: State, _ action: ExploreAction, to: State?, outcome: String) {
        let key = TransitionKey(from: from.id, step: action.yaml, to: to?.id, outcome: outcome)
        if let index = transitionIndex[key] {
            transitions[index].count += 1
            return
        }
        transitionIndex[key] = transitions.count
        leaving[from.id, default: []].append(transitions.count)
        transitions.append(Transition(from: from, action: action, to: to, outcome: outcome))
    }

    /// After every action of `state` was tried: a dead end, or an alert no button takes away.
    private func judge(_ state: State) {
        guard !state.cut, !state.unreachable else { return }
        let leaving = (self.leaving[state.id] ?? []).map { transitions[$0] }
        let ways = leaving.filter { ($0.to != nil && $0.to !== state) || $0.outcome == "ended" }
        let fails = leaving.contains { ["crashed", "exited", "hung", "broke"].contains($0.outcome) }
        guard ways.isEmpty, !fails else { return }
        if let alert = state.screen.topAlert {
            let buttons = alert.children.filter { $0.kind == .button && $0.isEnabled }.map(\.identifier)
            add(ExploreFinding(kind: .alertNeverCloses, screen: state.identity,
                               summary: "the alert \"\(alert.identifier)\" on \"\(state.identity.title)\" stays up whatever is answered (\(buttons.joined(separator: ", ")))",
                               details: [], actions: state.path, signature: "alert \(alert.identifier)", secretVariable: nil, alertButtons: buttons, alert: alert.identifier))
        } else {
            let tried = leaving.map(\.action.description)
            add(ExploreFinding(kind: .deadEnd, screen: state.identity,
                               summary: "\"\(state.identity.title)\" is a dead end: nothing on it leads anywhere, not even back"
                                   + (tried.isEmpty ? "" : " (tried: \(tried.joined(separator: ", ")))"),
                               details: [], actions: state.path, signature: "dead end", secretVariable: nil, alertButtons: [], alert: nil))
        }
    }

    /// A secret on the screen: a scheme's (any secret variable's value, or a secret launch
    /// default), or the would-be secret once typed into a secure field.
    private func checkSecrets(_ frame: Frame, on state: State, trace: [ExploreAction]) {
        for (variable, value) in secretsToLookFor(after: trace) where Self.shows(frame, value) {
            add(ExploreFinding(kind: .secretShown, screen: state.identity,
                               summary: "\"\(state.identity.title)\" shows the secret \(variable.map { "${\($0)}" } ?? "typed into a secure field")",
                               details: [], actions: trace, signature: "secret \(variable ?? "typed")", secretVariable: variable, alertButtons: [], alert: nil))
        }
    }

    /// The secrets to look for after `trace`, each with the variable that holds it (nil for the
    /// would-be secret, when the trace typed it into a secure field).
    private func secretsToLookFor(after trace: [ExploreAction]) -> [(String?, String)] {
        var found: [(String?, String)] = []
        for name in variables.keys.sorted() where scheme.isSecret(name) {
            if let value = variables[name], !value.isEmpty { found.append((name, value)) }
        }
        if trace.contains(where: { $0.value == .wouldBeSecret && $0.kind == .secureTextField }) { found.append((nil, TypedValue.wouldBeSecretText)) }
        return found
    }

    /// Whether any part of the frame (an element's label or value, a line as drawn) holds `value`.
    static func shows(_ frame: Frame, _ value: String) -> Bool {
        frame.text.contains(value) || frame.screen.allElements.contains { $0.label.contains(value) || $0.value?.contains(value) == true }
    }

    /// Adds a finding unless the same one is known.
    /// Adds a finding unless the same problem is known: the same kind and cause by the same
    /// action on a screen of the same title (a crash typing into Name is one, whatever else the
    /// form holds), or the same problem on a screen of the same title (the same audit findings, the
    /// same secret); a dead end and an alert that stays are their screen's own.
    private func add(_ finding: ExploreFinding) {
        let key: String = switch finding.kind {
        case .crash, .exit, .hang, .refused, .wireError:
            "\(finding.kind) \(finding.signature) \(finding.screen.title) \(finding.actions.last.map { "\($0.verb) \($0.identifier ?? "")" } ?? "launch")"
        case .audit, .secretShown:
            "\(finding.kind) \(finding.signature) \(finding.screen.title) \(finding.details.joined(separator: "\n"))"
        case .deadEnd, .alertNeverCloses:
            "\(finding.kind) \(finding.screen.key)"
        }
        guard findingKeys.insert(key).inserted else { return }
        findings.append(finding)
    }

    /// What of the app's standard error a finding shows: the lines that say what went wrong (a
    /// fatal error's), else the last few; secrets masked.
    private func said(_ lines: [String]) -> [String] {
        let telling = lines.filter { $0.localizedCaseInsensitiveContains("fatal error") || $0.contains(": error:") || $0.hasPrefix("error:") }
        return (telling.isEmpty ? Array(lines.suffix(5)) : Array(telling.prefix(3))).map(driver.mask)
    }

    /// The app crashed or hung while it launched: a finding with no step.
    private func record(launchFailure failure: FlowFailure) {
        let placeholder = ScreenIdentity(ScreenSnapshot(title: "(launch)", elements: []))
        let kind: ExploreFinding.Kind = switch failure.cause {
        case .crashed: .crash
        case .hung: .hang
        case .exited: .exit
        case .brokeProtocol: .wireError
        case .check, .refused, .notStarted, .badSetup: .crash
        }
        add(ExploreFinding(kind: kind, screen: placeholder, summary: "the app did not start: \(driver.mask(failure.reason))",
                           details: said(driver.app?.standardErrorTail(lines: 400) ?? failure.standardError), actions: [], signature: "launch",
                           secretVariable: nil, alertButtons: [], alert: nil))
        complete = false
        ended = "launch"
    }

    // MARK: - Actions

    /// Every action a person could take on `state`'s screen, in its order: an alert's buttons while
    /// one is up; else each enabled button, a row of each class (the first, one between, the last),
    /// each enabled field with each value, and back.
    private func actions(on state: State) -> [ExploreAction] {
        let screen = state.screen
        if let alert = screen.topAlert {
            return alert.children.filter { $0.kind == .button && $0.isEnabled }.map { ExploreAction(.answer, kind: .button, identifier: $0.identifier, alert: alert.identifier) }
        }
        var actions: [ExploreAction] = []
        var rows: [String: [ElementSnapshot]] = [:]
        var classes: [String] = []
        for element in screen.elements where element.kind == .cell && element.isEnabled {
            let rowClass = ScreenIdentity.rowClass(of: element.identifier)
            if rows[rowClass] == nil { classes.append(rowClass) }
            rows[rowClass, default: []].append(element)
        }
        var rowsDone: Set<String> = []
        let enabled = screen.elements.filter { $0.isEnabled && !$0.identifier.isEmpty }
        let fields = enabled.filter(\.kind.isField)
        // Every field's valid value first, one after another: a form filled the way the flows fill
        // it is a screen of its own (Save enabled), reached from here.
        let valid = fields.map(validValues(for:))
        for round in 0..<(valid.map(\.count).max() ?? 0) {
            for (field, values) in zip(fields, valid) where round < values.count {
                actions.append(ExploreAction(.type, kind: field.kind, identifier: field.identifier, text: values[round], value: .valid))
            }
        }
        for element in enabled {
            switch element.kind {
            case .button:
                actions.append(ExploreAction(.tap, kind: .button, identifier: element.identifier))
            case .cell:
                let rowClass = ScreenIdentity.rowClass(of: element.identifier)
                guard rowsDone.insert(rowClass).inserted, let group = rows[rowClass] else { continue }
                var picked: [Int] = []
                for index in [0, group.count / 2, group.count - 1] where !picked.contains(index) { picked.append(index) }
                for index in picked { actions.append(ExploreAction(.tap, kind: .cell, identifier: group[index].identifier)) }
            case .textField, .secureTextField, .staticText, .image, .alert:
                continue
            }
        }
        for field in fields {
            for value in TypedValue.allCases where value != .valid {
                if value == .wouldBeSecret, field.kind != .secureTextField { continue }
                actions.append(ExploreAction(.type, kind: field.kind, identifier: field.identifier, text: value.literal, value: value))
            }
        }
        actions.append(.back)
        return actions
    }

    /// The text the prefix typed into fields, as a flow writes it (a variable's value as the variable).
    private func learnValidValues() {
        for (target, text) in driver.typedByPrefix {
            validValues[target] = written(text)
        }
    }

    /// The valid values for `field` (at most ``validLimit``): what the prefix typed into it, what
    /// the flows type into a field or give a robot's parameter named like it, and a variable named
    /// like it (`test.user` for `Username`, as `${variable}`).
    private func validValues(for field: ElementSnapshot) -> [String] {
        var values: [String] = []
        func add(_ text: String) { if !values.contains(text), values.count < Self.validLimit { values.append(text) } }
        if let typed = validValues[field.identifier] { add(typed) }
        let names = [field.identifier, field.label].map(Self.letters)
        for value in flowValues where names.contains(value.name) { add(value.text) }
        for value in flowValues where Self.near(value.name, names) { add(value.text) }
        for name in variables.keys.sorted() where Self.near(Self.letters(String(name.split(separator: ".").last ?? "")), names) {
            add("${\(name)}")
        }
        return values
    }

    /// The most valid values typed into one field.
    static let validLimit = 12

    /// Whether `name` names one of `names` (`user` names `username`): the same, or one starts
    /// the other and is four letters or more.
    private static func near(_ name: String, _ names: [String]) -> Bool {
        guard name.count >= 3 else { return false }
        return names.contains { $0 == name || ($0.hasPrefix(name) && name.count >= 4) || (name.hasPrefix($0) && $0.count >= 4) }
    }

    /// What the `type` steps of `flows` type, by the field's name as written (the first of each),
    /// nested steps included; a field named with a variable is left out.
    static func typedValues(in flows: [Flow]) -> [(name: String, text: String)] {
        var values: [(name: String, text: String)] = []
        func add(_ name: String, _ text: Text) {
            let key = letters(name)
            guard !key.isEmpty, !text.raw.isEmpty, !values.contains(where: { $0.name == key && $0.text == text.raw }) else { return }
            values.append((key, text.raw))
        }
        func walk(_ steps: [Step]) {
            for step in steps {
                if let typing = step.action as? TypeText, typing.element.name.variables.isEmpty { add(typing.element.name.raw, typing.text) }
                if let robot = step.action as? RobotStep {
                    for name in robot.arguments.keys.sorted() {
                        if case let .text(text)? = robot.arguments[name] { add(name, text) }
                    }
                }
                for inner in step.action.inner { walk(inner.steps) }
            }
        }
        for flow in flows { walk(flow.steps) }
        return values
    }

    private static func letters(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// `text` as a flow writes it: `${name}` when a variable holds it (a secret one first), else as it is.
    private func written(_ text: String) -> String {
        let holders = variables.filter { $0.value == text && !text.isEmpty }.map(\.key).sorted()
        if let name = holders.first(where: scheme.isSecret) ?? holders.first(where: scheme.credentials.contains) ?? holders.first { return "${\(name)}" }
        return text
    }

    // MARK: - The end

    /// Shrinks the findings and makes the map.
    private func finish(progress: (ExploreProgress) -> Void, interrupted: () -> Bool) -> ExploreResult {
        var shrunk: [ExploreFinding] = []
        let shrinking = clock.now
        for (index, finding) in findings.enumerated() {
            if options.shrinks, !interrupted(), clock.now - start < options.time {
                progress(self.progress("shrinking \(index + 1) of \(findings.count)"))
                // A replay that shows a hang costs the whole wait: twenty of those at most.
                let shrinker = Shrinker(driver: driver, rules: options.rules, scheme: scheme, variables: variables, replays: 200,
                                        shownReplays: finding.kind == .hang ? 20 : .max, deadline: start + options.time)
                shrunk.append(shrinker.shrink(finding, states: byIdentity.mapValues(\.path)))
            } else {
                shrunk.append(finding)
            }
        }
        let shrinkSeconds = (clock.now - shrinking) / .seconds(1)
        driver.app?.terminate()
        let seconds = (clock.now - start) / .seconds(1)
        // Each screen's depth on the map: the fewest actions from the first screen, over the transitions found.
        var distances: [String: Int] = [:]
        if let first = states.first {
            distances[first.id] = 0
            var frontier = [first]
            while !frontier.isEmpty {
                var next: [State] = []
                for state in frontier {
                    for transition in (leaving[state.id] ?? []).map({ transitions[$0] }) {
                        guard let to = transition.to, distances[to.id] == nil else { continue }
                        distances[to.id] = (distances[state.id] ?? 0) + 1
                        next.append(to)
                    }
                }
                frontier = next
            }
        }
        let map = ExploreMap(
            app: scheme.app, scheme: scheme.name, fixture: fixture, from: prefix.shown, rules: options.rules,
            budget: .init(maxActions: options.maxActions, maxDepth: options.maxDepth, seconds: options.time / .seconds(1)),
            stats: .init(actions: tried, actionsSent: driver.actionsSent, screens: states.count, transitions: transitions.filter { $0.outcome != "refused" }.count,
                         findings: shrunk.count,
                         launches: driver.launches, seconds: seconds, shrinkSeconds: shrinkSeconds, actionsPerSecond: seconds > 0 ? Double(driver.actionsSent) / seconds : 0,
                         complete: complete, ended: ended),
            screens: states.map { $0.mapped(self, depth: distances[$0.id] ?? $0.depth) }, transitions: transitions.map(\.mapped), findings: [], coverage: nil
        )
        return ExploreResult(map: map, findings: shrunk, writer: FindingFlows(prefixNodes: prefixNodes, prefixFlow: prefixFlow, prefix: prefix, fixture: fixture,
                                                                                rules: options.rules, auditSkipping: options.auditSkipping, scheme: scheme, variables: variables,
                                                                                runner: runner))
    }

    private func progress(_ phase: String) -> ExploreProgress {
        let elapsed = clock.now - start
        return ExploreProgress(screens: states.count, actions: tried, findings: findings.count, elapsed: elapsed, actionsLeft: max(0, options.maxActions - tried),
                               timeLeft: options.time - elapsed, phase: phase)
    }

    /// The id of the state with `identity`.
    func id(of identity: ScreenIdentity) -> String? { byIdentity[identity]?.id }

    // MARK: - States and transitions

    /// A screen met: its identity, its first path, what was tried on it.
    final class State {
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
        var explored = false
        /// A budget ended the crawl before all its actions were tried, or it is past the depth.
        var cut = false
        /// Its path did not lead back to it.
        var unreachable = false

        init(id: String, identity: ScreenIdentity, screen: ScreenSnapshot, text: String, path: [ExploreAction]) {
            self.id = id
            self.identity = identity
            self.screen = screen
            self.text = text
            self.path = path
        }

        func mapped(_ explorer: Explorer, depth: Int) -> ExploreMap.Screen {
            ExploreMap.Screen(id: id, title: explorer.driver.mask(identity.title), identity: explorer.driver.mask(identity.key), depth: depth,
                              path: path.map(\.yaml), text: text, controls: Self.controls(of: screen).map { control in
                                  ExploreMap.Control(kind: control.kind, identifier: explorer.driver.mask(control.identifier), label: explorer.driver.mask(control.label))
                              }, visits: visits)
        }

        /// The screen's controls (an alert's while one is up), a row class once.
        static func controls(of screen: ScreenSnapshot) -> [ExploreMap.Control] {
            var controls: [ExploreMap.Control] = []
            var classes: Set<String> = []
            for element in screen.controls {
                if element.kind == .cell {
                    let rowClass = ScreenIdentity.rowClass(of: element.identifier)
                    guard classes.insert(rowClass).inserted else { continue }
                    controls.append(ExploreMap.Control(kind: element.kind.rawValue, identifier: rowClass, label: element.rowText))
                } else {
                    controls.append(ExploreMap.Control(kind: element.kind.rawValue, identifier: element.identifier, label: element.label))
                }
            }
            return controls
        }
    }

    private struct TransitionKey: Hashable {
        let from: String
        let step: String
        let to: String?
        let outcome: String
    }

    private struct Transition {
        let from: State
        let action: ExploreAction
        let to: State?
        let outcome: String
        var count = 1

        init(from: State, action: ExploreAction, to: State?, outcome: String) {
            self.from = from
            self.action = action
            self.to = to
            self.outcome = outcome
        }

        var mapped: ExploreMap.Transition {
            let control: ExploreMap.Control? = action.identifier.map { identifier in
                let kind = action.kind?.rawValue ?? "button"
                return ExploreMap.Control(kind: kind, identifier: action.kind == .cell ? ScreenIdentity.rowClass(of: identifier) : identifier, label: identifier)
            }
            let key = CoverageRecorder.actionKey(verb: action.verb.rawValue, kind: action.kind, identifier: action.identifier)
            return ExploreMap.Transition(from: from.id, to: to?.id, step: action.yaml, action: action.description, control: control, key: key, outcome: outcome, count: count)
        }
    }
}

/// What a crawl gives: the map (findings not yet in it: they get their flow files first) and the
/// findings, with what writes each as a flow.
public struct ExploreResult {
    /// The map, without its findings.
    public var map: ExploreMap
    /// The findings, shrunk.
    public let findings: [ExploreFinding]
    /// Writes a finding as a flow file.
    public let writer: FindingFlows
}

/// Seconds as FlowKit says them: `5 s`, `0.5 s`.
enum FlowKitSeconds {
    static func shown(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
