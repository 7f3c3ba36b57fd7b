#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Console
import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import NameMatching
import TextBytes

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// The session engine as a Model Context Protocol server (`flow mcp`), as `maestro mcp` is: an
/// agent lists the flows, starts a session on a fixture, runs steps and reads the screen and its
/// element tree, undoes, saves a flow (linted; a secret never written) and runs flows.
///
/// The rules are studio's: errors are the located, did-you-mean errors lint gives; the app is
/// always ended when the session ends or the server stops.
///
/// The protocol is served here, on Foundation, and not with modelcontextprotocol/swift-sdk (which
/// stays a test dependency: an interop test drives the built `flow mcp` with the SDK's own client,
/// so a real MCP client is known to work). Do not "simplify" this back onto the SDK: measured with
/// its 0.12.1 server,
/// - it dropped requests at the end of input: `echo '<initialize>' | flow mcp` printed nothing and
///   exited 0, the loop ending before the answer was written;
/// - its stdio transport re-sliced a growing buffer per 4 KiB read, so one line cost the square of
///   its length (1 MB 6 s, 3 MB 40 s, 10 MB minutes) and no length was ever refused;
/// - it answered a parse error with a random UUID as the id (JSON-RPC 2.0 says null), and never
///   answered an id of `1.5`, `9223372036854775808`, an object or an array (its ID is String|Int);
/// - importing it linked FoundationNetworking and libcurl into every `flow` command: 62 shared
///   libraries instead of 31 (`ldd .build/debug/flow`), loaded at every start of `flow`
///   (`flow --help`: 43 ms instead of 31 ms, hyperfine, warm caches; more on a cold or busy machine).
///
/// What it serves (MCP over stdio, one JSON-RPC 2.0 message a line, UTF-8): `initialize` (the
/// protocol version negotiated as the specification says), `notifications/initialized`, `ping`,
/// `tools/list` and `tools/call` (served before `initialize` too, as a lenient server may). Every
/// request read is answered, in order, before the server stops at the end of its input; a
/// notification is never answered. A batch (a JSON array, which
/// MCP 2025-03-26 allows and 2025-06-18 dropped) is answered as JSON-RPC 2.0 says, whatever the
/// version: its requests in order, their answers in one array. A line of whitespace is no message.
/// A line over `lineLimit` is answered with an error and dropped unkept. Tools run one at a time,
/// on the thread that reads: the session engine is not thread-safe.
package final class FlowMCPServer {
    /// The server's version, as `initialize` gives it: the runner's own.
    package static var version: String { FlowRunnerVersion.current }
    /// The MCP versions served, newest first (those modelcontextprotocol/swift-sdk 0.12.1 speaks).
    package static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// The longest line read, in bytes. Our largest legitimate message is a tools/call with a
    /// step or a list of paths, a few kilobytes; 16 MiB is thousands of times that, while one
    /// line never holds more than 16 MiB of memory (and the parser's own limits bound its values).
    package static let lineLimit = 16 << 20

    /// What the server needs to know of the project: the scheme, the variables and the robots.
    package struct Project: Sendable {
        /// The app, its store and its launch settings.
        package var scheme: Scheme
        /// The variables steps may use (the private scheme's secrets among them).
        package var variables: [String: String]
        /// The robots whose actions a step may name.
        package var catalog: RobotCatalog
        /// Where flows are looked for by default.
        package var flows: [String]
        /// The runner that serves: the server's name, and the words of its tools and messages.
        package var runner: RunnerIdentity
        /// How the catalog's properties are checked: in workers this launch starts (nil: the app
        /// declares none, or none can be started).
        package var propertyWorker: PropertyWorkerLaunch?

        /// A project of `scheme`, its `variables` and `catalog`, its flows in `flows` (by default the
        /// runner's), served by `runner`, its properties checked in workers `propertyWorker` starts.
        package init(
            scheme: Scheme, variables: [String: String], catalog: RobotCatalog, flows: [String]? = nil, runner: RunnerIdentity = .standard,
            propertyWorker: PropertyWorkerLaunch? = nil
        ) {
            self.runner = runner
            self.propertyWorker = propertyWorker
            self.scheme = scheme
            self.variables = variables
            self.catalog = catalog
            self.flows = flows ?? [runner.flows]
        }
    }

    /// Why serving stopped.
    package enum Ending: Equatable, Sendable {
        /// The input ended, and every request read was answered.
        case endOfInput
        /// An answer could not be written because the client closed its end (EPIPE).
        case outputClosed
        /// Writing failed otherwise (errno's text: a full disk, a closed descriptor).
        case outputFailed(String)
        /// Reading failed (errno's text); every request read before was answered.
        case inputFailed(String)
        /// The interruption descriptor became readable between requests (SIGTERM, Ctrl-C).
        case interrupted
    }

    let project: Project
    /// The tools, worded for the project's runner.
    let tools: [ToolDeclaration]
    private var session: FlowSession?
    /// The negotiated protocol version, once initialized.
    private(set) var protocolVersion: String?
    private let secrets: SecretMask

    /// A server for `project`, with no session yet.
    package init(project: Project) {
        self.project = project
        self.tools = Self.tools(for: project.runner)
        secrets = SecretMask(project.scheme.secretValues(variables: project.variables))
    }

    /// Answers the messages read from `input` on `output`, one line each, until the input ends,
    /// the output is closed, or `interruption` (a pipe a signal handler writes to) is readable
    /// while waiting for input (a tool that runs is let finish); then ends the session's app and
    /// removes its files.
    package func serve(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, interruption: Int32? = nil) -> Ending {
        Console.ignoreBrokenPipes()  // a client gone must be a failed write, not the end of us
        defer { endSession() }
        var reader = LineReader(fd: input, limit: Self.lineLimit, interruption: interruption)
        var failure: Int32 = 0
        let write = { (bytes: [UInt8]) in
            failure = Self.write(bytes, to: output)
            return failure == 0
        }
        while true {
            let written: Bool
            switch reader.next() {
            case let .line(bytes): written = answer(toLine: bytes, write: write)
            case let .overlong(count): written = write(JSONRPCMessage.error(Self.overlong(count), id: nil).serialized + [0x0A])
            case .end: return .endOfInput
            case let .failed(reason): return .inputFailed(reason)
            case .interrupted: return .interrupted
            }
            if !written { return failure == EPIPE ? .outputClosed : .outputFailed(String(cString: strerror(failure))) }
        }
    }

    static func overlong(_ count: Int) -> RPCError {
        .invalidRequest("a line of \(count) bytes, over this server's limit of \(lineLimit) (\(lineLimit >> 20) MiB): it was dropped unread; "
            + "send one message a line")
    }

    // MARK: - Messages

    /// Answers one line, its answer ending with a newline, through `write` (false once the output
    /// is closed). A batch's answers are written one at a time as they come, so that a batch of
    /// many requests never holds all their answers at once. Nothing is written for a
    /// notification, a response of the client's, a batch of only those, or a line of whitespace.
    func answer(toLine line: [UInt8], write: ([UInt8]) -> Bool) -> Bool {
        let message: JSONValue
        // Checked as every outside text is, before the parser: said in the same words as a file's.
        if let problem = TextBytes.firstProblem(in: line) {
            return write(JSONRPCMessage.error(.parse(problem.statement("the line") + " at byte \(problem.offset)"), id: nil).serialized + [0x0A])
        }
        switch JSONParser.parse(line) {
        case let .failure(failure): return write(JSONRPCMessage.error(.parse("not JSON: \(failure)"), id: nil).serialized + [0x0A])
        case .success(nil): return true
        case let .success(value?): message = value
        }
        guard case let .array(batch) = message else { return answer(to: message).map { write($0.serialized + [0x0A]) } ?? true }
        guard !batch.isEmpty else {
            return write(JSONRPCMessage.error(.invalidRequest("an empty batch: a batch is an array of messages"), id: nil).serialized + [0x0A])
        }
        var opened = false
        for item in batch {
            guard let answer = answer(to: item) else { continue }
            guard write([UInt8(ascii: opened ? "," : "[")] + answer.serialized) else { return false }
            opened = true
        }
        return opened ? write([UInt8(ascii: "]"), 0x0A]) : true
    }

    private func answer(to message: JSONValue) -> JSONValue? {
        switch JSONRPCMessage(message) {
        case .notification, .response:
            return nil
        case let .invalid(id, error):
            return JSONRPCMessage.error(masked(error), id: id)
        case let .request(id, method, params):
            switch handle(method, params) {
            case let .success(result): return JSONRPCMessage.result(result, id: id)
            case let .failure(error): return JSONRPCMessage.error(masked(error), id: id)
            }
        }
    }

    /// The methods this server answers, in the words of "method not found".
    static let methods = ["initialize", "ping", "tools/list", "tools/call"]

    private func handle(_ method: String, _ params: [String: JSONValue]) -> Result<JSONValue, RPCError> {
        switch method {
        case "initialize": initialize(params)
        case "ping": .success(.object([:]))
        case "tools/list": .success(.object(["tools": .array(tools.map(\.listed))]))
        case "tools/call": call(params)
        default:
            .failure(.methodNotFound("\"\(Suggestion.shown(method))\"\(Suggestion.didYouMean(method, in: Self.methods)); this server answers "
                + Self.methods.joined(separator: ", ")))
        }
    }

    /// The version asked for when served, else the newest served (the client then decides).
    private func initialize(_ params: [String: JSONValue]) -> Result<JSONValue, RPCError> {
        if let protocolVersion { return .failure(.invalidRequest("initialize came again: this connection is initialized already (protocol \(protocolVersion))")) }
        guard case let .string(asked)? = params["protocolVersion"] else {
            let given = params["protocolVersion"].map { "protocolVersion is \($0.kind)" } ?? "no protocolVersion"
            return .failure(.invalidParams("\(given): give the newest MCP version the client speaks, such as \"\(Self.protocolVersions[0])\""))
        }
        let version = Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]
        protocolVersion = version
        return .success(.object([
            "protocolVersion": .string(version),
            "capabilities": .object(["tools": .object(["listChanged": .bool(false)])]),
            "serverInfo": .object(["name": .string(project.runner.name), "version": .string(Self.version)]),
            "instructions": .string(Self.instructions(catalog: project.catalog)),
        ]))
    }

    /// What the agent is told first: the tools in the order a session uses them, with steps it may
    /// write (one of them a robot action of the app's own catalog).
    static func instructions(catalog: RobotCatalog) -> String {
        "Drive the app under test as a person would, through its screens: start_session, then run_step with YAML "
            + "steps (\(FlowSession.stepExamples(catalog: catalog)), assertVisible: {button: Continue, enabled: false}) or app commands "
            + "(\(FlowSession.appCommandExamples)), read_screen for the element tree (the identifiers steps should name), undo, and "
            + "save_flow to write a flow that lint accepts."
    }

    /// An unknown tool or a malformed call is a protocol error; wrong arguments are the tool's
    /// error (isError), which the agent reads and corrects, as MCP 2025-11-25 asks.
    private func call(_ params: [String: JSONValue]) -> Result<JSONValue, RPCError> {
        let names = tools.map(\.name)
        guard case let .string(name)? = params["name"] else {
            let given = params["name"].map { "name is \($0.kind)" } ?? "no name"
            return .failure(.invalidParams("\(given): tools/call needs the tool's name, one of " + names.joined(separator: ", ")))
        }
        guard let tool = tools.first(where: { $0.name == name }) else {
            return .failure(.invalidParams("unknown tool \"\(Suggestion.shown(name))\"\(Suggestion.didYouMean(name, in: names)); tools: "
                + names.joined(separator: ", ")))
        }
        let arguments: [String: JSONValue]
        switch params["arguments"] {
        case nil: arguments = [:]
        case let .object(given)?: arguments = given
        case let other?: return .failure(.invalidParams("arguments are \(other.kind): give an object of \(name)'s arguments"))
        }
        let answer = tool.call(self, arguments)
        return .success(.object([
            "content": .array([.object(["type": .string("text"), "text": .string(masked(answer.text))])]),
            "isError": .bool(answer.isError),
        ]))
    }

    /// Writes all of `bytes`, waiting while the output is full (a non-blocking one too); 0, or
    /// the errno that stopped it (EPIPE: the client is gone).
    private static func write(_ bytes: [UInt8], to fd: Int32) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, base + offset, buffer.count - offset)
                guard written == -1 else {  // write(2) says -1 on failure, else how much it wrote
                    offset += written
                    continue
                }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK:
                    var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, -1)
                case let failure: return failure
                }
            }
            return 0
        }
    }

    // MARK: - The tools, each declared once: name, description, typed arguments and what it does

    /// The tools as the toolkit's own runner words them (``RunnerIdentity/standard``).
    static let tools = tools(for: .standard)

    /// The tools, worded for `runner`: its name, its flows' folder.
    static func tools(for runner: RunnerIdentity) -> [ToolDeclaration] { [
        ToolDeclaration(name: "list_flows", summary: "The flows of the project: name, tags and file, one a line.",
                        .paths("paths", .read, "flow files or folders (default: \(runner.flows))")) { server, paths in
            server.listFlows(paths)
        },
        ToolDeclaration(name: "start_session", summary: "Seeds a fixture and launches the app on a fresh copy (ending any session before); "
                            + "with flow, runs that flow's steps first (or its first until). Answers with the screen.",
                        .text("fixture", "a fixture of the scheme's seeds folder (default: the flow's, or default)"),
                        .path("flow", .read, "a flow file to start from"),
                        .integer("until", "with flow: run only its first N steps")) { server, fixture, flow, until in
            server.startSession(fixture: fixture, flow: flow, until: until)
        },
        ToolDeclaration(name: "run_step", summary: "Runs one step: a YAML step as a flow writes it (tap: Continue, or a robot action: Robot.action) "
                            + "or an app command (\(FlowSession.appCommandExamples)). A step that passes is kept; one that fails is not, and the app is put back. "
                            + "Answers with the outcome and the screen.",
                        .required(.text("step", "the step"))) { server, step in
            server.runStep(step)
        },
        ToolDeclaration(name: "read_screen", summary: "The screen as a person sees it, and its element tree: kind, identifier, label, value and "
                            + "state of every element (the names steps use).",
                        .boolean("json", "the screen as the automation protocol's JSON instead of the tree")) { server, json in
            server.readScreen(json: json ?? false)
        },
        ToolDeclaration(name: "list_steps", summary: "The steps kept so far, numbered, as they will be saved.") { server in
            server.listSteps()
        },
        ToolDeclaration(name: "undo", summary: "Removes the last kept step: the app is relaunched on a fresh copy and the rest replayed.") { server in
            server.undo()
        },
        ToolDeclaration(name: "save_flow", summary: "Writes the kept steps as a flow file (name, fixture, launch settings, steps), after lint; "
                            + "a secret typed as a literal is refused.",
                        .required(.path("file", .write, "the flow file to write, such as \(runner.flow("new.yaml"))")),
                        .required(.text("name", "what the flow checks"))) { server, file, name in
            server.save(file: file, name: name)
        },
        ToolDeclaration(name: "end_session", summary: "Ends the app and removes the session's store.") { server in
            server.endSession()
            return .ok("the session ended")
        },
        ToolDeclaration(name: "run_flows", summary: "Runs flows as \(runner.name) run does (lint first) and answers with each flow's result and the tally.",
                        .paths("paths", .read, "flow files or folders (default: \(runner.flows))"),
                        .texts("tags", "only flows with one of these tags")) { server, paths, tags in
            server.runFlows(paths, tags: tags ?? [])
        },
        ToolDeclaration(name: "explore_app", summary: "Crawls the app as \(runner.name) explore does (every screen it reaches, breadth first, then seeded "
                            + "random walks until its time is up) and answers in a few lines: the figures, each finding with the steps of its minimal flow, "
                            + "and a line a screen with where its actions led; with whole_map, the map as JSON instead. With out, it writes the crawl "
                            + "there as explore --out does, and each finding says the command that runs its flow.",
                        .text("from", "start after this: a robot action (Robot.action) or a flow file"),
                        .text("fixture", "the fixture the store is seeded from (default: default)"),
                        .integer("max_actions", "the most actions tried (default: \(ExploreOptions.defaultMaxActions))"),
                        .integer("max_depth", "the deepest screen explored (default: \(ExploreOptions.defaultMaxDepth))"),
                        .integer("seconds", "the most seconds the crawl takes (default: \(Int(ExploreOptions.defaultSeconds)))"),
                        .integer("walks", "seeded random walks after the map (0: none; default: as many as the time allows)"),
                        .integer("walk_length", "the most actions a walk takes (default: \(WalkOptions.defaultLength))"),
                        .integer("seed", "the walks' seed: the same seed walks the same walks (default: one chosen at random, and said)"),
                        .boolean("whole_map", "answer with the whole map as JSON (several times longer)"),
                        .text("out", "a folder to write the crawl into, as explore --out does: each finding's flow, the map, the report")) {
            server, from, fixture, maxActions, maxDepth, seconds, walks, walkLength, seed, wholeMap, out in
            server.explore(from: from, fixture: fixture, maxActions: maxActions, maxDepth: maxDepth, seconds: seconds,
                           walks: (walks, walkLength, seed), wholeMap: wholeMap ?? false, out: out)
        },
    ] }

    // MARK: - What the tools do

    private func listFlows(_ paths: [String]?) -> ToolAnswer {
        do {
            let suite = try FlowSuite.load(paths ?? project.flows, catalog: project.catalog)
            return .ok(suite.flows.map { "\($0.name)\t[\($0.tags.joined(separator: ", "))]\t\($0.file)" }.joined(separator: "\n"))
        } catch {
            return .error(masked(error.description))
        }
    }

    private func startSession(fixture: String?, flow: String?, until: Int?) -> ToolAnswer {
        let start: SessionStart
        do {
            start = try SessionStart(flow: flow, until: until, catalog: project.catalog, scheme: project.scheme, variables: project.variables)
        } catch {
            // Refused before the session it would replace is ended: a mistyped call loses nothing.
            switch error {
            case let .diagnostics(diagnostics): return .error(masked(diagnostics.description))
            case let .until(problem): return .error(problem.message(option: "until"))
            }
        }
        endSession()
        let opened: FlowSession
        do {
            let workers = project.propertyWorker.flatMap { project.catalog.properties.isEmpty ? nil : PropertyWorkers(launch: $0, properties: project.catalog.properties,
                                                                                                                       variables: project.variables) }
            opened = try start.open(scheme: project.scheme, variables: project.variables, catalog: project.catalog, fixture: fixture, runner: project.runner,
                                    propertyWorkers: workers)
        } catch {
            return .error("cannot start: \(error.description)")
        }
        session = opened
        var report: [String] = []
        for (index, line) in start.steps.enumerated() {
            let answer = run(line, in: opened)
            report.append(answer.text.split(separator: "\n").first.map(String.init) ?? "")
            if answer.isError { return .error(report.joined(separator: "\n") + "\nthe flow stopped at its step \(index + 1)\n\n" + screenText()) }
        }
        return .ok((report.isEmpty ? "" : report.joined(separator: "\n") + "\n\n") + screenText())
    }

    private func runStep(_ line: String) -> ToolAnswer {
        guard let session else { return .error("no session: call start_session first") }
        let answer = run(line, in: session)
        return ToolAnswer(text: answer.text + "\n\n" + screenText(), isError: answer.isError)
    }

    private func run(_ line: String, in session: FlowSession) -> ToolAnswer {
        switch session.run(line) {
        case let .kept(kept):
            return .ok("✓ \(kept.line)" + (kept.unsavedSecret.map { "\nnote: this step has \($0.problem): save_flow will refuse it (\($0.remedy))" } ?? ""))
        case let .failed(failure, restored):
            return .error("✗ \(failure.summary)\nthe step was not kept; the app \(restored.said)")
        case let .refused(message):
            return .error(message)
        }
    }

    private func explore(
        from: String?, fixture: String?, maxActions: Int?, maxDepth: Int?, seconds: Int?, walks: (count: Int?, length: Int?, seed: Int?), wholeMap: Bool,
        out: String?
    ) -> ToolAnswer {
        for (name, value) in [("max_actions", maxActions), ("max_depth", maxDepth), ("seconds", seconds), ("walk_length", walks.length)] {
            if let value, value < 1 { return .error("explore_app: \(name) is \(value): give 1 or more") }
        }
        for (name, value) in [("walks", walks.count), ("seed", walks.seed)] {
            if let value, value < 0 { return .error("explore_app: \(name) is \(value): give 0 or more") }
        }
        if let out {
            do {
                try OutputFile.checkFolder(out)
            } catch {
                return .error("explore_app: out \(masked(PathText.shown(out))): \(error.explanation)")
            }
        }
        let prefix: ExplorePrefix = from.map { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.contains("/") ? .flow($0) : .step($0) } ?? .none
        // As `explore` does: the map, then walks until the time is up, unless told how many.
        let walking = WalkOptions(count: walks.count, length: walks.length ?? WalkOptions.defaultLength,
                                  seed: walks.seed.map { UInt64($0) } ?? UInt64.random(in: 0..<(1 << 32)))
        let options = ExploreOptions(maxActions: maxActions ?? ExploreOptions.defaultMaxActions, maxDepth: maxDepth ?? ExploreOptions.defaultMaxDepth,
                                     time: .seconds(seconds ?? Int(ExploreOptions.defaultSeconds)),
                                     rules: ScreenIdentity.Rules(mode: walking.walks ? .data : .structure), walks: walking)
        do {
            let explorer = try Explorer(scheme: project.scheme, variables: project.variables, catalog: project.catalog, options: options, prefix: prefix,
                                        fixture: fixture, runner: project.runner, propertyWorker: project.propertyWorker)
            defer { explorer.close() }
            let result = try explorer.run()
            var map = result.map
            var problems: [String] = []
            if let out {
                // Written as explore --out writes it: each finding's command names its flow there.
                problems = ExploreOutput.write(result, into: out, map: &map, runner: project.runner.name).problems + result.problems
            } else {
                // Each finding with its minimal flow's steps, as a flow in the project's flows would hold them.
                map.findings = ExploreOutput.flows(result, map: map, in: project.flows.first ?? project.runner.flows).map(\.entry)
                map.stats.findings = map.findings.count
            }
            let answer = wholeMap ? map.json : ExploreOutput.compact(map, runner: project.runner.name, folder: out)
            return problems.isEmpty ? .ok(masked(answer)) : .error(masked(answer + "\n" + problems.joined(separator: "\n")))
        } catch {
            return .error("explore_app: \(masked(error.description))")
        }
    }

    private func readScreen(json: Bool) -> ToolAnswer {
        guard let session else { return .error("no session: call start_session first") }
        // Masked field by field before it is encoded: a secret JSON writes escaped is masked too.
        if json, let screen = session.shownScreenJSON { return .ok(masked(screen)) }
        return .ok(screenText())
    }

    private func listSteps() -> ToolAnswer {
        guard let session else { return .error("no session: call start_session first") }
        if session.kept.isEmpty { return .ok("no steps yet") }
        return .ok(session.kept.enumerated().map { "\($0.offset + 1). \($0.element.line)" }.joined(separator: "\n"))
    }

    private func undo() -> ToolAnswer {
        guard let session else { return .error("no session: call start_session first") }
        guard let last = session.kept.last, let replay = session.undo() else { return .error("nothing to undo") }
        return ToolAnswer(text: "undid \(last.line): the app \(replay.said)\n\n" + screenText(), isError: replay.failure != nil)
    }

    private func save(file: String, name: String) -> ToolAnswer {
        guard let session else { return .error("no session: call start_session first") }
        // Every rule of what may be saved (a name, a secret) is the session's: studio says the same.
        do {
            try session.save(to: file, name: name)
            return .ok("saved \(session.kept.count) step\(session.kept.count == 1 ? "" : "s") to \(file); it passes lint")
        } catch {
            return .error("not saved: \(error.description)")
        }
    }

    /// Ends the session: its app and its store go with it (`FlowSession` closes itself).
    func endSession() {
        session = nil
    }

    private func runFlows(_ paths: [String]?, tags: [String]) -> ToolAnswer {
        let suite: FlowSuite
        do {
            suite = try FlowSuite.load(paths ?? project.flows, catalog: project.catalog).filtered(include: tags, exclude: [])
            try suite.checkVariables(known: Set(project.variables.keys), credentials: Set(project.scheme.credentials))
        } catch {
            return .error(masked(error.description))
        }
        guard !suite.flows.isEmpty else { return .error("no flow selected (tags: \(tags.joined(separator: ", ")))") }
        let secrets = project.scheme.secretValues(variables: project.variables)
        let runner = SuiteRunner(scheme: project.scheme, variables: project.variables, secrets: secrets, options: .init())
        defer { runner.cleanUp() }
        let templates: [String: String]
        do {
            templates = try runner.prepare(fixtures: suite.fixtures) { _ in }
        } catch {
            return .error("\(error)")
        }
        let results = runner.run(suite, templates: templates) { _ in }
        var tally = RunTally()
        var lines: [String] = []
        for result in results {
            tally.add(result)
            lines.append(ConsoleReport.line(result, colour: false, repeated: false))
            if let failure = result.failure { lines.append("\(failure)") }
        }
        lines.append(tally.line)
        return ToolAnswer(text: masked(lines.joined(separator: "\n")), isError: tally.failed > 0)
    }

    /// The screen as drawn, then its element tree, each masked by the session (the tree field by
    /// field, as it writes values escaped), then again as every answer is.
    private func screenText() -> String {
        guard let session else { return "" }
        var text = session.renderedScreen ?? ""
        if let tree = session.elementTree { text += "\n\nelements (kind, identifier, label, value, state):\n" + tree }
        return masked(text)
    }

    /// The text with every secret of the scheme masked: tools mask what they say, and every
    /// answer is masked again as it leaves, whatever put a secret in it (an echoed name, say).
    private func masked(_ text: String) -> String {
        secrets.mask(text)
    }

    private func masked(_ error: RPCError) -> RPCError {
        RPCError(code: error.code, message: masked(error.message))
    }
}
