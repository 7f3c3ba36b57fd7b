import Foundation
import Testing
/// A rule of the accessibility audit: what every screen should give a person who reads it, or a
/// script that names its controls.
public enum AuditRule: String, Sendable, CaseIterable, Comparable {
    /// Every control has a label a person can read and name it by (a letter or a digit at least).
    case readableLabels
    /// No two elements share an identifier where they can be used together (the screen, an alert, a cell).
    case uniqueIdentifiers
    /// No two controls that can be used together show the same name (case aside).
    case distinctNames
    /// An alert on an idle screen has an enabled button: a way out.
    case alertWayOut
    /// A screen whose controls are all disabled, and that `back` does not lead away from, has no
    /// way on: a disabled control is not the only one.
    ///
    /// `back` counts as a way on: a screen pushed onto another, whose only button is disabled once
    /// its work is done, is not stuck, since a person can go back. The rule is for a screen with
    /// no way forward at all. A screen's elements do not say whether back leads away, so the rule
    /// takes it from whoever audits the screen (``AccessibilityAudit/findings(in:skipping:canGoBack:)``'s
    /// `canGoBack`); told nothing, it holds the screen to its controls alone, as a first screen.
    case enabledWayOn

    /// What the rule asks, for the docs and the findings.
    public var summary: String {
        switch self {
        case .readableLabels: "every control has a label a person can read and name it by"
        case .uniqueIdentifiers: "identifiers are unique where they can be used together (the screen, an alert, a cell)"
        case .distinctNames: "no two controls that can be used together show the same name"
        case .alertWayOut: "an alert on an idle screen has an enabled button, a way out"
        case .enabledWayOn: "a disabled control is not the only way on: some control on the screen is enabled, or back leads away"
        }
    }

    /// In the order the rules are declared.
    public static func < (a: AuditRule, b: AuditRule) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// One problem the audit found: the screen, the element, the rule, and what is wrong.
public struct AuditFinding: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The screen's title.
    public let screen: String
    /// The element, as a flow names it: `button "Login"`.
    public let element: String
    /// The rule it breaks.
    public let rule: AuditRule
    /// What is wrong, in words.
    public let problem: String

    /// A finding on `element` of the screen `screen`.
    public init(screen: String, element: String, rule: AuditRule, problem: String) {
        self.screen = screen
        self.element = element
        self.rule = rule
        self.problem = problem
    }

    /// `screen "Login": button "Login": enabledWayOn: ...`.
    public var description: String {
        "screen \"\(TerminalText.oneLine(screen))\": \(element): \(rule.rawValue): \(problem)"
    }
}

