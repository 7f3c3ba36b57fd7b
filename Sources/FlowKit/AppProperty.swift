import Foundation

/// What must always hold of an app, declared once beside its robots and checked by the runner on
/// every state `flow explore` reaches, after every action it takes, and (`flow run --properties`)
/// after every step of a suite; a flow checks one by name with `assertProperty: NAME`.
///
/// A property reads the idle screen with the queries robots use (`cells.count`,
/// `staticTexts["total"].label`, a robot's checks), on a copy of the screen that takes no action:
/// what fails in its check is what it found, said as robots' checks say it. Three kinds:
///
/// - an *invariant* holds on every idle screen of its robot (or, declared in ``AppProperties``, of
///   the app);
/// - an *action property* relates the screen before an action (its ``PropertyTrigger``) and the
///   screen after it;
/// - *eventually*: a condition that comes true within a time after an action.
///
/// Declared in a robot's file with ``RobotProperties`` (or ``AppProperties``), and given to the
/// app's ``RobotCatalog`` with its robots' actions.
public struct AppProperty: Sendable {
    /// The three kinds of property.
    public enum Kind: String, Sendable, CaseIterable {
        /// Holds on every idle screen (of its robot).
        case invariant
        /// Relates the screens before and after an action.
        case action
        /// Comes true within a time after an action.
        case eventually
    }

    /// Its name, as `assertProperty` names it and a finding says it (`lentCountMatchesRows`).
    public let name: String
    /// One line: what holds.
    public let summary: String
    /// Which kind.
    public let kind: Kind
    /// The robot whose screens it is checked on (nil: every screen).
    public let robot: String?
    /// The title of that robot's screen.
    public let screenTitle: String?
    /// The action it follows (an action property, eventually).
    public let trigger: PropertyTrigger?
    /// How long eventually waits.
    public let within: Duration?
    /// The name of the model it keeps or reads (``PropertyModel``), nil when it keeps none.
    public let model: String?
    /// Whether its check updates its model: an action property declared with one (an invariant or
    /// eventually only reads it). The runner checks every such property after every action of a
    /// launch it checks properties on, so the model follows the whole launch.
    public var updatesModel: Bool { model != nil && kind == .action }
    /// Reads the screens: the check, run on frozen copies of them; true when it holds (a failure
    /// recorded on the `after` copy is a violation too).
    let check: @Sendable (PropertyScreens) throws -> Bool

    init(
        name: String, summary: String, kind: Kind, robot: String?, screenTitle: String?, trigger: PropertyTrigger?, within: Duration?, model: String? = nil,
        check: @escaping @Sendable (PropertyScreens) throws -> Bool
    ) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.robot = robot
        self.screenTitle = screenTitle
        self.trigger = trigger
        self.within = within
        self.model = model
        self.check = check
    }

    /// Whether it is checked on a screen titled `title` (the screen before the action, for an
    /// action property or eventually).
    public func applies(toScreenTitled title: String) -> Bool {
        screenTitle.map { $0 == title } ?? true
    }

    /// Whether it is checked on the idle screen `screen`: an invariant of a robot on that robot's
    /// screen with no alert on top (an alert covers the screen, and the robot's queries would read
    /// the alert); one of the app on every idle screen.
    public func applies(to screen: ScreenSnapshot) -> Bool {
        guard let screenTitle else { return true }
        return screenTitle == screen.title && screen.topAlert == nil
    }
}

/// The screens a property reads: for an invariant the idle screen; for an action property the one
/// before the action and the one after it; for eventually the one before and each one after it
/// (busy ones too) until the app is idle.
public struct PropertyScreens: Sendable {
    /// The screen before the action (nil for an invariant).
    public let before: FlowApp?
    /// The screen the property is read on: the idle screen, or the one after the action.
    public let after: FlowApp
    /// The models of this launch, which a property declared with one reads (and an action
    /// property updates).
    let models: ModelBox
}

/// The models of a launch, shared by the properties a check runs (a class: an action property's
/// update is seen by the next property). Read and written by one check at a time.
final class ModelBox: @unchecked Sendable {
    var models: PropertyModels

