import NameMatching
import PresenterKit

/// The app as the text UI runs it: carries out commands on the stage and publishes frames.
///
/// Both I/O adapters (the shell for a person, the automation server for a script) go through the
/// same session, so the same events reach the same screens whichever way the app is driven.
@MainActor
public final class Session {
    /// The screens and alerts commands act on.
    public let stage: Stage
    private let pendingWork: @MainActor () -> Int
    private let busyWork: @MainActor () -> [(name: String, running: Duration)]

    /// The number of the last frame published; every frame gets the next one.
    public private(set) var sequence = 0
    private var published: (screen: Screen, idle: Bool, work: [String])?

    /// A session over `stage`, idle whenever `pendingWork` says no job is in flight.
    ///
    /// - Parameters:
    ///   - stage: the screens and alerts that commands act on.
    ///   - pendingWork: how many background jobs are in flight (from the scheduler).
    ///   - busyWork: the jobs in flight by name, with how long each has run (from the scheduler):
    ///     what a frame says the app is busy with.
    public init(
        stage: Stage, pendingWork: @escaping @MainActor () -> Int = { 0 },
        busyWork: @escaping @MainActor () -> [(name: String, running: Duration)] = { [] }
    ) {
        self.stage = stage
        self.pendingWork = pendingWork
        self.busyWork = busyWork
    }

    /// A session over `stage` whose work is `scheduler`'s: idle when it has no job in flight, busy
    /// with its jobs by name.
    public convenience init(stage: Stage, scheduler: BackgroundScheduler) {
        self.init(stage: stage, pendingWork: { scheduler.pendingWorkCount }, busyWork: { scheduler.busyWork() })
    }

    /// No background work in flight, as `pendingWork` counts it. Commands run synchronously, so
    /// none is ever half done when a frame is made.
    public var isIdle: Bool { pendingWork() == 0 }

    /// What a frame says: the screen now, whether the app is idle, and its sequence number.
    public struct Frame: Equatable, Sendable {
        /// The frame's number: one more than the frame made before it.
        public let sequence: Int
        /// No background work was in flight when the frame was made.
        public let isIdle: Bool
        /// The screen as the stage shows it: the top screen's title and elements, then any alerts.
        public let screen: Screen
        /// The work in flight when the frame was made, by name, oldest first; empty when idle.
        public let busy: [BusyWork]
    }

    /// A frame of the screen as it is now, numbered.
    public func makeFrame() -> Frame {
        makeFrame(of: stage.screen)
    }

    /// A frame only if the screen, idle or the work in flight (by name) changed since the last
    /// one published, else nil: a job that ends while another goes on, or starts another, changes
    /// what a runner would say the app waits on.
    public func frameIfChanged() -> Frame? {
        let screen = stage.screen
        if let published, published.screen == screen, published.idle == isIdle, published.work == busyWork().map(\.name) { return nil }
        return makeFrame(of: screen)
    }

    /// A frame of `screen` (the stage's, made once: every frame of a step asks for it).
    private func makeFrame(of screen: Screen) -> Frame {
        noteSecureFields(of: screen)
        sequence += 1
        let busy = isIdle ? [] : busyWork().map { BusyWork(work: $0.name, milliseconds: BusyWork.milliseconds($0.running)) }
        let frame = Frame(sequence: sequence, isIdle: isIdle, screen: screen, busy: busy)
        published = (frame.screen, frame.isIdle, frame.busy.map(\.work))
        return frame
    }

    /// Keeps the names of the secure fields `screen` shows in `secureFieldNames`.
    private func noteSecureFields(of screen: Screen) {
        for element in screen.elements {
            noteSecureField(element)
            for child in element.children { noteSecureField(child) }
        }
    }

    private func noteSecureField(_ element: Element) {
        guard element.kind == .secureTextField else { return }
        if !element.identifier.isEmpty { secureFieldNames.insert(element.identifier) }
        if !element.label.isEmpty { secureFieldNames.insert(element.label) }
    }

    /// How a command names a control: a script by its identifier (which never changes), a
    /// person by what the screen shows now (its number or its label).
    public enum Naming: Sendable {
        /// By identifier first (it never changes), then by label or a row's text, then by a unique
        /// match that ignores case.
        case script
        /// By what the screen shows now: a number, a label or a row's text. A name that is only a
        /// control's identifier (`Select` on a button that now reads `Done`) is an error that says what
        /// the control reads now.
        case person
    }

    /// Carries out `command`. `.help`, `.show` and `.quit` are the adapters' business.
    public func perform(_ command: Command, naming: Naming = .script) throws(CommandError) {
        switch command {
        case let .tap(target):
            try tap(target, naming: naming)
        case let .type(target, text):
            try type(text, into: target, naming: naming)
        case .back:
            if let alert = stage.screen.topAlert { throw .blockedByAlert(target: "back", alert: alert.label) }
            guard stage.pop() else { throw .nothingToGoBackTo }
        case let .scroll(direction):
            if let alert = stage.screen.topAlert { throw .blockedByAlert(target: "scroll", alert: alert.label) }
            guard let controller = stage.topController, controller.list != nil else { throw .nothingToScroll }
            controller.scroll(direction)
        case .show, .help, .quit:
            break
        }
    }

