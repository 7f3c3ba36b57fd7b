import FlowKit
import Foundation
import Testing

/// The accessibility audit: each rule on a screen planted with its problem, and a screen with none.
struct AccessibilityAuditTests {
    @Test func aGoodScreenHasNoFinding() {
        let screen = ScreenSnapshot(title: "Sign in", elements: [
            .text("Sign in", identifier: "title"),
            .textField("Email", value: ""),
            .secureField("Passcode", isFilled: false),
            .button("Continue", isEnabled: false),
        ])
        #expect(AccessibilityAudit.findings(in: screen).isEmpty, "a disabled button beside fields that can be used is fine")
    }

    @Test func anUnlabelledControlIsFound() {
        let screen = ScreenSnapshot(title: "Tools", elements: [.button("icon-trash", label: ""), .button("more", label: "…"), .button("Undo")])
        let findings = AccessibilityAudit.findings(in: screen)
        #expect(findings.map(\.description) == [
            #"screen "Tools": button "icon-trash": readableLabels: no label a person can read (its label is ""): give it words that say what it does"#,
            #"screen "Tools": button "more": readableLabels: no label a person can read (its label is "…"): give it words that say what it does"#,
        ])
    }

    @Test func aDuplicateIdentifierIsFoundOncePerElement() {
        let screen = ScreenSnapshot(title: "Editor", elements: [.button("save", label: "Save"), .button("save", label: "Save a copy"), .text("save", identifier: "hint")])
        let findings = AccessibilityAudit.findings(in: screen)
        #expect(findings.map(\.rule) == [.uniqueIdentifiers])
        #expect(findings.first?.element == #"button "save""#)
        #expect(findings.first?.problem == #"2 elements here have the identifier "save": give each its own"#)
    }

    @Test func twoControlsThatReadTheSameAreFound() {
        let screen = ScreenSnapshot(title: "List", elements: [.button("ok-1", label: "OK"), .button("ok-2", label: "ok"), .cell("r1", label: "Mon", value: "Office"), .cell("r2", label: "Mon", value: "Home")])
        let findings = AccessibilityAudit.findings(in: screen)
        #expect(findings.map(\.element) == [#"button "ok-1""#, #"button "ok-2""#], "rows are told apart by their whole text")
        #expect(findings.allSatisfy { $0.rule == .distinctNames })
    }

    /// Names are compared as read: case aside, and the spaces and tabs around them (Foundation's
    /// `.whitespaces`: a no-break or an em space too), but not a line break, which reads as more.
    @Test func namesAreComparedWithoutTheSpacesAroundThemOnly() {
        func same(_ first: String, _ second: String) -> Bool {
            let screen = ScreenSnapshot(title: "List", elements: [.button("a", label: first), .button("b", label: second)])
            return AccessibilityAudit.findings(in: screen).contains { $0.rule == .distinctNames }
        }
        #expect(same("Save", "\tsave\u{00A0}"))
        #expect(same("Save", "\u{2003} SAVE \t"))
        #expect(same("Save as", "save as "))
        #expect(!same("Save", "Save\n"), "a line break is not trimmed")
        #expect(!same("Save", "Sav e"))
        #expect(!same("Save", "Saved"))
        #expect(!same(" Sa", "Save"))
    }

    @Test func anAlertWithNoWayOutIsFound() {
        let stuck = Element(kind: .alert, identifier: "Stuck", label: "Stuck", children: [.text("Nothing to do", identifier: "message"), .button("OK", isEnabled: false)])
        let screen = ScreenSnapshot(title: "Home", elements: [.button("Go"), stuck])
        let findings = AccessibilityAudit.findings(in: screen)
        #expect(findings.map(\.rule) == [.alertWayOut])
        #expect(findings.first?.element == #"alert "Stuck""#)
    }

    @Test func aScreenWhoseOnlyControlsAreDisabledIsFound() {
        let screen = ScreenSnapshot(title: "Wait", elements: [.text("Wait"), .button("Next", isEnabled: false)])
        let findings = AccessibilityAudit.findings(in: screen)
        #expect(findings.map(\.description) == [#"screen "Wait": button "Next": enabledWayOn: every control on the screen is disabled, this one too: there is no way on"#])
    }

    /// One screen per rule, planted with that rule's problem and nothing else.
    static let planted: [(AuditRule, ScreenSnapshot)] = [
        (.readableLabels, ScreenSnapshot(title: "Tools", elements: [.button("icon-trash", label: "🗑"), .button("Undo")])),
        (.uniqueIdentifiers, ScreenSnapshot(title: "Inbox", elements: [.text("Inbox", identifier: "title"), .text("3 new", identifier: "title"), .button("Refresh")])),
        (.distinctNames, ScreenSnapshot(title: "List", elements: [.button("save-1", label: "Save"), .button("save-2", label: "Save ")])),
        (.alertWayOut, ScreenSnapshot(title: "Home", elements: [
            .button("Go"), Element(kind: .alert, identifier: "Stuck", label: "Stuck", children: [.button("OK", isEnabled: false)]),
        ])),
        (.enabledWayOn, ScreenSnapshot(title: "Wait", elements: [.text("Wait"), Element(kind: .textField, identifier: "Name", label: "Name", value: "", isEnabled: false), .button("Next", isEnabled: false)])),
    ]

    /// Every rule finds its planted problem, and finds nothing once it is switched off: each rule
    /// can fail, and each can be left out.
    @Test(arguments: Self.planted.map(\.0))
    func eachRuleFindsItsPlantedProblemAndNothingWhenSwitchedOff(rule: AuditRule) throws {
        let screen = try #require(Self.planted.first { $0.0 == rule }?.1)
        let findings = AccessibilityAudit.findings(in: screen)
        #expect(!findings.isEmpty && findings.allSatisfy { $0.rule == rule }, "\(findings)")
        #expect(AccessibilityAudit.findings(in: screen, skipping: [rule]).isEmpty)
        #expect(AccessibilityAudit.findings(in: screen, skipping: Set(AuditRule.allCases).subtracting([rule])) == findings, "the other rules find nothing here")
    }

    @Test func everyRuleHasAPlantedScreen() {
        #expect(Set(Self.planted.map(\.0)) == Set(AuditRule.allCases))
    }

    @Test func rulesCanBeLeftOut() {
        let screen = ScreenSnapshot(title: "Tools", elements: [.button("icon", label: ""), .button("x", label: "A"), .button("x", label: "a")])
        #expect(Set(AccessibilityAudit.findings(in: screen).map(\.rule)) == [.readableLabels, .uniqueIdentifiers, .distinctNames])
        #expect(AccessibilityAudit.findings(in: screen, skipping: [.readableLabels, .uniqueIdentifiers, .distinctNames]).isEmpty)
    }

    @Test func theAuditOfAPlantedScreenFailsAtTheCallersLineNamingEachProblem() throws {
        let failures = FailureCollector()
        let app = FlowApp(executable: "/bin/bash", arguments: [FlowAppTests.fakeApp], environment: ["FAKE_SCREEN": "inaccessible"], reporter: failures)
        app.launch()
        defer { app.terminate() }
        let findings = app.performAccessibilityAudit(sourceLocation: .line(7))
        #expect(findings.map(\.rule) == [.readableLabels, .uniqueIdentifiers], "the two buttons that share an identifier are one finding")
        let failure = try #require(failures.failures.first)
        #expect(failure.site.line == 7)
        #expect(failure.step == #"audit the screen "Fake" for accessibility"#)
        #expect(failure.reason == """
            2 findings:
              - screen "Fake": button "icon": readableLabels: no label a person can read (its label is ""): give it words that say what it does
              - screen "Fake": button "save": uniqueIdentifiers: 2 elements here have the identifier "save": give each its own
            """)
    }
}
