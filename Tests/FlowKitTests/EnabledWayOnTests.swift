import FlowKit
import Testing

/// `enabledWayOn` is for a screen with no way on at all: `back` counts as one. A screen pushed onto
/// another, whose only button is disabled once its work is done, is not stuck; a first screen
/// with nothing enabled is.
struct EnabledWayOnTests {
    /// The lending desk's book once it is lent: its one button is disabled, and back leads to the desk.
    static let lentBook = ScreenSnapshot(title: "Book", elements: [
        .text("Dune", identifier: "title"), .text("On loan to Bob", identifier: "state"), .button("Lend", isEnabled: false),
    ])

    /// A first screen whose controls are all disabled: nothing leads anywhere.
    static let stuckFirstScreen = ScreenSnapshot(title: "Welcome", elements: [
        .text("Welcome"), Element(kind: .textField, identifier: "Name", label: "Name", value: "", isEnabled: false), .button("Start", isEnabled: false),
    ])

    @Test func aPushedScreenWhoseOnlyButtonIsDisabledHasBackAsItsWayOn() {
        #expect(AccessibilityAudit.findings(in: Self.lentBook, canGoBack: true).isEmpty)
    }

    @Test func aFirstScreenWhoseControlsAreAllDisabledIsFound() {
        let findings = AccessibilityAudit.findings(in: Self.stuckFirstScreen, canGoBack: false)
        #expect(findings.map(\.rule) == [.enabledWayOn, .enabledWayOn], "each disabled control")
        #expect(findings.map(\.element) == [#"textField "Name""#, #"button "Start""#])
    }

    @Test func toldNothingAboutBackTheAuditHoldsTheScreenToItsControls() {
        #expect(AccessibilityAudit.findings(in: Self.lentBook) == AccessibilityAudit.findings(in: Self.lentBook, canGoBack: false))
        #expect(AccessibilityAudit.findings(in: Self.lentBook).map(\.description) == [
            #"screen "Book": button "Lend": enabledWayOn: every control on the screen is disabled, this one too: there is no way on"#,
        ])
    }

    @Test func backExcusesNoOtherRule() {
        let screen = ScreenSnapshot(title: "Book", elements: [.button("icon-lend", label: "", isEnabled: false)])
        #expect(AccessibilityAudit.findings(in: screen, canGoBack: true).map(\.rule) == [.readableLabels])
        let alert = Element(kind: .alert, identifier: "Stuck", label: "Stuck", children: [.button("OK", isEnabled: false)])
        let blocked = ScreenSnapshot(title: "Book", elements: [.button("Lend", isEnabled: false), alert])
        #expect(AccessibilityAudit.findings(in: blocked, canGoBack: true).map(\.rule) == [.alertWayOut], "an alert blocks back too")
    }

    @Test func theRuleSaysBackCounts() {
        #expect(AuditRule.enabledWayOn.summary == "a disabled control is not the only way on: some control on the screen is enabled, or back leads away")
    }
}