    init(_ models: PropertyModels) {
        self.models = models
    }
}

/// What properties remember over a launch of the app, as Hypothesis' rule-based state machines
/// keep a model beside the system they test: a value that starts anew at each launch, that action
/// properties update as they check and any property may read. With one, a property can say what
/// no single screen shows: "the todo added five steps ago is still listed", "the Lent count is the
/// lends minus the returns since launch".
///
/// ```swift
/// struct Ledger: PropertyModel {
///     var lent = 0
/// }
///
/// static let properties = RobotProperties<DeskRobot> {
///     $0.after(.tap("Lend"), "lendCountsOne", "Lend adds one to the Lent count.", model: Ledger.self) { before, after, ledger in
///         ledger.lent += 1
///         after.checkLent(ledger.lent)
///     }
/// }
/// ```
///
/// A model is known by its type: every property that names the same type reads the same value, in
/// whichever robot's table it is declared. The runner keeps it in the property worker, new at each
/// launch (and at each replay while a finding is shrunk), and checks every action property that
/// updates one after every action it sees, so the model follows the whole launch.
public protocol PropertyModel: Sendable {
    /// The model when the app has just launched.
    init()
}

/// The models of one launch, each by its type: what a property declared with a model reads and updates.
/// A test of a property's check keeps one across the steps it takes (``AppProperty/verdict(before:after:variables:models:)``).
public struct PropertyModels: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Every model as it is at launch.
    public init() {}

    /// The model of type `M` (as at launch when no property has updated it yet).
    public subscript<M: PropertyModel>(_ type: M.Type) -> M {
        get { values[ObjectIdentifier(type)] as? M ?? M() }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}

/// What a property's check throws when what it relates is not on the screens it was given (no todo
/// added, no count shown): the property does not apply there. That is not the same as holding: the
/// runner counts how often each property applied, and names one that never did.
public struct PropertyDoesNotApply: Error, Sendable, CustomStringConvertible {
    /// Why it does not apply.
    public let reason: String

    /// It does not apply, because `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// `it does not apply: REASON`.
    public var description: String {
        "it does not apply" + (reason.isEmpty ? "" : ": \(reason)")
    }
}

/// In a property's check: goes on only when `condition` holds; else the property does not apply
/// to these screens (``PropertyDoesNotApply``), which is not a violation.
///
/// ```swift
/// $0.invariant("itemsLeftCountsTheActiveTodos", "...") { todos in
///     try assume(todos.itemsLeft != nil, "no count is shown")
///     todos.checkItemsLeft(todos.rowCount - todos.completedRowCount)
/// }
/// ```
public func assume(_ condition: Bool, _ reason: @autoclosure () -> String = "") throws {
    if !condition { throw PropertyDoesNotApply(reason()) }
}

/// The action a property follows: a control tapped, a field typed into, an alert answered, back,
/// or a robot action (checked by `flow run --properties` around its step).
public enum PropertyTrigger: Sendable, Equatable, CustomStringConvertible {
    /// A tap on the control with this identifier (or label); a row class (`todo-#`) names every row of it.
    case tap(String)
    /// Text typed into the field with this identifier (or label).
    case type(String)
    /// A button of the alert on top, by its identifier or title.
    case answer(String)
    /// Back.
    case back
    /// A robot action, `Robot.action`.
    case robot(String)
    /// Any of these (`.oneOf([.tap("All"), .tap("Active"), .tap("Completed")])`).
    indirect case oneOf([PropertyTrigger])

    /// `tap Add`, `type New todo`, `back`, `Todos.add`.
    public var description: String {
        switch self {
        case let .tap(name): "tap \(name)"
        case let .type(name): "type \(name)"
        case let .answer(name): "answer \(name)"
        case .back: "back"
        case let .robot(action): action
        case let .oneOf(triggers): triggers.map(\.description).joined(separator: " or ")
        }
    }

