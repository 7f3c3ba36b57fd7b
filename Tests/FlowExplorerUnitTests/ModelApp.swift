@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation

/// An app in memory for the crawl's own tests, behind the seam the crawl drives a real app through
/// (``ExploreApp``): a fresh ``AppModel`` at each launch, its screen as each frame, and what each
/// action does to it. Fast enough to walk thousands of actions in a test, and it says exactly what
/// the crawl asked of it (every action, every wait).
final class ModelApp: ExploreApp {
    private let make: () -> any AppModel
    private var model: (any AppModel)?
    private var seq = 0
    private(set) var launches = 0
    private(set) var actionsSent = 0
    /// Every action taken, since the first launch, each with the wait it was given (nil: the crawl's).
    private(set) var log: [(action: ExploreAction, wait: TimeInterval?)] = []
    /// What a launch does when the model says it cannot start.
    var typedByPrefix: [(target: String, text: String)] = []
    var secrets: [String] = []

    /// What the prefix fails with at every launch, when it does.
    var prefixFailure: FlowRunFailure?
    /// Whether a robot action is refused as a command the app does not have, as the real driver
    /// refuses one when no flow runs robot steps (else it is the model's to take or fail).
    var refusesRobotActions = false
    /// How many times the crawl closed it.
    private(set) var closes = 0
    /// How many times the crawl ran flows to see what they type.
    private(set) var flowRuns = 0
    /// Whether an app is running now.
    var isRunning: Bool { model != nil }

    init(_ make: @escaping () -> any AppModel) {
        self.make = make
    }

    /// An app whose model is made knowing which launch it is, from 1: an app that does not do the
    /// same twice.
    convenience init(byLaunch make: @escaping (Int) -> any AppModel) {
        var launches = 0
        self.init {
            launches += 1
            return make(launches)
        }
    }

    /// Actions the app took (not refused) since the last launch, and the most one launch took:
    /// the crawl's trace of a launch.
    private(set) var actionsThisLaunch = 0
    private(set) var mostActionsInALaunch = 0

    func relaunch() -> Result<Frame, AppDriver.StartFailure> {
        launches += 1
        actionsThisLaunch = 0
        if let prefixFailure {
            model = nil
            return .failure(.prefix(prefixFailure))
        }
        var model = make()
        if let failure = model.launchFailure() {
            self.model = nil
            return .failure(.launch(Self.failure(failure, step: "launch")))
        }
        self.model = model
        lastAction = nil
        return .success(frame(of: model))
    }

    /// The last action, as properties read it.
    private(set) var lastAction: ObservedAction?
    var lastActions: [ObservedAction] { lastAction.map { [$0] } ?? [] }
    /// The frame the app shows now.
    private var shown: Frame?

    func act(_ action: ExploreAction, wait: TimeInterval?) -> AppDriver.Outcome {
        actionsSent += 1
        log.append((action, wait))
        lastAction = nil
        guard var model else { return .ended(Self.failure(.exit(0), step: action.description)) }
        if refusesRobotActions, action.isRobot { return .refused("a robot action is not a command of the app") }
        let before = shown
        let element = action.identifier.flatMap { identifier in model.screen.allElements.first { $0.identifier == identifier } }
        switch model.act(action) {
        case .screen:
            self.model = model
            actionsThisLaunch += 1
            mostActionsInALaunch = max(mostActionsInALaunch, actionsThisLaunch)
            let after = frame(of: model)
            if let before {
                // A robot action is observed as a robot step is: by its name (what `.robot(...)` triggers name).
                lastAction = action.isRobot
                    ? ObservedAction(verb: "robot", element: nil, robotAction: action.identifier, before: before, during: [(after, .zero)], after: after)
                    : ObservedAction(verb: action.verb.rawValue, element: element, before: before, during: [(after, .zero)], after: after)
            }
            return .screen(after)
        case let .refused(reason):
            self.model = model
            // A robot action the model does not take fails as a step does: skipped where it is.
            if action.isRobot, let shown { return .skipped(shown) }
            return .refused(reason)
        case let .ends(ending):
            self.model = nil
            return .ended(Self.failure(ending, step: action.description))
        }
    }

    func mask(_ text: String) -> String {
        SecretMask(secrets).mask(text)
    }

    func errorLines(of failure: FlowFailure) -> [String] {
        failure.standardError
    }

    func terminate() {
        model = nil
    }

    func close() {
        closes += 1
        model = nil
    }

    /// What the flows typed, as a test says it.
    var typedByFlows: [String: [(target: String, text: String)]] = [:]

    /// The flows the crawl ran to see what they type: each one's file and how many steps it ran.
    private(set) var watched: [(file: String, steps: Int)] = []

    func typed(by flows: [Flow]) -> [String: [(target: String, text: String)]] {
        flowRuns += 1
        watched += flows.map { ($0.file, $0.steps.count) }
        return typedByFlows
    }