/// The accessibility audit, as XCUITest's `performAccessibilityAudit`: the ``AuditRule``s checked
/// on one screen, from its elements alone (run it on an idle screen: an overlay shown while work
/// is in flight goes by itself).
public enum AccessibilityAudit {
    /// Every finding on `screen`, rule by rule, but for the rules in `skipping`. `canGoBack` says
    /// that `back` leads away from the screen (it was pushed onto another): then it has a way on
    /// even when all its controls are disabled (``AuditRule/enabledWayOn``). The screen's elements
    /// do not say so; by default the screen is audited as one back does not leave.
    public static func findings(in screen: ScreenSnapshot, skipping: Set<AuditRule> = [], canGoBack: Bool = false) -> [AuditFinding] {
        var found: [AuditFinding] = []
        func add(_ rule: AuditRule, _ element: ElementSnapshot, _ problem: String) {
            guard !skipping.contains(rule) else { return }
            let finding = AuditFinding(screen: screen.title, element: describe(element), rule: rule, problem: problem)
            if !found.contains(finding) { found.append(finding) }
        }
        let alerts = screen.elements.filter { $0.kind == .alert }
        // Groups of elements used together: the screen's own, each alert's, each cell's parts.
        let groups = [screen.elements] + screen.elements.filter { $0.kind == .alert || $0.kind == .cell }.map(\.children)
        for element in screen.allElements where element.kind.isControl && !isReadable(element.label) {
            add(.readableLabels, element, "no label a person can read (its label is " + ElementTree.quoted(element.label)
                + "): give it words that say what it does")
        }
        for group in groups {
            var seen: [String: Int] = [:]
            for element in group where !element.identifier.isEmpty { seen[element.identifier, default: 0] += 1 }
            for element in group where (seen[element.identifier] ?? 0) > 1 {
                add(.uniqueIdentifiers, element, "\(seen[element.identifier] ?? 0) elements here have the identifier "
                    + ElementTree.quoted(element.identifier) + ": give each its own")
            }
        }
        // Controls used together: an alert's buttons, or the screen's controls when no alert is up.
        let together = alerts.map { $0.children.filter(\.kind.isControl) } + (alerts.isEmpty ? [screen.elements.filter(\.kind.isControl)] : [])
        for controls in together {
            var names: [String: Int] = [:]
            for control in controls where isReadable(control.label) { names[shownName(control), default: 0] += 1 }
            for control in controls where (names[shownName(control)] ?? 0) > 1 {
                add(.distinctNames, control, "\(names[shownName(control)] ?? 0) controls here read "
                    + ElementTree.quoted(control.kind == .cell ? control.rowText : control.label) + ": a person cannot tell them apart")
            }
        }
        for alert in alerts where !alert.children.contains(where: { $0.kind == .button && $0.isEnabled }) {
            add(.alertWayOut, alert, "the alert is up on an idle screen with no enabled button: nothing takes it away")
        }
        let controls = screen.elements.filter(\.kind.isControl)
        // Back is a way on: only a screen back does not leave is stuck with its disabled controls.
        if alerts.isEmpty, !canGoBack, !controls.isEmpty, !controls.contains(where: \.isEnabled) {
            for control in controls {
                add(.enabledWayOn, control, "every control on the screen is disabled, this one too: there is no way on")
            }
        }
        return found.sorted { $0.rule < $1.rule }
    }

    /// `button "Login"`: the kind and the identifier (or the label when it has none).
    package static func describe(_ element: ElementSnapshot) -> String {
        "\(element.kind.rawValue) " + ElementTree.quoted(element.identifier.isEmpty ? element.label : element.identifier)
    }

    /// A label holds something a person reads out: a letter or a digit.
    static func isReadable(_ label: String) -> Bool {
        label.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// What a person reads as the control's name: a row's whole text, else its label; case aside.
    /// (What Foundation's `.whitespaces` trims, the tab and Unicode's space separators, trimmed on
    /// the scalars: the audit runs on every screen a crawl meets, where Foundation's trimming cost
    /// more than a twentieth of the runner's time.)
    private static func shownName(_ control: ElementSnapshot) -> String {
        let scalars = (control.kind == .cell ? control.rowText : control.label).unicodeScalars
        let isSpace = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last]).lowercased()
    }
}

extension FlowApp {
    /// Audits the idle screen for accessibility (the ``AuditRule``s, but for those in
    /// `skipping`), as XCUITest's `performAccessibilityAudit`: one failure at the caller's line
    /// lists every finding; none, and nothing is recorded. Returns the findings.
    @discardableResult
    public func performAccessibilityAudit(skipping: Set<AuditRule> = [], sourceLocation: SourceLocation = #_sourceLocation) -> [AuditFinding] {
        let site = CallSite(sourceLocation)
        guard let screen = settle("audit the screen for accessibility", site: site)?.screen else { return [] }
        let findings = AccessibilityAudit.findings(in: screen, skipping: skipping)
        if !findings.isEmpty { fail("audit the screen \"\(screen.title)\" for accessibility", AccessibilityAudit.reason(findings), site: site) }
        return findings
    }
}

extension AccessibilityAudit {
    /// Findings as a failure's reason: how many, then one a line.
    public static func reason(_ findings: [AuditFinding]) -> String {
        "\(findings.count) finding\(findings.count == 1 ? "" : "s"):\n" + findings.map { "  - \($0)" }.joined(separator: "\n")
    }
}
