import Foundation
import NameMatching

/// One element on the screen, found again on the latest idle frame each time it is used.
///
/// A name must pick out one element: when several share it, a step fails and says so, and
/// `firstMatch` is the explicit way to take the first. Cells of a long list are found wherever they
/// are: the list is scrolled to them, as XCUITest does.
public struct FlowElement: Sendable, CustomStringConvertible {
    let app: FlowApp
    let kind: ElementKind?
    let name: String?
    let index: Int?
    let scope: String?
    /// Where the element was made (`app.buttons["Login"]`): property reads report failures there.
    let site: CallSite
    /// Take the first of several elements with the name, instead of failing as ambiguous.
    let takesFirst: Bool

    init(app: FlowApp, kind: ElementKind?, name: String?, index: Int? = nil, scope: String?, site: CallSite, takesFirst: Bool = false) {
        self.app = app
        self.kind = kind
        self.name = name
        self.index = index
        self.scope = scope
        self.site = site
        self.takesFirst = takesFirst
    }

    /// `button "Login"`, `cell 3`, `button "OK" in alert "PhotosPermission"`.
    public var description: String {
        let what = name.map { "\(kindName) \"\(Suggestion.shown($0))\"" } ?? "\(kindName) \((index ?? 0) + 1)"
        return scope.map { "\(what) in alert \"\($0)\"" } ?? what
    }

    /// The first of the elements with this name, when several share it.
    public var firstMatch: FlowElement {
        FlowElement(app: app, kind: kind, name: name, index: index, scope: scope, site: site, takesFirst: true)
    }

    // MARK: - Children

    /// The buttons of this alert.
    public var buttons: ElementQuery { ElementQuery(app: app, kind: .button, scope: name) }
    public var staticTexts: ElementQuery { ElementQuery(app: app, kind: .staticText, scope: name) }

    // MARK: - Properties (read on the idle screen; failures reported where the element was made)

    public var exists: Bool { snapshot != nil }
    public var label: String { snapshot?.label ?? "" }
    public var value: String? { snapshot?.value }
    public var isEnabled: Bool { snapshot?.isEnabled ?? false }
    public var isSelected: Bool { snapshot?.isSelected ?? false }

