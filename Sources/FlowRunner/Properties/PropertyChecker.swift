import FlowKit
import Foundation
import Synchronization

/// An action as a property reads it: what was done (and to which element of the screen before
/// it), the screen before, every frame after it was sent (busy ones too, with when each came), and
/// the idle screen it left.
package struct ObservedAction: Sendable {
    /// `tap`, `type`, `answer`, `back`, or `robot` (a robot action's step).
    package var verb: String
    /// The element it named, as the screen before showed it (nil for back, or one not found).
    package var element: ElementSnapshot?
    /// The robot action (`Todos.add`), for a robot step.
    package var robotAction: String?
    /// The idle frame before it.
    package var before: Frame
    /// Every frame after it was sent, in order, with the time since it was sent.
    package var during: [(frame: Frame, at: Duration)]
    /// The idle frame it left.
    package var after: Frame

    /// An action observed.
    package init(verb: String, element: ElementSnapshot?, robotAction: String? = nil, before: Frame, during: [(frame: Frame, at: Duration)], after: Frame) {
        self.verb = verb
        self.element = element
        self.robotAction = robotAction
        self.before = before
        self.during = during
        self.after = after
    }

    /// Whether it is what `trigger` names.
    package func isTrigger(_ trigger: PropertyTrigger) -> Bool {
        if let robotAction { return trigger.names(robotAction: robotAction) }
        return trigger.matches(verb: verb, element: element)
    }

    /// Whether it is what `trigger` names, its element's names worked out once (`named`) for every trigger.
    func isTrigger(_ trigger: PropertyTrigger, named: PropertyTrigger.Named?) -> Bool {
        if let robotAction { return trigger.names(robotAction: robotAction) }
        return trigger.matches(verb: verb, named: named)
    }
}

/// A property that does not hold, as a finding and a failed step say it.
package struct PropertyViolation: Sendable, Equatable {
    /// How it failed.
    package enum Cause: Sendable, Equatable {
        /// What it checks is not so.
        case violated
        /// Its check threw an error.
        case threw
        /// A signal ended its worker while it checked: a trap (a precondition, a force unwrap of
        /// nil, an index out of range, a failed `as!`), an abort, a crash.
        case crashed(signal: Int32)
        /// Its worker exited while it checked (`exit` in a check), with this code.
        case exited(code: Int32)
        /// It did not return within the wait, and its worker was killed.
        case neverReturned
        /// Its worker answered with something that is not an answer.
        case brokeProtocol
        /// It returned and left threads of its own running in its worker.
        case leftThreads
    }

    /// The property's name.
    package let property: String
    /// Its kind.
    package let kind: AppProperty.Kind
    /// How it failed.
    package let cause: Cause
    /// One line: the property, and what was found.
    package let message: String
    /// What its worker wrote to standard error, when its check ended the worker (a trap's message
    /// with its file and line, what the property printed): the last lines.
    package var details: [String] = []
}

/// How often each property was checked, applied and failed: what `explore`'s summary, `map.json`
/// and `report.html` say of each.
package struct PropertyTally: Sendable, Equatable, Codable {
    /// The property's name.
    package let name: String
    /// Its kind (`invariant`, `action`, `eventually`).
    package let kind: String
    /// Times its check ran.
    package var checked = 0
    /// Times it applied: its check ran and did not say it does not apply (`assume(_:_:)`).
    package var applied = 0
    /// Times it did not hold (a violation, an error, its worker ended).
    package var failed = 0

    /// The tally of the property `name` of `kind`.
    package init(name: String, kind: String, checked: Int = 0, applied: Int = 0, failed: Int = 0) {
        self.name = name
        self.kind = kind
        self.checked = checked
        self.applied = applied
        self.failed = failed
    }
}

