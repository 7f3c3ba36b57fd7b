import AutomationWire
import FlowKit
import FlowMCP
import FlowRunner
import Foundation
import Testing
import WorkPhotosRobots
@testable import FlowMCP

/// What the MCP server answers, word for word, in process: every refusal says what to send
/// instead, a tool without a session says to start one, and a session's tools say what they did.
@Suite(.timeLimit(.minutes(5)))
struct FlowMCPAnswerTests {
    static let tools = "list_flows, start_session, run_step, read_screen, list_steps, undo, save_flow, end_session, run_flows, explore_app"

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1,"method":"tools/lst"}"#, -32601,
         #""tools/lst" (did you mean "tools/list"?); this server answers initialize, ping, tools/list, tools/call"#),
        (#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#, -32602,
         #"no protocolVersion: give the newest MCP version the client speaks, such as "2025-11-25""#),
        (#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":3}}"#, -32602,
         #"protocolVersion is a number: give the newest MCP version the client speaks, such as "2025-11-25""#),
        (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#, -32602, "no name: tools/call needs the tool's name, one of " + tools),
        (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":[]}}"#, -32602, "name is an array: tools/call needs the tool's name, one of " + tools),
        (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_stp"}}"#, -32602,
         #"unknown tool "run_stp" (did you mean "run_step"?); tools: "# + tools),
        (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"undo","arguments":[1]}}"#, -32602,
         "arguments are an array: give an object of undo's arguments"),
        (#"{"jsonrpc":"2.0","id":1,"method":"#, -32700, "not JSON: the message ends where a value should be at byte 33"),
        ("[]", -32600, "an empty batch: a batch is an array of messages"),
    ])
    func everyRefusalSaysWhatToSendInstead(line: String, code: Int, message: String) throws {
        let server = Self.server()
        let answer = try #require(Self.ask(server, line).first)
        #expect(answer["error"]?["code"] == .number(String(code)), "\(answer)")
        let kind = [-32601: "method not found", -32602: "invalid params", -32700: "parse error", -32600: "invalid request"][code] ?? "?"
        #expect(answer["error"]?["message"] == .string(kind + ": " + message), "\(answer)")
    }

    @Test func initializeSaysTheServerAndItsToolsThenRefusesToComeAgain() throws {
        let server = Self.server(runner: RunnerIdentity(name: "app-flow", flows: "UITests"))
        let line = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#
        let result = try #require(Self.ask(server, line).first?["result"])
        #expect(result["protocolVersion"] == .string("2025-06-18"))
        #expect(result["capabilities"] == .object(["tools": .object(["listChanged": .bool(false)])]), "the tools never change")
        #expect(result["serverInfo"] == .object(["name": .string("app-flow"), "version": .string(FlowMCPServer.version)]))
        #expect(result["instructions"] == .string(FlowMCPServer.instructions(catalog: WorkPhotosCatalog.catalog)))
        let again = try #require(Self.ask(server, line).first?["error"])
        #expect(again["code"] == .number("-32600"))
        #expect(again["message"] == .string("invalid request: initialize came again: this connection is initialized already (protocol 2025-06-18)"))
    }

    @Test func aToolThatNeedsASessionSaysToStartOne() throws {
        let server = Self.server()
        for (tool, arguments) in [("run_step", #"{"step":"back"}"#), ("read_screen", "{}"), ("list_steps", "{}"), ("undo", "{}"),
                                  ("save_flow", #"{"file":"x.yaml","name":"X"}"#)] {
            #expect(try Self.call(server, tool, arguments) == .error("no session: call start_session first"), "\(tool)")
        }
    }

    @Test func aSessionsToolsSayWhatTheyDidAndEndSessionEndsIt() throws {
        let server = Self.server()
        defer { server.endSession() }
        let started = try Self.call(server, "start_session")
        #expect(!started.isError && started.text.hasPrefix("── Login"), "a new session answers with its screen: \(started.text)")
        #expect(started.text.contains("────────────────────────────────────────────────\n\nelements (kind, identifier, label, value, state):\n"
            + #"screen "Login"\#n  textField        "Username"  value ""  enabled"#), "the screen, then its element tree: \(started.text)")
        #expect(try Self.call(server, "list_steps") == .ok("no steps yet"))
        #expect(try Self.call(server, "undo") == .error("nothing to undo"))
        let kept = try Self.call(server, "run_step", #"{"step":"type Username zoe"}"#)
        #expect(!kept.isError && kept.text.hasPrefix("✓ type: {textField: Username, text: \"zoe\"}\n\n── Login"), "\(kept.text)")
        #expect(try Self.call(server, "list_steps") == .ok("1. type: {textField: Username, text: \"zoe\"}"))
        let secret = try Self.call(server, "run_step", #"{"step":"type Password n0tAVar1able"}"#)
        #expect(!secret.isError && secret.text.hasPrefix(
            "✓ type: {secureTextField: Password, text: \"••••••••\"}\nnote: this step has the text typed into secure text field \"Password\", "
                + "a secret no variable of the scheme holds: save_flow will refuse it (use a private scheme's variable)\n\n── Login"), "\(secret.text)")
        #expect(try Self.call(server, "undo").text.hasPrefix("undid"), "the literal is let go")
        let failed = try Self.call(server, "run_step", #"{"step":"tap: Nowhere"}"#)
        #expect(failed.isError && failed.text.hasPrefix("✗ tap: tap element \"Nowhere\" failed: no element \"Nowhere\""), "\(failed.text)")
        #expect(failed.text.contains("\nthe step was not kept; the app was put back by replaying ") && failed.text.contains(" ms)\n\n── Login"),
                "\(failed.text)")
        #expect(try Self.call(server, "end_session") == .ok("the session ended"))
        #expect(try Self.call(server, "list_steps") == .error("no session: call start_session first"))
    }

    @Test func undoSaysWhatItUndidAndTheReplay() throws {
        let server = Self.server()
        defer { server.endSession() }
        #expect(try !Self.call(server, "start_session").isError)
        #expect(try !Self.call(server, "run_step", #"{"step":"type Username zoe"}"#).isError)
        #expect(try !Self.call(server, "run_step", #"{"step":"type Username amy"}"#).isError)
        let undone = try Self.call(server, "undo")
        #expect(!undone.isError && undone.text.hasPrefix(#"undid type: {textField: Username, text: "amy"}: the app was put back by replaying 1 step ("#),
                "\(undone.text)")
        #expect(undone.text.contains(" ms)\n\n── Login") && undone.text.contains("Username: zoe"), "the screen after the replay: \(undone.text)")
        #expect(try Self.call(server, "list_steps") == .ok(#"1. type: {textField: Username, text: "zoe"}"#))
    }

    /// run_flows lints first (a flow with a variable nothing gives is refused at its line), says when
    /// a tag selects nothing, and answers each flow's line without colour, then the tally.
    @Test func runFlowsLintsSaysEachFlowAndTheTally() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a.yaml", FlowWorkspace.passing("Passes"))
        try workspace.write("Flows/b.yaml", "name: Fails\ntags: [red]\nsteps:\n  - assertVisible: Nowhere\n")
        try workspace.write("Flows/needs/c.yaml", "name: Needs\nsteps:\n  - type: {textField: Username, text: \"${nobody.knows}\"}\n")
        let flows = workspace.folder.appendingPathComponent("Flows").path
        let scheme = FlowWorkspace.scheme
        let server = FlowMCPServer(project: .init(scheme: scheme, variables: scheme.variables, catalog: WorkPhotosCatalog.catalog, flows: [flows]))

        let refused = try Self.call(server, "run_flows", #"{"paths":["\#(flows)/needs"]}"#)
        #expect(refused.isError && refused.text.contains("\(flows)/needs/c.yaml:3:") && refused.text.contains("nobody.knows"), "\(refused.text)")
        #expect(try Self.call(server, "run_flows", #"{"paths":["\#(flows)/a.yaml"],"tags":["blue","green"]}"#) == .error("no flow selected (tags: blue, green)"))

        let ran = try Self.call(server, "run_flows", #"{"paths":["\#(flows)/a.yaml","\#(flows)/b.yaml"]}"#)
        let lines = ran.text.split(separator: "\n").map(String.init)
        #expect(ran.isError, "a flow failed")
        #expect(lines.contains { $0.hasPrefix("PASS  Passes  \(flows)/a.yaml  ") }, "\(ran.text)")
        #expect(lines.contains { $0.hasPrefix("FAIL  Fails  \(flows)/b.yaml  ") }, "\(ran.text)")
        #expect(ran.text.contains("\(flows)/b.yaml:4:5: error: "), "the failure follows its line: \(ran.text)")
        #expect(lines.last == "1 passed, 1 failed", "\(ran.text)")
        #expect(!ran.text.contains("\u{1B}"), "no colour for an agent")
        let passing = try Self.call(server, "run_flows", #"{"paths":["\#(flows)/a.yaml"]}"#)
        #expect(!passing.isError && passing.text.hasSuffix("\n1 passed, 0 failed"), "\(passing.text)")
    }

    @Test func aFlowThatStopsAStartIsSaidStepByStepWithWhereItStopped() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/stops.yaml", "name: Stops\nsteps:\n  - type: {textField: Username, text: zoe}\n  - tap: Nowhere\n  - back\n")
        let server = Self.server()
        defer { server.endSession() }
        let answer = try Self.call(server, "start_session", #"{"flow":"\#(workspace.folder.path)/Flows/stops.yaml"}"#)
        #expect(answer.isError)
        #expect(answer.text.hasPrefix("✓ type: {textField: Username, text: zoe}\n✗ tap: tap element \"Nowhere\" failed: "), "\(answer.text)")
        #expect(answer.text.contains("\nthe flow stopped at its step 2\n\n── Login"), "\(answer.text)")
    }

    /// A start that cannot open ends the session before it all the same (as said: "ending any
    /// session before"), and says why.
    @Test func aStartThatCannotOpenHasEndedTheSessionBefore() throws {
        let server = Self.server()
        defer { server.endSession() }
        #expect(try !Self.call(server, "start_session").isError)
        let failed = try Self.call(server, "start_session", #"{"fixture":"nosuch"}"#)
        #expect(failed.isError && failed.text.hasPrefix("cannot start: "), "\(failed.text)")
        #expect(try Self.call(server, "list_steps") == .error("no session: call start_session first"))
    }

    /// A secret that JSON writes escaped (a quote, a backslash) is masked in read_screen's JSON
    /// too: the screen is masked field by field before it is encoded, as `flow inspect --json` does.
    @Test func aSecretJSONWouldEscapeIsMaskedInTheScreensJSON() throws {
        var scheme = FlowWorkspace.scheme
        let secret = #"pa"ss\wd9"#
        scheme.variables["my.secret"] = secret
        let server = FlowMCPServer(project: .init(scheme: scheme, variables: scheme.variables, catalog: WorkPhotosCatalog.catalog,
                                                  flows: [FlowWorkspace.repository.appendingPathComponent("Flows").path]))
        defer { server.endSession() }
        #expect(try !Self.call(server, "start_session").isError)
        let typed = try Self.call(server, "run_step", #"{"step":"type Username pa\"ss\\wd9"}"#)
        #expect(!typed.isError, "\(typed.text)")
        for arguments in [#"{"json":true}"#, "{}"] {
            let screen = try Self.call(server, "read_screen", arguments)
            #expect(!screen.isError)
            for shown in [secret, #"pa\"ss\\wd9"#, "wd9"] { #expect(!screen.text.contains(shown), "\(arguments): \(screen.text)") }
            #expect(screen.text.contains(Element.secureMask), "\(arguments): \(screen.text)")
        }
        let json = try Self.call(server, "read_screen", #"{"json":true}"#).text
        #expect(json.hasPrefix("{\n  \"elements\" : ["), "the protocol's screen object, pretty-printed: \(json.prefix(80))")
    }

    @Test func aLineOverTheLimitIsAnsweredWithItsSizeAndWhatToSend() {
        #expect(FlowMCPServer.overlong(20_000_000).message
                == "invalid request: a line of 20000000 bytes, over this server's limit of 16777216 (16 MiB): it was dropped unread; send one message a line")
        #expect(FlowMCPServer.overlong(20_000_000).code == -32600)
    }

    /// A batch's answers are written one at a time; once a write fails (the client is gone), the
    /// rest are not written and the server is told to stop.
    @Test func aBatchStopsAtTheFirstAnswerThatCannotBeWritten() throws {
        let server = Self.server()
        let line = Array(#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#.utf8)
        var writes = 0
        #expect(!server.answer(toLine: line) { _ in
            writes += 1
            return false
        })
        #expect(writes == 1)
        var written: [UInt8] = []
        #expect(server.answer(toLine: line) { written += $0; return true })
        #expect(String(decoding: written, as: UTF8.self) == #"[{"id":1,"jsonrpc":"2.0","result":{}},{"id":2,"jsonrpc":"2.0","result":{}}]"# + "\n")
    }

    // MARK: - Helpers

    @Test func exploreAppAnswersInAFewLinesByDefaultAndWithTheWholeMapOnRequest() throws {
        let server = Self.server()
        let arguments = #"{"from":"Login.login","max_actions":40,"walks":3,"walk_length":5,"seed":5"#
        let compact = try Self.call(server, "explore_app", arguments + "}")
        #expect(!compact.isError, "\(compact.text)")
        let lines = compact.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("explored in ") == true, "\(compact.text)")
        #expect(lines.contains { $0.hasPrefix("  seed              5 (--seed 5 walks the same walks again)") }, "\(compact.text)")
        #expect(lines.contains("screens (id \"title\" depth: action → where it led):"), "\(compact.text)")
        let screens = lines.filter { $0.range(of: #"^s[0-9]+ ""#, options: .regularExpression) != nil }
        #expect(screens.first?.hasPrefix("s1 \"At a glance\" 0: answer ") == true, "a line a screen, the first signed in (the photos question up): \(screens)")
        #expect(!compact.text.contains("\"transitions\""), "no JSON")
        let whole = try Self.call(server, "explore_app", arguments + #","whole_map":true}"#)
        #expect(!whole.isError)
        let map = try JSONSerialization.jsonObject(with: Data(whole.text.utf8)) as? [String: Any]
        #expect(map?["format"] as? String == "flow-explore-map")
        #expect((map?["screens"] as? [Any])?.count == screens.count, "the same screens")
        #expect(compact.text.utf8.count * 4 < whole.text.utf8.count, "compact: \(compact.text.utf8.count) bytes, whole: \(whole.text.utf8.count)")
        for (bad, said) in [(#"{"walks":-1}"#, "explore_app: walks is -1: give 0 or more"), (#"{"walk_length":0}"#, "explore_app: walk_length is 0: give 1 or more"),
                            (#"{"seed":-3}"#, "explore_app: seed is -3: give 0 or more")] {
            #expect(try Self.call(server, "explore_app", bad) == .error(said))
        }
    }

    /// With `out`, explore_app writes the crawl there as `explore --out` does, and each finding's
    /// line is the command that runs its flow from the server's folder; an `out` that cannot be a
    /// folder is refused before anything is launched.
    @Test func exploreAppWithOutWritesTheCrawlAndSaysTheCommandThatRunsEachFlow() throws {
        let sample = Scheme(name: "sample", app: FlowWorkspace.binaries.appendingPathComponent("explore-sample").path,
                            launch: LaunchSettings(arguments: ["-sample.bugs", "exit"]))
        let server = FlowMCPServer(project: .init(scheme: sample, variables: [:], catalog: RobotCatalog([]), flows: [], runner: .standard,
                                                  propertyWorker: PropertyWorkerLaunch(executable: FlowWorkspace.binaries.appendingPathComponent("flow").path)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("crawl out").path
        let answer = try Self.call(server, "explore_app", #"{"walks":0,"out":"\#(out)"}"#)
        #expect(!answer.isError, "\(answer.text)")
        let command = try #require(answer.text.split(separator: "\n").first { $0.hasPrefix("  run: ") }, "\(answer.text)")
        #expect(command == "  run: flow run '\(out)/findings/01-exit-menu.yaml'", "the folder given, quoted for a shell: \(command)")
        #expect(FileManager.default.fileExists(atPath: out + "/findings/01-exit-menu.yaml") && FileManager.default.fileExists(atPath: out + "/map.json"))
        try "taken".write(toFile: folder.appendingPathComponent("file").path, atomically: true, encoding: .utf8)
        let refused = try Self.call(server, "explore_app", #"{"walks":0,"out":"\#(folder.appendingPathComponent("file").path)"}"#)
        #expect(refused.isError && refused.text.hasPrefix("explore_app: out "), "\(refused.text)")
    }

    static func server(runner: RunnerIdentity = .standard) -> FlowMCPServer {
        // The properties are checked in `flow`'s workers: its catalog is WorkPhotos'.
        FlowMCPServer(project: .init(scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, catalog: WorkPhotosCatalog.catalog,
                                     flows: [FlowWorkspace.repository.appendingPathComponent("Flows").path], runner: runner,
                                     propertyWorker: PropertyWorkerLaunch(executable: FlowWorkspace.binaries.appendingPathComponent("flow").path)))
    }

    /// The answers to one line, each parsed (a batch's answer is one array).
    static func ask(_ server: FlowMCPServer, _ line: String) -> [JSONValue] {
        var written: [UInt8] = []
        _ = server.answer(toLine: Array(line.utf8)) { bytes in
            written += bytes
            return true
        }
        return written.split(separator: 0x0A).compactMap { try? JSONParser.parse(Array($0)).get() }
    }

    static func call(_ server: FlowMCPServer, _ tool: String, _ arguments: String = "{}") throws -> ToolAnswer {
        let answer = try #require(ask(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#).first)
        guard case let .array(content)? = answer["result"]?["content"], case let .string(text)? = content.first?["text"],
              case let .bool(isError)? = answer["result"]?["isError"] else {
            Issue.record("not a tool's answer: \(answer)")
            return .error("")
        }
        return ToolAnswer(text: text, isError: isError)
    }
}
