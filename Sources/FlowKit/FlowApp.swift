import Console
import Foundation
import NameMatching
import Testing

/// The app under test, driven only through what its screens show (like XCUIApplication).
///
/// Every action waits for the app to be idle, sends one command and waits for its answer and then
/// for idle again; every query is answered from the latest idle frame. Because an idle app will not
/// change by itself, a missing element on an idle screen fails at once: `timeout` is only a safety
/// net for an app that hangs.
///
/// A `FlowApp` is used by one test at a time; it is not meant to be shared between threads.
public final class FlowApp: @unchecked Sendable {
    /// The app launched for the current test: robots find it here.
    @TaskLocal public static var current: FlowApp?

    /// The path of the app's binary, started by each ``launch(waitForIdle:sourceLocation:)``.
    public var executable: String
    /// The app's arguments (`-key value` pairs: stubs and settings), read at each launch, so a test
    /// can change them and launch again.
    public var launchArguments: [String]
    /// The app's environment (by default the runner's own), read at each launch.
    public var launchEnvironment: [String: String]
    /// Values a flow or robot can read (`test.user`).
    public var variables: [String: String]
    /// The longest any step waits for the app (seconds): a safety net for an app that hangs.
    public var timeout: TimeInterval
    /// Where each failure goes as it happens: a test framework's issues, a runner's collector,
    /// standard error.
    public var reporter: any FailureReporting

    /// The failures since the last launch, oldest first (``clearFailures()`` forgets them).
    public private(set) var failures: [FlowFailure] = []
    /// After a failure, the rest of a chain of steps is skipped without waiting again.
    public var hasFailed: Bool { !failures.isEmpty }
    /// Launch to first idle frame, for the last launch.
    public private(set) var launchDuration: Duration?
    /// The size of the latest frame on the wire, newline included (for benchmarks).
    public private(set) var lastFrameBytes = 0
    /// Called with every frame read from the app, busy ones included, in the order they came: a
    /// recording of the run, or an audit of every screen the app shows. Set it before launching.
    public var frameObserver: ((Frame) -> Void)?
    /// Called with every command sent to the app, as it is sent: what a crawler learns a prefix
    /// typed, what a coverage count learns a flow did. Set it before the actions it should see.
    public var commandObserver: ((Request) -> Void)?

    private var connection: AppConnection?
    /// How many of the connection's lines that were not frames a failure has said.
    private var unreadableSaid = 0
    private var launchStart: ContinuousClock.Instant?
    private var lastFrame: Frame? {
        didSet { lastFrameAt = ContinuousClock.now }
    }
    /// When the latest frame was read: its busy work has run that much longer since.
    private var lastFrameAt = ContinuousClock.now
    private var nextCommandID = 0
    private var monitors: [(token: Int, description: String, handler: (FlowElement) -> Bool)] = []
    private var nextMonitorToken = 0
    /// A copy of one idle screen that takes no action (what a property reads): nil for an app.
    private var frozen: Frame?

    /// An app ready to ``launch(waitForIdle:sourceLocation:)``: nothing runs until then.
    public init(
        executable: String, arguments: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
        variables: [String: String] = [:], timeout: TimeInterval = 10, reporter: any FailureReporting = PrintReporter()
    ) {
        self.executable = executable
        self.launchArguments = arguments
        self.launchEnvironment = environment
        self.variables = variables
        self.timeout = timeout
        self.reporter = reporter
    }

    /// A copy of `frame`'s screen, read with the same queries, that takes no action: what a
    /// property's check reads (``AppProperty``). Its failures are collected, never printed.
    public init(showing frame: Frame, variables: [String: String] = [:]) {
        executable = ""
        launchArguments = []
        launchEnvironment = [:]
        self.variables = variables
        timeout = 0
        reporter = FailureCollector()
        frozen = frame
        lastFrame = frame
    }

    /// What a copy of a screen says when asked to act.
    static let frozenRefusal = "a property reads the screen; it cannot act on it (a copy of the screen takes no action)"

    deinit {
        connection?.kill()
    }

