import Foundation
import LocatedYAML
import NameMatching
import Yams

/// Reads flow files, checking everything that can be checked without launching: the YAML, every
/// key, robot and action names and their parameters (against the catalog), targets, `runFlow`
/// files and cycles. Every error is `FILE:LINE:COLUMN: error: ...` with a did-you-mean.
public final class FlowParser {
    public static let primitives = [
        "tap", "type", "assertVisible", "assertNotVisible", "assertLabel", "assertValue", "assertEnabled",
        "waitFor", "waitUntilGone", "back", "answerAlert", "launch", "relaunch", "terminate", "seed", "runFlow", "repeat", "snapshot",
    ]
    /// Primitives written as a bare word.
    static let bareSteps = ["back", "launch", "relaunch", "terminate", "snapshot"]
    /// How a target names an element's kind (`field` and `element` match any kind).
    static let kindKeys: [String: ElementKind?] = [
        "element": nil, "field": nil, "button": .button, "textField": .textField, "secureTextField": .secureTextField,
        "staticText": .staticText, "cell": .cell, "image": .image, "alert": .alert,
    ]
    static let flowKeys = ["name", "tags", "fixture", "launch", "onAlert", "steps"]
    /// The largest flow file read: a flow is a page of steps, not a megabyte.
    public static let fileLimit = 1 << 20

    public let catalog: RobotCatalog
    private var parsed: [String: Flow] = [:]
    private var including: [String] = []

    public init(catalog: RobotCatalog) {
        self.catalog = catalog
    }

    /// Parses the flow file at `path` (as it should appear in messages).
    public func parse(file path: String) throws(LocatedError) -> Flow {
        do {
            return try parseFile(path)
        } catch let error as LocatedError {
            throw error
        } catch {
            throw LocatedError(file: path, line: 1, column: 1, message: "\(error)", sourceLine: nil)
        }
    }

    /// Parses flow `text` from `file`.
    public func parse(text: String, file: String) throws(LocatedError) -> Flow {
        do {
            return try parseText(text, file: file)
        } catch let error as LocatedError {
            throw error
        } catch {
            throw LocatedError(file: file, line: 1, column: 1, message: "\(error)", sourceLine: nil)
        }
    }

    private func parseFile(_ path: String) throws -> Flow {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        if let flow = parsed[key] { return flow }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.fileLimit else {
            throw LocatedError(file: path, line: 1, column: 1, message: "the flow is \(size) bytes, over the limit of \(Self.fileLimit): split it with runFlow", sourceLine: nil)
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it is not readable UTF-8 text" : "there is no such file"
            throw LocatedError(file: path, line: 1, column: 1, message: "cannot read the flow: \(reason)", sourceLine: nil)
        }
        including.append(key)
        defer { including.removeLast() }
        let flow = try parseText(text, file: path)
        parsed[key] = flow
        return flow
    }

    private func parseText(_ text: String, file: String) throws -> Flow {
        let reader = YAMLReader(file: file, text: text)
        guard let root = try reader.root() else {
            throw LocatedError(file: file, line: 1, column: 1, message: "the flow is empty; expected name and steps", sourceLine: nil)
        }
        var context = Context(reader: reader, parser: self, uses: [])
        let keys = try reader.mapping(root, "the flow", required: ["name", "steps"], optional: ["tags", "fixture", "launch", "onAlert"])
        let name = try reader.string(keys["name"]!, "name")
        let tags = try keys["tags"].map { try reader.strings($0, "tags") } ?? []
        for (index, tag) in tags.enumerated() where tag.isEmpty || tag.contains(where: \.isWhitespace) {
            throw reader.error("tag \(index + 1) \"\(tag)\" should be one word", at: keys["tags"])
        }
        let fixture = try keys["fixture"].map { try reader.string($0, "fixture") }
        let launch = try keys["launch"].map { try context.launchSettings($0, "launch") } ?? LaunchSettings()
        var onAlert: [(String, String)] = []
        if let node = keys["onAlert"] {
            for pair in try reader.pairs(node, "onAlert") { onAlert.append((pair.key, try reader.string(pair.value, "onAlert \(pair.key)"))) }
        }
        let steps = try context.steps(keys["steps"]!, "steps")
        guard !steps.isEmpty else { throw reader.error("steps is empty; a flow needs at least one step", at: keys["steps"]) }
        return Flow(file: file, name: name, tags: tags, fixture: fixture, launch: launch, onAlert: onAlert, steps: steps, variableUses: context.uses)
    }

