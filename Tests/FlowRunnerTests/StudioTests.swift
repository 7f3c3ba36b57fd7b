import Console
import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ProcessTesting
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
        // Its first prompt comes once the app is launched and idle: on a fresh clone's CI, with
        // the other test process beside it, that took more than the usual 10 s once.
        try #require(studio.wait(for: "step> ", seconds: 60), "\(studio.output)")
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
        try #require(studio.wait(for: "undid Glance.answerPhotoAccess: {allow: false}: the app was put back by replaying 3 steps ("), "\(studio.output)")
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
        #expect(output.stdout.contains("error: not saved: step 2 has the text typed into secure text field \"Password\", a secret no variable of the scheme holds, and a secret is never written to a flow: put it in a private scheme"), "\(output.stdout)")
        #expect(!output.stdout.contains("hunter2") && !output.stderr.contains("hunter2"))
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("Flows/leak.yaml").path))
    }

    @Test func theElementListAndEveryAnswerMaskASecretTypedAnywhere() throws {
        let workspace = try StudioFuzzTests.workspace()
        defer { workspace.remove() }
        let output = try studio(workspace, "type Username hunter2Zq\ntap hunter2Zq\ntype  hunter2Zq\ntap: hunter2Zq\n:quit\n")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains(#"textField        "Username"  value "••••••••"  enabled  focused"#), "\(output.stdout)")
        #expect(output.stdout.components(separatedBy: #"error: no control "••••••••" on this screen"#).count == 3, "\(output.stdout)")
        #expect(!output.stdout.contains("hunter2Zq") && !output.stderr.contains("hunter2Zq"), "\(output.stdout)")
    }

    @Test func aSecretOfEveryKindIsSavedAsItsVariableAndTheFlowPasses() throws {
        let workspace = try FlowWorkspace(scheme: "")
        defer { workspace.remove() }
        try workspace.write("Flows/schemes/default.private.yaml", "variables: {marked: {secret: m4rkedVal}}\n")
        let secrets = [("s3cr3tVal", "my.secret"), ("t0kenVal", "api.token"), ("m4rkedVal", "marked")]
        let lines = secrets.flatMap { ["type Username \($0.0)", "assertVisible: {textField: Username, value: \($0.0)}"] }
        let variables = ["--var", "my.secret=s3cr3tVal", "--var", "api.token=t0kenVal"]
        let output = try studio(workspace, (lines + [":save Flows/secret.yaml --name s3cr3tVal", ":save Flows/secret.yaml --name Secrets", ":quit"])
            .joined(separator: "\n") + "\n", arguments: variables)
        #expect(output.stdout.contains("error: not saved: the flow's name holds the value of a secret (that of ${my.secret})"), "\(output.stdout)")
        #expect(output.stdout.contains("saved 6 steps to Flows/secret.yaml"), "\(output.stdout)")
        let saved = try workspace.read("Flows/secret.yaml")
        for (secret, variable) in secrets {
            #expect(!saved.contains(secret) && !output.stdout.contains(secret), "\(saved)")
            #expect(saved.contains(#"- assertVisible: {textField: Username, value: "${\#(variable)}"}"#), "\(saved)")
        }
        let run = try workspace.flow(["run", "Flows/secret.yaml"] + variables)
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"), "\(run.stdout)")
    }

    @Test func aTapThatOnlyFocusesAFieldIsNotKeptAndSaysHowToType() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let output = try studio(workspace, "tap Username\n1\n:steps\n:quit\n")
        #expect(output.stdout.components(separatedBy: "error: not kept: a tap on the text field Username only focuses it, and type focuses it "
            + "anyway; type into it with: type Username TEXT").count == 3, "\(output.stdout)")
        #expect(output.stdout.contains("no steps yet"))
    }

    @Test(arguments: [
        (":", "a : command needs its name: :undo, :steps, :save, :ids, :screen, :help, :quit (:help says what each does)"),
        (":qiut", #"unknown command :qiut (did you mean ":quit"?); the commands are :undo, :steps, :save, :ids, :screen, :help, :quit, and a line without : is a step"#),
        (":save x.yaml --name", #"error: --name needs the flow's name: :save FILE --name "What it checks""#),
        ("hello world", #"error: not a step: "hello" is neither a YAML step nor an app command"#),
        ("tap", "error: tap needs a control: tap 3 or tap Continue (by its number or its name on the screen)"),
        ("99999999999999999999", "error: no control number 99999999999999999999: this screen has controls 1 to 3"),
        (":save ~/studio-tilde-\(getpid()).yaml", "error: not saved: there are no steps to save yet"),
        ("Login.login\n:save x.yaml --name \"   \"", "error: not saved: the flow's name is empty: give one that says what the flow checks"),
        ("Login.login\n:save new/../x.yaml/y.yaml", "error: not saved: cannot write new/../x.yaml/y.yaml: a .. comes after new, a folder that is not there yet"),
    ])
    func aLineThatIsNoStepNorCommandSaysWhatToWrite(typed: String, answer: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let output = try studio(workspace, typed + "\n:quit\n")
        #expect(output.status == 0)
        #expect(output.stdout.contains("\n" + answer), "\(output.stdout)")
    }

    @Test func saveRefusesWhatIsNotAFileAndWritesThroughALink() throws {
        let workspace = try StudioFuzzTests.workspace()
        defer { workspace.remove() }
        let folder = workspace.folder.path
        let output = try studio(workspace, [
            "Login.login", ":save /", ":save \(folder)/folder", ":save \(folder)/pipe", ":save \(folder)/null", ":save \(folder)/devlink",
            ":save \(folder)/dangling", ":save \(folder)/link.yaml --name Linked", ":save out/new/x.yaml", ":quit",
        ].joined(separator: "\n") + "\n")
        for answer in [
            "error: not saved: cannot write /: it is a folder, not a regular file, and would be replaced: give a file's path inside it",
            "error: not saved: cannot write \(folder)/folder: it is a folder, not a regular file, and would be replaced: give a file's path inside it",
            "error: not saved: cannot write \(folder)/pipe: it is a FIFO (named pipe), not a regular file, and would be replaced: give a file's path",
            Folder.canMakeDevices ? "error: not saved: cannot write \(folder)/null: it is a character device, not a regular file, and would be replaced"
                : "saved 1 step to \(folder)/null",
            Folder.canMakeDevices ? "error: not saved: cannot write \(folder)/devlink: it is a symbolic link to null, which is a character device, not a regular file"
                : "saved 1 step to \(folder)/devlink",
            "error: not saved: cannot write \(folder)/dangling: it is a symbolic link to nowhere.yaml, which does not exist: create that file or remove the link",
            "saved 1 step to \(folder)/link.yaml", "saved 1 step to out/new/x.yaml",
        ] {
            #expect(output.stdout.contains(answer), "\(answer)\n\(output.stdout)")
        }
        #expect(!output.stdout.contains("NSCocoaErrorDomain"))
        StudioFuzzTests.expectNoLeak(BoundedProcess.Output(stdout: output.stdout, stderr: output.stderr, status: output.status, signaled: false,
                                                           timedOut: false), workspace: workspace)
        #expect(try workspace.read("target.yaml").hasPrefix("name: Linked\n"), "the link's file was written, and the link stays")
    }

    @Test func saveExpandsATildeAsAShellWould() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let home = workspace.folder.appendingPathComponent("home")
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        let output = try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio"],
                                            input: Data("Login.login\n:save ~/flows/x.yaml\n:quit\n".utf8), in: workspace.folder, environment: environment)
        #expect(output.stdout.contains("saved 1 step to \(home.path)/flows/x.yaml"), "\(output.stdout)")
        #expect(InputFile.kind(home.path + "/flows/x.yaml") == .file && InputFile.kind(workspace.folder.path + "/~") == nil)
    }

    @Test func theRunCommandAfterASaveCanBePastedIntoAShell() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let output = try studio(workspace, "Login.login\n:save \"my flows/it's.yaml\"\n:quit\n")
        #expect(output.stdout.contains(#"run it with: flow run 'my flows/it'\''s.yaml'"#), "\(output.stdout)")
    }

    @Test(arguments: [["studio", "pipe"], ["inspect", "pipe"], ["run", "pipe"], ["studio", "/dev/zero"], ["lint", "zero.yaml"]])
    func aFlowThatIsAFIFOOrADeviceIsRefusedAtOnce(arguments: [String]) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try #require(mkfifo(workspace.folder.path + "/pipe", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: workspace.folder.path + "/zero.yaml", withDestinationPath: "/dev/zero")
        // A FIFO blocked until a writer came; /dev/zero, whose size says 0, was read until memory ran out.
        let output = try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, arguments, input: Data(":quit\n".utf8),
                                            in: workspace.folder, seconds: 20, memoryKB: 1_000_000)
        #expect(!output.timedOut && !output.crashed, "\(output.stderr)")
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("error: cannot read the flow: it is a"), "\(output.stderr)")
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
        let screens = output.stdout.split(separator: "\n").filter { $0.hasPrefix("── ") }
        #expect(screens.count == 1, "the flow's steps run without drawing a screen each; the screen is drawn once, where it ends: \(output.stdout)")
    }

    /// A failed step shows the app's last three lines of standard error (of five), one after another.
    @Test func aFailedStepShowsTheAppsLastLinesOfStandardErrorInARow() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let input = "type Username zoe\ntype Password pw\ntap Login\ntap Login\ntap: Nowhere\n:quit\n"
        let output = try ChildProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio"], input: input, currentDirectory: workspace.folder.path)
        #expect(output.status == 0, "\(output.stderr)")
        let line = output.stdout.split(separator: "\n").first { $0.hasPrefix("  the app's standard error: ") }
        let failed = "workphotos: login: sign-in failed for zoe: invalid credentials"
        #expect(line == "  the app's standard error: \(failed) | workphotos: login: signing in as zoe | \(failed)", "\(output.stdout)")
    }

    /// A whole session as a person sees it, word for word (times written as N): the greeting and
    /// the screen, nothing to undo yet, a kept step, a literal secret kept with its note, a failed
    /// step with the app's standard error and the replay, :ids, :screen, :steps, :undo, :save
    /// without a file or with too much, an unknown command and a bare :.
    @Test func aSessionReadsAsItShould() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let input = ":undo\ntype Username zoe\ntype Password hunter2Zq\ntap: Nowhere\n:ids\n:screen\n:steps\n:undo\n:save\n:save x.yaml extra\n:bogus\n:\n:quit\n"
        let output = try ChildProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio"], input: input, currentDirectory: workspace.folder.path)
        #expect(output.status == 0, "\(output.stderr)")
        let shown = output.stdout.replacingOccurrences(of: #"[0-9]+\.[0-9] ms"#, with: "N ms", options: .regularExpression)
        #expect(shown == """
            flow studio: scheme default, fixture default. Type a step (tap: Continue, Login.login) or an app command (3, tap Continue, type Email TEXT, back); :help lists the rest.
            ── Login ───────────────────────────────────────
            [1]  Username: (empty)
            [2]  Password: (empty)
            [3]  < Login >  (disabled)
            ────────────────────────────────────────────────
            elements (kind, identifier, label, value, state):
              textField        "Username"  value ""  enabled
              secureTextField  "Password"  value ""  enabled
              button           "Login"  disabled
              staticText       "results"  label ""
            nothing to undo
            ✓ type: {textField: Username, text: "zoe"}  N ms
            ── Login ───────────────────────────────────────
            [1]  Username: zoe  ◂
            [2]  Password: (empty)
            [3]  < Login >  (disabled)
            ────────────────────────────────────────────────
            elements (kind, identifier, label, value, state):
              textField        "Username"  value "zoe"  enabled  focused
              secureTextField  "Password"  value ""  enabled
              button           "Login"  disabled
              staticText       "results"  label ""
            ✓ type: {secureTextField: Password, text: "••••••••"}  N ms
              note: this step has the text typed into secure text field "Password", a secret no variable of the scheme holds: it is masked, and :save will refuse it (use a private scheme's variable)
            ── Login ───────────────────────────────────────
            [1]  Username: zoe
            [2]  Password: ••••••••  ◂
            [3]  < Login >
            ────────────────────────────────────────────────
            elements (kind, identifier, label, value, state):
              textField        "Username"  value "zoe"  enabled
              secureTextField  "Password"  value "••••••••"  enabled  focused
              button           "Login"  enabled
              staticText       "results"  label ""
            ✗ tap: tap element "Nowhere" failed: no element "Nowhere" on the idle screen; elements there: "", "Login", "Password", "Username"
              the app's standard error: workphotos: using stub services (-ui-testing YES)
              not kept; the app was put back by replaying 2 steps (N ms)
            ── Login ───────────────────────────────────────
            [1]  Username: zoe
            [2]  Password: ••••••••  ◂
            [3]  < Login >
            ────────────────────────────────────────────────
            elements (kind, identifier, label, value, state):
              textField        "Username"  value "zoe"  enabled
              secureTextField  "Password"  value "••••••••"  enabled  focused
              button           "Login"  enabled
              staticText       "results"  label ""
            identifiers hidden
            ── Login ───────────────────────────────────────
            [1]  Username: zoe
            [2]  Password: ••••••••  ◂
            [3]  < Login >
            ────────────────────────────────────────────────
            ── Login ───────────────────────────────────────
            [1]  Username: zoe
            [2]  Password: ••••••••  ◂
            [3]  < Login >
            ────────────────────────────────────────────────
            1. type: {textField: Username, text: "zoe"}
            2. type: {secureTextField: Password, text: "••••••••"}
            undid type: {secureTextField: Password, text: "••••••••"}: the app was put back by replaying 1 step (N ms)
            ── Login ───────────────────────────────────────
            [1]  Username: zoe  ◂
            [2]  Password: (empty)
            [3]  < Login >  (disabled)
            ────────────────────────────────────────────────
            error: :save needs a file: :save Flows/new.yaml --name "What it checks"
            error: :save FILE [--name "..."]: unexpected extra
            unknown command :bogus; the commands are :undo, :steps, :save, :ids, :screen, :help, :quit, and a line without : is a step
            a : command needs its name: :undo, :steps, :save, :ids, :screen, :help, :quit (:help says what each does)

            """, "\(shown)")
    }

    /// Studio says what it is and how to begin, runs a flow's steps up to one that fails, says
    /// where it stopped, shows the screen, and goes on from there; the failed step is not kept.
    @Test func studioSaysWhereAFlowItStartsFromStopped() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/stops.yaml", "name: Stops\nsteps:\n  - type: {textField: Username, text: zoe}\n  - tap: Nowhere\n  - back\n")
        let output = try ChildProcess.run(
            FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio", "Flows/stops.yaml"],
            input: ":steps\n:quit\n", currentDirectory: workspace.folder.path
        )
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix(
            "flow studio: scheme default, fixture default. Type a step (tap: Continue, Login.login) or an app command "
                + "(3, tap Continue, type Email TEXT, back); :help lists the rest.\n"
        ), "\(output.stdout.prefix(300))")
        #expect(output.stdout.contains("\n✗ tap: tap element \"Nowhere\" failed: "), "\(output.stdout)")
        #expect(output.stdout.contains("\nthe flow stopped at its step 2; go on from here\n── Login"), "\(output.stdout)")
        #expect(output.stdout.contains("\n1. type: {textField: Username, text: zoe}\n") && !output.stdout.contains("\n2. "), "\(output.stdout)")

        // A step lint passes but the session refuses (a line over its limit) stops it too.
        try workspace.write("Flows/long.yaml", "name: Long\nsteps:\n  - type: {textField: Username, text: \(String(repeating: "x", count: 17_000))}\n  - back\n")
        let long = try ChildProcess.run(
            FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio", "Flows/long.yaml"], input: ":steps\n:quit\n", currentDirectory: workspace.folder.path
        )
        #expect(long.stdout.contains("over the limit of 16384 for a step: a step is one line\nthe flow stopped at its step 1; go on from here\n"), "\(long.stdout.prefix(600))")
        #expect(long.stdout.contains("no steps yet"), "\(long.stdout.suffix(300))")
    }

    /// inspect has no screen to show after a step that failed, or one the session refused: it
    /// says which step of which flow, and why: exit 1 for a step that failed (the app's fault),
    /// 2 for one the session refused (bad input).
    @Test func inspectSaysWhichStepStoppedIt() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/stops.yaml", "name: Stops\nsteps:\n  - type: {textField: Username, text: zoe}\n  - tap: Nowhere\n")
        let failed = try workspace.flow(["inspect", "Flows/stops.yaml"])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("flow: error: step 2 of Flows/stops.yaml failed, so there is no screen after it:\n"), "\(failed.stderr)")
        #expect(failed.stderr.contains("no element \"Nowhere\""), "\(failed.stderr)")
        try workspace.write("Flows/long.yaml", "name: Long\nsteps:\n  - type: {textField: Username, text: \(String(repeating: "x", count: 17_000))}\n")
        let refused = try workspace.flow(["inspect", "Flows/long.yaml"])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("flow: error: step 1 of Flows/long.yaml: the line is "), "\(refused.stderr.prefix(200))")
        // A refusal that is not the session's own "error: " is said whole.
        try workspace.write("Flows/unknown.yaml", "name: Unknown\nsteps:\n  - type: {textField: Username, text: \"${nosuch.var}\"}\n")
        let unknown = try workspace.flow(["inspect", "Flows/unknown.yaml"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("flow: error: step 1 of Flows/unknown.yaml: step:1:35: error: no value for ${nosuch.var}; "), "\(unknown.stderr)")
    }

    @Test func inspectShowsTheScreenTheNextStepSeesWithTheFlowsAlertsAnswered() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/answered.yaml", "name: Answered\nonAlert: {PhotosPermission: OK}\nsteps:\n  - Login.login\n")
        let text = try workspace.flow(["inspect", "Flows/answered.yaml"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("screen \"At a glance\""), "\(text.stdout)")
        #expect(!text.stdout.contains("PhotosPermission"), "onAlert answers it before any next step: \(text.stdout)")
        try workspace.write("Flows/unanswered.yaml", "name: Unanswered\nsteps:\n  - Login.login\n")
        let up = try workspace.flow(["inspect", "Flows/unanswered.yaml"])
        #expect(up.stdout.contains(#"alert            "PhotosPermission""#), "without onAlert the alert stays: \(up.stdout)")
    }

    @Test func inspectMasksASecretInTheJSONEvenWhereJSONEscapesIt() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/schemes/default.private.yaml", #"variables: {my.secret: 'a"b\c'}"# + "\n")
        try workspace.write("Flows/typed.yaml", "name: Typed\nsteps:\n  - type: {textField: Username, text: \"${my.secret}\"}\n")
        for arguments in [["inspect", "Flows/typed.yaml", "--json"], ["inspect", "Flows/typed.yaml"]] {
            let output = try workspace.flow(arguments)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(!output.stdout.contains(#"a\"b\\c"#) && !output.stdout.contains(#"a"b\c"#), "\(output.stdout)")
            #expect(output.stdout.contains("••••••••"))
        }
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

    // MARK: - Helpers

    /// `flow studio ARGUMENTS` in the workspace, `input` piped in.
    private func studio(_ workspace: FlowWorkspace, _ input: String, arguments: [String] = []) throws -> ChildProcess.Output {
        try ChildProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio"] + arguments, input: input,
                             currentDirectory: workspace.folder.path)
    }
}
