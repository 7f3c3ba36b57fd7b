import Foundation
import Testing

/// The two steps explore's findings' flows end with, as any flow uses them, on the explore sample
/// (Tests/ExploreSample): each passes where it should and fails, naming why, where it should not.
struct WayOutAndNotShownStepTests {
    @Test func assertWayOutPassesWhereBackOrAControlLeadsAwayAndLeavesTheAppThere() throws {
        let workspace = try FlowWorkspace(sample: [])
        defer { workspace.remove() }
        try workspace.write("Flows/way.yaml", """
            name: Ways out
            steps:
              - tap: Form
              - assertWayOut
              - assertVisible: Welcome
              - assertWayOut
              - assertVisible: {textField: Name}
            """)
        // From Form, back leads home; from home (no back), Form is the first control that leads away.
        let run = try workspace.flow(["run", "Flows/way.yaml"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    /// A one-screen tally: no back, no other screen, but Add changes what it holds: a way on, and
    /// the app stays where it led. The Stuck screen of the sample is no way on at all.
    @Test func assertWayOutCountsAControlThatChangesWhatTheScreenHoldsAndFailsWhereNothingDoes() throws {
        let tally = try FlowWorkspace(sample: ["-sample.app", "tally"])
        defer { tally.remove() }
        try tally.write("Flows/way.yaml", "name: Way\nsteps:\n  - assertWayOut\n  - assertVisible: \"Count: 1\"\n")
        let run = try tally.flow(["run", "Flows/way.yaml"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let stuck = try FlowWorkspace(sample: ["-sample.bugs", "deadEnd"])
        defer { stuck.remove() }
        try stuck.write("Flows/stuck.yaml", "name: Stuck\nsteps:\n  - tap: Stuck\n  - assertWayOut\n")
        let failed = try stuck.flow(["run", "Flows/stuck.yaml"])
        #expect(failed.status == 1 && failed.stdout.contains(#"check that there is a way out of the screen "Stuck" failed: no way out: back is refused"#),
                "\(failed.stdout)")
    }

    @Test func assertNotShownPassesWhenTheTextIsNowhereAndFailsNamingWhereItIsNeverTheText() throws {
        let workspace = try FlowWorkspace(sample: [], extra: "variables: {shown.secret: {secret: Welcome}, empty.value: \"\"}\n")
        defer { workspace.remove() }
        try workspace.write("Flows/absent.yaml", "name: Absent\nsteps:\n  - assertNotShown: Nowhere\n  - assertNotShown: welcome\n")
        try workspace.write("Flows/shown.yaml", "name: Shown\nsteps:\n  - assertNotShown: \"${shown.secret}\"\n")
        try workspace.write("Flows/drawn.yaml", "name: Drawn\nsteps:\n  - assertNotShown: \"[1]  < Form >\"\n")
        try workspace.write("Flows/empty.yaml", "name: Empty\nsteps:\n  - assertNotShown: \"${empty.value}\"\n")
        #expect(try workspace.flow(["run", "Flows/absent.yaml"]).status == 0, "an identifier is not shown text; case counts")
        let shown = try workspace.flow(["run", "Flows/shown.yaml"])
        #expect(shown.status == 1 && shown.stdout.contains(#"failed: the screen shows it, in the label of the static text "welcome""#), "\(shown.stdout)")
        #expect(!shown.stdout.contains("Welcome"), "the secret is never printed: \(shown.stdout)")
        let drawn = try workspace.flow(["run", "Flows/drawn.yaml"])
        #expect(drawn.status == 1 && drawn.stdout.contains("failed: the screen shows it, on line 3 as drawn"), "\(drawn.stdout)")
        let empty = try workspace.flow(["run", "Flows/empty.yaml"])
        #expect(empty.status == 1 && empty.stdout.contains("the text to look for is empty (a variable with no value?): give a text"), "\(empty.stdout)")
    }
}

extension FlowWorkspace {
    /// A workspace whose default scheme launches the explore sample with `arguments` (no store),
    /// and `extra` lines.
    init(sample arguments: [String], extra: String = "") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flow-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Flows/schemes"), withIntermediateDirectories: true)
        let words = arguments.map { "\"\($0)\"" }.joined(separator: ", ")
        try write("Flows/schemes/default.yaml", "app: \(Self.binaries.appendingPathComponent("explore-sample").path)\n"
            + (arguments.isEmpty ? "" : "arguments: [\(words)]\n") + extra)
    }
}