    /// Whether it is, or holds, the robot action `action`.
    public func names(robotAction action: String) -> Bool {
        switch self {
        case let .robot(name): name == action
        case let .oneOf(triggers): triggers.contains { $0.names(robotAction: action) }
        case .tap, .type, .answer, .back: false
        }
    }

    /// Whether an action `verb` (`tap`, `type`, `answer`, `back`) on `element` (the element it
    /// named on the screen before, nil for back) is this trigger.
    public func matches(verb: String, element: ElementSnapshot?) -> Bool {
        matches(verb: verb, named: element.map { Named($0) })
    }

    /// An element's names a trigger may give it: its identifier, its label, its row class (worked
    /// out once for every trigger an action is matched against).
    package struct Named {
        let identifier: String
        let label: String
        let rowClass: String

        /// `element`'s names.
        package init(_ element: ElementSnapshot) {
            identifier = element.identifier
            label = element.label
            rowClass = ScreenIdentity.rowClass(of: element.identifier)
        }
    }

    /// Whether an action `verb` on the element named `element` (nil for back) is this trigger.
    package func matches(verb: String, named element: Named?) -> Bool {
        func named(_ name: String) -> Bool {
            guard let element else { return false }
            return element.identifier == name || element.label == name || element.rowClass == name
        }
        switch self {
        case let .tap(name): return verb == "tap" && named(name)
        case let .type(name): return verb == "type" && named(name)
        case let .answer(name): return verb == "answer" && named(name)
        case .back: return verb == "back"
        case .robot: return false
        case let .oneOf(triggers): return triggers.contains { $0.matches(verb: verb, named: element) }
        }
    }
}

/// A table of properties: a robot's (``RobotProperties``) or the app's (``AppProperties``).
public protocol PropertyTable: Sendable {
    /// The properties, in the order declared.
    var properties: [AppProperty] { get }
}

/// The properties of robot `R`'s screen, declared in the robot's own file beside its actions:
///
/// ```swift
/// static let properties = RobotProperties<DeskRobot> {
///     $0.invariant("lentCountMatchesRows", "The Lent count equals the rows on loan.") { desk in
///         desk.checkLent(desk.rowsOnLoan)
///     }
///     $0.after(.tap("Lend"), "lendMarksTheBook", "Lend puts the book on loan.", leadsTo: DeskRobot.self) { book, desk in
///         desk.checkOnLoan(book.title)
///     }
/// }
/// ```
///
/// A check reads the screens with the robot's own queries and checks; what fails in it is the
/// violation. It may return early when what it relates does not apply (a blank name added).
public struct RobotProperties<R: Robot>: PropertyTable {
    /// The properties declared, in order.
    public private(set) var properties: [AppProperty] = []

    /// A table for `R`, filled in by `declare`.
    public init(_ declare: (inout Self) -> Void) {
        declare(&self)
    }

    /// Holds on every idle screen of `R`: `check` reads it (through `R`) and fails what does not hold.
    public mutating func invariant(_ name: String, _ summary: String, check: @escaping @Sendable (R) throws -> Void) {
        properties.append(AppProperty(name: name, summary: summary, kind: .invariant, robot: R.name, screenTitle: R.screenTitle, trigger: nil, within: nil) { screens in
            try check(R(app: screens.after))
            return true
        })
    }

    /// After `trigger` on `R`'s screen, `check` relates the screen before it and the one after
    /// (both read through `R`: the action stays on this screen).
    public mutating func after(_ trigger: PropertyTrigger, _ name: String, _ summary: String, check: @escaping @Sendable (_ before: R, _ after: R) throws -> Void) {
        after(trigger, name, summary, leadsTo: R.self, check: check)
    }

    /// After `trigger` on `R`'s screen, `check` relates the screen before it (through `R`) and the
    /// one it leads to (through `Next`).
    public mutating func after<Next: Robot>(
        _ trigger: PropertyTrigger, _ name: String, _ summary: String, leadsTo: Next.Type, check: @escaping @Sendable (_ before: R, _ after: Next) throws -> Void
    ) {
        properties.append(AppProperty(name: name, summary: summary, kind: .action, robot: R.name, screenTitle: R.screenTitle, trigger: trigger, within: nil) { screens in
            guard let before = screens.before else { return true }
            try check(R(app: before), Next(app: screens.after))
            return true
        })
    }

