import Testing

/// Elements of one kind on the screen (`app.buttons`), looked up by identifier or label.
public struct ElementQuery: Sendable {
    let app: FlowApp
    let kind: ElementKind?
    /// The alert (by identifier) the query looks inside, for `app.alerts["..."].buttons`.
    let scope: String?

    init(app: FlowApp, kind: ElementKind?, scope: String? = nil) {
        self.app = app
        self.kind = kind
        self.scope = scope
    }

    /// The element whose identifier (or else label) is `name`. Nothing is looked up yet: each
    /// action or check on the element finds it again, and reports at its own caller's line.
    public subscript(_ name: String) -> FlowElement {
        FlowElement(app: app, kind: kind, name: name, scope: scope)
    }

    /// The element at `index` among the matches, in screen order. For the cells of a long list,
    /// the index counts every row, and the list is scrolled to it.
    public func element(boundBy index: Int) -> FlowElement {
        FlowElement(app: app, kind: kind, name: nil, index: index, scope: scope)
    }

    /// The first element the query matches, in screen order: ``element(boundBy:)`` at 0.
    public var firstMatch: FlowElement { element(boundBy: 0) }

    /// How many match on the idle screen; for the cells of a long list, every row, on screen or not.
    public var count: Int { count(at: app.propertySite) }

    /// `count`, reporting a failure (the app crashed or hangs) at the caller's line.
    public func count(sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        count(at: CallSite(sourceLocation))
    }

    private func count(at site: CallSite) -> Int {
        guard let screen = app.settle("count \(kindName)s", site: site)?.screen else { return 0 }
        return total(in: screen)
    }

    /// The matches on the idle screen, in order (for a long list, the rows in its window).
    public func snapshots(sourceLocation: SourceLocation = #_sourceLocation) -> [ElementSnapshot] {
        guard let screen = app.settle("list \(kindName)s", site: CallSite(sourceLocation))?.screen else { return [] }
        return matches(in: screen)
    }

    var kindName: String { kind?.description ?? "element" }

    /// True when matches may lie outside the window of a long list.
    func scrolls(in screen: ScreenSnapshot) -> Bool {
        screen.list != nil && scope == nil && screen.topAlert == nil && (kind == .cell || kind == nil)
    }

    func total(in screen: ScreenSnapshot) -> Int {
        if kind == .cell, scrolls(in: screen), let list = screen.list { return list.total }
        return matches(in: screen).count
    }

    /// Matching elements, where they can be used: inside the scoped or top alert if one is up,
    /// else on the screen.
    func matches(in screen: ScreenSnapshot) -> [ElementSnapshot] {
        usable(in: screen).filter { kind == nil || $0.kind == kind }
    }

    private func usable(in screen: ScreenSnapshot) -> [ElementSnapshot] {
        if let scope {
            return screen.elements.first { $0.kind == .alert && $0.isNamed(scope) }?.children ?? []
        }
        if kind == .alert { return screen.elements.filter { $0.kind == .alert } }
        if let alert = screen.topAlert { return alert.children }
        return screen.elements
    }

    /// Matches behind the top alert: there, but not usable until the alert is answered.
    func blocked(in screen: ScreenSnapshot) -> [ElementSnapshot] {
        guard scope == nil, kind != .alert, screen.topAlert != nil else { return [] }
        return screen.elements.filter { $0.kind != .alert && (kind == nil || $0.kind == kind) }
    }
}

extension ElementQuery {
    /// Checks how many match on the idle screen (for a long list's cells, its rows); a mismatch is
    /// recorded at the caller's line.
    public func assertCount(_ expected: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let site = CallSite(sourceLocation)
        let step = "check that there \(expected == 1 ? "is 1 \(kindName)" : "are \(expected) \(kindName)s")"
        guard let screen = app.settle(step, site: site)?.screen else { return }
        let actual = total(in: screen)
        if actual != expected { app.fail(step, "there \(actual == 1 ? "is 1" : "are \(actual)") on the idle screen", site: site) }
    }
}