/// Checks an app's properties in a worker process (``PropertyWorker``): the invariants on an idle
/// screen, the action properties and eventually's an action triggers, one property by name. What
/// `flow explore` judges states with and `flow run --properties` and `assertProperty` check steps
/// with. None of a property's code runs in the runner: whatever a check does to its worker is a
/// finding of that property, and a new worker takes the next check.
///
/// A launch is a session: the models properties keep start anew at each (``launched()``), and
/// every action property that updates one is checked after every action of the launch the checker
/// is told of, so the model follows the launch. A property runs at most once for an action: what
/// it said is kept, and `assertProperty` after it reads that.
package final class PropertyChecker: @unchecked Sendable {
    /// The properties it checks: the catalog's, in order (the worker knows them by their place).
    package let properties: [AppProperty]
    /// The longest one check may take before its worker is killed (the crawl's `--wait`, the run's `--timeout`).
    let wait: TimeInterval
    private let workers: PropertyWorkers
    private var worker: PropertyWorkerProcess?
    /// The launch checked now (the worker's models start anew when it changes).
    private var session: Int
    /// The models of this launch were lost with a worker: properties that keep one wait for the next launch.
    private var modelsLost = false
    /// Properties that did not return once: checked alone after that, with a short wait.
    private var hung: Set<Int> = []
    /// What the properties said after the last actions of this launch, the latest last.
    private var said: [Said] = []
    /// How many actions' verdicts are kept: `assertProperty` and a replay ask of the last.
    static let actionsKept = 8

    /// What the properties an action triggered said, with the action they said it of.
    private struct Said {
        let action: ActionKey
        let before: Frame
        let after: Frame
        var outcomes: [Int: Outcome] = [:]

        /// Whether it is what was said of `action`.
        func isOf(_ action: ObservedAction) -> Bool {
            self.action == ActionKey(action) && before == action.before && after == action.after
        }
    }
    /// How often each property was checked, applied and failed, in the catalog's order.
    package private(set) var tallies: [PropertyTally]
    /// Why the worker could not be started, once it could not: nothing is checked after that.
    package private(set) var unavailable: PropertyWorkerStartError?

    /// A checker of `workers`' properties, each check waiting `wait` seconds at most.
    package init(workers: PropertyWorkers, wait: TimeInterval) {
        self.workers = workers
        properties = workers.properties
        self.wait = wait
        session = workers.nextSession()
        tallies = workers.properties.map { PropertyTally(name: $0.name, kind: $0.kind.rawValue) }
    }

    /// A checker with a pool of its own: `properties` checked by workers `launch` starts, their
    /// checks reading `variables`.
    package convenience init(properties: [AppProperty], variables: [String: String] = [:], wait: TimeInterval, worker launch: PropertyWorkerLaunch) {
        self.init(workers: PropertyWorkers(launch: launch, properties: properties, variables: variables), wait: wait)
    }

    deinit {
        close()
    }

    /// Waits for what is posted, then gives its worker back to the pool (a run's next flow takes it).
    package func close() {
        flush()
        if let worker { workers.giveBack(worker) }
        worker = nil
    }

    /// Starts its worker now: why it cannot, if it cannot (a run says so before it launches anything).
    package func start() -> PropertyWorkerStartError? {
        currentWorker() == nil ? unavailable : nil
    }

    /// The process of the worker checks go to now, when there is one.
    var workerProcess: Int32? { worker?.processIdentifier }

    /// The app was launched (again): the models start anew.
    package func launched() {
        session = workers.nextSession()
        modelsLost = false
        said = []
    }

    // MARK: - What a caller asks

    /// After `action` (nil: a launch) on the idle screen `frame`: every action property and
    /// eventually it triggers (on their robot's screen), and every invariant that applies to
    /// `frame` (nil: none), in one check; those that do not hold.
    package func check(after action: ObservedAction?, invariantsOn frame: Frame?) -> [PropertyViolation] {
        var violations: [PropertyViolation] = []
        submit(after: action, invariantsOn: frame, waiting: true) { violations = $0 }
        return violations
    }

    /// ``check(after:invariantsOn:)`` without waiting: the worker checks while the caller drives
    /// the app on, and `deliver` is told the violations once it answers (at a later check, or at
    /// ``flush()``), in the order the actions were taken.
    package func submit(after action: ObservedAction?, invariantsOn frame: Frame?, waiting: Bool = false, then deliver: @escaping ([PropertyViolation]) -> Void) {
        let triggered = action.map { triggeredBy($0) } ?? []
        let invariants = frame.map { self.invariants(on: $0.screen) } ?? []
        run(after: action, actions: triggered, invariantsOn: frame, invariants: invariants, waiting: waiting) { outcomes in
            deliver((triggered + invariants).compactMap { outcomes[$0]?.violation })
        }
    }

    /// After `action`: only what keeps the launch's models (the action properties that update
    /// one), their verdicts kept for `assertProperty` and not said: the actions a crawl takes on
    /// its way to a screen, a replay's. It does not wait for the worker.
    package func keepModels(after action: ObservedAction) {
        run(after: action, actions: [], invariantsOn: nil, invariants: [], waiting: false) { _ in }
    }

    /// Whether `property` holds now (`assertProperty`): an invariant on `frame`; an action
    /// property or eventually after `last`, the last action, which must be its trigger (what it
    /// said after that action, when it was checked then). Nil when it holds (or does not apply).
    package func check(_ property: AppProperty, now frame: Frame, last: ObservedAction?) -> PropertyViolation? {
        guard let index = properties.firstIndex(where: { $0.name == property.name }) else {
            return PropertyViolation(property: property.name, kind: property.kind, cause: .violated,
                                     message: "the property \(property.name) is not one this runner's catalog declares")
        }
        var said: [Int: Outcome] = [:]
        switch property.kind {
        case .invariant:
            run(after: nil, actions: [], invariantsOn: frame, invariants: [index], waiting: true) { said = $0 }
            return said[index]?.violation
        case .action, .eventually:
            guard let last, let trigger = property.trigger, last.isTrigger(trigger) else {
                return PropertyViolation(property: property.name, kind: property.kind, cause: .violated,
                                         message: "the property \(property.name) follows \(property.trigger?.description ?? "an action"), and the step before "
                                             + "assertProperty is \(last.map(Self.said) ?? "no action"): put it right after that action")
            }
            guard property.applies(toScreenTitled: last.before.screen.title) else {
                return PropertyViolation(property: property.name, kind: property.kind, cause: .violated,
                                         message: "the property \(property.name) is checked on the \(property.robot ?? "") screen (\"\(property.screenTitle ?? "")\"), "
                                             + "and the action before assertProperty was taken on \"\(last.before.screen.title)\"")
            }
            run(after: last, actions: [index], invariantsOn: nil, invariants: [], waiting: true) { said = $0 }
            return said[index]?.violation
        }
    }

    /// The action properties and eventually's `action` triggers on their robot's screen, by their place.
    private func triggeredBy(_ action: ObservedAction) -> [Int] {
        let named = action.element.map { PropertyTrigger.Named($0) }
        let title = action.before.screen.title
        return properties.indices.filter { index in
            let property = properties[index]
            // (An invariant has no trigger.)
            guard let trigger = property.trigger, property.applies(toScreenTitled: title) else { return false }
            return action.isTrigger(trigger, named: named)
        }
    }

    /// The invariants that apply to `screen`, by their place (its alert on top worked out once).
    private func invariants(on screen: ScreenSnapshot) -> [Int] {
        let covered = screen.topAlert != nil
        return properties.indices.filter { index in
            let property = properties[index]
            guard property.kind == .invariant else { return false }
            return property.screenTitle.map { $0 == screen.title && !covered } ?? true
        }
    }

    // MARK: - Checking

    /// What one check of a property came to.
    private enum Outcome {
        case holds
        case doesNotApply
        case violation(PropertyViolation)

        var violation: PropertyViolation? {
            if case let .violation(violation) = self { return violation }
            return nil
        }
    }

    /// An action, known by its frames.
    private struct ActionKey: Hashable {
        let before: Int
        let after: Int
        let robotAction: String?

        init(_ action: ObservedAction) {
            before = action.before.seq
            after = action.after.seq
            robotAction = action.robotAction
        }
    }

    /// Checks `actions` (action properties and eventually's of `action`, with those that keep a
    /// model added) and `invariants` on `frame` (the idle screen the action left, when there is
    /// one), each at most once an action, and hands what each said to `deliver`: at once when
    /// `waiting`, else once the worker answers (by the next check, or ``flush()``).
    private func run(after action: ObservedAction?, actions: [Int], invariantsOn frame: Frame?, invariants: [Int], waiting: Bool,
                     deliver: @escaping ([Int: Outcome]) -> Void) {
        var known: [Int: Outcome] = [:]
        var wanted = actions
        if let action {
            for index in triggeredBy(action) where properties[index].updatesModel && !wanted.contains(index) { wanted.append(index) }
            // What was said of this action already (a check still posted is read first).
            if waiting { flush() }
            let said = said.last { $0.isOf(action) }?.outcomes ?? [:]
            for index in wanted { if let outcome = said[index] { known[index] = outcome } }
            wanted.removeAll { said[$0] != nil }
        } else {
            wanted = []
        }
        var checking = invariants
        if modelsLost {
            // The models went with a worker: what reads one waits for the next launch.
            wanted.removeAll { properties[$0].model != nil }
            checking.removeAll { properties[$0].model != nil }
        }
        var jobs: [Job] = []
        // The idle screen the action left (or the one given): with none, there is nothing to check.
        if let onFrame = action?.after ?? frame {
            // A property that did not return once is checked alone, with a short wait: any other it
            // would have kept waiting is checked without it.
            let alone = (wanted + checking).filter { hung.contains($0) }
            wanted.removeAll { hung.contains($0) }
            checking.removeAll { hung.contains($0) }
            jobs = [Job(session: session, action: action, frame: onFrame, actions: wanted, invariants: checking, wait: wait)]
            for index in alone {
                let isAction = properties[index].kind != .invariant
                jobs.append(Job(session: session, action: action, frame: onFrame, actions: isAction ? [index] : [], invariants: isAction ? [] : [index],
                                wait: min(wait, Self.hungWait)))
            }
            jobs.removeAll(where: \.isEmpty)
        }
        // What the action's jobs said, handed over once the last of them is answered.
        let gathered = Gathered(known: known, jobs: jobs.count, deliver: deliver)
        if jobs.isEmpty { gathered.deliverNow() }
        for var job in jobs {
            job.gathered = gathered
            post(job)
        }
        if waiting { flush() }
    }

    /// How long a property that did not return once is waited for after that: a check of a
    /// screen takes microseconds, and one that hung once would cost the whole wait at every screen.
    static let hungWait: TimeInterval = 0.25

    /// The most checks posted to a worker and not answered yet: the worker checks one action's
    /// screens while the runner drives the app to the next, and answers them in order.
    static let postedAtMost = 64

    /// One check for a worker: the properties of an action (and the invariants of the screen it
    /// left), and who is told what they said.
    private struct Job {
        let session: Int
        let action: ObservedAction?
        /// The idle screen the action left (or, with no action, the one given): the invariants'.
        let frame: Frame
        var actions: [Int]
        var invariants: [Int]
        let wait: TimeInterval
        var gathered: Gathered?
        /// Times it went to a new worker after one ended with no property of its running.
        var retries = 0

        init(session: Int, action: ObservedAction?, frame: Frame, actions: [Int], invariants: [Int], wait: TimeInterval) {
            self.session = session
            self.action = action
            self.frame = frame
            self.actions = actions
            self.invariants = invariants
            self.wait = wait
        }

        var isEmpty: Bool { actions.isEmpty && invariants.isEmpty }
    }

    /// What an action's checks said, gathered until the last of them is answered.
    private final class Gathered {
        var outcomes: [Int: Outcome]
        var left: Int
        let deliver: ([Int: Outcome]) -> Void

        init(known: [Int: Outcome], jobs: Int, deliver: @escaping ([Int: Outcome]) -> Void) {
            outcomes = known
            left = jobs
            self.deliver = deliver
        }

        func add(_ said: [Int: Outcome]) {
            outcomes.merge(said) { first, _ in first }
            left -= 1
            if left == 0 { deliverNow() }
        }

        func deliverNow() {
            deliver(outcomes)
        }
    }

    /// A job posted to the worker, by the number the worker answers it with.
    private struct Posted {
        let id: Int
        var job: Job
        /// The frames after its action, with when each came (eventually's times).
        let afterAction: [(frame: Frame, at: Duration)]
        /// Its properties, in the order the answer gives them.
        let plain: [Int]
        let eventually: [Int]
        let invariants: [Int]
    }

    /// The jobs posted and not answered yet, the oldest first.
    private var posted: [Posted] = []

    /// Posts `job` to the worker (reading the answers already there first, and the oldest one when
    /// too many are posted); a job that cannot be posted is handed over with nothing said.
    private func post(_ job: Job) {
        while posted.count >= Self.postedAtMost, receive(waiting: true) {}
        while receive(waiting: false) {}
        let plain = job.actions.filter { properties[$0].kind == .action }
        let eventually = job.actions.filter { properties[$0].kind == .eventually }
        let invariants = job.invariants
        let idle = job.frame
        // The frames after the action: each busy one and the idle one it left, for eventually; else that one alone.
        let afterAction: [(frame: Frame, at: Duration)]
        if let action = job.action, !eventually.isEmpty {
            let idleAt = action.during.last?.at ?? .zero
            afterAction = action.during.filter { $0.frame.seq != idle.seq } + [(idle, idleAt)]
        } else {
            afterAction = [(idle, .zero)]
        }
        guard let worker = currentWorker() else {
            job.gathered?.add([:])
            return
        }
        let request = PropertyWorkerWire.Check(id: 0, session: job.session, before: .none, frames: 0, actions: plain, eventually: eventually, invariants: invariants)
        guard let id = worker.post(request, before: job.action?.before, frames: afterAction.map(\.frame), wait: job.wait) else {
            // It ended before it took this check: what it was on is said (and goes to a new
            // worker), then this one goes to a new worker too; when it was on none of them, a
            // few times at most.
            let blamedAnother = !posted.isEmpty
            while self.worker === worker, receive(waiting: true) {}
            if self.worker === worker { replace(after: job.session) }
            var again = job
            if !blamedAnother { again.retries += 1 }
            if again.retries > Self.retriesAtMost {
                job.gathered?.add([:])
            } else {
                post(again)
            }
            return
        }
        posted.append(Posted(id: id, job: job, afterAction: afterAction, plain: plain, eventually: eventually, invariants: invariants))
    }

    /// The most times a job goes to a new worker after one ended with no property of it running
    /// (killed between checks, say): then it is left unchecked.
    static let retriesAtMost = 2

    /// Reads the answer to the oldest job posted (waiting for it when `waiting`) and hands over
    /// what it said; a worker that ended is a finding of the property it was running, and the jobs
    /// it had not answered go to a new worker. Whether an answer (or an end) was read: false when
    /// no job is posted.
    @discardableResult
    private func receive(waiting: Bool) -> Bool {
        guard let worker, let oldest = posted.first else { return false }
        switch worker.receive(wait: oldest.job.wait, waiting: waiting) {
        case .none:
            return false
        case let .answer(answer):
            posted.removeFirst()
            var outcomes: [Int: Outcome] = [:]
            for result in answer.results where properties.indices.contains(result.property) {
                let outcome = self.outcome(of: result, action: oldest.job.action, afterAction: oldest.afterAction)
                outcomes[result.property] = outcome
                tally(result.property, outcome)
            }
            remember(outcomes, of: oldest.job)
            oldest.job.gathered?.add(outcomes)
            if answer.results.contains(where: { $0.outcome == .leftThreads }) {
                // Its threads go with it (a worker let go is killed): never another property's
                // problem. What it had not answered goes to a new worker.
                let left = posted
                posted = []
                replace(after: oldest.job.session)
                repost(left, after: oldest.job.session)
            }
            return true
        case let .ended(end):
            var outcomes: [Int: Outcome] = [:]
            var unchecked = oldest
            posted.removeFirst()
            let all = oldest.plain + oldest.eventually + oldest.invariants
            if let blamed = end.property, all.contains(blamed), end.check == oldest.id {
                if case .timedOut = end.how { hung.insert(blamed) }
                let violation = ended(properties[blamed], end)
                outcomes[blamed] = .violation(violation)
                tally(blamed, outcomes[blamed] ?? .holds)
                unchecked = Posted(id: oldest.id, job: oldest.job, afterAction: oldest.afterAction, plain: oldest.plain.filter { $0 != blamed },
                                   eventually: oldest.eventually.filter { $0 != blamed }, invariants: oldest.invariants.filter { $0 != blamed })
            } else {
                // It ended with no property of this job running (killed between checks, say):
                // nothing to name; the job goes to a new worker, a few times at most.
                unchecked.job.retries += 1
                if unchecked.job.retries > Self.retriesAtMost {
                    unchecked = Posted(id: oldest.id, job: oldest.job, afterAction: oldest.afterAction, plain: [], eventually: [], invariants: [])
                }
            }
            remember(outcomes, of: oldest.job)
            // The ended job's own outcomes join what its rest says.
            let said = outcomes
            unchecked.job.gathered = unchecked.job.gathered.map { gathered in Gathered(known: said, jobs: 1) { gathered.add($0) } }
            let left = [unchecked] + posted
            posted = []
            replace(after: oldest.job.session)
            repost(left, after: oldest.job.session)
            return true
        }
    }

    /// Posts `jobs` (those a worker that is gone had not answered) to a new worker, without the
    /// properties that keep a model of a launch up to `session` (the models went with the old one).
    private func repost(_ jobs: [Posted], after session: Int) {
        for item in jobs {
            var job = item.job
            let keep = { (places: [Int]) in places.filter { self.properties[$0].model == nil || item.job.session > session } }
            job.actions = keep(item.plain) + keep(item.eventually)
            job.invariants = keep(item.invariants)
            if job.isEmpty {
                job.gathered?.add([:])
            } else {
                post(job)
            }
        }
    }

    /// The worker is gone (or let go): the next job goes to a new one, and the models of the launch
    /// `session` (and before) went with it.
    private func replace(after session: Int) {
        worker = nil
        if self.session <= session { modelsLost = true }
    }

    /// Keeps what the action properties of `job` said, for `assertProperty` after the same action.
    /// Only a job of this launch's: one of a launch before, answered since, said it of that
    /// launch's models, and a replay's action on frames alike (sequence numbers start again at a
    /// launch) would be taken for it and keep no model.
    private func remember(_ outcomes: [Int: Outcome], of job: Job) {
        guard job.session == session, let action = job.action, outcomes.keys.contains(where: { properties[$0].kind != .invariant }) else { return }
        if said.last?.isOf(action) != true {
            said.append(Said(action: ActionKey(action), before: action.before, after: action.after))
            if said.count > Self.actionsKept { said.removeFirst() }
        }
        for (index, outcome) in outcomes where properties[index].kind != .invariant { said[said.count - 1].outcomes[index] = outcome }
    }

    /// Waits for the answers to every job posted, and hands over what each said.
    package func flush() {
        while !posted.isEmpty {
            guard worker != nil, receive(waiting: true) else {
                // No worker to answer them (it could not be started): nothing more is said.
                let left = posted
                posted = []
                for item in left { item.job.gathered?.add([:]) }
                return
            }
        }
    }

    /// The worker checks go to now: the one it has, else one from the pool.
    private func currentWorker() -> PropertyWorkerProcess? {
        if let worker { return worker }
        guard unavailable == nil else { return nil }
        switch workers.take() {
        case let .success(worker):
            self.worker = worker
            return worker
        case let .failure(error):
            unavailable = error
            return nil
        }
    }

    private func tally(_ index: Int, _ outcome: Outcome) {
        tallies[index].checked += 1
        switch outcome {
        case .holds: tallies[index].applied += 1
        case .doesNotApply: break
        case .violation:
            tallies[index].applied += 1
            tallies[index].failed += 1
        }
    }

    /// What a worker's result says, as a violation or not; eventually's time read from the frames after the action.
    private func outcome(of result: PropertyWorkerWire.Verdict, action: ObservedAction?, afterAction: [(frame: Frame, at: Duration)]) -> Outcome {
        let property = properties[result.property]
        let name = "the property \(property.name) (\(property.summary))"
        func violation(_ cause: PropertyViolation.Cause, _ message: String) -> Outcome {
            .violation(PropertyViolation(property: property.name, kind: property.kind, cause: cause, message: message))
        }
        switch result.outcome {
        case .doesNotApply:
            return .doesNotApply
        case .violated:
            return violation(.violated, "\(name) does not hold: \(result.text ?? "")")
        case .threw:
            return violation(.threw, "\(name) threw an error: \(result.text ?? "")")
        case .leftThreads:
            let count = result.threads ?? 1
            return violation(.leftThreads, "\(name) left \(count) thread\(count == 1 ? "" : "s") of its own running after its check: a property only reads the screens "
                + "it is given, and ends what it starts before it returns")
        case .holds, .notYet:
            guard let within = property.within, let action else { return .holds }
            let idleAt = afterAction.last?.at ?? .zero
            guard result.outcome == .holds, let number = result.frame, afterAction.indices.contains(number) else {
                return violation(.violated, "\(name) did not come true within \(Self.seconds(within)) after \(Self.said(action)): the app was idle after "
                    + "\(Self.seconds(idleAt)) without it, so it never will")
            }
            let at = afterAction[number].at
            return at <= within ? .holds
                : violation(.violated, "\(name) came true only \(Self.seconds(at)) after \(Self.said(action)), later than \(Self.seconds(within))")
        }
    }

    /// The finding of `property`, whose check ended its worker as `end` says.
    private func ended(_ property: AppProperty, _ end: PropertyWorkerEnd) -> PropertyViolation {
        let name = "the property \(property.name) (\(property.summary))"
        let telling = Self.telling(end.standardError)
        let said = telling.map { ": \($0)" } ?? ""
        let (cause, message): (PropertyViolation.Cause, String) = switch end.how {
        case let .signal(signal):
            (.crashed(signal: signal), "\(name) \(Self.ended(by: signal)), and its worker ended\(said)\(Self.memoryNote(end.standardError, memory: workers.launch.memory))")
        case let .exit(code):
            (.exited(code: code), "\(name) ended its worker with exit code \(code) in its check: a check returns its verdict, it never exits\(said)")
        case let .timedOut(seconds):
            (.neverReturned, "\(name) did not return within \(Self.seconds(.milliseconds(Int64(seconds * 1000)))): its worker was killed")
        case let .brokeProtocol(line):
            (.brokeProtocol, "\(name) wrote into its worker's answers (\(ElementTree.quoted(line))): a property reads the screens, it writes nothing there")
        }
        return PropertyViolation(property: property.name, kind: property.kind, cause: cause, message: message, details: Self.details(end.standardError))
    }

    /// How a check that a signal ended is said: `trapped (signal 4) in its check` (a failed
    /// precondition, a force unwrap, an index out of range), `aborted (signal 6) in its check`,
    /// `crashed (signal 11) in its check`, `was killed (signal 9) during its check`.
    static func ended(by signal: Int32) -> String {
        switch signal {
        case SIGILL, SIGTRAP: "trapped (signal \(signal)) in its check"
        case SIGABRT: "aborted (signal \(signal)) in its check"
        case SIGSEGV, SIGBUS: "crashed (signal \(signal)) in its check"
        case SIGKILL: "was killed (signal \(signal)) during its check"
        default: "ended with signal \(signal) in its check"
        }
    }

    /// How many of a worker's last lines of standard error a finding keeps.
    static let detailLines = 20

    /// What of a worker's standard error a finding keeps: its last lines but the stack trace the
    /// runtime prints after a trap (addresses, no names: the backtracer is off in a worker), the
    /// line that says what went wrong always among them.
    static func details(_ lines: [String]) -> [String] {
        let said = lines.filter { !isStackFrame($0) }
        var kept = Array(said.suffix(detailLines))
        if let telling = telling(said), !kept.contains(telling) { kept = [telling] + kept.suffix(detailLines - 1) }
        return kept
    }

    /// Whether `line` is a frame of a plain stack trace: `3    libswiftCore.so    0x00007f… name + 303`.
    static func isStackFrame(_ line: String) -> Bool {
        if line == "Current stack trace:" { return true }
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        return words.count >= 3 && words[0].allSatisfy(\.isNumber) && words[2].hasPrefix("0x")
    }

    /// What a finding adds when its worker's standard error says an allocation failed: how much
    /// memory the worker may take (`memory` bytes).
    static func memoryNote(_ standardError: [String], memory: Int) -> String {
        standardError.contains { line in ["Could not allocate memory", "failed to allocate", "out of memory", "bad_alloc"].contains { line.contains($0) } }
            ? " (its worker may take \(memory >> 20) MiB of memory)" : ""
    }

    /// The line of a worker's standard error that says what went wrong: a fatal error's (with its
    /// file and line), a failed cast's, an exclusivity conflict's; else the last.
    static func telling(_ lines: [String]) -> String? {
        let markers = ["Fatal error", "fatal error", "Could not cast", "Simultaneous accesses", "Could not allocate", "failed to allocate", "error:"]
        let said = lines.filter { !isStackFrame($0) }
        return said.last { line in markers.contains { line.contains($0) } } ?? said.last
    }

    /// How a violation's line names an action: `tap "Add"`.
    static func said(_ action: ObservedAction) -> String {
        action.robotAction ?? (action.verb + (action.element.map { " \"\($0.identifier)\"" } ?? ""))
    }

    /// `2 s`, `0.25 s`.
    static func seconds(_ duration: Duration) -> String {
        let value = duration / .seconds(1)
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.2f s", value)
    }
}

