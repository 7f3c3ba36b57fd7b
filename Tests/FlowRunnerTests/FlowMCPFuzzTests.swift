import Foundation
import Testing
import FlowRunner
@testable import FlowMCP

/// Kept hostile testing of the built `flow mcp`: a few hundred generated inputs from a fixed seed
/// (malformed and truncated JSON, non-UTF-8, odd ids, every argument of every tool given every
/// wrong type, huge and empty values, NUL and control characters in paths, paths that are
/// folders, devices, a FIFO or a symbolic link, a 32 MiB line) around a session on a private
/// scheme whose password is typed, read and saved. Every request gets exactly one answer with
/// its id (null for what cannot be read), in order; the server exits 0 at the end of its input;
/// no answer holds the secret; nothing is written but the one good save; memory stays bounded.
@Suite(.timeLimit(.minutes(5)))
struct FlowMCPFuzzTests {
    static let secret = "hunter2Zq"
    static let seed: UInt64 = 0x5EED_F10E

    @Test func hostileInputsGetOneAnswerEachAndNeverTheSecret() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let before = Self.files(in: workspace.folder)
        var generator = HostileInputs(seed: Self.seed, folder: workspace.folder.path)
        let probes = generator.probes()
        let process = try MCPServerProcess(in: workspace)
        let start = ContinuousClock.now

        // All but the end is fed at once, from a thread of its own (answers may fill the pipe first).
        process.feed(probes.flatMap { $0.line + [0x0A] } + Array(#"{"jsonrpc":"2.0","id":"end","method":"ping"}"#.utf8) + [0x0A], close: false)
        var answers: [String] = []
        while let answer = process.answer() {
            answers.append(answer)
            if answer == #"{"id":"end","jsonrpc":"2.0","result":{}}"# { break }
        }
        let peak = process.peakMemory
        process.closeInput()
        answers += process.remainingAnswers()
        let ending = process.waitForExit()
        let elapsed = ContinuousClock.now - start

        let expected = probes.filter { $0.expected != nil }
        #expect(ending == (0, false), "exits 0 at the end of its input, not killed by a signal")
        #expect(answers.count == expected.count + 1, "one answer per request: \(answers.count) for \(expected.count + 1)")
        for (answer, probe) in zip(answers, expected) {
            guard let expectation = probe.expected else { continue }
            let value = FlowMCPProtocolTests.parsed(answer)
            // Foundation reads no number beyond a Double (an id of 1e400, echoed as sent): our own strict reader checks those.
            if case let .number(literal)? = value?["id"], Double(literal)?.isFinite != true {
                #expect(value != nil, "\(probe.what): not JSON: \(answer)")
            } else {
                #expect((try? JSONSerialization.jsonObject(with: Data(answer.utf8))) != nil, "\(probe.what): not JSON: \(answer)")
            }
            switch expectation.outcome {
            case .batch: break  // an array: the ids are its items'
            default: #expect(value?["id"] == expectation.id, "\(probe.what) → \(answer.prefix(300))")
            }
            switch expectation.outcome {
            case let .error(code): #expect(value?["error"]?["code"] == .number(String(code)), "\(probe.what) → \(answer.prefix(300))")
            case let .tool(isError): #expect(value?["result"]?["isError"] == .bool(isError), "\(probe.what) → \(answer.prefix(300))")
            case let .batch(ids):
                guard case let .array(items)? = value else { Issue.record("\(probe.what): no array: \(answer)"); continue }
                #expect(items.map { $0["id"] } == ids, "\(probe.what) → \(answer)")
            case .result: #expect(value?["result"] != nil, "\(probe.what) → \(answer.prefix(300))")
            }
        }
        #expect(!answers.contains { $0.contains(Self.secret) }, "no answer holds the secret")

        let saved = try workspace.read("saved/good.yaml")
        #expect(saved.contains("${test.password}") && !saved.contains(Self.secret), "\(saved)")
        #expect(saved.contains(#"value: "${test.password}""#), "the check on the secret's value is saved with the variable: \(saved)")
        #expect(Self.files(in: workspace.folder) == before.union(["saved", "saved/good.yaml"]), "nothing else written")
        #expect(try workspace.read("real.yaml").contains("name: Through a link\n"), "the link's file is written through it")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: workspace.folder.path + "/link.yaml")) == "real.yaml", "the link stays")
        #expect(!Folder.canMakeDevices || InputFile.kind(workspace.folder.path + "/null") == .characterDevice, "the device is still a device")
        // The server's own ~30 MiB; a line's buffer, at most the 16 MiB limit (the 32 MiB line is
        // dropped there), its doubling growth briefly holding the half it grew from; the strings
        // parsed from a line under the limit, at most the limit again; slack for the allocator.
        let bound = 2 * (FlowMCPServer.lineLimit >> 10) + 48 * 1024
        #expect((peak ?? .max) < bound, "peak memory \(peak ?? -1) KiB, bound \(bound) KiB")
        print("flow mcp fuzz: \(probes.count) inputs, \(expected.count) requests, \(answers.count) answers, exit \(ending.status), "
            + "peak \(peak ?? -1) KiB, \(elapsed)")
    }

    // MARK: - The workspace

    /// A workspace with a private scheme whose password is the secret, a flow that leaks it if
    /// nothing masks it, a FIFO, a symbolic link and the file it points to.
    static func workspace() throws -> FlowWorkspace {
        let workspace = try FlowWorkspace()
        try workspace.write("Flows/schemes/default.private.yaml", "variables: {test.password: {secret: \"\(secret)\"}}\n")
        try workspace.write("Flows/leak.yaml", """
            name: Leak \(secret)
            steps:
              - type: {textField: Username, text: "${test.password}"}
              - assertVisible: {staticText: "${test.password}"}
            """)
        try workspace.write("real.yaml", "kept\n")
        try FileManager.default.createSymbolicLink(atPath: workspace.folder.path + "/link.yaml", withDestinationPath: "real.yaml")
        guard mkfifo(workspace.folder.path + "/fifo.yaml", 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        // Never the system's /dev/null as a save's target: a writer that wrongly renamed over it
        // (as the server did) would replace it. A device of the test's own (as root), else a file.
        if !(Folder.canMakeDevices && Folder(url: workspace.folder).makeNullDevice("null")) { try workspace.write("null", "") }
        return workspace
    }

    /// Every path under `folder`, relative to it.
    static func files(in folder: URL) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
    }
}

/// One line fed to the server, and what must come back for it (nil: nothing).
struct MCPProbe {
    struct Expectation {
        let id: JSONValue
        let outcome: Outcome
    }

