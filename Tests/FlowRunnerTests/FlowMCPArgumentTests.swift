import Foundation
import Testing
import FlowRunner
import WorkPhotosRobots
@testable import FlowMCP

/// Every tool argument is checked against its declaration before the tool runs: its type, NUL
/// (and, in a path, any control character), what a path names, unknown and missing names. A call
/// refused this way writes nothing and starts nothing.
@Suite(.timeLimit(.minutes(5)))
struct FlowMCPArgumentTests {
    @Test func aNulInAPathOrANameIsRefusedAndNothingIsWritten() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        #expect(process.call("start_session")?.isError == false)
        #expect(process.call("run_step", #"{"step":"Login.login"}"#)?.isError == false)

        let nul = try #require(process.call("save_flow", #"{"file":"out/a\u0000b.yaml","name":"n"}"#))
        let newline = try #require(process.call("save_flow", #"{"file":"out/a\nb.yaml","name":"n"}"#))
        let name = try #require(process.call("save_flow", #"{"file":"out/c.yaml","name":"a\u0000b"}"#))
        process.closeInput()
        #expect(process.waitForExit() == (0, false))

        #expect(nul.isError && nul.text == #"save_flow: "file" names out/a\u{0}b.yaml: the path holds a NUL character (U+0000) at character 6: give a path without one"#,
                "\(nul.text)")
        #expect(newline.isError && newline.text == #"save_flow: "file" names out/a\nb.yaml: the path holds a control character (U+000A) at character 6: give a path without one"#,
                "\(newline.text)")
        #expect(name.isError && name.text == #"save_flow: "name" holds a NUL character (U+0000) at character 2: remove it"#, "\(name.text)")
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("out").path), "nothing written, no folder made")
    }

    @Test func startSessionRefusesANumberAsFixtureAndStartsNoApp() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        let answer = try #require(process.call("start_session", #"{"fixture":42}"#))
        #expect(answer.isError && answer.text.hasPrefix(#"start_session: "fixture" is a number (42): give a string, a fixture of the scheme's seeds folder"#), "\(answer.text)")
        #expect(process.children.isEmpty, "no app started")
        process.closeInput()
        #expect(process.waitForExit() == (0, false))
    }

    /// Every argument of every tool, given each JSON kind it is not: refused, naming it and what to give.
    @Test func everyArgumentOfEveryToolIsCheckedAgainstItsType() throws {
        let server = FlowMCPServer(project: .init(scheme: FlowWorkspace.scheme, variables: [:], catalog: WorkPhotosCatalog.catalog))
        var checked = 0
        for tool in FlowMCPServer.tools {
            for argument in tool.arguments {
                for wrong in Self.values where !Self.fits(wrong, argument.schema) {
                    let answer = tool.call(server, [argument.name: wrong])
                    #expect(answer.isError && answer.text.contains("\(tool.name): \"\(argument.name)\""), "\(tool.name) \(argument.name) \(wrong): \(answer.text)")
                    checked += 1
                }
            }
        }
        #expect(checked > 60)
    }

    @Test func unknownArgumentsAreRefusedWithTheNearestNameAndMissingOnesNamed() throws {
        let server = FlowMCPServer(project: .init(scheme: FlowWorkspace.scheme, variables: [:], catalog: WorkPhotosCatalog.catalog))
        let tool = try #require(FlowMCPServer.tools.first { $0.name == "save_flow" })
        let answer = tool.call(server, ["fiel": .string("a.yaml"), "zzz": .bool(true)])
        #expect(answer == .error("""
            save_flow: unknown argument "fiel" (did you mean "file"?); save_flow takes file, name
            save_flow: unknown argument "zzz"; save_flow takes file, name
            save_flow: "file" is missing: give a string (a path), the flow file to write, such as Flows/new.yaml
            save_flow: "name" is missing: give a string, what the flow checks
            """))
    }

    @Test func integersAreWholeNumbersAnIntHolds() throws {
        let until = ToolArgument<Int?>.integer("until", "N")
        #expect(try until.read(.number("3")) == 3)
        #expect(try until.read(.number("3.0")) == 3, "3.0 is an integer to JSON Schema")
        #expect(try until.read(.number("-2e1")) == -20)
        #expect(throws: ArgumentProblem(message: #""until" is 1.5, not an integer: give a whole number"#)) { try until.read(.number("1.5")) }
        #expect(throws: ArgumentProblem(message: #""until" is 1e30, too large an integer: give a smaller one"#)) { try until.read(.number("1e30")) }
        #expect(throws: ArgumentProblem(message: #""until" is 9223372036854775808, too large an integer: give a smaller one"#)) {
            try until.read(.number("9223372036854775808"))
        }
        #expect(throws: ArgumentProblem(message: #""until" is a string: give an integer, N"#)) { try until.read(.string("hunter2Zq")) }
    }

    /// A value of the wrong kind is said with its kind (a number or a boolean shown, a string
    /// never: it may be a secret), and what to give: for an item of an array, what an item is.
    @Test func aValueOfTheWrongKindSaysWhatItIsAndWhatToGive() throws {
        let name = ToolArgument<String?>.text("name", "what the flow checks")
        #expect(throws: ArgumentProblem(message: #""name" is a boolean (true): give a string, what the flow checks"#)) { try name.read(.bool(true)) }
        #expect(throws: ArgumentProblem(message: #""name" is a boolean (false): give a string, what the flow checks"#)) { try name.read(.bool(false)) }
        let tags = ToolArgument<[String]?>.texts("tags", "only flows with one of these tags")
        #expect(throws: ArgumentProblem(message: #""tags" item 2 is a number (7): give a string, only flows with one of these tags"#)) {
            try tags.read(.array([.string("smoke"), .number("7")]))
        }
        let paths = ToolArgument<[String]?>.paths("paths", .read, "flow files or folders")
        #expect(throws: ArgumentProblem(message: #""paths" item 1 is a boolean (true): give a string (a path), flow files or folders"#)) {
            try paths.read(.array([.bool(true)]))
        }
        #expect(throws: ArgumentProblem(message: #""paths" is a string: give an array of strings (paths), flow files or folders"#)) {
            try paths.read(.string("hunter2Zq"))
        }
    }

    /// A FIFO with no writer would block a read for ever, /dev/zero never ends, and a rename
    /// over a folder or a device is no save: each is refused before the tool runs, by the
    /// runner's own reader and writer (`InputFile.check`, `OutputFile.check`), in their words.
    /// A link to a file is saved through, as studio's `:save` does (this server refused it).
    @Test func pathsThatNameNoFileTheToolCanUseAreRefused() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let folder = workspace.folder.path
        #expect(mkfifo(folder + "/pipe.yaml", 0o600) == 0)
        try workspace.write("real.yaml", "kept\n")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.yaml", withDestinationPath: "real.yaml")
        let process = try MCPServerProcess(in: workspace)
        #expect(process.call("start_session")?.isError == false)
        #expect(process.call("run_step", #"{"step":"Login.login"}"#)?.isError == false)

        var cases: [(tool: String, arguments: String, expected: String)] = [
            ("start_session", #"{"flow":"pipe.yaml"}"#, #"start_session: "flow" names pipe.yaml: it is a FIFO (named pipe), not a regular file"#),
            ("start_session", #"{"flow":"/dev/zero"}"#, #"start_session: "flow" names /dev/zero: it is a character device, not a regular file"#),
            ("list_flows", #"{"paths":["Flows","pipe.yaml"]}"#, #"list_flows: "paths" item 2 names pipe.yaml: it is a FIFO (named pipe)"#),
            ("run_flows", #"{"paths":[""]}"#, #"run_flows: "paths" item 1 names "": the path is empty: give a path"#),
            ("save_flow", #"{"file":"Flows","name":"n"}"#,
             #"save_flow: "file" names Flows: it is a folder, not a regular file, and would be replaced: give a file's path inside it"#),
            ("save_flow", #"{"file":"pipe.yaml","name":"n"}"#, #"save_flow: "file" names pipe.yaml: it is a FIFO (named pipe), not a regular file, and would be replaced"#),
            ("save_flow", #"{"file":"new/../real.yaml/x.yaml","name":"n"}"#,
             #"save_flow: "file" names new/../real.yaml/x.yaml: a .. comes after new, a folder that is not there yet: give the path without .."#),
        ]
        // Never the system's /dev/null as a save's target: a writer that wrongly renamed over it would replace it.
        if Folder.canMakeDevices, Folder(url: workspace.folder).makeNullDevice("null") {
            cases.append(("save_flow", #"{"file":"null","name":"n"}"#, #"save_flow: "file" names null: it is a character device, not a regular file, and would be replaced"#))
        }
        for (tool, arguments, expected) in cases {
            let answer = try #require(process.call(tool, arguments), "\(tool) \(arguments)")
            #expect(answer.isError && answer.text.hasPrefix(expected), "\(tool) \(arguments): \(answer.text)")
        }
        let throughTheLink = try #require(process.call("save_flow", #"{"file":"link.yaml","name":"Linked"}"#))
        process.closeInput()
        #expect(process.waitForExit() == (0, false))
        #expect(!throughTheLink.isError && throughTheLink.text == "saved 1 step to link.yaml; it passes lint", "\(throughTheLink.text)")
        #expect(try workspace.read("real.yaml").contains("name: Linked\n"), "the link's file is written")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.yaml")) == "real.yaml", "the link is still a link")
        #expect(InputFile.kind(folder + "/new") == nil, "no folder was made for the refused path")
        #expect(!Folder.canMakeDevices || InputFile.kind(folder + "/null") == .characterDevice, "the device is still a device")
    }

    @Test func untilIsCheckedBySessionStartAsBefore() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/one.yaml", "name: One\nsteps:\n  - Login.login\n")
        let process = try MCPServerProcess(in: workspace)
        let withoutFlow = try #require(process.call("start_session", #"{"until":1}"#))
        let beyond = try #require(process.call("start_session", #"{"flow":"Flows/one.yaml","until":2}"#))
        process.closeInput()
        #expect(process.waitForExit() == (0, false))
        #expect(withoutFlow.isError && withoutFlow.text == "until goes with a flow to start from", "\(withoutFlow.text)")
        #expect(beyond.isError && beyond.text == "until 2: Flows/one.yaml has 1 step", "\(beyond.text)")
    }

    @Test func aRefusedStartSessionKeepsTheSessionItWouldReplace() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        #expect(process.call("start_session")?.isError == false)
        #expect(process.call("run_step", #"{"step":"Login.login"}"#)?.isError == false)
        let refused = try #require(process.call("start_session", #"{"flow":"Flows/none.yaml"}"#))
        let steps = try #require(process.call("list_steps"))
        process.closeInput()
        #expect(process.waitForExit() == (0, false))
        #expect(refused.isError)
        #expect(!steps.isError && steps.text == "1. Login.login", "\(steps.text)")
    }

    /// The rules of a flow's name are the session's, as studio's `:save` has them (StudioTests).
    @Test func aFlowIsNotSavedWithASecretInItsNameNorWithoutOne() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        #expect(process.call("start_session")?.isError == false)
        #expect(process.call("run_step", #"{"step":"Login.login"}"#)?.isError == false)
        let answer = try #require(process.call("save_flow", #"{"file":"saved.yaml","name":"Signs in with 1234"}"#))
        for name in ["", "   "] {
            let empty = try #require(process.call("save_flow", #"{"file":"saved.yaml","name":"\#(name)"}"#))
            #expect(empty.isError && empty.text == "not saved: the flow's name is empty: give one that says what the flow checks", "\(empty.text)")
        }
        process.closeInput()
        #expect(process.waitForExit() == (0, false))
        #expect(answer.isError && answer.text.hasPrefix("not saved: the flow's name holds the value of a secret (that of ${test.password})"), "\(answer.text)")
        #expect(!answer.text.contains("1234"))
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("saved.yaml").path))
    }

    @Test func theSchemaOfEachToolComesFromItsArguments() throws {
        let listed = try #require(FlowMCPServer.tools.first { $0.name == "start_session" }?.listed)
        #expect(listed["inputSchema"] == .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "properties": .object([
                "fixture": .object(["type": .string("string"), "description": .string("a fixture of the scheme's seeds folder (default: the flow's, or default)")]),
                "flow": .object(["type": .string("string"), "description": .string("a flow file to start from")]),
                "until": .object(["type": .string("integer"), "description": .string("with flow: run only its first N steps")]),
            ]),
        ]), "no required list when nothing is required")
        let tags = try #require(FlowMCPServer.tools.first { $0.name == "run_flows" }?.listed["inputSchema"]?["properties"]?["tags"])
        #expect(tags == .object(["type": .string("array"), "items": .object(["type": .string("string")]), "description": .string("only flows with one of these tags")]))
    }

    // MARK: - Helpers

    /// A value of each JSON kind, and the edge of each.
    static let values: [JSONValue] = [
        .null, .bool(true), .number("1"), .number("1.5"), .number("-1e999"), .string(""), .string("x"), .array([]), .array([.number("1")]),
        .array([.null]), .object([:]), .object(["a": .string("b")]),
    ]

    /// Whether `value` is of the type `schema` declares (arrays: of strings).
    static func fits(_ value: JSONValue, _ schema: JSONValue) -> Bool {
        switch (schema["type"], value) {
        case (.string("string"), .string): true
        case (.string("boolean"), .bool): true
        case (.string("integer"), .number("1")): true
        case let (.string("array"), .array(items)): items.allSatisfy { if case .string = $0 { true } else { false } }
        default: false
        }
    }
}
