import Foundation
import Testing

/// The two steps the findings' flows end with, as any flow uses them: each passes where it should
/// and fails, naming why, where it should not.
struct ExploreStepsTests {
    @Test func assertWayOutPassesWhereBackOrAControlLeadsAwayAndLeavesTheAppThere() throws {
        let workspace = try ExploreWorkspace()
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

    @Test func assertNotShownPassesWhenTheTextIsNowhereAndFailsNamingWhereItIsNeverTheText() throws {
        let workspace = try ExploreWorkspace(extra: "variables: {shown.secret: {secret: Welcome}, empty.value: \"\"}\n")
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