    enum Outcome {
        /// A JSON-RPC error with this code.
        case error(Int)
        /// A tools/call result, an error for the agent or not.
        case tool(isError: Bool)
        /// Any result.
        case result
        /// A batch's answers, with these ids.
        case batch([JSONValue])
    }

    let line: [UInt8]
    let expected: Expectation?
    let what: String
}

/// The hostile inputs, from a seeded generator (SplitMix64): the same few hundred every run.
struct HostileInputs {
    private var state: UInt64
    private let folder: String
    private var next = 0

    init(seed: UInt64, folder: String) {
        state = seed
        self.folder = folder
    }

    private mutating func random() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(random() % UInt64(bound)) }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    private mutating func id() -> Int {
        next += 1
        return next
    }

    static let secret = FlowMCPFuzzTests.secret

    /// The session first (so that hostile saves have steps they could write), the hostile inputs
    /// shuffled, then the reads and the one good save.
    mutating func probes() -> [MCPProbe] {
        var hostile = wrongTypes() + unknownAndMissing() + badStrings() + specialPaths() + malformed() + ids() + silent() + secrets() + large() + batches()
        for index in hostile.indices.reversed() { hostile.swapAt(index, below(index + 1)) }
        return preamble() + hostile + tail()
    }

    // MARK: - Requests

