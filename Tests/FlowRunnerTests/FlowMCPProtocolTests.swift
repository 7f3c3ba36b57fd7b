import Console
import Foundation
import Testing
@testable import FlowMCP

/// The built `flow mcp` read as JSON-RPC 2.0 and MCP's stdio transport say: every request read is
/// answered once, in order, with its id exactly as sent (null when none can be read); a
/// notification never is; long lines cost linear time and bounded memory; the app ends with the
/// server.
@Suite(.timeLimit(.minutes(5)))
struct FlowMCPProtocolTests {
    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#

    @Test func everyRequestReadIsAnsweredInOrderBeforeTheEndOfInput() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        // The last line has no newline: it is a message all the same.
        let input = Self.initialize + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"# + "\n" + #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#
        let output = try workspace.flow(["mcp"], input: input)

        let answers = output.stdout.split(separator: "\n").map { Self.parsed(String($0)) }
        #expect(answers.map { $0?["id"] } == [.number("1"), .number("2"), .number("3")], "\(output.stdout)")
        #expect(output.status == 0 && !output.signaled, "\(output.stderr)")
        guard let first = answers.first, case let .object(result)? = first?["result"] else { Issue.record("no initialize result: \(output.stdout)"); return }
        #expect(result["protocolVersion"] == .string("2025-06-18"))
        #expect(result["serverInfo"] == .object(["name": .string("flow"), "version": .string(FlowMCPServer.version)]))
    }

    @Test(arguments: [("2025-11-25", "2025-11-25"), ("2024-11-05", "2024-11-05"), ("2099-01-01", "2025-11-25"), ("", "2025-11-25")])
    func initializeNegotiatesTheProtocolVersion(asked: String, answered: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let output = try workspace.flow(["mcp"], input: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(asked)"}}"# + "\n")
        guard case let .object(result)? = Self.parsed(output.stdout)?["result"] else { Issue.record("no result: \(output.stdout)"); return }
        #expect(result["protocolVersion"] == .string(answered), "a version served is echoed, any other gets the newest served")
    }

    /// Numbers and strings are ids, echoed as sent; anything else is an invalid request answered
    /// with id null; a line that is not JSON is a parse error with id null.
    @Test func idsAreEchoedExactlyAndBadOnesAnsweredWithNull() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let cases: [(id: String, answered: String, code: Int?)] = [
            ("1", "1", nil), ("1.5", "1.5", nil), ("9223372036854775808", "9223372036854775808", nil), ("-0", "-0", nil),
            ("1e400", "1e400", nil), ("-12.5E-3", "-12.5E-3", nil), ("123456789012345678901234567890", "123456789012345678901234567890", nil),
            (#""x""#, #""x""#, nil), (#""""#, #""""#, nil), (#""\u00e9\n""#, #""é\n""#, nil),
            ("{}", "null", -32600), ("[1]", "null", -32600), ("null", "null", -32600), ("true", "null", -32600),
        ]
        let process = try MCPServerProcess(in: workspace)
        for (id, answered, code) in cases {
            process.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
            let answer = try #require(process.answer(), "no answer to the id \(id)")
            #expect(answer.hasPrefix(code.map { #"{"error":{"code":\#($0),"# } ?? #"{"id":\#(answered),"#), "id \(id): \(answer)")
            #expect(answer.contains(#""id":\#(answered),"#), "id \(id): \(answer)")
        }
        process.closeInput()
        #expect(process.waitForExit() == (0, false))
    }

    /// Each line with the answer it gets, in order; nil: no answer at all.
    static let messages: [(line: [UInt8], id: JSONValue, code: Int?)?] = {
        func line(_ text: String) -> [UInt8] { Array(text.utf8) }
        return [
            (line("{"), .null, -32700),
            (line(#"{"jsonrpc":"2.0","id":1,"method":"ping""#), .null, -32700),
            ([0xFF, 0xFE] + line(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#), .null, -32700),
            (line(#"{"jsonrpc":"2.0","id":3,"method":""#) + [0xC3, 0x28] + line(#""}"#), .null, -32700),
            (line(String(repeating: "[", count: 100_000)), .null, -32700),
            (line(#"{"jsonrpc":"2.0","id":4,"id":5,"method":"ping"}"#), .null, -32700),
            (line(#"{"jsonrpc":"2.0","id":6,"method":"\ud800"}"#), .null, -32700),
            (line(#"{"jsonrpc":"2.0","id":7,"method":"ping"} x"#), .null, -32700),
            (line("1"), .null, -32600),
            (line(#""ping""#), .null, -32600),
            (line("null"), .null, -32600),
            (line(#"{"jsonrpc":"1.0","id":8,"method":"ping"}"#), .number("8"), -32600),
            (line(#"{"id":9,"method":"ping"}"#), .number("9"), -32600),
            (line(#"{"jsonrpc":"2.0","id":10}"#), .number("10"), -32600),
            (line(#"{"jsonrpc":"2.0","id":11,"method":42}"#), .number("11"), -32600),
            (line(#"{"jsonrpc":"2.0","id":12,"method":"ping","params":"x"}"#), .number("12"), -32600),
            (line(#"{"jsonrpc":"2.0","id":13,"method":"ping","params":null}"#), .number("13"), -32600),
            (line(#"{"jsonrpc":"2.0","id":14,"method":"tools/list","params":[1]}"#), .number("14"), -32602),
            (line(#"{"jsonrpc":"2.0","id":15,"method":"tools/lst"}"#), .number("15"), -32601),
            (line(#"{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"nope"}}"#), .number("16"), -32602),
            (line(#"{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"list_steps","arguments":[1]}}"#), .number("17"), -32602),
            (line(#"{"jsonrpc":"2.0","id":18,"method":"initialize","params":{}}"#), .number("18"), -32602),
            (line(#"{"jsonrpc":"2.0","id":19,"method":"ping","params":{"_meta":{}},"extra":1e999999}"#), .number("19"), nil),
            // No message, or a notification, or the client's answer: no answer.
            nil, nil, nil, nil, nil, nil, nil,
            (line(#"{"jsonrpc":"2.0","id":20,"method":"ping"}"#), .number("20"), nil),
        ]
    }()

    static let silent: [[UInt8]] = [
        [], Array("   \t ".utf8), [0x0D],
        Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8),
        Array(#"{"jsonrpc":"2.0","method":"no/such/notification","params":[1]}"#.utf8),
        Array(#"{"jsonrpc":"2.0","id":5,"result":{}}"#.utf8),
        Array(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#.utf8),
    ]

    @Test func everyLineGetsItsDefinedAnswerOrNone() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        var silent = Self.silent.makeIterator()
        let lines = Self.messages.map { $0?.line ?? silent.next() ?? [] }
        let process = try MCPServerProcess(in: workspace)
        process.feed(lines.flatMap { $0 + [0x0A] })
        let answers = process.remainingAnswers()
        let expected = Self.messages.compactMap { $0 }

        #expect(answers.count == expected.count, "\(answers.joined(separator: "\n"))")
        for (answer, (line, id, code)) in zip(answers, expected) {
            let shown = String(decoding: line.prefix(80), as: UTF8.self)
            #expect((try? JSONSerialization.jsonObject(with: Data(answer.utf8))) != nil, "every answer is JSON: \(answer)")
            let value = Self.parsed(answer)
            #expect(value?["id"] == id, "\(shown) → \(answer)")
            if let code {
                #expect(value?["error"]?["code"] == .number(String(code)), "\(shown) → \(answer)")
            } else {
                #expect(value?["result"] != nil, "\(shown) → \(answer)")
            }
        }
        #expect(process.waitForExit() == (0, false))
    }

    @Test func aBatchIsAnsweredInOneArrayInOrder() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let input = [
            #"[{"jsonrpc":"2.0","id":"a","method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},7,{"jsonrpc":"2.0","id":"b","method":"nope"}]"#,
            #"[{"jsonrpc":"2.0","method":"notifications/initialized"}]"#,
            "[]",
            #"{"jsonrpc":"2.0","id":"c","method":"ping"}"#,
        ].joined(separator: "\n") + "\n"
        let output = try workspace.flow(["mcp"], input: input)
        let answers = output.stdout.split(separator: "\n").map { Self.parsed(String($0)) }

        #expect(answers.count == 3, "a batch of notifications only gets no answer: \(output.stdout)")
        guard case let .array(batch)?? = answers.first else { Issue.record("no batch answer: \(output.stdout)"); return }
        #expect(batch.map { $0["id"] } == [.string("a"), .null, .string("b")])
        #expect(batch.map { $0["error"]?["code"] } == [nil, .number("-32600"), .number("-32601")])
        #expect(answers.dropFirst().map { $0?["id"] } == [.null, .string("c")], "an empty batch is an invalid request")
    }

    // MARK: - Long lines

    @Test func aLongLineIsReadInLinearTime() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        let padding = String(repeating: "a", count: 10_000_000)
        let start = ContinuousClock.now
        process.send(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"padding":"\#(padding)"}}"#)
        let answer = process.answer()
        let elapsed = ContinuousClock.now - start

        #expect(answer == #"{"id":1,"jsonrpc":"2.0","result":{}}"#)
        // Quadratic reading took minutes for 10 MB; linear reading takes well under a second.
        #expect(elapsed < .seconds(10), "a 10 MB line took \(elapsed)")
        process.closeInput()
        #expect(process.waitForExit() == (0, false))
    }

    @Test func aLineOverTheLimitIsAnsweredAndDroppedInBoundedMemory() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        process.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        _ = process.answer()
        let before = try #require(process.peakMemory)

        process.send([UInt8](repeating: UInt8(ascii: "x"), count: 32 << 20) + [0x0A])
        let refused = try #require(process.answer())
        process.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        let after = try #require(process.answerValue())
        let growth = try #require(process.peakMemory) - before

        #expect(refused.hasPrefix(#"{"error":{"code":-32600,"message":"invalid request: a line of 33554432 bytes, over this server's limit of 16777216"#), "\(refused)")
        #expect(refused.hasSuffix(#""id":null,"jsonrpc":"2.0"}"#))
        #expect(after["id"] == .number("2"), "the next line is read as usual")
        // The line is kept only up to the limit, then dropped: the 64 KiB chunk and allocator
        // slack aside, the peak grows by the limit at most (measured: 16.3 MiB).
        #expect(growth < (FlowMCPServer.lineLimit >> 10) + 8 * 1024, "the peak memory grew by \(growth) KiB")
        process.closeInput()
        #expect(process.waitForExit() == (0, false))
    }

    // MARK: - The end

    @Test func theAppEndsAtTheEndOfInput() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        let started = try #require(process.call("start_session"))
        #expect(!started.isError, "\(started.text)")
        let apps = process.children
        #expect(apps.count == 1, "the session's app runs as the server's child")

        process.closeInput()
        #expect(process.waitForExit() == (0, false))
        #expect(apps.allSatisfy { !MCPServerProcess.isRunning($0) }, "the app ended with the server")
    }

    @Test func theAppEndsWhenTheClientClosesTheOutput() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        let started = try #require(process.call("start_session"))
        #expect(!started.isError, "\(started.text)")
        let apps = process.children

        process.closeOutput()
        process.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)  // its answer meets EPIPE
        #expect(process.waitForExit() == (0, false), "no SIGPIPE, no crash")
        #expect(!apps.isEmpty && apps.allSatisfy { !MCPServerProcess.isRunning($0) }, "the app ended with the server")
        process.closeInput()
    }

    @Test func aSignalEndsTheAppAndRemovesTheSessionsFiles() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace)
        let started = try #require(process.call("start_session"))
        #expect(!started.isError, "\(started.text)")
        let apps = process.children
        let files = { (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))?.filter { $0.hasPrefix("flow-run-\(process.pid)-") } ?? [] }
        #expect(!files().isEmpty, "the session's store is in a folder of the server's")

        kill(process.pid, SIGTERM)  // as an MCP client ends a server
        #expect(process.waitForExit() == (130, false), "interrupted, as flow run says it")
        #expect(!apps.isEmpty && apps.allSatisfy { !MCPServerProcess.isRunning($0) }, "the app ended with the server")
        #expect(files().isEmpty, "the session's files are removed")
        process.closeInput()
    }

    /// A client that shares its pipes with an event loop may leave them non-blocking: reads that
    /// find no input yet and writes that find the pipe full wait, they do not end the server.
    @Test func nonBlockingInputAndOutputAreWaitedOn() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = try MCPServerProcess(in: workspace, nonBlocking: true)
        let requests = (1...500).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"tools/list"}"# }  // some 2 MB of answers
        process.feed(Array(requests.joined(separator: "\n").utf8) + [0x0A])
        let answers = process.remainingAnswers()
        #expect(answers.count == 500 && answers.enumerated().allSatisfy { Self.parsed($1)?["id"] == .number(String($0 + 1)) })
        #expect(process.waitForExit() == (0, false))
    }

    @Test(arguments: [("/dev/full", "cannot write standard output (No space left on device)"), ("/", "cannot read standard input (Is a directory)")])
    func anOutputOrInputThatFailsIsSaidWithExit3(file: String, message: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let process = Process()
        process.executableURL = FlowWorkspace.binaries.appendingPathComponent("flow")
        process.arguments = ["mcp"]
        process.currentDirectoryURL = workspace.folder
        let errors = Pipe(), input = Pipe()
        process.standardError = errors
        if file == "/" {
            process.standardInput = FileHandle(forReadingAtPath: "/")
        } else {
            process.standardInput = input
            process.standardOutput = FileHandle(forWritingAtPath: file)
        }
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8 + [0x0A]))
        try input.fileHandleForWriting.close()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3 && process.terminationReason == .exit)
        #expect(stderr == "flow: error: \(message): the MCP server stopped\n")
    }

    // MARK: - Helpers

    static func parsed(_ line: String) -> JSONValue? {
        try? JSONParser.parse(Array(line.utf8)).get()
    }
}

extension JSONValue {
    /// The member `key` of an object (nil for anything else), for tests that dig into answers.
    subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members[key]
    }
}

extension FlowWorkspace {
    /// Runs `flow ARGUMENTS` in the workspace with `input` on its standard input.
    func flow(_ arguments: [String], input: String) throws -> ChildProcess.Output {
        try ChildProcess.run(Self.binaries.appendingPathComponent("flow").path, arguments, input: input, currentDirectory: folder.path)
    }
}
