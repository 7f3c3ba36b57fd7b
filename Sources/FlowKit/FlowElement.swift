import Foundation
import NameMatching
import Testing

/// One element on the screen, found again on the latest idle frame each time it is used.
///
/// A name must pick out one element: when several share it, a step fails and says so, and
/// `firstMatch` is the explicit way to take the first. Cells of a long list are found wherever they
/// are: the list is scrolled to them, as XCUITest does.
public struct FlowElement: Sendable, CustomStringConvertible {
    let app: FlowApp
    let kind: ElementKind?
    /// The name it was asked for by (an identifier, a label or a row's text), or nil for one by index.
    public let name: String?
    let index: Int?
    let scope: String?
    /// The state it must be in (part of the selector): enabled, selected, label, value.
    let state: ElementState
    /// Where a property read (`exists`, `label`) reports a failure: the robot method's or YAML
    /// step's caller while one runs, else where the app was last driven from (a property has no
    /// parameter to take the caller's line by).
    var site: CallSite { app.propertySite }
    /// Take the first of several elements with the name, instead of failing as ambiguous.
    let takesFirst: Bool

    init(
        app: FlowApp, kind: ElementKind?, name: String?, index: Int? = nil, scope: String?, state: ElementState = .any,
        takesFirst: Bool = false
    ) {
        self.app = app
        self.kind = kind
        self.name = name
        self.index = index
        self.scope = scope
        self.state = state
        self.takesFirst = takesFirst
    }

    /// `button "Login"`, `cell 3`, `button "OK" in alert "PhotosPermission"`, `button "Apply" (disabled)`.
    public var description: String {
        var what = name.map { "\(kindName) \"\(Suggestion.shown($0))\"" } ?? "\(kindName) \((index ?? 0) + 1)"
        if let scope { what += " in alert \"\(Suggestion.shown(scope))\"" }
        return state.isAny ? what : "\(what) (\(state))"
    }

    /// The first of the elements with this name, when several share it.
    public var firstMatch: FlowElement {
        FlowElement(app: app, kind: kind, name: name, index: index, scope: scope, state: state, takesFirst: true)
    }

    /// The same element, in a given state: `app.buttons["Apply"].with(enabled: false).waitFor(timeout: 5)`.
    /// What is given here is part of the selector, as `{button: Apply, enabled: false}` is in YAML.
    public func with(enabled: Bool? = nil, selected: Bool? = nil, label: String? = nil, value: String? = nil) -> FlowElement {
        var wanted = state
        if let enabled { wanted.enabled = enabled }
        if let selected { wanted.selected = selected }
        if let label { wanted.label = label }
        if let value { wanted.value = value }
        return with(wanted)
    }

    /// The same element, in `state`.
    public func with(_ state: ElementState) -> FlowElement {
        FlowElement(app: app, kind: kind, name: name, index: index, scope: scope, state: state, takesFirst: takesFirst)
    }

    // MARK: - Children

    /// The buttons of this alert.
    public var buttons: ElementQuery { ElementQuery(app: app, kind: .button, scope: name) }
    /// The texts of this alert: its message.
    public var staticTexts: ElementQuery { ElementQuery(app: app, kind: .staticText, scope: name) }
    /// The elements of `kind` (nil: any kind) in this alert.
    public func query(of kind: ElementKind?) -> ElementQuery { ElementQuery(app: app, kind: kind, scope: name) }

    // MARK: - Properties (read on the idle screen)

    /// The element is on the idle screen (behind an alert counts), in its state if the selector gives
    /// one; false when the name is ambiguous.
    public var exists: Bool { snapshot != nil }
    /// Its label on the idle screen; empty when it is not there.
    public var label: String { snapshot?.label ?? "" }
    /// Its value (a field's text, a secure field's mask, the text beside a row's label), or nil
    /// when it has none or is not there.
    public var value: String? { snapshot?.value }
    /// Whether it is enabled; false when it is not there.
    public var isEnabled: Bool { snapshot?.isEnabled ?? false }
    /// Whether it is selected; false when it is not there.
    public var isSelected: Bool { snapshot?.isSelected ?? false }

    /// The element as the idle screen shows it, or nil if it is not there (or is ambiguous).
    public var snapshot: ElementSnapshot? {
        switch lookup("read \(self)", site: site) {
        case let .found(element), let .blocked(element, _): element
        case .missing, .ambiguous, .unlike, nil: nil
        }
    }