    /// After `trigger` on `R`'s screen, `condition` comes true on a screen (busy or idle) within
    /// `within`; an app idle while it does not hold will never make it so.
    public mutating func eventually(
        after trigger: PropertyTrigger, within: Duration, _ name: String, _ summary: String, condition: @escaping @Sendable (R) throws -> Bool
    ) {
        properties.append(AppProperty(name: name, summary: summary, kind: .eventually, robot: R.name, screenTitle: R.screenTitle, trigger: trigger, within: within) { screens in
            try condition(R(app: screens.after))
        })
    }

    // MARK: - With a model

    /// Holds on every idle screen of `R`: `check` reads it (through `R`) and the model `M` as the
    /// launch's actions have left it, and fails what does not hold.
    public mutating func invariant<M: PropertyModel>(_ name: String, _ summary: String, model: M.Type, check: @escaping @Sendable (R, M) throws -> Void) {
        properties.append(AppProperty(name: name, summary: summary, kind: .invariant, robot: R.name, screenTitle: R.screenTitle, trigger: nil, within: nil,
                                      model: String(describing: M.self)) { screens in
            try check(R(app: screens.after), screens.models.models[M.self])
            return true
        })
    }

    /// After `trigger` on `R`'s screen, `check` relates the screen before it and the one after
    /// (both through `R`) and updates the model `M` (what it changes is kept for the next checks of
    /// the launch, even when the check then fails).
    public mutating func after<M: PropertyModel>(
        _ trigger: PropertyTrigger, _ name: String, _ summary: String, model: M.Type, check: @escaping @Sendable (_ before: R, _ after: R, _ model: inout M) throws -> Void
    ) {
        after(trigger, name, summary, leadsTo: R.self, model: model, check: check)
    }

    /// After `trigger` on `R`'s screen, `check` relates the screen before it (through `R`) and the
    /// one it leads to (through `Next`) and updates the model `M`.
    public mutating func after<Next: Robot, M: PropertyModel>(
        _ trigger: PropertyTrigger, _ name: String, _ summary: String, leadsTo: Next.Type, model: M.Type,
        check: @escaping @Sendable (_ before: R, _ after: Next, _ model: inout M) throws -> Void
    ) {
        properties.append(AppProperty(name: name, summary: summary, kind: .action, robot: R.name, screenTitle: R.screenTitle, trigger: trigger, within: nil,
                                      model: String(describing: M.self)) { screens in
            guard let before = screens.before else { return true }
            var model = screens.models.models[M.self]
            // What the check changed is kept whether it returns or throws: the model follows the app.
            defer { screens.models.models[M.self] = model }
            try check(R(app: before), Next(app: screens.after), &model)
            return true
        })
    }

    /// After `trigger` on `R`'s screen, `condition` (reading the model `M` as the action's
    /// properties left it) comes true on a screen (busy or idle) within `within`.
    public mutating func eventually<M: PropertyModel>(
        after trigger: PropertyTrigger, within: Duration, _ name: String, _ summary: String, model: M.Type, condition: @escaping @Sendable (R, M) throws -> Bool
    ) {
        properties.append(AppProperty(name: name, summary: summary, kind: .eventually, robot: R.name, screenTitle: R.screenTitle, trigger: trigger, within: within,
                                      model: String(describing: M.self)) { screens in
            try condition(R(app: screens.after), screens.models.models[M.self])
        })
    }
}

/// Properties of the whole app: invariants on every idle screen, read with `FlowApp`'s queries.
///
/// ```swift
/// static let properties = AppProperties {
///     $0.invariant("noErrorLine", "No screen shows an internal error.") { app in app.staticTexts["internal-error"].assertNotVisible() }
/// }
/// ```
public struct AppProperties: PropertyTable {
    /// The properties declared, in order.
    public private(set) var properties: [AppProperty] = []

    /// A table filled in by `declare`.
    public init(_ declare: (inout Self) -> Void) {
        declare(&self)
    }

