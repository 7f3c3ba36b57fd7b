import FlowKit
import FlowRunner
import Foundation
import MCP

/// The session engine as a Model Context Protocol server (`flow mcp`), as `maestro mcp` is: an
/// agent lists the flows, starts a session on a fixture, runs steps and reads the screen and its
/// element tree, undoes, saves a flow (linted; a secret never written) and runs flows.
///
/// The rules are studio's: errors are the located, did-you-mean errors lint gives; the app is
/// always ended when the session ends or the server stops.
public final class FlowMCPServer: @unchecked Sendable {
    /// What the server needs to know of the project: the scheme, the variables and the robots.
    public struct Project: Sendable {
        public var scheme: Scheme
        public var variables: [String: String]
        public var catalog: RobotCatalog
        /// Where flows are looked for by default.
        public var flows: [String]

        public init(scheme: Scheme, variables: [String: String], catalog: RobotCatalog, flows: [String] = ["Flows"]) {
            self.scheme = scheme
            self.variables = variables
            self.catalog = catalog
            self.flows = flows
        }
    }

    let project: Project
    /// The session engine is not thread-safe: every tool runs on this queue, one at a time.
    private let queue = DispatchQueue(label: "flow-mcp")
    private var session: FlowSession?
    public let server: Server

    public init(project: Project) {
        self.project = project
        server = Server(
            name: "flow", version: "1.0.0",
            instructions: "Drive the app under test as a person would, through its screens: start_session, then run_step with YAML "
                + "steps (tap: Login, Login.login, assertVisible: {button: Login, enabled: false}) or app commands (3, tap Login), "
                + "read_screen for the element tree (the identifiers steps should name), undo, and save_flow to write a flow that "
                + "lint accepts.",
            capabilities: .init(tools: .init(listChanged: false))
        )
    }