    fileprivate func include(_ path: String, from node: Node, reader: YAMLReader) throws -> Flow {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        if let start = including.firstIndex(of: key) {
            let cycle = (including[start...] + [key]).map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " → ")
            throw reader.error("runFlow makes a cycle: \(cycle)", at: node)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw reader.error("runFlow \"\(path)\": there is no such file (a path is relative to this flow's folder)", at: node)
        }
        return try parseFile(path)
    }

    /// Reading one file: its reader, and the variables it uses.
    fileprivate struct Context {
        let reader: YAMLReader
        let parser: FlowParser
        var uses: [VariableUse]

        mutating func text(_ node: Node, _ what: String) throws -> Text {
            let text = Text(try reader.string(node, what))
            for name in text.variables {
                guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                    throw reader.error("\(what) has a variable \"${\(name)}\" with no name or with spaces", at: node)
                }
                uses.append(VariableUse(name: name, location: reader.location(of: node)))
            }
            return text
        }

        mutating func launchSettings(_ node: Node, _ what: String) throws -> LaunchSettings {
            let keys = try reader.mapping(node, what, optional: ["arguments", "defaults", "environment"])
            var settings = LaunchSettings()
            if let arguments = keys["arguments"] {
                for item in try reader.sequence(arguments, "\(what) arguments") { settings.arguments.append(try text(item, "\(what) arguments")) }
            }
            if let defaults = keys["defaults"] {
                for pair in try reader.pairs(defaults, "\(what) defaults") {
                    settings.defaults.append((pair.key, try text(pair.value, "\(what) defaults \(pair.key)")))
                }
            }
            if let environment = keys["environment"] {
                for pair in try reader.pairs(environment, "\(what) environment") {
                    settings.environment.append((pair.key, try text(pair.value, "\(what) environment \(pair.key)")))
                }
            }
            return settings
        }

        mutating func steps(_ node: Node, _ what: String) throws -> [Step] {
            var steps: [Step] = []
            for item in try reader.sequence(node, what) { steps.append(try step(item)) }
            return steps
        }

        mutating func step(_ node: Node) throws -> Step {
            let location = reader.location(of: node)
            let name: String, value: Node?, keyNode: Node
            if case .scalar = node {
                name = try reader.string(node, "a step")
                value = nil
                keyNode = node
            } else if let pairs = node.mapping, pairs.count == 1, let pair = pairs.first, let key = pair.key.string {
                name = key
                value = pair.value
                keyNode = pair.key
            } else {
                throw reader.error("a step should be one word (back) or one key with its value (tap: Login)", at: node)
            }
            if name.contains(".") { return try robotStep(name, value, keyNode: keyNode, location: location) }
            return Step(action: try primitive(name, value, keyNode: keyNode), location: location, title: name)
        }

        private mutating func robotStep(_ name: String, _ value: Node?, keyNode: Node, location: SourceLocation) throws -> Step {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            let catalog = parser.catalog
            guard parts.count == 2, catalog.robots.contains(parts[0]) else {
                throw reader.error("unknown robot \"\(Suggestion.shown(parts.first ?? name))\"" + Suggestion.didYouMean(parts.first ?? name, in: catalog.robots)
                    + "; robots are " + catalog.robots.joined(separator: ", "), at: keyNode)
            }
            guard let action = catalog.action(parts[0], parts[1]) else {
                let names = catalog.actions(of: parts[0]).map(\.name)
                throw reader.error("unknown action \"\(Suggestion.shown(parts[1]))\" of robot \(parts[0])" + Suggestion.didYouMean(parts[1], in: names)
                    + "; its actions are " + names.joined(separator: ", "), at: keyNode)
            }
            var arguments: [String: StepValue] = [:]
            if let value, value.null == nil {
                let given = try reader.pairs(value, "the parameters of \(action.fullName)")
                let names = action.parameters.map(\.name)
                for pair in given {
                    guard let parameter = action.parameters.first(where: { $0.name == pair.key }) else {
                        throw reader.error("\(action.fullName) has no parameter \"\(Suggestion.shown(pair.key))\"" + Suggestion.didYouMean(pair.key, in: names)
                            + (names.isEmpty ? "; it takes none" : "; its parameters are " + names.joined(separator: ", ")), at: pair.keyNode)
                    }
                    let what = "\(action.fullName) \(parameter.name)"
                    switch parameter.kind {
                    case .string: arguments[parameter.name] = .text(try text(pair.value, what))
                    case .integer: arguments[parameter.name] = .integer(try reader.integer(pair.value, "\(what) (a whole number)", in: Int.min...Int.max))
                    case .boolean: arguments[parameter.name] = .boolean(try reader.boolean(pair.value, what))
                    }
                }
            }
            for parameter in action.parameters where arguments[parameter.name] == nil {
                if let variable = parameter.defaultVariable { uses.append(VariableUse(name: variable, location: location)) }
            }
            if let missing = action.parameters.first(where: { !$0.isOptional && arguments[$0.name] == nil }) {
                throw reader.error("\(action.fullName) needs \"\(missing.name)\" (\(missing.kind.rawValue))", at: value ?? keyNode)
            }
            return Step(action: .robot(action, arguments), location: location, title: action.fullName)
        }

        private mutating func primitive(_ name: String, _ value: Node?, keyNode: Node) throws -> Step.Action {
            func needsValue() throws -> Node {
                guard let value, value.null == nil else { throw reader.error("\(name) needs a value (\(name): ...); see docs/flows.md", at: keyNode) }
                return value
            }
            switch name {
            case "back", "launch", "relaunch", "terminate", "snapshot":
                if let value, value.null == nil { throw reader.error("\(name) takes no value; write it as a bare word: - \(name)", at: value) }
                switch name {
                case "back": return .back
                case "launch": return .launch
                case "relaunch": return .relaunch
                case "terminate": return .terminate
                default: return .snapshot
                }
            case "tap":
                let node = try needsValue()
                if case .scalar = node { return .tap(try target(node, name), waitForIdle: true) }
                let (target, extra) = try targetWith(node, name, extras: ["waitForIdle"], required: [])
                return .tap(target, waitForIdle: try extra["waitForIdle"].map { try reader.boolean($0, "tap waitForIdle") } ?? true)
            case "assertVisible":
                return .assertVisible(try target(try needsValue(), name))
            case "assertNotVisible":
                return .assertNotVisible(try target(try needsValue(), name))
            case "type":
                let node = try needsValue()
                let (target, extra) = try targetWith(node, name, extras: ["text"], required: ["text"])
                return .type(target, text: try text(extra["text"]!, "type text"))
            case "assertLabel", "assertValue":
                let node = try needsValue()
                let (target, extra) = try targetWith(node, name, extras: ["is"], required: ["is"])
                let expected = try text(extra["is"]!, "\(name) is")
                return name == "assertLabel" ? .assertLabel(target, expected) : .assertValue(target, expected)
            case "assertEnabled":
                let node = try needsValue()
                if case .scalar = node { return .assertEnabled(try target(node, name), true) }
                let (target, extra) = try targetWith(node, name, extras: ["is"], required: [])
                return .assertEnabled(target, try extra["is"].map { try reader.boolean($0, "assertEnabled is") } ?? true)
            case "waitFor", "waitUntilGone":
                let node = try needsValue()
                let (target, timeout, enabled): (ElementTarget, Double, Bool?)
                if case .scalar = node {
                    (target, timeout, enabled) = (try self.target(node, name), 10, nil)
                } else {
                    let (found, extra) = try targetWith(node, name, extras: name == "waitFor" ? ["timeout", "enabled"] : ["timeout"], required: [])
                    (target, timeout, enabled) = (
                        found, try extra["timeout"].map { try reader.number($0, "\(name) timeout (seconds)", in: 0.001...3600) } ?? 10,
                        try extra["enabled"].map { try reader.boolean($0, "waitFor enabled") }
                    )
                }
                return name == "waitFor" ? .waitFor(target, timeout: timeout, enabled: enabled) : .waitUntilGone(target, timeout: timeout)
            case "answerAlert":
                let node = try needsValue()
                if case .scalar = node { return .answerAlert(alert: nil, button: try text(node, "answerAlert")) }
                let keys = try reader.mapping(node, "answerAlert", required: ["button"], optional: ["alert"])
                return .answerAlert(alert: try keys["alert"].map { try text($0, "answerAlert alert") }, button: try text(keys["button"]!, "answerAlert button"))
            case "seed":
                return .seed(try text(try needsValue(), "seed"))
            case "runFlow":
                let node = try needsValue()
                let file: String, variables: [(String, Text)]
                if case .scalar = node {
                    file = try reader.string(node, "runFlow")
                    variables = []
                } else {
                    let keys = try reader.mapping(node, "runFlow", required: ["file"], optional: ["variables"])
                    file = try reader.string(keys["file"]!, "runFlow file")
                    var given: [(String, Text)] = []
                    if let node = keys["variables"] {
                        for pair in try reader.pairs(node, "runFlow variables") { given.append((pair.key, try text(pair.value, "runFlow variable \(pair.key)"))) }
                    }
                    variables = given
                }
                let folder = URL(fileURLWithPath: reader.file).deletingLastPathComponent()
                let path = file.hasPrefix("/") ? file : Self.display(folder.appendingPathComponent(file).standardizedFileURL.path)
                let flow = try parser.include(path, from: node, reader: reader)
                return .runFlow(flow, variables: variables)
            case "repeat":
                let node = try needsValue()
                let keys = try reader.mapping(node, "repeat", required: ["steps"], optional: ["times", "while", "until", "max"])
                let body = try steps(keys["steps"]!, "repeat steps")
                let modes = ["times", "while", "until"].filter { keys[$0] != nil }
                guard modes.count == 1 else { throw reader.error("repeat needs exactly one of times, while, until", at: node) }
                if let times = keys["times"] { return .repeatTimes(try reader.integer(times, "repeat times", in: 0...10_000), body) }
                let limit = try keys["max"].map { try reader.integer($0, "repeat max", in: 1...100_000) } ?? 100
                let isWhile = keys["while"] != nil
                let condition = Step.Condition(target: try target(keys[isWhile ? "while" : "until"]!, "repeat"), whileVisible: isWhile)
                return .repeatWhile(condition, max: limit, body)
            default:
                let candidates = FlowParser.primitives + parser.catalog.actions.map(\.fullName)
                throw reader.error("unknown step \"\(Suggestion.shown(name))\"" + Suggestion.didYouMean(name, in: candidates)
                    + "; steps are " + FlowParser.primitives.joined(separator: ", ") + ", or a robot action such as "
                    + (parser.catalog.actions.first?.fullName ?? "Robot.action"), at: keyNode)
            }
        }

        /// `Login` (any kind), or `{button: Login}`, `{button: OK, in: PhotosPermission}`.
        private mutating func target(_ node: Node, _ what: String) throws -> ElementTarget {
            if case .scalar = node { return ElementTarget(kind: nil, name: try text(node, what), alert: nil) }
            return try targetWith(node, what, extras: [], required: []).0
        }

        private mutating func targetWith(
            _ node: Node, _ what: String, extras: [String], required: [String]
        ) throws -> (ElementTarget, [String: Node]) {
            let pairs = try reader.pairs(node, what)
            let kinds = pairs.filter { FlowParser.kindKeys[$0.key] != nil }
            let allowed = FlowParser.kindKeys.keys.sorted() + extras + ["in"]
            if let unknown = pairs.first(where: { !allowed.contains($0.key) }) {
                throw reader.error("unknown key \"\(Suggestion.shown(unknown.key))\" in \(what)" + Suggestion.didYouMean(unknown.key, in: allowed)
                    + "; name the element by its kind (button: Login, staticText: results, cell: ..., element: ...)"
                    + (extras.isEmpty ? "" : ", with " + extras.joined(separator: ", ")), at: unknown.keyNode)
            }
            guard kinds.count == 1, let kind = kinds.first else {
                throw reader.error("\(what) should name one element by its kind, such as {button: Login}", at: node)
            }
            var extra: [String: Node] = [:]
            for pair in pairs where extras.contains(pair.key) { extra[pair.key] = pair.value }
            if let missing = required.first(where: { extra[$0] == nil }) { throw reader.error("\(what) is missing \"\(missing)\"", at: node) }
            let scope = try pairs.first { $0.key == "in" }.map { try text($0.value, "\(what) in") }
            return (ElementTarget(kind: FlowParser.kindKeys[kind.key]!, name: try text(kind.value, what), alert: scope), extra)
        }

        /// A path relative to the current folder when it is below it.
        static func display(_ path: String) -> String {
            let here = FileManager.default.currentDirectoryPath + "/"
            return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
        }
    }
}
