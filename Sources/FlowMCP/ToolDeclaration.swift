import NameMatching

/// What a tool answers: text for the agent, and whether it is an error (MCP's `isError`).
struct ToolAnswer: Equatable, Sendable {
    let text: String
    let isError: Bool

    static func ok(_ text: String) -> ToolAnswer { ToolAnswer(text: text, isError: false) }
    static func error(_ text: String) -> ToolAnswer { ToolAnswer(text: text, isError: true) }
}

/// One tool, declared once: its name, what it does, its typed arguments and what it runs. Its
/// input schema (for tools/list) and the checks of every call's arguments come from the same
/// argument declarations, and `run` gets the checked values with their Swift types.
struct ToolDeclaration: Sendable {
    /// An argument as the schema and the checks see it, whatever its Swift type.
    struct Argument: Sendable {
        let name: String
        let kind: ArgumentKind
        /// What it is for, as the schema describes it.
        let summary: String
        let required: Bool
        let schema: JSONValue
        /// The argument's problem with what was given (nil: not given), if any.
        let problem: @Sendable (JSONValue?) -> String?
    }

    let name: String
    let summary: String
    let arguments: [Argument]
    private let run: @Sendable (FlowMCPServer, [String: JSONValue]) -> ToolAnswer

    init<each Value>(
        name: String, summary: String, _ argument: repeat ToolArgument<each Value>,
        run: @escaping @Sendable (FlowMCPServer, repeat each Value) -> ToolAnswer
    ) {
        self.name = name
        self.summary = summary
        var arguments: [Argument] = []
        for declared in repeat each argument {
            arguments.append(Argument(name: declared.name, kind: declared.kind, summary: declared.summary, required: declared.required, schema: declared.schema) { json in
                do throws(ArgumentProblem) {
                    _ = try declared.read(json)
                    return nil
                } catch {
                    return error.message
                }
            })
        }
        self.arguments = arguments
        let declared = (repeat each argument)
        self.run = { server, given in
            do throws(ArgumentProblem) {
                let values = (repeat try (each declared).read(given[(each declared).name]))
                return run(server, repeat each values)
            } catch {
                return .error("\(name): \(error.message)")
            }
        }
    }

    /// The tool's entry in tools/list: its name, description and input schema.
    var listed: JSONValue {
        var schema: [String: JSONValue] = [
            "type": .string("object"),
            "properties": .object(Dictionary(uniqueKeysWithValues: arguments.map { ($0.name, $0.schema) })),
            // Unknown arguments are refused, so the schema says none other is allowed.
            "additionalProperties": .bool(false),
        ]
        let required = arguments.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { schema["required"] = .array(required) }
        return .object(["name": .string(name), "description": .string(summary), "inputSchema": .object(schema)])
    }

    /// Checks `given` against the declared arguments (every problem said at once: unknown
    /// names, with the nearest declared one; missing ones; wrong kinds), then runs the tool.
    func call(_ server: FlowMCPServer, _ given: [String: JSONValue]) -> ToolAnswer {
        let names = arguments.map(\.name)
        var problems: [String] = []
        for key in given.keys.sorted() where !names.contains(key) {
            problems.append("unknown argument \"\(Suggestion.shown(key))\"\(Suggestion.didYouMean(key, in: names)); "
                + (names.isEmpty ? "\(name) takes none" : "\(name) takes " + names.joined(separator: ", ")))
        }
        problems += arguments.compactMap { $0.problem(given[$0.name]) }
        guard problems.isEmpty else { return .error(problems.map { "\(name): \($0)" }.joined(separator: "\n")) }
        return run(server, given)
    }
}