    /// Waits until the element exists (and `condition` holds for it) and returns true; false if it
    /// does not once the app is idle, or if `timeout` passes first. It records no failure: the
    /// caller decides.
    ///
    /// Busy frames count too, so an element shown only while work is in flight (an "Uploading…"
    /// overlay, a button disabled until a result is ready) is seen. An idle screen without it
    /// answers false at once.
    public func waitForExistence(
        timeout: TimeInterval, where condition: @escaping (ElementSnapshot) -> Bool = { _ in true },
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        var seen = false
        let settled = app.watch("wait for \(self)", timeout: timeout, site: CallSite(sourceLocation)) { screen in
            seen = firstMatch(in: screen).map(condition) ?? false
            return seen
        }
        guard !seen, settled, let screen = app.settle("wait for \(self)", site: CallSite(sourceLocation))?.screen else { return seen }
        return firstMatch(in: screen).map(condition) ?? false
    }

    /// Waits until the element is gone and returns true; false if it is still there once the app is
    /// idle, or if `timeout` passes first. It records no failure: the caller decides.
    ///
    /// Busy frames count too: an overlay shown while work is in flight is seen to go when the
    /// frame that no longer has it arrives, without sleeping or polling.
    public func waitForNonExistence(timeout: TimeInterval, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        var gone = false
        let settled = app.watch("wait for \(self) to go", timeout: timeout, site: CallSite(sourceLocation)) { screen in
            gone = firstMatch(in: screen) == nil
            return gone
        }
        return settled && gone
    }

    /// The element on `screen` as the waits read it (any frame, busy or idle; behind an alert
    /// too), the first when the name is shared.
    private func firstMatch(in screen: ScreenSnapshot) -> ElementSnapshot? {
        Self.select(query.matches(in: screen) + query.blocked(in: screen), name: name, index: index, takesFirst: false)?
            .first(where: state.matches)
    }

    /// Waits for the element (in its state, if the selector gives one) and records a failure
    /// unless it appears within `timeout`. Busy frames count: an overlay shown while work is in
    /// flight is seen. On an idle screen without it, it fails at once.
    public func waitFor(timeout: TimeInterval, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !waitForExistence(timeout: timeout, sourceLocation: sourceLocation), !app.hasFailed else { return }
        // The wait is the step's, within the app's safety net.
        let waited = min(timeout, app.timeout)
        var reason = "it did not appear within \(FlowApp.seconds(waited))" + (app.stillBusy(after: waited).map { ": the app was \($0)" } ?? "")
        if app.isIdleNow {
            var seen = "it is not there"
            if case let .unlike(_, difference)? = lookup("wait for \(self)", site: CallSite(sourceLocation)) { seen = "it is there, but \(difference)" }
            reason = seen + ", and the app is idle: nothing is left in flight that would change that"
        }
        app.fail("wait for \(self)", reason, site: CallSite(sourceLocation))
    }

    /// Records a failure unless the element (in its state, if the selector gives one) goes within
    /// `timeout` (busy frames count).
    public func waitUntilGone(timeout: TimeInterval, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !waitForNonExistence(timeout: timeout, sourceLocation: sourceLocation), !app.hasFailed else { return }
        let waited = min(timeout, app.timeout)  // the step's wait, within the app's safety net
        let reason = app.isIdleNow
            ? "it is still there, and the app is idle: nothing is left in flight that would take it away"
            : "it did not go within \(FlowApp.seconds(waited))" + (app.stillBusy(after: waited).map { ": the app was \($0)" } ?? "")
        app.fail("wait for \(self) to go", reason, site: CallSite(sourceLocation))
    }

    // MARK: - Actions

    /// Taps the element once the app is idle, then waits for the app's answer and for idle again.
    ///
    /// With `waitForIdle: false` it returns as soon as the app has answered: the screen is then
    /// the one the tap produced at once, with the work it started still in flight (an upload under
    /// its overlay), for `waitForExistence` and `waitForNonExistence` to follow.
    public func tap(waitForIdle: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        act(waitForIdle ? "tap \(self)" : "tap \(self) without waiting for idle", action: .tap, text: nil, untilIdle: waitForIdle,
            site: CallSite(sourceLocation))
    }

    /// Replaces the field's whole text with `text` (what the app's `type` command does); a secure
    /// field's text is never shown in a step or a failure.
    public func replaceText(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = kind == .secureTextField ? Element.secureMask : "\"\(Suggestion.shown(text))\""
        act("replace the text of \(self) with \(shown)", action: .type, text: text, site: CallSite(sourceLocation))
    }