    private mutating func request(_ method: String, _ params: String? = nil, id: String) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(params.map { #","params":\#($0)"# } ?? "")}"#.utf8)
    }

    private mutating func call(_ tool: String, _ arguments: String, isError: Bool, _ what: String) -> MCPProbe {
        let id = id()
        return MCPProbe(line: request("tools/call", #"{"name":"\#(tool)","arguments":\#(arguments)}"#, id: String(id)),
                     expected: .init(id: .number(String(id)), outcome: .tool(isError: isError)), what: what)
    }

    private mutating func preamble() -> [MCPProbe] {
        [
            MCPProbe(line: request("initialize", #"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}"#, id: #""init""#),
                  expected: .init(id: .string("init"), outcome: .result), what: "initialize"),
            MCPProbe(line: Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8), expected: nil, what: "initialized"),
            call("start_session", "{}", isError: false, "start_session"),
            call("run_step", #"{"step":"type Username \#(Self.secret)"}"#, isError: false, "the secret typed in clear"),
            call("run_step", #"{"step":"type Password \#(Self.secret)"}"#, isError: false, "the secret typed in a secure field"),
            // A check that names the secret as a field's value: saved, it must name the variable.
            call("run_step", #"{"step":"assertVisible: {textField: Username, value: \#(Self.secret)}"}"#, isError: false, "a check on the secret's value"),
        ]
    }

    private mutating func tail() -> [MCPProbe] {
        [
            call("read_screen", "{}", isError: false, "read_screen"),
            call("read_screen", #"{"json":true}"#, isError: false, "read_screen json"),
            call("list_steps", "{}", isError: false, "list_steps"),
            call("save_flow", #"{"file":"saved/good.yaml","name":"Typed \#(Self.secret)"}"#, isError: true, "a name holding the secret"),
            call("save_flow", #"{"file":"saved/good.yaml","name":"Types the password"}"#, isError: false, "the good save"),
            call("save_flow", #"{"file":"link.yaml","name":"Through a link"}"#, isError: false, "a save through a link to a file, as studio's"),
            call("list_flows", #"{"paths":["Flows"]}"#, isError: false, "list_flows with a flow named with the secret"),
            call("run_flows", #"{"paths":["Flows/leak.yaml"]}"#, isError: true, "run_flows on a flow that fails on the secret"),
            call("end_session", "{}", isError: false, "end_session"),
        ]
    }

    // MARK: - Hostile arguments

    /// A value of each JSON kind, as written in a request, with the kinds it fits.
    static let values: [(json: String, fits: Set<String>)] = [
        ("null", []), ("true", ["boolean"]), ("false", ["boolean"]), ("0", ["integer"]), ("-1", ["integer"]), ("1.5", []), ("1e400", []),
        ("9223372036854775808", []), ("-0.0", ["integer"]), (#""""#, ["string"]), (#""x""#, ["string"]), ("[]", ["array"]), ("[1]", []),
        (#"["a",2]"#, []), (#"[["a"]]"#, []), ("{}", []), (#"{"a":1}"#, []),
    ]

    /// Every argument of every tool, given every value of a kind it does not take.
    private mutating func wrongTypes() -> [MCPProbe] {
        var probes: [MCPProbe] = []
        for tool in FlowMCPServer.tools {
            for argument in tool.arguments {
                guard case let .string(type)? = argument.schema["type"] else { continue }
                for value in Self.values where !value.fits.contains(type) {
                    probes.append(call(tool.name, #"{"\#(argument.name)":\#(value.json)}"#, isError: true, "\(tool.name) \(argument.name): \(value.json)"))
                }
            }
        }
        return probes
    }

    private mutating func unknownAndMissing() -> [MCPProbe] {
        var probes: [MCPProbe] = []
        for tool in FlowMCPServer.tools {
            let near = tool.arguments.first.map { String($0.name.dropLast()) } ?? "x"
            probes.append(call(tool.name, #"{"\#(near)":"x"}"#, isError: true, "\(tool.name): unknown argument \(near)"))
            probes.append(call(tool.name, #"{"\#(Self.secret)":1}"#, isError: true, "\(tool.name): an argument named the secret"))
            if tool.arguments.contains(where: \.required) {
                probes.append(call(tool.name, "{}", isError: true, "\(tool.name): required arguments missing"))
            }
        }
        return probes
    }

    /// NUL in every string argument, and control characters in every path.
    private mutating func badStrings() -> [MCPProbe] {
        var probes: [MCPProbe] = []
        let controls = [#"\u0000"#, #"\n"#, #"\r"#, #"\t"#, #"\u001b"#, #"\u007f"#, #"\u0085"#]
        for tool in FlowMCPServer.tools {
            for argument in tool.arguments {
                guard case let .string(type)? = argument.schema["type"] else { continue }
                let isPath = switch argument.kind { case .path, .paths: true; default: false }
                for control in isPath ? controls : [controls[0]] {
                    let text = #""a\#(control)b.yaml""#
                    let value = type == "array" ? "[\(text)]" : text
                    probes.append(call(tool.name, #"{"\#(argument.name)":\#(value)}"#, isError: true, "\(tool.name) \(argument.name) holds \(control)"))
                }
            }
        }
        return probes
    }

    /// Paths a tool may not read (a FIFO blocks, /dev/zero never ends) or write (a rename would
    /// replace a folder or a device; a folder on the way is a file or is climbed out of before it
    /// is made), and empty ones.
    private mutating func specialPaths() -> [MCPProbe] {
        var probes: [MCPProbe] = []
        for path in ["fifo.yaml", "/dev/zero", "/dev/null", "\(folder)/fifo.yaml", ""] {
            probes.append(call("start_session", #"{"flow":"\#(path)"}"#, isError: true, "start_session from \(path)"))
            probes.append(call("list_flows", #"{"paths":["Flows","\#(path)"]}"#, isError: true, "list_flows \(path)"))
            probes.append(call("run_flows", #"{"paths":["\#(path)"]}"#, isError: true, "run_flows \(path)"))
        }
        for path in ["Flows", "Flows/", ".", "/", "fifo.yaml", "", "/proc/self/status", "made/../real.yaml/x.yaml", "real.yaml/x.yaml", "made/deeper/../../x.yaml"] {
            probes.append(call("save_flow", #"{"file":"\#(path)","name":"n"}"#, isError: true, "save_flow to \(path)"))
        }
        // The workspace's own device (never the system's /dev/null): a rename would replace it.
        if Folder.canMakeDevices { probes.append(call("save_flow", #"{"file":"null","name":"n"}"#, isError: true, "save_flow to a device")) }
        probes.append(call("start_session", #"{"flow":"Flows"}"#, isError: true, "start_session from a folder"))
        probes.append(call("start_session", #"{"flow":"Flows/leak.yaml","until":-1}"#, isError: true, "until -1"))
        probes.append(call("start_session", #"{"flow":"Flows/leak.yaml","until":3}"#, isError: true, "until beyond the steps"))
        probes.append(call("start_session", #"{"until":1}"#, isError: true, "until without a flow"))
        return probes
    }

    // MARK: - Malformed lines

    private mutating func malformed() -> [MCPProbe] {
        var probes: [MCPProbe] = []
        let valid = Array(#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run_step","arguments":{"step":"tap Login"}}}"#.utf8)
        for _ in 0..<40 {
            let cut = 1 + below(valid.count - 1)
            probes.append(MCPProbe(line: Array(valid[..<cut]), expected: .init(id: .null, outcome: .error(-32700)), what: "truncated at \(cut)"))
        }
        for _ in 0..<15 {
            var line = valid
            line.insert(pick([0xFF, 0xC3, 0x80, 0xED, 0xF8]), at: 66 + below(10))  // inside the step's string
            probes.append(MCPProbe(line: line, expected: .init(id: .null, outcome: .error(-32700)), what: "non-UTF-8 in a string"))
        }
        let starts = Array("xyzXYZ@#%&*;:<>?!~`=_)}]".utf8)
        for _ in 0..<30 {
            let length = 1 + below(200)
            let line = [pick(starts)] + (0..<length).map { _ in UInt8(0x20 + below(0x5F)) }
            probes.append(MCPProbe(line: line, expected: .init(id: .null, outcome: .error(-32700)), what: "junk \(String(decoding: line.prefix(20), as: UTF8.self))"))
        }
        for line in [
            String(repeating: "[", count: 100_000), String(repeating: #"{"a":"#, count: 1000), #"{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"\udc00"}"#, #"{"jsonrpc":"2.0","id":4,"method":"ping"}}"#, "\u{FEFF}{}", #"{"a":01}"#, #"{"a":-}"#,
            #"{"a":1.}"#, #"{"a":"\x"}"#, #"{'a':1}"#, "[1,]", #"{"a":1,}"#,
        ] {
            probes.append(MCPProbe(line: Array(line.utf8), expected: .init(id: .null, outcome: .error(-32700)), what: "malformed \(line.prefix(40))"))
        }
        return probes
    }

    /// Valid ids of every form, echoed as written; invalid ones, answered with null.
    private mutating func ids() -> [MCPProbe] {
        var probes: [MCPProbe] = []
        let valid = ["0", "-0", "1.5", "9223372036854775808", "-9223372036854775809", "1e400", "1E-400", "0.000001", "123456789012345678901234567890",
                     #""""#, #""x""#, #""\u00e9""#, #""\ud83d\ude00""#, #""a\"b""#, #""\u2028""#]
        for id in valid {
            let answered = FlowMCPProtocolTests.parsed(id) ?? .null
            probes.append(MCPProbe(line: request("ping", id: id), expected: .init(id: answered, outcome: .result), what: "ping with id \(id)"))
        }
        for id in ["null", "true", "{}", "[]", #"{"id":1}"#, "[1,2]"] {
            probes.append(MCPProbe(line: request("ping", id: id), expected: .init(id: .null, outcome: .error(-32600)), what: "ping with id \(id)"))
        }
        for _ in 0..<10 {
            let id = id()
            let method = pick(["tools/lst", "resources/list", "prompts/get", "Ping", "", "initialize/", "notifications/initialized"])
            probes.append(MCPProbe(line: request(method, id: String(id)), expected: .init(id: .number(String(id)), outcome: .error(-32601)), what: "method \(method)"))
        }
        let id = id()
        probes.append(MCPProbe(line: request("initialize", #"{"protocolVersion":"2025-06-18"}"#, id: String(id)),
                            expected: .init(id: .number(String(id)), outcome: .error(-32600)), what: "initialize again"))
        return probes
    }

    /// Lines that get no answer: blank ones, notifications, the client's responses.
    private mutating func silent() -> [MCPProbe] {
        ["", " ", "\t\t", "\r", " \r", #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#,
         #"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"start_session"}}"#, #"{"jsonrpc":"2.0","id":9,"result":{}}"#,
         #"{"jsonrpc":"2.0","id":9,"error":{"code":1,"message":"m"}}"#, #"{"jsonrpc":"2.0","method":"x","params":[1]}"#]
            .map { MCPProbe(line: Array($0.utf8), expected: nil, what: "silent \($0)") }
    }

    /// Every place the secret might come back from: an unknown method, tool or argument, a step's
    /// error, a path's.
    private mutating func secrets() -> [MCPProbe] {
        let unknownMethod = id(), unknownTool = id()
        return [
            MCPProbe(line: request(Self.secret, id: String(unknownMethod)), expected: .init(id: .number(String(unknownMethod)), outcome: .error(-32601)),
                  what: "a method named the secret"),
            MCPProbe(line: request("tools/call", #"{"name":"\#(Self.secret)"}"#, id: String(unknownTool)),
                  expected: .init(id: .number(String(unknownTool)), outcome: .error(-32602)), what: "a tool named the secret"),
            call("run_step", #"{"step":"tap \#(Self.secret)"}"#, isError: true, "a step naming the secret"),
            call("run_step", #"{"step":"Login.typePassword: {password: \#(Self.secret), extra: 1}"}"#, isError: true, "a robot step with the secret"),
            call("run_step", #"{"step":"assertVisible: {staticText: \#(Self.secret)}"}"#, isError: true, "a failing check on the secret"),
            call("list_flows", #"{"paths":["\#(Self.secret).yaml"]}"#, isError: true, "a path named the secret"),
            call("start_session", #"{"fixture":"\#(Self.secret)","flow":"Flows/none.yaml"}"#, isError: true, "a fixture named the secret"),
        ]
    }

    /// Huge and empty values, and lines over the limit.
    private mutating func large() -> [MCPProbe] {
        let pingID = id()
        let big = id()
        return [
            MCPProbe(line: [UInt8](repeating: UInt8(ascii: "{"), count: 32 << 20), expected: .init(id: .null, outcome: .error(-32600)), what: "a 32 MiB line"),
            MCPProbe(line: request("ping", #"{"padding":"\#(String(repeating: "a", count: 10_000_000))"}"#, id: String(pingID)),
                  expected: .init(id: .number(String(pingID)), outcome: .result), what: "a 10 MB line"),
            MCPProbe(line: request("tools/call", #"{"name":"run_step","arguments":{"step":"\#(String(repeating: "x", count: 1_000_000))"}}"#, id: String(big)),
                  expected: .init(id: .number(String(big)), outcome: .tool(isError: true)), what: "a 1 MB step"),
            call("run_step", #"{"step":""}"#, isError: true, "an empty step"),
            call("run_step", #"{"step":"   "}"#, isError: true, "a blank step"),
            call("save_flow", #"{"file":"saved/empty-name.yaml","name":""}"#, isError: true, "an empty name"),
            call("save_flow", #"{"file":"\#(String(repeating: "d", count: 5000)).yaml","name":"n"}"#, isError: true, "a file name too long"),
            call("list_flows", #"{"paths":[\#(Array(repeating: #""nope""#, count: 2000).joined(separator: ","))]}"#, isError: true, "2000 paths"),
        ]
    }

    private mutating func batches() -> [MCPProbe] {
        [
            MCPProbe(line: Array(#"[{"jsonrpc":"2.0","id":"b1","method":"ping"},1,{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":"b2","method":"x"}]"#.utf8),
                  expected: .init(id: .null, outcome: .batch([.string("b1"), .null, .string("b2")])), what: "a batch"),
            MCPProbe(line: Array("[]".utf8), expected: .init(id: .null, outcome: .error(-32600)), what: "an empty batch"),
            MCPProbe(line: Array(#"[{"jsonrpc":"2.0","method":"notifications/initialized"}]"#.utf8), expected: nil, what: "a batch of notifications"),
        ]
    }
}