    /// The element as the idle screen shows it, or nil if it is not there (or is ambiguous).
    public var snapshot: ElementSnapshot? {
        switch lookup("read \(self)", site: site) {
        case let .found(element), let .blocked(element, _): element
        case .missing, .ambiguous, nil: nil
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
        file: String = #filePath, line: Int = #line
    ) -> Bool {
        var seen = false
        let settled = app.watch("wait for \(self)", timeout: timeout, site: CallSite(file: file, line: line)) { screen in
            seen = firstMatch(in: screen).map(condition) ?? false
            return seen
        }
        guard !seen, settled else { return seen }
        return snapshot.map(condition) ?? false
    }

    /// Waits until the element is gone and returns true; false if it is still there once the app is
    /// idle, or if `timeout` passes first. It records no failure: the caller decides.
    ///
    /// Busy frames count too: an overlay shown while work is in flight is seen to go when the
    /// frame that no longer has it arrives, without sleeping or polling.
    public func waitForNonExistence(timeout: TimeInterval, file: String = #filePath, line: Int = #line) -> Bool {
        var gone = false
        let settled = app.watch("wait for \(self) to go", timeout: timeout, site: CallSite(file: file, line: line)) { screen in
            gone = firstMatch(in: screen) == nil
            return gone
        }
        return settled && gone
    }

    /// The element on `screen` as the waits read it (any frame, busy or idle; behind an alert
    /// too), the first when the name is shared.
    private func firstMatch(in screen: ScreenSnapshot) -> ElementSnapshot? {
        Self.select(query.matches(in: screen) + query.blocked(in: screen), name: name, index: index, takesFirst: true)?.first
    }

    /// Records a failure unless the element appears within `timeout` (busy frames count); with
    /// `enabled`, it must appear enabled (or disabled).
    public func assertAppears(timeout: TimeInterval, enabled: Bool? = nil, file: String = #filePath, line: Int = #line) {
        let condition: (ElementSnapshot) -> Bool = enabled.map { expected in { $0.isEnabled == expected } } ?? { _ in true }
        guard !waitForExistence(timeout: timeout, where: condition, file: file, line: line), !app.hasFailed else { return }
        let state = enabled.map { $0 ? "enabled" : "disabled" }
        let reason = app.isIdleNow
            ? "it is not there\(state.map { " or not \($0)" } ?? ""), and the app is idle: nothing is left in flight that would change that"
            : "it did not appear\(state.map { " \($0)" } ?? "") within \(FlowApp.seconds(timeout))"
        app.fail("wait for \(self)\(state.map { " to be \($0)" } ?? "")", reason, site: CallSite(file: file, line: line))
    }

    /// Records a failure unless the element goes within `timeout` (busy frames count).
    public func assertGoes(timeout: TimeInterval, file: String = #filePath, line: Int = #line) {
        guard !waitForNonExistence(timeout: timeout, file: file, line: line), !app.hasFailed else { return }
        let reason = app.isIdleNow
            ? "it is still there, and the app is idle: nothing is left in flight that would take it away"
            : "it did not go within \(FlowApp.seconds(timeout))"
        app.fail("wait for \(self) to go", reason, site: CallSite(file: file, line: line))
    }

    // MARK: - Actions

    /// Taps the element once the app is idle, then waits for the app's answer and for idle again.
    ///
    /// With `waitForIdle: false` it returns as soon as the app has answered: the screen is then
    /// the one the tap produced at once, with the work it started still in flight (an upload under
    /// its overlay), for `waitForExistence` and `waitForNonExistence` to follow.
    public func tap(waitForIdle: Bool = true, file: String = #filePath, line: Int = #line) {
        act(waitForIdle ? "tap \(self)" : "tap \(self) without waiting for idle", action: .tap, text: nil, untilIdle: waitForIdle,
            site: CallSite(file: file, line: line))
    }

    /// Replaces the field's whole text with `text` (what the app's `type` command does); a secure
    /// field's text is never shown in a step or a failure.
    public func replaceText(_ text: String, file: String = #filePath, line: Int = #line) {
        let shown = kind == .secureTextField ? Element.secureMask : "\"\(Suggestion.shown(text))\""
        act("replace the text of \(self) with \(shown)", action: .type, text: text, site: CallSite(file: file, line: line))
    }

    // MARK: - Checks (failures are recorded at the caller's line, with the screen)

    public func assertExists(file: String = #filePath, line: Int = #line) {
        let site = CallSite(file: file, line: line)
        let step = "check that \(self) is visible"
        switch lookup(step, site: site) {
        case .found, .blocked, nil: break
        case let .missing(screen): app.fail(step, missing(in: screen), site: site)
        case let .ambiguous(elements): app.fail(step, ambiguous(elements), site: site)
        }
    }

    public func assertNotExists(file: String = #filePath, line: Int = #line) {
        let site = CallSite(file: file, line: line)
        let step = "check that \(self) is not visible"
        switch lookup(step, site: site) {
        case .missing, nil: break
        case let .found(element), let .blocked(element, _):
            app.fail(step, "it is there, labelled \"\(element.label)\"", site: site)
        case let .ambiguous(elements):
            app.fail(step, "there are \(elements.count) of them", site: site)
        }
    }

    public func assertLabel(_ expected: String, file: String = #filePath, line: Int = #line) {
        check("label", expected, file: file, line: line) { $0.label }
    }

    /// The label starts with `prefix`: for text whose end changes from run to run (a time).
    public func assertLabel(hasPrefix prefix: String, file: String = #filePath, line: Int = #line) {
        check("label", "starting \"\(prefix)\"", file: file, line: line, { $0.label }, matches: { $0.hasPrefix(prefix) })
    }

    public func assertValue(_ expected: String, file: String = #filePath, line: Int = #line) {
        check("value", expected, file: file, line: line) { $0.value ?? "" }
    }

    public func assertEnabled(_ expected: Bool = true, file: String = #filePath, line: Int = #line) {
        check("enabled", String(expected), file: file, line: line) { String($0.isEnabled) }
    }

    /// The element is selected (or not): a chosen option, a checked cell.
    public func assertSelected(_ expected: Bool = true, file: String = #filePath, line: Int = #line) {
        check("selected", String(expected), file: file, line: line) { String($0.isSelected) }
    }

    private func check(_ property: String, _ expected: String, file: String, line: Int, _ read: (ElementSnapshot) -> String) {
        check(property, "\"\(expected)\"", file: file, line: line, read, matches: { $0 == expected })
    }

    /// `wanted` is what the step says is expected (`"Login"`, `starting "Last upload"`).
    private func check(
        _ property: String, _ wanted: String, file: String, line: Int, _ read: (ElementSnapshot) -> String, matches: (String) -> Bool
    ) {
        let site = CallSite(file: file, line: line)
        let step = "check that \(self) has \(property) \(wanted)"
        switch lookup(step, site: site) {
        case nil: return
        case let .missing(screen): app.fail(step, missing(in: screen), site: site)
        case let .ambiguous(elements): app.fail(step, ambiguous(elements), site: site)
        case let .found(element), let .blocked(element, _):
            let actual = read(element)
            if !matches(actual) { app.fail(step, "its \(property) is \"\(actual)\"", site: site) }
        }
    }

    // MARK: - Resolution

    enum Lookup {
        case found(ElementSnapshot)
        /// There, but behind the alert on top.
        case blocked(ElementSnapshot, alert: ElementSnapshot)
        case missing(ScreenSnapshot)
        case ambiguous([ElementSnapshot])
    }

    private var query: ElementQuery { ElementQuery(app: app, kind: kind, scope: scope) }
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
        if let found = Self.select(usable, name: name, index: index, takesFirst: takesFirst) {
            return found.count == 1 ? .found(found[0]) : .ambiguous(found)
        }
        if let alert = screen.topAlert, let found = Self.select(query.blocked(in: screen), name: name, index: index, takesFirst: takesFirst) {
            return found.count == 1 ? .blocked(found[0], alert: alert) : .ambiguous(found)
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
            return rows.indices.contains(position) ? .found(rows[position]) : .missing(screen)
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

    /// The candidates `name` or `index` picks: one, several (ambiguous), or nil for none.
    static func select(_ candidates: [ElementSnapshot], name: String?, index: Int?, takesFirst: Bool) -> [ElementSnapshot]? {
        guard let name else {
            guard let index, candidates.indices.contains(index) else { return nil }
            return [candidates[index]]
        }
        for matches in [candidates.filter { $0.identifier == name }, candidates.filter { $0.label == name }] where !matches.isEmpty {
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
                        app.fail(step, "\(self) is behind the alert \"\(alert.label)\", and no interruption monitor handled it", site: site)
                    }
                    return
                }
            }
        }
    }
}