    /// Holds on every idle screen of the app.
    public mutating func invariant(_ name: String, _ summary: String, check: @escaping @Sendable (FlowApp) throws -> Void) {
        properties.append(AppProperty(name: name, summary: summary, kind: .invariant, robot: nil, screenTitle: nil, trigger: nil, within: nil) { screens in
            try check(screens.after)
            return true
        })
    }

    /// Holds on every idle screen of the app, read with `FlowApp`'s queries and the model `M` as
    /// the launch's action properties have left it.
    public mutating func invariant<M: PropertyModel>(_ name: String, _ summary: String, model: M.Type, check: @escaping @Sendable (FlowApp, M) throws -> Void) {
        properties.append(AppProperty(name: name, summary: summary, kind: .invariant, robot: nil, screenTitle: nil, trigger: nil, within: nil,
                                      model: String(describing: M.self)) { screens in
            try check(screens.after, screens.models.models[M.self])
            return true
        })
    }
}

/// What checking a property on some screens said.
public enum PropertyVerdict: Sendable, Equatable {
    /// It holds (or it does not apply to these screens: ``assume(_:_:)``).
    case holds
    /// It does not: what its check found (`check that the static text "lent" reads "Lent: 2" failed: it reads "Lent: 3"`).
    case violated(String)
    /// Eventually's condition is not true on this screen (yet).
    case notYet
    /// Its check threw this error.
    case threw(String)
}

/// What one check of a property said, as the runner counts it: a ``PropertyVerdict``, or that the
/// property does not apply to these screens (not the same as holding).
package enum PropertyOutcome: Sendable, Equatable {
    case holds
    case doesNotApply(String)
    case notYet
    case violated(String)
    case threw(String)

    /// As the public verdict says it: not applying counts as holding there.
    var verdict: PropertyVerdict {
        switch self {
        case .holds, .doesNotApply: .holds
        case .notYet: .notYet
        case let .violated(found): .violated(found)
        case let .threw(error): .threw(error)
        }
    }
}

extension AppProperty {
    /// Runs the property's check on frozen copies of `after` (the idle screen, or the one after the
    /// action) and `before` (the one before it): what it says. A failure the check records, on
    /// either copy, is a violation; an error it throws is said as such. The copies take no action:
    /// a check that taps fails, saying a property only reads the screen. A property declared with a
    /// model reads it as at launch.
    public func verdict(before: Frame?, after: Frame, variables: [String: String] = [:]) -> PropertyVerdict {
        var models = PropertyModels()
        return verdict(before: before, after: after, variables: variables, models: &models)
    }

    /// ``verdict(before:after:variables:)`` with the models of a launch: what the property reads,
    /// and (an action property) updates, for a test of a property that keeps a model to take the
    /// steps of a launch one by one.
    public func verdict(before: Frame?, after: Frame, variables: [String: String] = [:], models: inout PropertyModels) -> PropertyVerdict {
        outcome(before: before, after: after, variables: variables, models: &models).verdict
    }

    /// What the check says, doing what it does not apply to told apart from holding: what the
    /// runner's property worker runs.
    package func outcome(before: Frame?, after: Frame, variables: [String: String], models: inout PropertyModels) -> PropertyOutcome {
        let afterApp = FlowApp(showing: after, variables: variables)
        let beforeApp = before.map { FlowApp(showing: $0, variables: variables) }
        let box = ModelBox(models)
        defer { models = box.models }
        let holds: Bool
        do {
            // Where a failure inside the check is reported does not matter: the copies collect
            // their failures without a word, and the verdict says what failed and why.
            holds = try check(PropertyScreens(before: beforeApp, after: afterApp, models: box))
        } catch let skipped as PropertyDoesNotApply {
            return .doesNotApply(skipped.reason)
        } catch {
            return .threw(String(describing: error))
        }
        if let failure = (beforeApp?.failures ?? []).first ?? afterApp.failures.first {
            return .violated("\(failure.step) failed: \(failure.reason)")
        }
        return holds ? .holds : .notYet
    }
}