    // MARK: - Lifecycle

    /// Whether the app's process runs, and how it ended.
    public enum State: Equatable, Sendable {
        /// Not launched yet.
        case notRunning
        /// The process runs.
        case running
        /// The process exited with `code`.
        case exited(code: Int32)
        /// A signal ended the process: a crash, or the `SIGKILL` that ends an app that hangs or
        /// will not quit.
        case crashed(signal: Int32)
    }

    /// The process's state now.
    public var state: State {
        guard let connection else { return .notRunning }
        guard let ending = connection.ending else { return .running }
        return ending.signaled ? .crashed(signal: ending.status) : .exited(code: ending.status)
    }

    /// The app's process, while it is running.
    public var processIdentifier: Int32? { state == .running ? connection?.processIdentifier : nil }

    /// Starts the app (ending a running one first) and waits for its first idle frame, unless
    /// `waitForIdle` is false (an app that is busy on purpose at launch: the next step waits).
    public func launch(waitForIdle: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let site = CallSite(sourceLocation)
        if frozen != nil { return fail("launch", Self.frozenRefusal, site: site) }
        terminate()
        lastSite = CallSite.step ?? site
        failures = []
        lastFrame = nil
        launchDuration = nil
        launchStart = ContinuousClock.now
        unreadableSaid = 0
        closeSpans()  // the last process's work ended with it
        do {
            connection = try AppConnection(
                executable: executable, arguments: launchArguments, environment: AutomationLaunch.environment(launchEnvironment)
            )
            launches += 1  // its standard error counts from its first line
        } catch {
            fail("launch \(executable)", "cannot start it: \(error.localizedDescription)", site: site, cause: .notStarted)
            return
        }
        guard waitForIdle else { return }
        waitForLaunch(sourceLocation: sourceLocation)
    }

    /// Waits for the first idle frame of an app launched with `waitForIdle: false`, and sets
    /// ``launchDuration`` (from the launch, not from this call: called late, it counts the time
    /// nobody waited too). The flow runner starts the next flow's app this way while the current
    /// flow runs, then waits here when that flow begins.
    public func waitForLaunch(sourceLocation: SourceLocation = #_sourceLocation) {
        if settle("launch", site: CallSite(sourceLocation)) != nil, let launchStart {
            launchDuration = ContinuousClock.now - launchStart
        }
    }

    /// Ends the app (it quits at the end of its input; it is killed if it does not) and waits until
    /// its process is gone.
    public func terminate() {
        connection?.terminate()
        closeSpans()
    }

    // MARK: - Queries

    /// The buttons: those of the alert on top while one is up, else the screen's.
    public var buttons: ElementQuery { ElementQuery(app: self, kind: .button) }
    /// The text fields (none is usable while an alert is up).
    public var textFields: ElementQuery { ElementQuery(app: self, kind: .textField) }
    /// The secure text fields, whose value is a mask once filled, never the text typed.
    public var secureTextFields: ElementQuery { ElementQuery(app: self, kind: .secureTextField) }
    /// The texts: those of the alert on top while one is up, else the screen's.
    public var staticTexts: ElementQuery { ElementQuery(app: self, kind: .staticText) }
    /// The rows of the screen's list: a row of a long list is found and counted wherever it is,
    /// not only in the window shown.
    public var cells: ElementQuery { ElementQuery(app: self, kind: .cell) }
    /// The images, each named by its identifier or its label (the description drawn for it).
    public var images: ElementQuery { ElementQuery(app: self, kind: .image) }
    /// The alerts that are up, by identifier or title.
    public var alerts: ElementQuery { ElementQuery(app: self, kind: .alert) }
    /// Elements of every kind.
    public var descendants: ElementQuery { ElementQuery(app: self, kind: nil) }

    /// The whole screen as one consistent snapshot, once the app is idle.
    public func snapshot(sourceLocation: SourceLocation = #_sourceLocation) -> ScreenSnapshot? {
        settle("snapshot", site: CallSite(sourceLocation))?.screen
    }

