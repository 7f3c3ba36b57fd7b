import Foundation
import NameMatching

/// One element on the screen, found again on the latest idle frame each time it is used.
public struct FlowElement: Sendable, CustomStringConvertible {
    let app: FlowApp
    let kind: ElementKind?
    let name: String?
    let index: Int?
    let scope: String?

    init(app: FlowApp, kind: ElementKind?, name: String?, index: Int? = nil, scope: String?) {
        self.app = app
        self.kind = kind
        self.name = name
        self.index = index
        self.scope = scope
    }

    /// `button "Login"`, `cell 3`, `button "OK" in alert "PhotosPermission"`.
    public var description: String {
        let what = name.map { "\(kindName) \"\($0)\"" } ?? "\(kindName) \((index ?? 0) + 1)"
        return scope.map { "\(what) in alert \"\($0)\"" } ?? what
    }

    // MARK: - Children

    /// The buttons of this alert (or cell).
    public var buttons: ElementQuery { ElementQuery(app: app, kind: .button, scope: name) }
    public var staticTexts: ElementQuery { ElementQuery(app: app, kind: .staticText, scope: name) }

    // MARK: - Properties (read on the idle screen)

    public var exists: Bool {
        guard let screen = app.settle("look for \(self)", site: CallSite())?.screen else { return false }
        return locate(in: screen) != nil
    }

    public var label: String { snapshot?.label ?? "" }
    public var value: String? { snapshot?.value }
    public var isEnabled: Bool { snapshot?.isEnabled ?? false }
    public var isSelected: Bool { snapshot?.isSelected ?? false }

    /// The element as the idle screen shows it, or nil if it is not there.
    public var snapshot: ElementSnapshot? {
        guard let screen = app.settle("read \(self)", site: CallSite())?.screen else { return nil }
        return locate(in: screen)
    }

    /// Waits until the element exists. On an idle screen the answer is known at once: an element
    /// absent from an idle screen will not appear by itself. `timeout` only bounds a busy app.
    public func waitForExistence(timeout: TimeInterval) -> Bool {
        let saved = app.timeout
        app.timeout = min(saved, timeout)
        defer { app.timeout = saved }
        return exists
    }

    // MARK: - Actions

    public func tap(file: String = #filePath, line: Int = #line) {
        act("tap \(self)", action: "tap", text: nil, site: CallSite(file: file, line: line))
    }

    /// Replaces the field's text with `text`.
    public func typeText(_ text: String, file: String = #filePath, line: Int = #line) {
        let shown = kind == .secureTextField ? "••••••••" : "\"\(text)\""
        act("type \(shown) into \(self)", action: "type", text: text, site: CallSite(file: file, line: line))
    }

    // MARK: - Checks (failures are recorded at the caller's line, with the screen)

    public func assertExists(file: String = #filePath, line: Int = #line) {
        let site = CallSite(file: file, line: line)
        guard let screen = app.settle("check that \(self) is visible", site: site)?.screen else { return }
        if locate(in: screen) == nil {
            app.fail("check that \(self) is visible", missing(in: screen), site: site)
        }
    }

    public func assertNotExists(file: String = #filePath, line: Int = #line) {
        let site = CallSite(file: file, line: line)
        guard let screen = app.settle("check that \(self) is not visible", site: site)?.screen else { return }
        if let found = locate(in: screen) {
            app.fail("check that \(self) is not visible", "it is there, labelled \"\(found.label)\"", site: site)
        }
    }

    public func assertLabel(_ expected: String, file: String = #filePath, line: Int = #line) {
        check("label", expected, file: file, line: line) { $0.label }
    }

    public func assertValue(_ expected: String, file: String = #filePath, line: Int = #line) {
        check("value", expected, file: file, line: line) { $0.value ?? "" }
    }

    public func assertEnabled(_ expected: Bool = true, file: String = #filePath, line: Int = #line) {
        check("enabled", String(expected), file: file, line: line) { String($0.isEnabled) }
    }

    private func check(_ property: String, _ expected: String, file: String, line: Int, _ read: (ElementSnapshot) -> String) {
        let site = CallSite(file: file, line: line)
        let step = "check that \(self) has \(property) \"\(expected)\""
        guard let screen = app.settle(step, site: site)?.screen else { return }
        guard let element = locate(in: screen) else {
            app.fail(step, missing(in: screen), site: site)
            return
        }
        let actual = read(element)
        if actual != expected { app.fail(step, "its \(property) is \"\(actual)\"", site: site) }
    }

    // MARK: - Resolution

    private var query: ElementQuery { ElementQuery(app: app, kind: kind, scope: scope) }
    private var kindName: String { kind?.description ?? "element" }

    func find(in screen: ScreenSnapshot) -> ElementSnapshot? {
        select(query.matches(in: screen))
    }

    private func findBlocked(in screen: ScreenSnapshot) -> ElementSnapshot? {
        select(query.blocked(in: screen))
    }

    /// The element as shown, whether it can be used now or is behind an alert.
    private func locate(in screen: ScreenSnapshot) -> ElementSnapshot? {
        find(in: screen) ?? findBlocked(in: screen)
    }

    private func select(_ candidates: [ElementSnapshot]) -> ElementSnapshot? {
        if let name { return candidates.first { $0.identifier == name } ?? candidates.first { $0.label == name } }
        guard let index, candidates.indices.contains(index) else { return nil }
        return candidates[index]
    }

    /// Why the element is not there, with the nearest names on the screen.
    private func missing(in screen: ScreenSnapshot) -> String {
        let candidates = query.matches(in: screen) + query.blocked(in: screen)
        guard let name else {
            return "there are \(candidates.count) \(kindName)s on the idle screen, so none at \((index ?? 0) + 1)"
        }
        let names = candidates.flatMap { [$0.identifier, $0.label] }.filter { !$0.isEmpty }
        var reason = "no \(kindName) \"\(name)\" on the idle screen"
        if let nearest = NameMatcher.nearest(to: name, in: names) {
            reason += " (did you mean \"\(nearest)\"?)"
        } else if let other = screen.allElements.first(where: { $0.isNamed(name) }) {
            reason += " (there is a \(other.kind) with that name)"
        } else if !names.isEmpty {
            reason += "; \(kindName)s there: " + Array(Set(candidates.map(\.label))).sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return reason
    }

    /// Finds the element, hands blocking alerts to the interruption monitors, then acts.
    private func act(_ step: String, action: String, text: String?, site: CallSite) {
        var handledAlerts = 0
        while true {
            guard let screen = app.settle(step, site: site)?.screen else { return }
            if let element = find(in: screen) {
                guard element.isEnabled else {
                    app.fail(step, "\(self) is disabled", site: site)
                    return
                }
                app.perform(step, action: action, target: element.identifier, text: text, site: site)
                return
            }
            guard findBlocked(in: screen) != nil, let alert = screen.topAlert else {
                app.fail(step, missing(in: screen), site: site)
                return
            }
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