    /// Registers the tools and serves on `transport` until the client goes away.
    public func serve(on transport: any Transport) async throws {
        let tools = Self.tools
        await server.withMethodHandler(ListTools.self) { _ in
            .init(tools: tools.map { Tool(name: $0.name, description: $0.summary, inputSchema: $0.schema) })
        }
        await server.withMethodHandler(CallTool.self) { [self] parameters in
            guard let tool = tools.first(where: { $0.name == parameters.name }) else {
                return .init(content: [.text(text: "unknown tool \(parameters.name); tools: " + tools.map(\.name).joined(separator: ", "),
                                             annotations: nil, _meta: nil)], isError: true)
            }
            let arguments = parameters.arguments ?? [:]
            let answer = await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: tool.run(self, arguments)) }
            }
            return .init(content: [.text(text: answer.text, annotations: nil, _meta: nil)], isError: answer.isError)
        }
        try await server.start(transport: transport)
    }

    /// Ends the session's app and stops serving.
    public func stop() async {
        queue.sync { endSession() }
        await server.stop()
    }

    // MARK: - The tools, each declared once: name, description, arguments and what it does

    struct Answer: Sendable {
        let text: String
        let isError: Bool

        static func ok(_ text: String) -> Answer { Answer(text: text, isError: false) }
        static func error(_ text: String) -> Answer { Answer(text: text, isError: true) }
    }

    struct ToolDeclaration: Sendable {
        let name: String
        let summary: String
        let arguments: [(name: String, type: String, summary: String, required: Bool)]
        let run: @Sendable (FlowMCPServer, [String: Value]) -> Answer

        var schema: Value {
            var properties: [String: Value] = [:]
            for argument in arguments {
                var property: [String: Value] = ["type": .string(argument.type), "description": .string(argument.summary)]
                if argument.type == "array" { property["items"] = .object(["type": .string("string")]) }
                properties[argument.name] = .object(property)
            }
            return .object([
                "type": .string("object"), "properties": .object(properties),
                "required": .array(arguments.filter(\.required).map { .string($0.name) }),
            ])
        }
    }

    static let tools: [ToolDeclaration] = [
        ToolDeclaration(name: "list_flows", summary: "The flows of the project: name, tags and file, one a line.",
                        arguments: [("paths", "array", "flow files or folders (default: Flows)", false)]) { server, arguments in
            server.listFlows(arguments["paths"]?.arrayValue?.compactMap(\.stringValue))
        },
        ToolDeclaration(name: "start_session", summary: "Seeds a fixture and launches the app on a fresh copy (ending any session before); "
                            + "with flow, runs that flow's steps first (or its first until). Answers with the screen.",
                        arguments: [("fixture", "string", "a fixture of the scheme's seeds folder (default: the flow's, or default)", false),
                                    ("flow", "string", "a flow file to start from", false),
                                    ("until", "integer", "with flow: run only its first N steps", false)]) { server, arguments in
            server.startSession(fixture: arguments["fixture"]?.stringValue, flow: arguments["flow"]?.stringValue, until: arguments["until"]?.intValue)
        },
        ToolDeclaration(name: "run_step", summary: "Runs one step: a YAML step as a flow writes it (tap: Login, Login.login) or an app command "
                            + "(3, tap Login, type Username test). A step that passes is kept; one that fails is not, and the app is put back. "
                            + "Answers with the outcome and the screen.",
                        arguments: [("step", "string", "the step", true)]) { server, arguments in
            server.runStep(arguments["step"]?.stringValue ?? "")
        },
        ToolDeclaration(name: "read_screen", summary: "The screen as a person sees it, and its element tree: kind, identifier, label, value and "
                            + "state of every element (the names steps use).",
                        arguments: [("json", "boolean", "the screen as the automation protocol's JSON instead of the tree", false)]) { server, arguments in
            server.readScreen(json: arguments["json"]?.boolValue ?? false)
        },
        ToolDeclaration(name: "list_steps", summary: "The steps kept so far, numbered, as they will be saved.", arguments: []) { server, _ in
            server.listSteps()
        },
        ToolDeclaration(name: "undo", summary: "Removes the last kept step: the app is relaunched on a fresh copy and the rest replayed.",
                        arguments: []) { server, _ in
            server.undo()
        },
        ToolDeclaration(name: "save_flow", summary: "Writes the kept steps as a flow file (name, fixture, launch settings, steps), after lint; "
                            + "a secret typed as a literal is refused.",
                        arguments: [("file", "string", "the flow file to write, such as Flows/photos/new.yaml", true),
                                    ("name", "string", "what the flow checks", true)]) { server, arguments in
            server.save(file: arguments["file"]?.stringValue ?? "", name: arguments["name"]?.stringValue ?? "")
        },
        ToolDeclaration(name: "end_session", summary: "Ends the app and removes the session's store.", arguments: []) { server, _ in
            server.endSession()
            return .ok("the session ended")
        },
        ToolDeclaration(name: "run_flows", summary: "Runs flows as flow run does (lint first) and answers with each flow's result and the tally.",
                        arguments: [("paths", "array", "flow files or folders (default: Flows)", false),
                                    ("tags", "array", "only flows with one of these tags", false)]) { server, arguments in
            server.runFlows(arguments["paths"]?.arrayValue?.compactMap(\.stringValue), tags: arguments["tags"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        },
    ]

    // MARK: - What the tools do (on `queue`)

    private func listFlows(_ paths: [String]?) -> Answer {
        do {
            let suite = try FlowSuite.load(paths ?? project.flows, catalog: project.catalog)
            return .ok(suite.flows.map { "\($0.name)\t[\($0.tags.joined(separator: ", "))]\t\($0.file)" }.joined(separator: "\n"))
        } catch {
            return .error(masked(error.description))
        }
    }

    private func startSession(fixture: String?, flow: String?, until: Int?) -> Answer {
        endSession()
        let start: SessionStart
        do {
            start = try SessionStart(flow: flow, until: until, catalog: project.catalog, scheme: project.scheme, variables: project.variables)
        } catch {
            switch error {
            case let .diagnostics(diagnostics): return .error(masked(diagnostics.description))
            case let .until(problem): return .error(problem.message(option: "until"))
            }
        }
        do {
            session = try start.open(scheme: project.scheme, variables: project.variables, catalog: project.catalog, fixture: fixture)
        } catch {
            return .error("cannot start: \(error.description)")
        }
        var report: [String] = []
        for (index, line) in start.steps.enumerated() {
            let answer = run(line)
            report.append(answer.text.split(separator: "\n").first.map(String.init) ?? "")
            if answer.isError { return .error(report.joined(separator: "\n") + "\nthe flow stopped at its step \(index + 1)\n\n" + screenText()) }
        }
        return .ok((report.isEmpty ? "" : report.joined(separator: "\n") + "\n\n") + screenText())
    }

    private func runStep(_ line: String) -> Answer {
        guard session != nil else { return .error("no session: call start_session first") }
        let answer = run(line)
        return Answer(text: answer.text + "\n\n" + screenText(), isError: answer.isError)
    }

    private func run(_ line: String) -> Answer {
        guard let session else { return .error("no session: call start_session first") }
        switch session.run(line) {
        case let .kept(kept):
            return .ok("✓ \(kept.line)" + (kept.unsavedSecret.map { "\nnote: \($0) is a literal secret no variable holds: save_flow will refuse it" } ?? ""))
        case let .failed(failure, _):
            return .error("✗ \(failure.stepTitle): \(failure.failure.step) failed: \(failure.failure.reason)\nthe step was not kept; the app was put back")
        case let .refused(message):
            return .error(message)
        }
    }

    private func readScreen(json: Bool) -> Answer {
        guard let session, let screen = session.screen else { return .error("no session: call start_session first") }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(screen) else { return .error("the screen cannot be written as JSON") }
            return .ok(masked(String(decoding: data, as: UTF8.self)))
        }
        return .ok(screenText())
    }

    private func listSteps() -> Answer {
        guard let session else { return .error("no session: call start_session first") }
        if session.kept.isEmpty { return .ok("no steps yet") }
        return .ok(session.kept.enumerated().map { "\($0.offset + 1). \($0.element.line)" }.joined(separator: "\n"))
    }

    private func undo() -> Answer {
        guard let session else { return .error("no session: call start_session first") }
        guard let last = session.kept.last, let duration = session.undo() else { return .error("nothing to undo") }
        return .ok("undid \(last.line): replayed \(session.kept.count) steps in \(String(format: "%.1f", duration / .milliseconds(1))) ms\n\n" + screenText())
    }

    private func save(file: String, name: String) -> Answer {
        guard let session else { return .error("no session: call start_session first") }
        guard !file.isEmpty, !name.isEmpty else { return .error("save_flow needs file and name") }
        do {
            try session.save(to: file, name: name)
            return .ok("saved \(session.kept.count) steps to \(file); it passes lint")
        } catch {
            return .error("not saved: \(error.description)")
        }
    }

    func endSession() {
        session?.close()
        session = nil
    }

    private func runFlows(_ paths: [String]?, tags: [String]) -> Answer {
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
        return Answer(text: masked(lines.joined(separator: "\n")), isError: tally.failed > 0)
    }

    private func screenText() -> String {
        guard let session else { return "" }
        var text = session.renderedScreen ?? "(no screen)"
        if let screen = session.screen { text += "\n\nelements (kind, identifier, label, value, state):\n" + ElementTree.text(screen) }
        return masked(text)
    }

    private func masked(_ text: String) -> String {
        project.scheme.secretValues(variables: project.variables).filter { !$0.isEmpty }
            .reduce(text) { $0.replacingOccurrences(of: $1, with: Element.secureMask) }
    }
}