    /// The screen rendered as a person sees it, once the app is idle.
    public func renderedScreen(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        settle("read the screen", site: CallSite(sourceLocation))?.text
    }

    /// The latest frame once the app is idle: the screen as data and as drawn, from one frame
    /// (a golden screen holds both, and they must agree).
    public func idleFrame(sourceLocation: SourceLocation = #_sourceLocation) -> Frame? {
        settle("read the screen", site: CallSite(sourceLocation))
    }

    /// The screen's title, once the app is idle.
    public func title(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        settle("read the title", site: CallSite(sourceLocation))?.screen.title
    }

    /// Records a failure unless the idle screen's title is `title`: the check every robot action
    /// that moves to another screen makes when it gets there.
    public func assertScreen(title: String, of robot: String, sourceLocation: SourceLocation = #_sourceLocation) {
        assertScreen(title: title, of: robot, site: CallSite(sourceLocation))
    }

    func assertScreen(title: String, of robot: String, site: CallSite) {
        let step = "arrive on the \(robot) screen (\"\(title)\")"
        guard let screen = settle(step, site: site)?.screen, screen.title != title else { return }
        fail(step, "the screen is \"\(screen.title)\", not \"\(title)\"", site: site)
    }

    /// Goes back to the previous screen.
    public func back(sourceLocation: SourceLocation = #_sourceLocation) {
        perform("go back", action: .back, target: nil, text: nil, site: CallSite(sourceLocation))
    }

    // MARK: - Interruption monitors

    /// Adds a handler for alerts that block an action. Handlers run newest first when an action's
    /// element is behind an alert; one that returns true has dealt with it, and the action goes on.
    @discardableResult
    public func addInterruptionMonitor(withDescription description: String, handler: @escaping (FlowElement) -> Bool) -> Int {
        nextMonitorToken += 1
        monitors.append((nextMonitorToken, description, handler))
        return nextMonitorToken
    }

    /// Removes the monitor that ``addInterruptionMonitor(withDescription:handler:)`` returned
    /// `token` for; an unknown token is ignored.
    public func removeInterruptionMonitor(_ token: Int) {
        monitors.removeAll { $0.token == token }
    }

    /// Runs the monitors on `alert`; true when one handled it and the alert is gone.
    func handleInterruption(_ alert: ElementSnapshot, site: CallSite) -> Bool {
        for monitor in monitors.reversed() {
            let element = FlowElement(app: self, kind: .alert, name: alert.identifier, scope: nil)
            let handled = CallSite.reporting(at: site) { monitor.handler(element) }
            if hasFailed { return false }  // the monitor's own step failed: that is the failure
            guard handled else { continue }
            guard let screen = settle("handle the alert \"\(alert.label)\"", site: site)?.screen else { return false }
            if screen.topAlert != alert { return true }
        }
        return false
    }

    // MARK: - Steps (used by elements)

    /// Where the app was last driven from: a property read of an element, which has no parameter
    /// for its caller's line, reports there.
    private(set) var lastSite: CallSite?

    /// Where a read that takes no caller's line (an element's `exists`, a query's `count`)
    /// reports: the robot method's caller while one runs, else where the app was last driven.
    var propertySite: CallSite { CallSite.step ?? lastSite ?? CallSite() }

    /// The latest frame said the app was idle.
    package var isIdleNow: Bool { lastFrame?.idle == true }

    // MARK: - What a step waited for (a runner's trace)

    /// Where a runner began to watch what the app does, for a step: taken with ``observationMark()``,
    /// given back to ``observed(since:)``. Marks nest: a `runFlow` step's mark covers its steps'.
    public struct ObservationMark: Sendable {
        let time: ContinuousClock.Instant
        let waited: Duration
        let frames: Int
        let launch: Int
        let errorLines: Int
    }