    // MARK: - Checks (failures are recorded at the caller's line, with the screen)

    /// The element is on the idle screen, in its state if the selector gives one (a long list is
    /// scrolled through); it fails at once when it is not, since an idle app will not change.
    public func assertVisible(sourceLocation: SourceLocation = #_sourceLocation) {
        let site = CallSite(sourceLocation)
        let step = "check that \(self) is visible"
        switch lookup(step, site: site) {
        case .found, .blocked, nil: break
        case let .missing(screen): app.fail(step, missing(in: screen), site: site)
        case let .ambiguous(elements): app.fail(step, ambiguous(elements), site: site)
        case let .unlike(_, difference): app.fail(step, "it is there, but \(difference)", site: site)
        }
    }

    /// No element with the name (in the selector's state, if it gives one) is on the idle screen.
    public func assertNotVisible(sourceLocation: SourceLocation = #_sourceLocation) {
        let site = CallSite(sourceLocation)
        let step = "check that \(self) is not visible"
        switch lookup(step, site: site) {
        case .missing, .unlike, nil: break
        case let .found(element), let .blocked(element, _):
            app.fail(step, "it is there, labelled \"\(Suggestion.shown(element.label))\"", site: site)
        case let .ambiguous(elements):
            app.fail(step, "there are \(elements.count) of them", site: site)
        }
    }

    /// Its label is `expected`; when it is not, the failure says the label found and the one
    /// expected. Among elements sharing the name, the one with that label is taken.
    public func assertLabel(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        assertState(ElementState(label: expected), "has label \"\(Suggestion.shown(expected))\"", at: CallSite(sourceLocation))
    }

    /// The label starts with `prefix`: for text whose end changes from run to run (a time).
    public func assertLabel(hasPrefix prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let site = CallSite(sourceLocation)
        let step = "check that \(self) has a label starting \"\(Suggestion.shown(prefix))\""
        switch lookup(step, site: site) {
        case nil: return
        case let .missing(screen): app.fail(step, missing(in: screen), site: site)
        case let .ambiguous(elements): app.fail(step, ambiguous(elements), site: site)
        case let .unlike(_, difference): app.fail(step, "it is there, but \(difference)", site: site)
        case let .found(element), let .blocked(element, _):
            if !element.label.hasPrefix(prefix) {
                app.fail(step, "\(self) has label \"\(Suggestion.shown(element.label))\", expected one starting \"\(Suggestion.shown(prefix))\"", site: site)
            }
        }
    }

    /// Its value (a field's text, the text beside a row's label) is `expected`; a failure says the
    /// value found and the one expected.
    public func assertValue(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        assertState(ElementState(value: expected), "has value \"\(Suggestion.shown(expected))\"", at: CallSite(sourceLocation))
    }

    /// It is enabled (or, with false, disabled); a failure says which it is: `button "Lend" is
    /// enabled, expected disabled`.
    public func assertEnabled(_ expected: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        assertState(ElementState(enabled: expected), "is \(expected ? "enabled" : "disabled")", at: CallSite(sourceLocation))
    }

    /// It is selected (or, with false, not): a chosen option, a checked cell.
    public func assertSelected(_ expected: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        assertState(ElementState(selected: expected), "is \(expected ? "selected" : "not selected")", at: CallSite(sourceLocation))
    }

    /// A check of a state (`wanted`), worded as one: the element is looked up as the selector and
    /// `wanted` together say; when it is there by name in another state, the failure says the
    /// state found, then the one expected.
    private func assertState(_ wanted: ElementState, _ claim: String, at site: CallSite) {
        let step = "check that \(self) \(claim)"
        var selector = state
        if let enabled = wanted.enabled { selector.enabled = enabled }
        if let selected = wanted.selected { selector.selected = selected }
        if let label = wanted.label { selector.label = label }
        if let value = wanted.value { selector.value = value }
        switch with(selector).lookup(step, site: site) {
        case .found, .blocked, nil: break
        case let .missing(screen): app.fail(step, missing(in: screen), site: site)
        case let .ambiguous(elements): app.fail(step, ambiguous(elements), site: site)
        case let .unlike(element, difference):
            app.fail(step, Self.found(element, differingFrom: wanted, as: "\(self)") ?? "it is there, but \(difference)", site: site)
        }
    }