/// The property workers of a run: started as checks need them (one for each flow that checks at
/// once), kept between flows, and ended with the run. Every worker knows the run's properties and
/// variables.
package final class PropertyWorkers: @unchecked Sendable {
    /// How a worker is started.
    package let launch: PropertyWorkerLaunch
    /// The properties every worker checks, in the catalog's order.
    package let properties: [AppProperty]
    let variables: [String: String]
    private let lock = NSLock()
    private var idle: [PropertyWorkerProcess] = []
    private var sessions = 0
    /// Workers started so far (a trap costs one).
    package private(set) var started = 0

    /// The pool for `properties`, whose checks read `variables`, each worker started by `launch`.
    package init(launch: PropertyWorkerLaunch, properties: [AppProperty], variables: [String: String]) {
        self.launch = launch
        self.properties = properties
        self.variables = variables
    }

    deinit {
        close()
    }

    /// A worker: one that is idle, else a new one.
    func take() -> Result<PropertyWorkerProcess, PropertyWorkerStartError> {
        if let worker = lock.withLock({ idle.popLast() }) { return .success(worker) }
        lock.withLock { started += 1 }
        return PropertyWorkerProcess.start(launch, properties: properties.map(\.name), variables: variables)
    }

    /// A worker a checker is done with, still running (a checker lets go of one that ended): the
    /// next checker takes it.
    func giveBack(_ worker: PropertyWorkerProcess) {
        lock.withLock { idle.append(worker) }
    }

    /// A launch number no checker of the pool used yet.
    func nextSession() -> Int {
        lock.withLock {
            sessions += 1
            return sessions
        }
    }

    /// Starts one worker now and keeps it for the first checker: why it cannot, if it cannot.
    package func start() -> PropertyWorkerStartError? {
        switch take() {
        case let .success(worker):
            giveBack(worker)
            return nil
        case let .failure(error):
            return error
        }
    }

    /// Ends every worker that is idle.
    package func close() {
        let workers = lock.withLock {
            defer { idle = [] }
            return idle
        }
        for worker in workers { worker.stop() }
    }
}
