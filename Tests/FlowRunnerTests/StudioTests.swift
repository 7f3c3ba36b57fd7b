import Console
import Foundation
import Testing

/// `flow studio` as a person uses it, on a terminal: app commands and YAML steps run at once,
/// Tab completes a name on the screen, :undo replays, and :save writes a flow that flow run then
/// passes; a secret no variable holds is refused at save.
@Suite(.serialized)
struct StudioTests {
    @Test func aFlowWrittenInStudioOnATerminalPassesFlowRun() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let studio = try PseudoTerminal(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio"], currentDirectory: workspace.folder)
        try #require(studio.wait(for: "step> "), "\(studio.output)")
        #expect(studio.output.contains(#"secureTextField  "Password""#), "identifiers, kinds and state are shown beside the screen")

        studio.type("type Username test\r")
        try #require(studio.wait(for: #"✓ type: {textField: Username, text: "${test.user}"}"#), "\(studio.output)")
        studio.type("type Password 1234\r")
        try #require(studio.wait(for: #"✓ type: {secureTextField: Password, text: "${test.password}"}"#), "\(studio.output)")
        // Tab completes the name of an element on the screen: only "tap Log" is typed before Enter.
        studio.type("tap Log\t")
        studio.type("\r")
        try #require(studio.wait(for: "✓ tap: {button: Login}"), "\(studio.output)")
        studio.type("Glance.answerPhotoAccess: {allow: false}\r")
        try #require(studio.wait(for: "✓ Glance.answerPhotoAccess: {allow: false}"), "\(studio.output)")
        studio.type(":undo\r")
        try #require(studio.wait(for: "undid Glance.answerPhotoAccess: {allow: false}: relaunched and replayed 3 steps in"), "\(studio.output)")
        studio.type("Glance.answerPhotoAccess: {allow: true}\r")
        try #require(studio.wait(for: "✓ Glance.answerPhotoAccess: {allow: true}"))
        studio.type("Glance.checkCounts: {work: 8, other: 1}\r")
        try #require(studio.wait(for: "✓ Glance.checkCounts"))
        studio.type(":save Flows/studio.yaml --name \"Signed in, in studio\"\r")
        try #require(studio.wait(for: "saved 5 steps to Flows/studio.yaml"), "\(studio.output)")
        studio.type(":quit\r")
        #expect(studio.waitForExit() == 0)

        let saved = try workspace.read("Flows/studio.yaml")
        #expect(saved.contains("name: Signed in, in studio") && !saved.contains("1234"), "\(saved)")
        let run = try workspace.flow(["run", "Flows/studio.yaml"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func aSecureValueThatIsNoVariableIsRefusedAtSave() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let output = try ChildProcess.run(
            FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio"],
            input: "type Username test\ntype Password hunter2\n:save Flows/leak.yaml --name Leak\n:quit\n", currentDirectory: workspace.folder.path
        )
        #expect(output.status == 0)
        #expect(output.stdout.contains("error: not saved: step 2 types a secret"), "\(output.stdout)")
        #expect(!output.stdout.contains("hunter2") && !output.stderr.contains("hunter2"))
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("Flows/leak.yaml").path))
    }

    @Test func studioStartsFromAFlowAndGoesOnWhereItEnds() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/start.yaml", FlowWorkspace.passing("Start"))
        let output = try ChildProcess.run(
            FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio", "Flows/start.yaml", "--until", "3"],
            input: ":steps\n:quit\n", currentDirectory: workspace.folder.path
        )
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("1. Login.login\n2. assertVisible: {alert: PhotosPermission}\n3. answerAlert: OK\n"), "\(output.stdout)")
        #expect(!output.stdout.contains("4. "), "--until 3 stops after three steps")
    }

    @Test func inspectPrintsTheTreeAfterAStepAsTextAndAsTheProtocolsJSON() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/sign-in.yaml", FlowWorkspace.passing("Sign in"))
        let json = try workspace.flow(["inspect", "Flows/sign-in.yaml", "--step", "1", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["title"] as? String == "At a glance")
        let elements = object?["elements"] as? [[String: Any]] ?? []
        #expect(elements.contains { $0["identifier"] as? String == "PhotosPermission" && $0["kind"] as? String == "alert" })
        let text = try workspace.flow(["inspect"])
        #expect(text.stdout.hasPrefix("screen \"Login\"\n"))
        #expect(text.stdout.contains(#"button           "Login"  disabled"#), "\(text.stdout)")
        let beyond = try workspace.flow(["inspect", "Flows/sign-in.yaml", "--step", "9"])
        #expect(beyond.status == 2)
        #expect(beyond.stderr.contains("--step 9: Flows/sign-in.yaml has 4 steps"))
    }

    /// Studio, inspect and the MCP server read "start from a flow" in one place: a number of steps
    /// beyond the flow's, below zero, or without a flow is refused (exit 2), never run silently.
    @Test(arguments: [
        (["studio", "Flows/start.yaml", "--until", "999999"], "flow: error: --until 999999: Flows/start.yaml has 4 steps"),
        (["studio", "--until", "2"], "flow: error: --until goes with a flow to start from"),
        (["studio", "Flows/start.yaml", "--until=-1"], "flow: error: --until -1: give 0 or more"),
        (["inspect", "--step", "1"], "flow: error: --step goes with a flow to start from"),
    ])
    func aNumberOfStepsTheFlowHasNotIsRefused(arguments: [String], message: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/start.yaml", FlowWorkspace.passing("Start"))
        let output = try ChildProcess.run(
            FlowWorkspace.binaries.appendingPathComponent("flow").path, arguments, input: ":quit\n", currentDirectory: workspace.folder.path
        )
        #expect(output.status == 2, "\(output.stdout)")
        #expect(output.stderr == message + "\n", "\(output.stderr)")
        #expect(!output.stdout.contains("flow studio:"), "no app was launched")
    }
}
