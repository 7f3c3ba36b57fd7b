import FlowKit
import Foundation
import LocatedYAML

/// Where and how one flow runs: its scheme, the variables, the folder of its own store, and the
/// seeded fixtures to copy from.
package struct FlowEnvironment: Sendable {
    /// The scheme the flow runs under: the app, its store, its launch settings.
    package var scheme: Scheme
    /// Every variable a flow can use: the scheme's, `--var`, and the runner's own `-key value`.
    package var variables: [String: String]
    /// Values never printed (replaced by `••••••••` in every failure, step and report).
    package var secrets: [String]
    /// The app's safety-net timeout (`FlowApp.timeout`), only for an app that hangs: an idle screen decides a check at once.
    package var timeout: TimeInterval
    /// This flow's own folder: its store lives here and no other flow touches it.
    package var folder: URL
    /// The seeded store of a fixture, made once per run, to copy from.
    package var template: @Sendable (String) throws -> String
    /// Called with the app's process once it is launched (for Ctrl-C), and with nil when it ends.
    package var onProcess: @Sendable (Int32?) -> Void = { _ in }
    /// Keep the screen after every step in its record (for the HTML report); off, a long run's
    /// memory stays flat.
    package var keepsScreens = false
    /// Golden screens re-recorded, casts, the audit: what the run keeps or checks besides its steps.
    package var recording = RecordingOptions()
    /// Which flows keep a trace of every step (``StepRecord/trace``): none by default.
    package var trace = TraceMode.off
    /// The run's property workers, which check the catalog's properties (nil: the app declares
    /// none, and `assertProperty` has nothing to check).
    package var propertyWorkers: PropertyWorkers?
    /// Check the properties after every step (`flow run --properties`): the invariants on the idle
    /// screen it left, the action properties and eventually's its actions trigger. Off by default.
    package var checksProperties = false

    /// An environment with no process callback and no screens kept; set those afterwards when wanted.
    package init(
        scheme: Scheme, variables: [String: String], secrets: [String], timeout: TimeInterval, folder: URL,
        template: @escaping @Sendable (String) throws -> String
    ) {
        self.scheme = scheme
        self.variables = variables
        self.secrets = secrets
        self.timeout = timeout
        self.folder = folder
        self.template = template
    }
}

/// What happened to one step.
package struct StepRecord: Sendable {
    /// How the step ended: a step after a failure is skipped, not run.
    package enum Status: String, Sendable { case passed, failed, skipped }
    /// The step as written, for reports.
    package let title: String
    /// Where the step is written.
    package let location: SourceLocation
    /// How long the step took (zero for a skipped step).
    package let duration: Duration
    /// Whether it passed, failed or was skipped.
    package let status: Status
    /// The screen for `snapshot`, or after a failing step.
    package let screen: String?
    /// Nested steps' depth (inside `runFlow` or `repeat`).
    package let depth: Int
    /// The screen as it was when the step ended (secrets masked), for a report that shows every
    /// step: text screens are cheap to keep.
    package var after: String? = nil
    /// What the step has to say besides its status (a golden screen recorded), for every report.
    package var notes: [String] = []
    /// The golden screen it did not match, for the HTML report's side-by-side view.
    package var screenDiff: ScreenDiff? = nil
    /// What the step did, when the run traces its flow (`--trace`): nil otherwise, and for a step
    /// that was skipped.
    package var trace: StepTrace? = nil
}

/// How a flow went.
package struct FlowResult: Sendable {
    /// The flow that ran.
    package let flow: Flow
    /// Which run of the flow (from 1) under `--repeat`.
    package let iteration: Int
    /// Why it failed, or nil when it passed.
    package let failure: FlowRunFailure?
    /// What happened to each step, nested steps included, in the order they ran.
    package let steps: [StepRecord]
    /// The whole run of the flow: copying the store, launching, the steps and ending the app
    /// (the copy and the start done ahead included; the next flow's start, done meanwhile, not).
    package let duration: Duration
    /// The split of the time: copying the store, launching the app, and the steps.
    package let copyDuration: Duration
    /// The time spent launching the app for this flow: starting its process, then waiting for its
    /// first idle frame; for an app started ahead, only what was left of that wait.
    package let launchDuration: Duration
    /// True when no step failed and the flow could start.
    package var passed: Bool { failure == nil }
    /// The tries that failed before this one (`--retries`), first first; each ran from a fresh
    /// copy of the store. Never dropped: a retry must not hide a failure.
    package var earlierTries: [FlowResult] = []
    /// Passed, but only on a retry.
    package var isFlaky: Bool { passed && !earlierTries.isEmpty }
    /// This try's number, from 1.
    package var tryNumber: Int { earlierTries.count + 1 }
    /// Every frame the flow saw and its steps' markers, when the run records casts (`--record-casts`).
    package var cast: AsciiCast? = nil
}

