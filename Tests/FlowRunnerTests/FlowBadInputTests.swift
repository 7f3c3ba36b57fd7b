import Foundation
import Testing

/// Every bad input is a located error with exit code 2, and nothing is launched.
@Suite(.serialized)
struct FlowBadInputTests {
    static let good = """
        name: Good
        steps:
          - Login.login
        """

    @Test(arguments: [
        ("name: Bad\nsteps: [tap: Login\n", "Flows/bad.yaml:3:1: error: invalid YAML: "),
        ("name: Bad\nstep:\n  - back\n", #"Flows/bad.yaml:2:1: error: unknown key "step" in the flow (did you mean "steps"?); expected name, steps, tags, fixture, launch, onAlert"#),
        ("name: Bad\nsteps:\n  - tpa: Login\n", #"Flows/bad.yaml:3:5: error: unknown step "tpa" (did you mean "tap"?); steps are tap, type, "#),
        ("name: Bad\nsteps:\n  - Logn.login\n", #"Flows/bad.yaml:3:5: error: unknown robot "Logn" (did you mean "Login"?); robots are Login, Glance, Photos, Detail, Settings"#),
        ("name: Bad\nsteps:\n  - Login.lgin\n", #"Flows/bad.yaml:3:5: error: unknown action "lgin" of robot Login (did you mean "login"?); its actions are login, attemptLogin"#),
        ("name: Bad\nsteps:\n  - Glance.checkCounts: {work: many, other: 1}\n", #"Flows/bad.yaml:3:32: error: Glance.checkCounts work (a whole number) should be a whole number, not "many""#),
        ("name: Bad\nsteps:\n  - Glance.checkCounts: {wrok: 8, other: 1}\n", #"Flows/bad.yaml:3:26: error: Glance.checkCounts has no parameter "wrok" (did you mean "work"?); its parameters are work, other"#),
        ("name: Bad\nsteps:\n  - Glance.checkCounts: {work: 8}\n", #"Flows/bad.yaml:3:25: error: Glance.checkCounts needs "other" (integer)"#),
        ("name: Bad\nsteps:\n  - type: {textField: Username, text: \"${test.usr}\"}\n", #"Flows/bad.yaml:3:39: error: no value for ${test.usr} (did you mean "test.user"?); give it in the scheme's variables, with --var test.usr=VALUE, or as -test.usr VALUE"#),
        ("name: Bad\nsteps:\n  - tap: {buton: Login}\n", #"Flows/bad.yaml:3:11: error: unknown key "buton" in tap (did you mean "button"?)"#),
        ("name: Bad\nsteps:\n  - back: now\n", "Flows/bad.yaml:3:11: error: back takes no value; write it as a bare word: - back"),
        ("name: Bad\nsteps: []\n", "Flows/bad.yaml:2:8: error: steps is empty; a flow needs at least one step"),
        ("name: Bad\nsteps:\n  - runFlow: missing.yaml\n", #"Flows/bad.yaml:3:14: error: runFlow "Flows/missing.yaml": there is no such file"#),
        ("name: Bad\nsteps:\n  - repeat: {times: 2, until: Login, steps: [back]}\n", "Flows/bad.yaml:3:13: error: repeat needs exactly one of times, while, until"),
        ("a: &x 1\n*x : 2\n", "Flows/bad.yaml:2:1: error: an alias (*x) cannot be a key; keys are plain words"),
        ("name: Bad\nsteps:\n  - tap: {button: Upload to Drive, waitForIdle: maybe}\n", #"Flows/bad.yaml:3:49: error: tap waitForIdle should be true or false, not "maybe""#),
        ("name: Bad\nsteps:\n  - waitUntilGone: {alert: Uploading…, enabled: true}\n", #"Flows/bad.yaml:3:40: error: unknown key "enabled" in waitUntilGone"#),
        ("name: Bad\nsteps:\n  - waitUntilGone: {alert: Uploading…, timeout: -1}\n", "Flows/bad.yaml:3:49: error: waitUntilGone timeout (seconds) -1 is out of range 0.001...3600.0"),
        ("name: Bad\nsteps:\n  - waitFor: {button: Apply, enabled: 1}\n", #"Flows/bad.yaml:3:39: error: waitFor enabled should be true or false, not "1""#),
    ])
    func aBadFlowIsALocatedErrorAndNothingRuns(text: String, message: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/bad.yaml", text)
        try workspace.write("Flows/good.yaml", Self.good)

        for command in [["run"], ["lint"], ["list"]] {
            let output = try workspace.flow(command)
            #expect(output.status == 2, "\(command)")
            #expect(output.stderr.hasPrefix("flow: error: " + message), "\(command): \(output.stderr)")
            #expect(!output.stdout.contains("running"), "nothing is launched")
        }
    }

    @Test func aHugeFlowFileIsRefusedUnread() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/huge.yaml", "name: Huge\nsteps:\n" + String(repeating: "  - back\n", count: 150_000))
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("flow: error: Flows/huge.yaml:1:1: error: the flow is 1350018 bytes, over the limit of 1048576: split it with runFlow"))
    }

    @Test func aRunFlowCycleIsNamed() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", "name: A\nsteps:\n  - runFlow: b.yaml\n")
        try workspace.write("Flows/b.yaml", "name: B\nsteps:\n  - runFlow: {file: a.yaml}\n")
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("flow: error: Flows/b.yaml:3:14: error: runFlow makes a cycle: a.yaml → b.yaml → a.yaml"), "\(output.stderr)")
    }

    @Test(arguments: [
        (["run", "--shard", "3/2"], "--shard 3/2: expected I/N with 1 ≤ I ≤ N, such as 1/2"),
        (["run", "--shard", "x"], "--shard x: expected I/N"),
        (["run", "--jobs", "0"], "--jobs 0: give at least 1"),
        (["run", "--repeat", "0"], "--repeat 0: give at least 1"),
        (["run", "--timeout=-1"], "--timeout -1.0: give a number of seconds above 0"),
        (["run", "--var", "novalue"], "--var novalue: expected name=value"),
        (["run", "--scheme", "defualt"], #"no scheme "defualt": there is no Flows/schemes/defualt.yaml (did you mean "default"?); schemes: default"#),
        (["run", "Flows/nowhere"], "Flows/nowhere:1:1: error: there is no such file or folder"),
        (["run", "-test.user"], "-test.user needs a value: -test.user VALUE"),
        (["rnu"], "rnu:1:1: error: there is no such file or folder"),
    ])
    func aBadOptionIsNamedWithCodeTwo(arguments: [String], message: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/good.yaml", Self.good)
        let output = try workspace.flow(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(!output.stdout.contains("running"))
    }

    @Test func aBadSchemeIsALocatedError() throws {
        let workspace = try FlowWorkspace(scheme: "argumnets: [-x, y]")
        defer { workspace.remove() }
        try workspace.write("Flows/good.yaml", Self.good)
        let output = try workspace.flow(["run"])
        #expect(output.status == 2)
        #expect(output.stderr.contains(#"Flows/schemes/default.yaml:8:1: error: unknown key "argumnets" in the scheme (did you mean "arguments"?)"#), "\(output.stderr)")
    }

    @Test func anUnknownFixtureStopsTheRunBeforeAnyFlow() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/good.yaml", "fixture: defualt\n" + Self.good)
        let lint = try workspace.flow(["lint"])
        #expect(lint.status == 2)
        #expect(lint.stderr.contains(#"fixture "defualt" is not in"#) && lint.stderr.contains(#"(did you mean "default"?)"#), "\(lint.stderr)")
        let run = try workspace.flow(["run"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"cannot seed the fixture "defualt""#), "\(run.stderr)")
        #expect(!run.stdout.contains("running"))
    }
}