    /// What the app did since a mark: how long the runner waited for its frames, how many it read,
    /// each piece of work its frames named busy with how long it ran meanwhile, and the lines it
    /// wrote to standard error.
    public struct Observed: Sendable, Equatable {
        /// The time spent waiting for the app's frames (not the runner's own work).
        public var waited: Duration
        /// Frames read.
        public var frames: Int
        /// The work the app was busy with, by name in the order first seen, each with how long it
        /// ran from the mark (or from when it began, if later) until the frame that no longer named
        /// it, or until now for work still in flight (a wait that timed out).
        public var busy: [BusyWork]
        /// The lines the app wrote to standard error, of those the runner still holds (the last 64 KiB).
        public var standardError: [String]
        /// Lines it wrote that the runner no longer holds, or that a relaunch took away.
        public var standardErrorDropped: Int
    }

    /// Whether the app's frames are watched for ``observed(since:)``: a runner that traces its
    /// steps turns it on before launching; off, reading a frame costs nothing more.
    public var observes = false
    /// The time waited for frames and the frames read since the app was made.
    private var totalWaited: Duration = .zero
    private var totalFrames = 0
    /// Each piece of work a frame named: when it began (the frame's time less its `for_ms`), and
    /// when a frame first no longer named it (or the process ended).
    private var spans: [(work: String, start: ContinuousClock.Instant, end: ContinuousClock.Instant?)] = []
    /// How many processes have been launched: a mark's standard error belongs to one.
    private var launches = 0

    /// A mark to give ``observed(since:)`` after a step.
    public func observationMark() -> ObservationMark {
        ObservationMark(
            time: .now, waited: totalWaited, frames: totalFrames, launch: launches,
            errorLines: observes ? connection?.standardErrorLineCount() ?? 0 : 0
        )
    }

    /// What the app did since `mark` (nothing unless ``observes``).
    public func observed(since mark: ObservationMark) -> Observed {
        let now = ContinuousClock.now
        let busy = spans.filter { ($0.end ?? now) > mark.time }.map {
            BusyWork(work: $0.work, milliseconds: BusyWork.milliseconds(($0.end ?? now) - max($0.start, mark.time)))
        }
        var merged: [BusyWork] = []
        for work in busy {
            if let index = merged.firstIndex(where: { $0.work == work.work }) {
                merged[index].milliseconds = max(merged[index].milliseconds, work.milliseconds)
            } else {
                merged.append(work)
            }
        }
        var lines: (kept: [String], dropped: Int) = ([], 0)
        if observes, let connection {
            // Lines of a process launched since the mark count from its first.
            let since = mark.launch == launches ? mark.errorLines : 0
            lines = connection.standardErrorLines(after: since)
        }
        return Observed(
            waited: totalWaited - mark.waited, frames: totalFrames - mark.frames, busy: merged,
            standardError: lines.kept, standardErrorDropped: lines.dropped
        )
    }

    /// Notes a frame read after waiting `waited` for it: the work it names busy opens a span, the
    /// work it no longer names closes one. An idle frame names none, whatever it says.
    private func observe(_ frame: Frame, waited: Duration) {
        let now = ContinuousClock.now
        totalWaited += waited
        totalFrames += 1
        let busy = frame.idle ? [] : frame.busy ?? []
        closeSpans(at: now) { span in !busy.contains { $0.work == span } }
        for work in busy where !spans.contains(where: { $0.work == work.work && $0.end == nil }) {
            spans.append((work.work, now - .milliseconds(work.milliseconds), nil))
        }
    }

    /// Ends the open spans `which` names (all of them by default): their work is done, or their
    /// process is.
    private func closeSpans(at time: ContinuousClock.Instant = .now, _ which: (String) -> Bool = { _ in true }) {
        for index in spans.indices where spans[index].end == nil && which(spans[index].work) {
            spans[index].end = time
        }
    }

    /// Waits for the connection's next frame, noting the wait when observing.
    private func next(_ connection: AppConnection, before deadline: Date) -> AppConnection.Next {
        guard observes else { return connection.next(before: deadline) }
        let start = ContinuousClock.now
        let next = connection.next(before: deadline)
        let waited = ContinuousClock.now - start
        switch next {
        case let .frame(frame, _): observe(frame, waited: waited)
        case .ended:
            totalWaited += waited
            closeSpans()
        case .timedOut: totalWaited += waited
        }
        return next
    }

