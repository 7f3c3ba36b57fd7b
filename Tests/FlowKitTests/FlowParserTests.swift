@testable import FlowKit
import Foundation
import Testing

/// The flow format, read with a small catalog of its own (no app, no robots module).
struct FlowParserTests {
    static let catalog = RobotCatalog([
        RobotAction(robot: "Form", name: "fill", summary: "Fills the form.", parameters: [
            .init("name", .string), .init("age", .integer, optional: true), .init("ok", .boolean, optional: true),
            .init("password", .string, optional: true, secret: true),
        ]) { _, _, _ in },
    ])

    @Test func everyStepOfTheFormatIsRead() throws {
        let flow = try FlowParser(catalog: Self.catalog).parse(text: """
            name: All the steps
            tags: [a, b]
            fixture: large
            launch:
              arguments: [-model.offline, "NO"]
              defaults: {model.user: "${user}"}
              environment: {TZ: UTC}
            onAlert: {PhotosPermission: OK}
            steps:
              - Form.fill: {name: "${user}", age: 3, ok: true}
              - tap: Login
              - tap: {button: OK, in: PhotosPermission}
              - type: {textField: Username, text: alice}
              - assertVisible: {cell: Row}
              - assertNotVisible: Loading…
              - assertLabel: {staticText: results, is: Done}
              - assertValue: {field: Username, is: alice}
              - assertEnabled: {button: Login, is: false}
              - assertEnabled: Login
              - waitFor: {staticText: Ready, timeout: 2.5}
              - back
              - answerAlert: OK
              - answerAlert: {alert: PhotosPermission, button: Don't Allow}
              - launch
              - relaunch
              - terminate
              - seed: default
              - repeat: {times: 2, steps: [back]}
              - repeat: {while: {button: More}, max: 5, steps: [{tap: More}]}
              - snapshot
              - tap: {button: Upload to Drive, waitForIdle: false}
              - waitUntilGone: {alert: Uploading…, timeout: 4}
              - waitUntilGone: Uploading…
              - waitFor: {button: Apply, enabled: false}
            """, file: "f.yaml")
        #expect(flow.name == "All the steps")
        #expect(flow.tags == ["a", "b"])
        #expect(flow.fixture == "large")
        #expect(flow.launch.arguments == ["-model.offline", "NO"])
        #expect(flow.onAlert.map(\.alert) == ["PhotosPermission"])
        #expect(flow.steps.map(\.title) == [
            "Form.fill", "tap", "tap", "type", "assertVisible", "assertNotVisible", "assertLabel", "assertValue", "assertEnabled",
            "assertEnabled", "waitFor", "back", "answerAlert", "answerAlert", "launch", "relaunch", "terminate", "seed", "repeat",
            "repeat", "snapshot", "tap", "waitUntilGone", "waitUntilGone", "waitFor",
        ])
        #expect(flow.steps.map(\.location.line) == Array(10...34))
        #expect(flow.variableUses.map(\.name) == ["user", "user"])
        guard case let .robot(action, values) = flow.steps[0].action else { Issue.record("not a robot step"); return }
        #expect(action.fullName == "Form.fill")
        #expect(values["age"] == .integer(3) && values["ok"] == .boolean(true) && values["name"] == .text("${user}"))
        guard case let .tap(target, waitForIdle) = flow.steps[2].action else { Issue.record("not a tap"); return }
        #expect(target == ElementTarget(kind: .button, name: "OK", alert: "PhotosPermission"))
        #expect(waitForIdle, "a tap waits for idle unless told not to")
        guard case let .waitFor(_, timeout, enabled) = flow.steps[10].action else { Issue.record("not a wait"); return }
        #expect(timeout == 2.5)
        #expect(enabled == nil)
        guard case let .tap(upload, uploadWaits) = flow.steps[21].action else { Issue.record("not a tap"); return }
        #expect(upload == ElementTarget(kind: .button, name: "Upload to Drive", alert: nil))
        #expect(!uploadWaits)
        guard case let .waitUntilGone(overlay, goneTimeout) = flow.steps[22].action else { Issue.record("not a wait until gone"); return }
        #expect(overlay == ElementTarget(kind: .alert, name: "Uploading…", alert: nil))
        #expect(goneTimeout == 4)
        guard case let .waitUntilGone(_, defaultTimeout) = flow.steps[23].action else { Issue.record("not a wait until gone"); return }
        #expect(defaultTimeout == 10)
        guard case let .waitFor(apply, _, disabled) = flow.steps[24].action else { Issue.record("not a wait"); return }
        #expect(apply == ElementTarget(kind: .button, name: "Apply", alert: nil))
        #expect(disabled == false)
    }

    @Test func variablesInTextAreFound() {
        #expect(Text("${a} and ${b.c}, not $d or ${").variables == ["a", "b.c"])
        #expect(Text("plain").variables.isEmpty)
    }

    @Test func theShardHashIsFNV1aSoEveryMachineAgrees() {
        #expect(FlowSuite.stableHash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FlowSuite.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
    }

    @Test func junitEscapesMarkupAndDropsWhatXMLCannotHold() {
        #expect(JUnitReport.escape("a<b>&\"c\"'\u{1B}[31m") == "a&lt;b&gt;&amp;&quot;c&quot;&apos;\u{FFFD}[31m")
    }

    @Test func theTallyLineIsThePlainClosingLine() {
        var tally = RunTally()
        #expect(tally.line == "0 passed, 0 failed")
        tally.skipped = 2
        #expect(tally.line == "0 passed, 0 failed, 2 skipped")
    }
}