    /// `button "Lend" is enabled, expected disabled`; `staticText "total" has label "3", expected "4"`:
    /// the state `element` is in beside the one `wanted`, or nil when it differs only in the rest
    /// of its selector.
    static func found(_ element: ElementSnapshot, differingFrom wanted: ElementState, as subject: String) -> String? {
        if let enabled = wanted.enabled, element.isEnabled != enabled {
            return "\(subject) is \(element.isEnabled ? "enabled" : "disabled"), expected \(enabled ? "enabled" : "disabled")"
        }
        if let selected = wanted.selected, element.isSelected != selected {
            return "\(subject) is \(element.isSelected ? "selected" : "not selected"), expected \(selected ? "selected" : "not selected")"
        }
        if let label = wanted.label, element.label != label {
            return "\(subject) has label \"\(Suggestion.shown(element.label))\", expected \"\(Suggestion.shown(label))\""
        }
        if let value = wanted.value, (element.value ?? "") != value {
            return "\(subject) has value \"\(Suggestion.shown(element.value ?? ""))\", expected \"\(Suggestion.shown(value))\""
        }
        return nil
    }

    // MARK: - Resolution

    enum Lookup {
        case found(ElementSnapshot)
        /// There, but behind the alert on top.
        case blocked(ElementSnapshot, alert: ElementSnapshot)
        case missing(ScreenSnapshot)
        case ambiguous([ElementSnapshot])
        /// There by name, but not in the state the selector asks for: how it differs.
        case unlike(ElementSnapshot, String)
    }

    private var query: ElementQuery { ElementQuery(app: app, kind: kind, scope: scope) }

    /// Among elements with the name, those in the selector's state; when none is, how the first differs.
    private func inState(_ found: [ElementSnapshot], blockedBy alert: ElementSnapshot? = nil) -> Lookup {
        let wanted = found.filter(state.matches)
        switch wanted.count {
        case 0: return .unlike(found[0], state.mismatch(found[0]) ?? "it is not \(state)")
        case 1: return alert.map { .blocked(wanted[0], alert: $0) } ?? .found(wanted[0])
        default: return takesFirst ? (alert.map { .blocked(wanted[0], alert: $0) } ?? .found(wanted[0])) : .ambiguous(wanted)
        }
    }
    private var kindName: String { kind?.description ?? "element" }

    /// Finds the element on the idle screen, scrolling a long list when it is not in the window.
    /// Nil after a recorded failure (the app crashed or hangs).
    func lookup(_ step: String, site: CallSite) -> Lookup? {
        guard let screen = app.settle(step, site: site)?.screen else { return nil }
        if let list = screen.list, query.scrolls(in: screen) {
            return scrollingLookup(step, site: site, screen: screen, list: list)
        }
        return lookup(in: screen)
    }

    private func lookup(in screen: ScreenSnapshot) -> Lookup {
        let usable = query.matches(in: screen)
        if let found = Self.select(usable, name: name, index: index, takesFirst: false) {
            return inState(found)
        }
        if let alert = screen.topAlert, let found = Self.select(query.blocked(in: screen), name: name, index: index, takesFirst: false) {
            return inState(found, blockedBy: alert)
        }
        return .missing(screen)
    }

    /// A row by index is scrolled to directly; a row by name is looked for page by page from the
    /// top, as a person would scroll.
    private func scrollingLookup(_ step: String, site: CallSite, screen: ScreenSnapshot, list: ListWindow) -> Lookup? {
        if name == nil, let index {
            guard index < list.total else { return .missing(screen) }
            var screen = screen
            if !(list.first..<list.first + query.matches(in: screen).count).contains(index) {
                guard let scrolled = app.scroll(to: "\(index + 1)", step: step, site: site) else { return nil }
                screen = scrolled
            }
            let position = index - (screen.list?.first ?? 0)
            let rows = query.matches(in: screen)
            return rows.indices.contains(position) ? inState([rows[position]]) : .missing(screen)
        }
        let here = lookup(in: screen)
        if case .missing = here {} else { return here }
        var page = screen
        if list.first != 0 {
            guard let top = app.scroll(to: "top", step: step, site: site) else { return nil }
            page = top
        }
        while true {
            let result = lookup(in: page)
            if case .missing = result {} else { return result }
            guard let window = page.list, window.first + query.matches(in: page).count < window.total else { return result }
            guard let next = app.scroll(to: "down", step: step, site: site) else { return nil }
            guard next.list?.first != window.first else { return result }
            page = next
        }
    }