    /// What the app is busy with now, as its latest frame said, each piece of work's time counted
    /// on to now: nil when it is idle, or when it speaks protocol 1 and does not say (or before
    /// its first frame).
    public var busyNow: [BusyWork]? {
        guard let lastFrame, !lastFrame.idle, let busy = lastFrame.busy else { return nil }
        let more = BusyWork.milliseconds(ContinuousClock.now - lastFrameAt)
        return busy.map { BusyWork(work: $0.work, milliseconds: $0.milliseconds + more) }
    }

    /// Why the app is not idle after `waited`, in the words of a failure: `still busy after 5 s:
    /// upload (4.9 s)`; nil when the latest frame is idle.
    func stillBusy(after waited: TimeInterval) -> String? {
        guard let lastFrame, !lastFrame.idle else { return nil }
        let head = "still busy after \(Self.seconds(waited))"
        guard lastFrame.busy != nil else {
            return head + " (it does not say with what: the app speaks version 1 of the automation protocol, which names no work)"
        }
        guard let busy = busyNow, !busy.isEmpty else { return head + " (it named no work in flight)" }
        return head + ": " + BusyWork.summary(busy)
    }

    /// The screen of the latest frame read, rendered, without waiting for anything: what a report
    /// shows after a step. Nil before the first frame.
    public var latestScreen: String? { lastFrame?.text }

    /// The latest frame's screen as data (kind, identifier, label, value, state of every element),
    /// without waiting: for an inspector.
    public var latestSnapshot: ScreenSnapshot? { lastFrame?.screen }

    /// The latest frame read, without waiting: what a command is sent from (the runner's record of
    /// each command, for properties).
    package var latestFrame: Frame? { lastFrame }

    /// Forgets the failures so far, so that the next step runs: an interactive session goes on
    /// after a step that failed. A test never needs this.
    public func clearFailures() {
        failures = []
    }

    /// The latest frame once the app is idle, or nil after recording why it never became idle.
    @discardableResult
    func settle(_ step: String, site: CallSite) -> Frame? {
        // Where the caller is: the robot method's caller while one runs, never a line in a robot.
        lastSite = CallSite.step ?? site
        guard !hasFailed else { return nil }
        if let frozen { return frozen }
        guard let connection else {
            fail(step, "the app is not launched", site: site)
            return nil
        }
        let deadline = Date().addingTimeInterval(timeout)
        while lastFrame?.idle != true {
            guard let frame = nextFrame(connection, step: step, deadline: deadline, site: site) else { return nil }
            lastFrame = frame
        }
        return lastFrame
    }

    /// Moves a long list's window (`up`, `down`, `top`, `bottom`, a row number from 1) and returns
    /// the idle screen after it, or nil after recording a failure.
    func scroll(to target: String, step: String, site: CallSite) -> ScreenSnapshot? {
        guard perform(step, action: .scroll, target: target, text: nil, site: site) else { return nil }
        return lastFrame?.screen
    }

    /// Reads frames, busy ones included, until `seen` holds for one (true), the app is idle (true),
    /// or `timeout` passes (false, with no failure recorded and the app left running). A crash is
    /// recorded as a failure, and answers false.
    func watch(_ step: String, timeout: TimeInterval, site: CallSite, _ seen: (ScreenSnapshot) -> Bool) -> Bool {
        guard !hasFailed else { return false }
        // A copy of one idle screen: it is what it will be.
        if let frozen { return seen(frozen.screen) || frozen.idle }
        guard let connection else {
            fail(step, "the app is not launched", site: site)
            return false
        }
        let deadline = Date().addingTimeInterval(min(timeout, self.timeout))
        while true {
            if let frame = lastFrame {
                if seen(frame.screen) || frame.idle { return true }
            }
            switch next(connection, before: deadline) {
            case let .frame(frame, bytes):
                lastFrame = frame
                lastFrameBytes = bytes
                frameObserver?(frame)
                if let line = newUnreadableLine(connection) {
                    fail(step, "the app wrote a line that is not a frame on its output (\(line)): its output is the automation protocol's, "
                        + "one frame a line; a log goes to standard error", site: site, cause: .brokeProtocol(line))
                    return false
                }
            case .timedOut: return false
            case .ended:
                connection.reap()
                fail(step, ending(connection), site: site, cause: endingCause(connection))
                return false
            }
        }
    }