/// Why a flow failed: the YAML step, the chain of `runFlow` steps that led to it, and FlowKit's
/// failure (the robot's own step inside a robot action, the reason, the screen, standard error).
package struct FlowRunFailure: Sendable, CustomStringConvertible {
    /// Where the failing YAML step is written.
    package let location: SourceLocation
    /// The YAML step as written (`Glance.checkCounts`, `tap`).
    package let stepTitle: String
    /// `runFlow` steps from the top flow down to the failing step's file.
    package let via: [SourceLocation]
    /// FlowKit's failure: the robot's own step, the reason, the screen and the app's standard error.
    package let failure: FlowFailure

    /// The failing step and why, on one line: `Glance.checkCounts: check that … failed: …`.
    package var summary: String { "\(stepTitle): \(failure.step) failed: \(failure.reason)" }

    /// The failure as a compiler would print it (`file:line:column: error:`), with a note for each `runFlow` on the way, the screen and standard error.
    package var description: String {
        var text = "\(location): error: \(summary)"
        for site in via.reversed() { text += "\n\(site): note: in runFlow" }
        if let screen = failure.screen { text += "\n\nThe screen was:\n\(screen)" }
        if !failure.standardError.isEmpty {
            text += "\n\nThe app's standard error (last \(failure.standardError.count) lines):\n" + failure.standardError.joined(separator: "\n")
        }
        return text
    }
}