    func resolve(_ text: String) -> String {
        text
    }

    let running = ExploreStopper()

    private func frame(of model: any AppModel) -> Frame {
        seq += 1
        let screen = model.screen
        let lines = ["── \(screen.title) ──"] + screen.allElements.map { "\($0.kind.rawValue) \($0.identifier): \($0.label) \($0.value ?? "")" }
        let frame = Frame(seq: seq, reply: nil, idle: true, error: nil, screen: screen, text: lines.joined(separator: "\n"))
        shown = frame
        return frame
    }

    private static func failure(_ ending: ModelEnding, step: String) -> FlowFailure {
        let site = CallSite(file: "model", line: 1)
        return switch ending {
        case let .crash(signal):
            FlowFailure(step: step, reason: "the app crashed (signal \(signal))", screen: nil, standardError: ["Fatal error: the model crashed"], site: site, cause: .crashed(signal: signal))
        case let .exit(code):
            FlowFailure(step: step, reason: "the app exited with code \(code)", screen: nil, standardError: [], site: site, cause: .exited(code: code))
        case .hang:
            FlowFailure(step: step, reason: "the app was still busy", screen: nil, standardError: [], site: site, cause: .hung)
        case .wire:
            FlowFailure(step: step, reason: "not a frame", screen: nil, standardError: [], site: site, cause: .brokeProtocol("not a frame"))
        }
    }
}

/// How a model app ends.
enum ModelEnding {
    case crash(Int32)
    case exit(Int32)
    case hang
    case wire
}

/// What an action did to a model app.
enum ModelOutcome {
    case screen
    case refused(String)
    case ends(ModelEnding)
}

/// A model app: its screen now, and what an action does.
protocol AppModel {
    var screen: ScreenSnapshot { get }
    mutating func act(_ action: ExploreAction) -> ModelOutcome
    /// Why it does not start, if it does not.
    mutating func launchFailure() -> ModelEnding?
}

extension AppModel {
    mutating func launchFailure() -> ModelEnding? { nil }
}

/// A crawl of `app` as `Explorer` makes it, without a process: a crawl, its judge, the values.
struct ModelCrawl {
    let app: ModelApp
    let judge: Judge
    let crawl: Crawl
    let values: FieldValues

    init(
        _ app: ModelApp, rules: ScreenIdentity.Rules = ScreenIdentity.Rules(), dataLimit: Int = ExploreOptions.defaultDataLimit,
        scheme: Scheme = Scheme(name: "model"), variables: [String: String] = [:], flowValues: [(name: String, text: String)] = []
    ) {
        self.app = app
        judge = Judge(app: app, scheme: scheme, variables: variables, wait: 5, auditSkipping: [])
        crawl = Crawl(app: app, judge: judge, rules: rules, dataLimit: dataLimit)
        values = FieldValues(flowValues: flowValues, variables: variables, scheme: scheme)
    }

    /// A budget of `actions` and `seconds`, never interrupted.
    static func budget(actions: Int = 5000, seconds: Int = 60) -> Budget {
        Budget(maxActions: actions, time: .seconds(seconds), start: ContinuousClock.now, interrupted: { false })
    }

    /// The map: launched, then breadth first.
    @discardableResult
    func map(maxDepth: Int = 20, actions: Int = 5000) -> StrategyEnd {
        guard case .success = crawl.launch() else { return StrategyEnd(ended: .launch, complete: false) }
        var strategy = BreadthFirst(maxDepth: maxDepth, values: values)
        return strategy.run(on: crawl, budget: Self.budget(actions: actions))
    }

    /// `count` walks of `length` from `seed` (or a shard's share of them).
    func walk(_ count: Int, length: Int = 20, seed: UInt64 = 1, shard: ExploreShard? = nil) -> (end: StrategyEnd, walked: [RandomWalks.Walked]) {
        var strategy = RandomWalks(options: WalkOptions(count: count, length: length, seed: seed, shard: shard), values: values, rules: crawl.rules)
        let end = strategy.run(on: crawl, budget: Self.budget())
        return (end, strategy.walked)
    }
}

/// A home whose Open pushes a screen with one button, disabled once its work is done (Finish):
/// back leads home from it, unless `backRefused`, when back goes nowhere and it is stuck.
struct DoneScreenModel: AppModel {
    let backRefused: Bool
    var done = false

    var screen: ScreenSnapshot {
        done ? ScreenSnapshot(title: "Done", elements: [.text("Uploaded", identifier: "status"), .button("Finish", isEnabled: false)])
            : ScreenSnapshot(title: "Home", elements: [.button("Open")])
    }

    mutating func act(_ action: ExploreAction) -> ModelOutcome {
        switch (action.verb, action.identifier) {
        case (.tap, "Open") where !done:
            done = true
        case (.back, _) where done && !backRefused:
            done = false
        default:
            return .refused("nothing")
        }
        return .screen
    }
}