    /// Sends one command, then waits for its answer and (unless `untilIdle` is false) for idle.
    /// False after recording a failure.
    ///
    /// Without waiting for idle, the answer's frame is the latest: it shows what the command did
    /// at once (an `Uploading…` overlay) while the work it started is still in flight.
    @discardableResult
    func perform(_ step: String, action: Request.Action, target: String?, text: String?, untilIdle: Bool = true, site: CallSite) -> Bool {
        if frozen != nil, !hasFailed {
            fail(step, Self.frozenRefusal, site: site)
            return false
        }
        guard settle(step, site: site) != nil, let connection else { return false }
        nextCommandID += 1
        let id = nextCommandID
        let request = Request(id: id, action: action, target: target, text: text)
        commandObserver?(request)
        guard connection.send(WireCodec.encodeCommand(request)) else {
            fail(step, "the app is gone: its input is closed", site: site)
            return false
        }
        let deadline = Date().addingTimeInterval(timeout)
        var answered = false
        while !answered || (untilIdle && lastFrame?.idle != true) {
            guard let frame = nextFrame(connection, step: step, deadline: deadline, site: site) else { return false }
            lastFrame = frame
            if frame.reply == id {
                answered = true
                if let error = frame.error {
                    fail(step, "the app refused it: \(error)", site: site, cause: .refused(error))
                    return false
                }
            }
        }
        return true
    }

    /// What one action tried with ``attempt(_:target:text:sourceLocation:)`` did.
    public enum Attempt: Sendable {
        /// The app answered and went idle: its idle frame.
        case done(Frame)
        /// The app answered with an error and did nothing (a `back` on its first screen): its words.
        case refused(String)
        /// The app crashed, exited, hung or was not running: the failure, recorded as any other.
        case failed(FlowFailure)
    }

    /// Sends one command and waits for its answer and for idle, like an action, but an answer
    /// that refuses the command is returned, not recorded as a failure: for what tries actions to
    /// see where they lead (a crawler, `assertWayOut`). A crash, an exit or a hang is recorded
    /// as it is for any step.
    public func attempt(_ action: Request.Action, target: String?, text: String?, sourceLocation: SourceLocation = #_sourceLocation) -> Attempt {
        let site = CallSite(sourceLocation)
        let step = "\(action.rawValue)" + (target.map { " \"\(Suggestion.shown($0))\"" } ?? "")
        let before = failures.count
        if frozen != nil, !hasFailed { fail(step, Self.frozenRefusal, site: site) }
        guard settle(step, site: site) != nil, let connection else { return .failed(failures.last ?? Self.notRunning(site)) }
        nextCommandID += 1
        let id = nextCommandID
        let request = Request(id: id, action: action, target: target, text: text)
        commandObserver?(request)
        guard connection.send(WireCodec.encodeCommand(request)) else {
            fail(step, "the app is gone: its input is closed", site: site, cause: endingCause(connection))
            return .failed(failures.last ?? Self.notRunning(site))
        }
        let deadline = Date().addingTimeInterval(timeout)
        var refusal: String?
        var answered = false
        while !answered || lastFrame?.idle != true {
            guard let frame = nextFrame(connection, step: step, deadline: deadline, site: site) else {
                return .failed(failures.count > before ? failures[failures.count - 1] : Self.notRunning(site))
            }
            lastFrame = frame
            if frame.reply == id {
                answered = true
                refusal = frame.error
            }
        }
        if let refusal { return .refused(refusal) }
        return lastFrame.map(Attempt.done) ?? .failed(Self.notRunning(site))
    }

    private static func notRunning(_ site: CallSite) -> FlowFailure {
        FlowFailure(step: "act", reason: "the app is not running", screen: nil, standardError: [], site: site, cause: .notStarted)
    }