    /// The control `target` names on the screen now: a number, an identifier or a label. Named by
    /// a person, it is what the control shows now: a button that reads Done is not found as
    /// Select, the identifier it keeps; that stale name is an error that says what it reads now.
    public func resolve(_ target: String, naming: Naming = .script) throws(CommandError) -> Element {
        let screen = stage.screen
        let controls = screen.controls
        if let number = Int(target) {
            guard controls.indices.contains(number - 1) else { throw .noSuchNumber(number, count: controls.count) }
            return controls[number - 1]
        }
        if naming == .person {
            if let match = Self.match(target, in: controls, byIdentifier: false) { return match }
            if let stale = controls.first(where: { $0.identifier == target && $0.label != target }),
               let number = controls.firstIndex(of: stale).map({ $0 + 1 }) {
                throw .renamed(target, now: stale.label, number: number)
            }
        } else if let match = Self.match(target, in: controls) {
            return match
        }
        if let alert = screen.topAlert {
            let behind = screen.elements.filter { $0.kind.isControl }
            if Self.match(target, in: behind) != nil { throw .blockedByAlert(target: target, alert: alert.label) }
        }
        let names = controls.flatMap { [$0.identifier, $0.label] }
        throw .noSuchControl(
            Self.firstWord(of: target), suggestion: NameMatcher.nearest(to: target, in: names) ?? Self.byLeadingWords(target, in: names),
            secureField: secureFieldNamed(in: target)
        )
    }

    /// The longer name a person began to type (`Review` or `Reveiw` for `Review work photos`),
    /// when the whole of what was typed is no near miss of any name: its first words, as many as
    /// were typed, are what was typed or a near miss of it.
    static func byLeadingWords(_ target: String, in names: [String]) -> String? {
        let count = target.split(whereSeparator: \.isWhitespace).count
        let starts = names.map { name in
            (name: name, start: name.split(whereSeparator: \.isWhitespace).prefix(count).joined(separator: " "))
        }
        if let exact = starts.first(where: { $0.start.lowercased() == target.lowercased() }) { return exact.name }
        guard let near = NameMatcher.nearest(to: target, in: starts.map(\.start)) else { return nil }
        return starts.first { $0.start == near }?.name
    }

    private func tap(_ target: String, naming: Naming) throws(CommandError) {
        let element = try resolve(target, naming: naming)
        guard element.isEnabled else { throw Self.disabled(target, element) }
        if let alert = stage.screen.topAlert {
            let buttons = alert.children.filter { $0.kind == .button }
            if let index = buttons.firstIndex(of: element) { stage.chooseAlertButton(at: index) }
            return
        }
        stage.topController?.tap(element.identifier)
    }

    private func type(_ text: String, into target: String, naming: Naming) throws(CommandError) {
        let element = try resolve(target, naming: naming)
        guard element.kind.isField else { throw .notAField(target) }
        guard element.isEnabled else { throw Self.disabled(target, element) }
        stage.topController?.enter(text, into: element.identifier)
    }

    /// A disabled control, named by its label too when it was picked by number (numbers move).
    private static func disabled(_ target: String, _ element: Element) -> CommandError {
        .disabled(target, label: Int(target) == nil ? nil : element.label)
    }

    /// What of an unknown target may be quoted back: its first word only, then `…`. A person who
    /// typed `tap Password hunter2` on a screen with no such field must not see the password
    /// echoed, whatever the screen; a name of several words is still recognisable by its first.
    static func firstWord(of target: String) -> String {
        guard let space = target.firstIndex(where: \.isWhitespace) else { return target }
        return String(target[..<space]) + " …"
    }

    /// The names of every secure field this session has shown, on any screen: `tap Password
    /// hunter2` typed on the glance, where there is no password field, must not be echoed either.
    private var secureFieldNames: Set<String> = []

    /// The secure field whose name starts `target` followed by more (`tap Password hunter2`,
    /// `tap Passwordhunter2`): the rest is likely a secret typed in the wrong place, and must not
    /// be echoed.
    private func secureFieldNamed(in target: String) -> String? {
        noteSecureFields(of: stage.screen)
        return secureFieldNames.sorted().first { target.count > $0.count && target.lowercased().hasPrefix($0.lowercased()) }
    }

    /// Exact identifier, then exact label, then a row's text as drawn (`Mon 1 Jun 2026, 09:05
    /// Office`, as flows match it), then a unique case-insensitive match of identifier or label.
    private static func match(_ target: String, in elements: [Element], byIdentifier: Bool = true) -> Element? {
        if byIdentifier, let element = elements.first(where: { $0.identifier == target }) { return element }
        if let element = elements.first(where: { $0.label == target }) { return element }
        if let element = elements.first(where: { $0.kind == .cell && $0.rowText == target }) { return element }
        let lowered = target.lowercased()
        let loose = elements.filter { (byIdentifier && $0.identifier.lowercased() == lowered) || $0.label.lowercased() == lowered }
        return loose.count == 1 ? loose[0] : nil
    }
}