    /// The candidates `name` or `index` picks: one, several (ambiguous), or nil for none. A name is
    /// an identifier, else a label, else a row's text as the screen shows it
    /// (`Mon 1 Jun 2026, 09:05  Office`): what a person copies from the screen matches.
    static func select(_ candidates: [ElementSnapshot], name: String?, index: Int?, takesFirst: Bool) -> [ElementSnapshot]? {
        guard let name else {
            guard let index, candidates.indices.contains(index) else { return nil }
            return [candidates[index]]
        }
        // An empty name names nothing: it must never match a blank text and pass.
        guard !name.isEmpty else { return nil }
        let byName = [
            candidates.filter { $0.identifier == name }, candidates.filter { $0.label == name },
            candidates.filter { $0.kind == .cell && $0.rowText == name },
        ]
        for matches in byName where !matches.isEmpty {
            return takesFirst ? [matches[0]] : matches
        }
        return nil
    }

    private func ambiguous(_ elements: [ElementSnapshot]) -> String {
        let names = elements.prefix(5).map { "\"\($0.identifier)\"" }.joined(separator: ", ")
        return "\(elements.count) \(kindName)s are named \"\(Suggestion.shown(name ?? ""))\" (identifiers \(names)); "
            + "name one by its identifier, or use firstMatch"
    }

    /// Why the element is not there, with the nearest names on the screen.
    private func missing(in screen: ScreenSnapshot) -> String {
        let candidates = query.matches(in: screen) + query.blocked(in: screen)
        guard let name else {
            let count = query.total(in: screen)
            return "there \(count == 1 ? "is 1 \(kindName)" : "are \(count) \(kindName)s") on the idle screen, so none at \((index ?? 0) + 1)"
        }
        if let scope, !screen.elements.contains(where: { $0.kind == .alert && $0.isNamed(scope) }) {
            let up = screen.elements.filter { $0.kind == .alert }.map { "\"\(Suggestion.shown($0.identifier))\"" }
            let alertNames = screen.elements.filter { $0.kind == .alert }.flatMap { [$0.identifier, $0.label] }
            return "no alert \"\(Suggestion.shown(scope))\" is up"
                + Suggestion.format(NameMatcher.nearest(to: scope, in: alertNames))
                + (up.isEmpty ? " (no alert is up)" : "; alerts up: " + up.joined(separator: ", "))
        }
        let names = candidates.flatMap { [$0.identifier, $0.label] }.filter { !$0.isEmpty }
        var reason = "no \(kindName) \"\(Suggestion.shown(name))\" on the idle screen"
        if screen.list != nil, query.scrolls(in: screen) { reason += " (the whole list was scrolled through)" }
        if let nearest = NameMatcher.nearest(to: name, in: names) {
            reason += Suggestion.format(nearest)
        } else if let other = screen.allElements.first(where: { $0.isNamed(name) }) {
            reason += " (there is a \(other.kind.description) with that name)"
        } else if !names.isEmpty {
            reason += "; \(kindName)s there: " + Array(Set(candidates.map(\.label))).sorted().prefix(20).map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return reason
    }

    /// Finds the element, hands blocking alerts to the interruption monitors, then acts.
    private func act(_ step: String, action: Request.Action, text: String?, untilIdle: Bool = true, site: CallSite) {
        var handledAlerts = 0
        while true {
            switch lookup(step, site: site) {
            case nil:
                return
            case let .missing(screen):
                app.fail(step, missing(in: screen), site: site)
                return
            case let .ambiguous(elements):
                app.fail(step, ambiguous(elements), site: site)
                return
            case let .unlike(_, difference):
                app.fail(step, "\(self) is there, but \(difference)", site: site)
                return
            case let .found(element):
                guard element.isEnabled else {
                    app.fail(step, "\(self) is disabled", site: site)
                    return
                }
                app.perform(step, action: action, target: element.identifier, text: text, untilIdle: untilIdle, site: site)
                return
            case let .blocked(_, alert):
                handledAlerts += 1
                guard handledAlerts <= 10, app.handleInterruption(alert, site: site) else {
                    if !app.hasFailed {
                        app.fail(step, "\(self) is behind the alert \(alert.identifier) (\(Suggestion.shown(alert.label))): answer it first "
                            + "(in a flow: answerAlert, or onAlert: {\(alert.identifier): BUTTON}; in Swift: an interruption monitor)", site: site)
                    }
                    return
                }
            }
        }
    }
}