    /// The last `count` lines the app wrote to standard error (of the last 64 KiB it wrote), while
    /// it runs or after it ended; none before a launch.
    public func standardErrorTail(lines count: Int) -> [String] {
        connection?.standardErrorTail(lines: count) ?? []
    }

    /// Records a failure with the screen as it was and the tail of the app's standard error.
    public func fail(_ step: String, _ reason: String, site: CallSite) {
        fail(step, reason, site: site, cause: .check)
    }

    /// Records a failure at the caller's line (inside a robot's method or a YAML step, at that
    /// method's caller or that step, as every check reports), with the screen as it was: what a
    /// robot's own check or a property's check says when what it reads is wrong.
    ///
    /// ```swift
    /// if after.count != before.count + 1 { after.app.fail("check that Add added one", "it read \(before.count), and reads \(after.count)") }
    /// ```
    public func fail(_ step: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        fail(step, reason, site: CallSite(sourceLocation), cause: .check)
    }

    /// Records a failure whose cause a program can tell apart (the app crashed, hung, ...).
    func fail(_ step: String, _ reason: String, site: CallSite, cause: FlowFailure.Cause) {
        let screen = lastFrame.map { "\($0.text)\n(frame \($0.seq), \($0.idle ? "idle" : "busy"))" }
        let failure = FlowFailure(
            step: step, reason: reason, screen: screen,
            standardError: connection?.standardErrorTail(lines: 10) ?? [], site: CallSite.step ?? site, cause: cause
        )
        failures.append(failure)
        reporter.record(failure)
    }

    private func nextFrame(_ connection: AppConnection, step: String, deadline: Date, site: CallSite) -> Frame? {
        switch next(connection, before: deadline) {
        case let .frame(frame, bytes):
            lastFrameBytes = bytes
            frameObserver?(frame)
            if let line = newUnreadableLine(connection) {
                fail(step, "the app wrote a line that is not a frame on its output (\(line)): its output is the automation protocol's, "
                    + "one frame a line; a log goes to standard error", site: site, cause: .brokeProtocol(line))
                return nil
            }
            return frame
        case .ended:
            connection.reap()  // its output is closed: it is exiting, or is made to
            fail(step, ending(connection), site: site, cause: endingCause(connection))
            return nil
        case .timedOut:
            let reason = stillBusy(after: timeout).map { "the app was \($0); it was killed" }
                ?? "the app did not answer within \(Self.seconds(timeout)) (it may hang); it was killed"
            fail(step, reason, site: site, cause: .hung)
            connection.kill()
            return nil
        }
    }

    /// A line that was not a frame, read since the last time this was asked: the first such.
    private func newUnreadableLine(_ connection: AppConnection) -> String? {
        let lines = connection.unreadable
        guard lines.count > unreadableSaid else { return nil }
        defer { unreadableSaid = lines.count }
        return lines[unreadableSaid]
    }

    private func endingCause(_ connection: AppConnection) -> FlowFailure.Cause {
        switch connection.ending {
        case let .some((status, true)): .crashed(signal: status)
        case let .some((status, false)): .exited(code: status)
        case nil: .exited(code: 0)
        }
    }

    private func ending(_ connection: AppConnection) -> String {
        var text: String
        switch connection.ending {
        case let .some((status, true)): text = "the app crashed (signal \(status))"
        case let .some((status, false)): text = "the app exited with code \(status)"
        case nil: text = "the app closed its output"
        }
        if let garbage = connection.unreadable.last { text += "; its last line was not a frame (\(garbage))" }
        return text
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

/// Prints failures to standard error: the default when no test framework is listening.
public struct PrintReporter: FailureReporting {
    /// A reporter that prints to the runner's standard error.
    public init() {}
    /// Prints `failure` to standard error after the file and line it is reported at
    /// (`LoginFlowTests.swift:12: error: …`).
    public func record(_ failure: FlowFailure) {
        Console.error("\(failure.site): error: \(failure)\n")
    }
}