/// Runs one flow: a fresh copy of its seeded store, the app launched on it with the scheme's and
/// the flow's settings, each step in order until one fails, and the app always ended afterwards.
package final class FlowExecutor {
    let environment: FlowEnvironment
    private let collector = FailureCollector()
    private var records: [StepRecord] = []
    /// The app the flow drives: a new one at each launch or relaunch the flow asks for.
    package private(set) var app: FlowApp
    /// The store this flow's app is launched on: in the job's own folder, named by the scheme; nil for an app with no store.
    var store: String? { environment.scheme.storePath(in: environment.folder) }
    private var failingStep: (location: SourceLocation, title: String, via: [SourceLocation])?
    private var via: [SourceLocation] = []
    private var onAlert: [(alert: String, button: String)] = []
    /// The screen a `snapshot` step keeps for its record.
    var keptScreen: String?
    /// The cast, the audit of every screen, and what a step leaves for its record.
    let recorder: RunRecorder
    /// Each command the app was told, as properties read it.
    package let commands = CommandLog()
    /// What checks properties (`assertProperty`, and after every step with `--properties`), in the
    /// run's workers; nil when the app declares none.
    private(set) lazy var properties: PropertyChecker? = environment.propertyWorkers.map { PropertyChecker(workers: $0, wait: environment.timeout) }
    /// Whether the properties follow the actions of the flow that runs: with `--properties`, or when
    /// the flow asserts one (the action properties that keep a model then see every action, and
    /// `assertProperty` reads what an action property said after the action before it).
    private var watchesProperties = false

    /// An executor for flows in `environment`; one flow runs at a time on it.
    package init(environment: FlowEnvironment) {
        self.environment = environment
        app = FlowApp(executable: environment.scheme.app)
        recorder = RunRecorder(options: environment.recording, secrets: environment.secrets)
    }

    /// The message of a flow that needs the test account when the run has none.
    package static let noCredentials = "No credentials provided for testing"

    /// Runs `flow` from a fresh copy of its store to the app's end, and says how it went; `iteration` numbers a run under `--repeat`.
    ///
    /// `whenLaunched` is called once the app is up (or has failed to start), before the first
    /// step: the suite runner starts the next flow's app there, off this flow's critical path.
    ///
    /// The flow's `duration` is its own: the copy and the start of its app when they were done
    /// ahead are in it, and the time `whenLaunched` takes (the next flow's) is not.
    package func run(_ flow: Flow, iteration: Int = 1, whenLaunched: () -> Void = {}) -> FlowResult {
        let start = ContinuousClock.now
        let ahead = prelaunched.map { $0.copy + $0.spawn } ?? .zero
        watchesProperties = environment.checksProperties || Self.assertsProperty(flow.steps)
        let started = self.start(flow)
        let nextStart = ContinuousClock.now
        whenLaunched()
        let next = ContinuousClock.now - nextStart
        if started.failure == nil {
            failAudit(at: .start(of: flow.file))
            run(flow.steps, overlay: [:], depth: 0)
        }
        finish()
        let failure = started.failure ?? self.failure(flow)
        var result = FlowResult(flow: flow, iteration: iteration, failure: failure, steps: keptTraces(passed: failure == nil),
                                duration: ContinuousClock.now - start - next + ahead, copyDuration: started.copy, launchDuration: started.launch)
        result.cast = recorder.cast(title: flow.name)
        return result
    }

    /// The records, their traces kept (masked) when the flow's trace is kept: always with `on`,
    /// with `on-failure` only when the flow failed. Traced raw while the flow runs, so that a flow
    /// whose trace is dropped spends nothing on masking.
    private func keptTraces(passed: Bool) -> [StepRecord] {
        switch environment.trace {
        case .off:
            return records
        case .onFailure where passed:
            return records.map { var record = $0; record.trace = nil; return record }
        case .on, .onFailure:
            let mask = SecretMask(environment.secrets)
            return records.map { var record = $0; record.trace = record.trace?.masked(mask.mask); return record }
        }
    }

    /// What starting a flow took, or why it could not start.
    package struct Start: Sendable {
        /// The time spent copying the seeded store.
        package let copy: Duration
        /// The time spent launching the app for this flow: starting its process, then waiting for
        /// its first idle frame (when it was started ahead by ``prelaunch(_:)``, only what was
        /// left of that wait when the flow began).
        package let launch: Duration
        /// Set when the flow cannot start: no credentials, no store, or an app that does not launch.
        package let failure: FlowRunFailure?
    }

    /// Copies `flow`'s store and starts its app without waiting for it, so that `run(flow)` (or
    /// `start(flow)`) later only waits for what is left of the launch. The suite runner calls it
    /// for a job's next flow while the current one runs its steps, on a store of the next flow's
    /// own (another executor's folder), so nothing the current flow does can touch it.
    package func prelaunch(_ flow: Flow) {
        let begun = begin(flow)
        prelaunched = (flow.file, flow.name, begun.copy, begun.spawn, begun.failure)
    }

    /// Copies the flow's store and launches the app on it with the flow's settings: the first half
    /// of `run`, for a session that then runs its steps one at a time. An app started ahead by
    /// ``prelaunch(_:)`` for this flow is waited for instead of launched again.
    package func start(_ flow: Flow) -> Start {
        let begun: (copy: Duration, spawn: Duration, failure: FlowRunFailure?)
        if let ahead = prelaunched, ahead.file == flow.file, ahead.name == flow.name {
            begun = (ahead.copy, ahead.spawn, ahead.failure)
        } else {
            begun = begin(flow)
        }
        prelaunched = nil
        if let failure = begun.failure { return Start(copy: begun.copy, launch: begun.spawn, failure: failure) }
        let waitStart = ContinuousClock.now
        app.waitForLaunch(sourceLocation: flow.launchSite.sourceLocation)
        let launch = begun.spawn + (ContinuousClock.now - waitStart)
        if app.hasFailed {
            failingStep = (flow.launchPlace, "launch", [])
            return Start(copy: begun.copy, launch: launch, failure: failure(flow))
        }
        return Start(copy: begun.copy, launch: launch, failure: nil)
    }

    /// An app started ahead for a flow (by file and name), with what its start took and how it failed.
    private var prelaunched: (file: String, name: String, copy: Duration, spawn: Duration, failure: FlowRunFailure?)?

    /// The checks, the copy of the store and the app's process started (not waited for).
    private func begin(_ flow: Flow) -> (copy: Duration, spawn: Duration, failure: FlowRunFailure?) {
        let scheme = environment.scheme
        let root = SourceLocation.start(of: flow.file)
        if let use = FlowSuite.missingCredentials(flow, known: Set(environment.variables.keys), credentials: Set(scheme.credentials)) {
            let names = scheme.credentials
            let reason = "\(Self.noCredentials): ${\(use.name)} has no value. Give \(names.joined(separator: " and ")) in a private "
                + "scheme (\(environment.recording.runner.scheme("\(scheme.name).private.yaml")), or --scheme-file PATH), or as "
                + names.map { "-\($0) VALUE" }.joined(separator: " ")
            return (.zero, .zero, FlowRunFailure(
                location: use.location, stepTitle: "credentials", via: [],
                failure: FlowFailure(step: "find the test account", reason: reason, screen: nil, standardError: [], site: use.location.site, cause: .badSetup)
            ))
        }
        let copy: Duration
        do {
            try FileManager.default.createDirectory(at: environment.folder, withIntermediateDirectories: true)
            let copyStart = ContinuousClock.now
            try copyTemplate(flow.fixture ?? "default")
            copy = ContinuousClock.now - copyStart
        } catch {
            // The store could not be made, so the app cannot be started on it: the run was not made.
            return (.zero, .zero, FlowRunFailure(location: root, stepTitle: "seed", via: [], failure: FlowFailure(
                step: "seed \(flow.fixture ?? "default")", reason: "\(error)", screen: nil, standardError: [], site: root.site, cause: .notStarted)))
        }
        app = FlowApp(
            executable: scheme.app, arguments: launchArguments(flow), environment: launchEnvironment(flow),
            variables: environment.variables, timeout: environment.timeout, reporter: collector
        )
        app.observes = environment.trace != .off
        recorder.attach(to: app, flow: flow)
        commands.watch(app)
        onAlert = flow.onAlert
        for (alert, button) in flow.onAlert {
            app.addInterruptionMonitor(withDescription: "onAlert \(alert): \(button)") { element in
                guard element.name == alert || element.snapshot?.label == alert else { return false }
                // A button the alert lacks fails the step there, saying so (lint refuses one it knows of).
                // It reports at the step it interrupted (CallSite.step), as every step of FlowKit does.
                element.buttons[button].tap(sourceLocation: (CallSite.step ?? flow.launchSite).sourceLocation)
                return true
            }
        }
        let spawnStart = ContinuousClock.now
        launched()
        app.launch(waitForIdle: false, sourceLocation: flow.launchSite.sourceLocation)
        let spawn = ContinuousClock.now - spawnStart
        environment.onProcess(app.processIdentifier)
        if app.hasFailed {
            failingStep = (flow.launchPlace, "launch", [])
            return (copy, spawn, failure(flow))
        }
        return (copy, spawn, nil)
    }

    /// Runs `steps` on the started app, one level at the top, and returns their records (and the
    /// failure, if one failed). For a session: what ran before stays as it is.
    package func perform(_ steps: [Step], in flow: Flow) -> (records: [StepRecord], failure: FlowRunFailure?) {
        let before = records.count
        run(steps, overlay: [:], depth: 0)
        return (Array(records[before...]), failure(flow))
    }

    /// Forgets a failure so the session can go on (the app is left as the failed step left it).
    package func forgetFailure() {
        app.clearFailures()
        failingStep = nil
        collector.clear()
    }

    /// Ends the app (and gives the property worker back to the run).
    package func finish() {
        app.terminate()
        environment.onProcess(nil)
        properties?.close()
    }

    /// Whether `steps`, or the steps they hold, assert a property.
    static func assertsProperty(_ steps: [Step]) -> Bool {
        steps.contains { step in step.action is AssertProperty || step.action.inner.contains { assertsProperty($0.steps) } }
    }

    /// A session (studio, inspect, MCP) types its steps one at a time: the properties follow its
    /// actions when a property keeps a model, which `assertProperty` may read at any step.
    package func watchPropertiesForSession() {
        watchesProperties = environment.checksProperties || properties?.properties.contains(where: \.updatesModel) == true
    }

    /// The app was launched (again): the properties' models start anew.
    func launched() {
        if watchesProperties { properties?.launched() }
    }

    /// The first failure recorded, where it happened in the flow.
    private func failure(_ flow: Flow) -> FlowRunFailure? {
        let root = SourceLocation.start(of: flow.file)
        return collector.failures.first.map { failure in
            FlowRunFailure(
                location: failingStep?.location ?? root, stepTitle: failingStep?.title ?? "launch",
                via: failingStep?.via ?? [], failure: mask(failure)
            )
        }
    }

    // MARK: - Launch

    private func launchArguments(_ flow: Flow) -> [String] {
        let scheme = environment.scheme
        var arguments = (scheme.launch.arguments + flow.launch.arguments).map { resolve($0, [:]) }
        var defaults: [(String, String)] = []
        for (key, value) in scheme.launch.defaults + flow.launch.defaults {
            defaults.removeAll { $0.0 == key }  // the flow's value wins over the scheme's
            defaults.append((key, resolve(value, [:])))
        }
        for (key, value) in defaults { arguments += ["-\(key)", value] }
        // The automation protocol itself, then the store the scheme says the app reads.
        return arguments + AutomationLaunch.arguments + scheme.storeArguments(in: environment.folder)
    }

    private func launchEnvironment(_ flow: Flow) -> [String: String] {
        var result = ProcessInfo.processInfo.environment
        for (key, value) in environment.scheme.launch.environment + flow.launch.environment { result[key] = resolve(value, [:]) }
        return result
    }

    func copyTemplate(_ fixture: String) throws {
        // An app with no store starts as it is: `prepare` refused any fixture but `default`.
        guard let store else { return }
        let template = try environment.template(fixture)
        for suffix in ["-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        // Copied beside it, then renamed over it: a `seed:` step runs while the app may be opening
        // its store, and an app that made the file between a removal and a copy failed the copy
        // ("a file with the same name already exists"). A rename replaces whatever is there.
        let copy = store + ".seeding"
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: template, toPath: copy)
        guard rename(copy, store) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: copy)
            throw FlowExecutorSeedError(description: "cannot put the fixture's store at \(store): \(reason)")
        }
    }

    // MARK: - Steps

    func run(_ steps: [Step], overlay: [String: String], depth: Int) {
        for step in steps {
            guard !app.hasFailed else {
                records.append(StepRecord(title: step.title, location: step.location, duration: .zero, status: .skipped, screen: nil, depth: depth))
                continue
            }
            let before = collector.failures.count
            let start = ContinuousClock.now
            let screenBefore = environment.trace == .off ? nil : app.latestScreen
            let mark = environment.trace == .off ? nil : app.observationMark()
            keptScreen = nil
            recorder.beginStep(step.title)
            answerAlerts(before: step)
            commands.beginStep()
            (previousRobotStep, currentRobotStep) = (currentRobotStep, step.action as? RobotStep)
            step.action.run(in: StepContext(executor: self, location: step.location, overlay: overlay, depth: depth))
            let (notes, diff) = (recorder.stepNotes, recorder.stepDiff)
            failAudit(at: step.location)
            checkProperties(after: step)
            var screen = keptScreen
            let failed = collector.failures.count > before
            if failed, failingStep == nil { failingStep = (step.location, step.title, via) }
            if failed { screen = collector.failures.last?.screen.map(mask) }
            var record = StepRecord(
                title: step.title, location: step.location, duration: ContinuousClock.now - start,
                status: failed ? .failed : .passed, screen: screen, depth: depth
            )
            if environment.keepsScreens { record.after = app.latestScreen.map(mask) }
            (record.notes, record.screenDiff) = (notes, diff)
            if let mark {
                let observed = app.observed(since: mark)
                record.trace = StepTrace(
                    before: screenBefore, after: app.latestScreen, waited: observed.waited, frames: observed.frames,
                    busy: observed.busy, standardError: observed.standardError, standardErrorDropped: observed.standardErrorDropped
                )
            }
            records.append(record)
        }
    }

    /// Fails the step written at `location` with what `--audit` found on the screens it showed;
    /// nothing when the run does not audit or the audit found nothing.
    private func failAudit(at location: SourceLocation) {
        let findings = recorder.takeFindings()
        guard !findings.isEmpty, !app.hasFailed else { return }
        // Where it failed is kept as for any failure: by the step that ran (or as the launch).
        app.fail("audit the screens for accessibility (--audit)", AccessibilityAudit.reason(findings), site: location.site)
    }

    /// After a step that passed, while the properties follow the flow: the action properties its
    /// commands (or, a robot step, the robot action itself) trigger, and with `--properties` the
    /// invariants on the idle screen it left; the first that does not hold fails the step (with
    /// `--properties`; else only the models are kept, and what each said is kept for
    /// `assertProperty`). A step that holds steps checks them one by one.
    private func checkProperties(after step: Step) {
        guard watchesProperties, let checker = properties, !app.hasFailed, step.action.inner.isEmpty, app.state == .running else { return }
        var violations: [PropertyViolation] = []
        for action in actions(of: commands.step, robot: step.action as? RobotStep) {
            if environment.checksProperties {
                violations += checker.check(after: action, invariantsOn: nil)
            } else {
                checker.keepModels(after: action)
            }
        }
        // A step that left the app busy on purpose (a tap that does not wait, for an overlay) is
        // not waited for here: the next step reads those frames; the invariants wait for its end.
        if environment.checksProperties, violations.isEmpty, app.isIdleNow, let frame = app.latestFrame {
            violations = checker.check(after: nil, invariantsOn: frame)
        }
        if let violation = violations.first { app.fail("check the property \(violation.property) (--properties)", violation.message, site: step.location.site) }
    }

    /// The actions of a step's commands as properties read them, and, for a robot step, the robot
    /// action itself (from the screen before its first command to the idle one after its last).
    private func actions(of entries: [CommandLog.Entry], robot: RobotStep?) -> [ObservedAction] {
        var actions = CommandLog.observed(entries)
        if let robot, let first = entries.first, let after = entries.last?.after {
            let during = entries.flatMap { entry in entry.during.map { ($0.frame, entry.sent - first.sent + $0.at) } }
            actions.append(ObservedAction(verb: "robot", element: nil, robotAction: robot.action.fullName, before: first.before, during: during, after: after))
        }
        return actions
    }

    /// The actions of the step that ran last, as properties read them: each command's, and for a
    /// robot step the robot action itself (what a crawl that takes robot actions checks).
    package var lastStepActions: [ObservedAction] {
        actions(of: commands.step, robot: currentRobotStep)
    }

    /// The robot step before the current one, when it was one.
    private var previousRobotStep: RobotStep?
    private var currentRobotStep: RobotStep?

    /// The last action of the step before the current one, as `property` reads it
    /// (`assertProperty`): for a robot step, the robot action itself when it is the property's
    /// trigger, else its last command.
    func lastAction(for property: AppProperty) -> ObservedAction? {
        let actions = actions(of: commands.previousStep, robot: previousRobotStep)
        if let trigger = property.trigger, let triggering = actions.last(where: { $0.isTrigger(trigger) }) { return triggering }
        return actions.last { $0.verb != "robot" } ?? actions.last
    }

    /// Runs `steps` one level down; with `via`, as the steps of a `runFlow` written at `location`.
    func runNested(_ steps: [Step], overlay: [String: String], depth: Int, via location: SourceLocation?) {
        if let location { via.append(location) }
        run(steps, overlay: overlay, depth: depth + 1)
        if location != nil { via.removeLast() }
    }

    /// `onAlert` answers its alerts whenever they are up before a step, checks included (an
    /// interruption monitor alone acts only when an action is blocked). Not before a step that
    /// reads busy frames: answering waits for idle, which would hide the overlay it waits for.
    private func answerAlerts(before step: Step) {
        guard !step.action.readsBusyFrames, !(step.action is AnswerAlert) else { return }
        answerAlerts(at: step.location)
    }

    /// Answers the alerts `onAlert` names that are up now (an alert may bring up another: up to
    /// ten), as before a step written at `location`; a session calls it to show the screen the
    /// next step will see.
    func answerAlerts(at location: SourceLocation) {
        guard !onAlert.isEmpty, app.state == .running else { return }
        for _ in 0..<10 {
            let site = CallSite(file: location.file, line: location.line, column: location.column)
            guard let alert = app.snapshot(sourceLocation: site.sourceLocation)?.topAlert,
                  let answer = onAlert.first(where: { $0.alert == alert.identifier || $0.alert == alert.label }) else { return }
            app.alerts[alert.identifier].buttons[answer.button].tap(sourceLocation: site.sourceLocation)
            if app.hasFailed { return }
        }
    }

    /// `${name}` replaced from the overlay (runFlow's variables), then the run's variables. Lint
    /// makes sure every name is known before anything runs.
    func resolve(_ text: Text, _ overlay: [String: String]) -> String {
        var result = ""
        var rest = text.raw[...]
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            result += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close])
            result += overlay[name] ?? environment.variables[name] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    // MARK: - Secrets

    func mask(_ text: String) -> String {
        SecretMask(environment.secrets).mask(text)
    }

    private func mask(_ failure: FlowFailure) -> FlowFailure {
        FlowFailure(
            step: mask(failure.step), reason: mask(failure.reason), screen: failure.screen.map(mask),
            standardError: failure.standardError.map(mask), site: failure.site, cause: failure.cause
        )
    }
}

/// A fixture's store that could not be put in place.
struct FlowExecutorSeedError: Error, CustomStringConvertible {
    let description: String
}
