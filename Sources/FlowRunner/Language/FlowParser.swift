import FlowKit
import Foundation
import LocatedYAML
import NameMatching
import Yams

/// Reads flow files, checking everything that can be checked without launching: the YAML, every
/// key, every step against the step registry and the robot catalog, elements and alert names,
/// `runFlow` files and cycles.
///
/// It does not stop at the first problem: every step is read on its own, so one pass finds every
/// mistake in every file, each `FILE:LINE:COLUMN: error: ...` with a did-you-mean (`problems`).
/// A flow with any problem is not returned: nothing runs from a flow that lint refuses.
package final class FlowParser {
    static let flowKeys = ["name", "steps", "tags", "fixture", "launch", "onAlert", "audit"]
    /// The largest flow file read: a flow is a page of steps, not a megabyte.
    package static let fileLimit = 1 << 20

    /// The robots whose actions a flow may use (`Robot.action`), checked as each step is read.
    package let catalog: RobotCatalog
    /// Every problem found so far, in every file read.
    package private(set) var problems: [LocatedError] = []
    /// What could be read of the flows that have problems (their good steps), for lint to go on
    /// checking their variables and fixtures; never run.
    package private(set) var partialFlows: [Flow] = []
    /// Files read: the flow, or nil when it has problems.
    private var parsed: [String: Flow?] = [:]
    private var including: [String] = []

    /// A parser for flows that use the robots of `catalog`.
    package init(catalog: RobotCatalog) {
        self.catalog = catalog
    }

    /// Reads the flow file at `path` (as it should appear in messages); nil when it has problems,
    /// which are added to `problems`.
    package func parse(file path: String) -> Flow? {
        let key = Self.key(path)
        if let flow = parsed[key] { return flow }
        let flow = read(path)
        parsed[key] = flow
        return flow
    }

    /// Reads flow `text` as the file `file`; nil when it has problems (see `problems`).
    package func parse(text: String, file: String) -> Flow? {
        let before = problems.count
        let flow = parseText(text, file: file)
        return problems.count == before ? flow : nil
    }

    /// Reads flow `text`, throwing every problem found.
    package func flow(text: String, file: String) throws(Diagnostics) -> Flow {
        let before = problems.count
        guard let flow = parse(text: text, file: file) else { throw Diagnostics(Array(problems[before...])) }
        return flow
    }

    /// Reads one step written alone (`tap: Login`, `Login.login`), as a flow at `file` would hold
    /// it: the step, its YAML node, and the variables it uses; nil when it has problems (see
    /// `problems`, located at line 1 of the text).
    package func step(text: String, file: String) -> (step: Step, node: Node, uses: [VariableUse])? {
        let before = problems.count
        let reader = YAMLReader(file: file, text: text)
        let context = Context(reader: reader, parser: self)
        let node: Node?
        do {
            node = try reader.root()
        } catch {
            problems.append(error)
            return nil
        }
        guard let node else {
            problems.append(.wholeFile(file, "an empty step; write one such as tap: Continue"))
            return nil
        }
        guard let step = context.attempt({ try context.step(node) }), problems.count == before else { return nil }
        return (step, node, context.uses)
    }

    private func read(_ path: String) -> Flow? {
        // Only a regular file is read: a FIFO would block, /dev/zero never end (its size says 0).
        let text: String
        switch InputFile.read(path, limit: Self.fileLimit) {
        case let .failure(.tooLarge(size, limit)):
            problems.append(.wholeFile(path, "the flow is \(size) bytes, over the limit of \(limit): split it with runFlow"))
            return nil
        case let .failure(problem):
            problems.append(.wholeFile(path, "cannot read the flow: \(problem)"))
            return nil
        case let .success(data):
            do {
                text = try LocatedYAML.text(data, file: path, subject: "the flow")
            } catch {
                problems.append(error)
                return nil
            }
        }
        including.append(Self.key(path))
        defer { including.removeLast() }
        return parse(text: text, file: path)
    }

    private func parseText(_ text: String, file: String) -> Flow? {
        let reader = YAMLReader(file: file, text: text)
        let context = Context(reader: reader, parser: self)
        let root: Node?
        do {
            root = try reader.root()
        } catch {
            problems.append(error)
            return nil
        }
        guard let root else {
            problems.append(.wholeFile(file, "the flow is empty; it needs name and steps"))
            return nil
        }
        guard let pairs = root.mapping else {
            problems.append(reader.error("a flow should be a mapping with name and steps", at: root))
            return nil
        }
        var keys: [String: Node] = [:]
        var launchKey: Node?
        for (keyNode, value) in pairs {
            guard let key = keyNode.string, Self.flowKeys.contains(key) else {
                let key = keyNode.string ?? ""
                problems.append(reader.error("unknown key \"\(Suggestion.shown(key))\" in the flow" + Suggestion.didYouMean(key, in: Self.flowKeys)
                    + "; expected " + Self.flowKeys.joined(separator: ", "), at: keyNode))
                continue
            }
            keys[key] = value
            if key == "launch" { launchKey = keyNode }
        }
        let name = context.attempt { try reader.string(try context.needs(keys["name"], "name", in: root), "name") }
        let tags = context.attempt { () throws -> [String] in
            guard let node = keys["tags"] else { return [] }
            let tags = try reader.strings(node, "tags")
            for (index, tag) in tags.enumerated() where tag.isEmpty || tag.contains(where: \.isWhitespace) || tag.contains(",") {
                throw reader.error("tag \(index + 1) \"\(Suggestion.shown(tag))\" should be one word (a list is written [a, b])", at: node)
            }
            return tags
        } ?? []
        let fixture = context.attempt { try keys["fixture"].map { try reader.string($0, "fixture") } } ?? nil
        let launch = context.attempt { try keys["launch"].map { try context.launchSettings($0, "launch") } } ?? nil
        let onAlert = context.attempt { try keys["onAlert"].map { try context.onAlert($0) } } ?? nil
        let auditOff = context.attempt { try keys["audit"].map { try context.auditSettings($0) } } ?? nil
        var steps: [Step] = []
        if let node = keys["steps"] {
            steps = context.steps(node, "steps")
            if (try? reader.sequence(node, "steps"))?.isEmpty == true {
                _ = context.attempt { () throws -> Void in throw reader.error("steps is empty; a flow needs at least one step", at: node) }
            }
        } else {
            _ = context.attempt { () throws -> Void in throw reader.error("the flow is missing \"steps\"", at: root) }
        }
        let flow = Flow(
            file: file, name: name ?? "", tags: tags, fixture: fixture, launch: launch ?? LaunchSettings(), onAlert: onAlert ?? [],
            steps: steps, variableUses: context.uses, fixtureLocation: keys["fixture"].map(reader.location(of:)), auditOff: auditOff ?? [],
            launchLocation: launchKey.map(reader.location(of:))
        )
        guard context.clean, name != nil else {
            // What could be read of it still has its variables and fixtures checked by lint.
            partialFlows.append(flow)
            return nil
        }
        return flow
    }

    fileprivate func record(_ problem: LocatedError) {
        if recorded.insert(problem).inserted { problems.append(problem) }
    }

    /// The problems recorded, for finding a repeat at once.
    private var recorded: Set<LocatedError> = []

    fileprivate func include(_ path: String, from node: Node, reader: YAMLReader) throws -> Flow {
        let key = Self.key(path)
        if let start = including.firstIndex(of: key) {
            let cycle = (including[start...] + [key]).map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " → ")
            throw reader.error("runFlow makes a cycle: \(cycle)", at: node)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw reader.error("runFlow \"\(path)\": there is no such file (a path is relative to this flow's folder)", at: node)
        }
        // Its own problems are reported in its own file; this step is then left out quietly.
        guard let flow = parse(file: path) else { throw Quiet() }
        return flow
    }

    /// `path` absolute and standardised: two spellings of one file compare equal.
    package static func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// A problem already reported elsewhere (in an included file).
    struct Quiet: Error {}

    /// Reading one file: its reader, the variables it uses, and whether it had a problem.
    fileprivate final class Context {
        let reader: YAMLReader
        let parser: FlowParser
        var uses: [VariableUse] = []
        var clean = true
        var catalog: RobotCatalog { parser.catalog }

        init(reader: YAMLReader, parser: FlowParser) {
            self.reader = reader
            self.parser = parser
        }

        /// Runs `body`, recording its problem and answering nil instead of stopping.
        func attempt<T>(_ body: () throws -> T) -> T? {
            do {
                return try body()
            } catch let error as LocatedError {
                parser.record(error)
            } catch is Quiet {
            } catch {
                parser.record(.wholeFile(reader.file, "\(error)"))
            }
            clean = false
            return nil
        }

        func needs(_ node: Node?, _ key: String, in parent: Node) throws -> Node {
            guard let node else { throw reader.error("the flow is missing \"\(key)\"", at: parent) }
            return node
        }

        func text(_ node: Node, _ what: String) throws -> Text {
            let text = Text(try reader.string(node, what))
            for name in text.variables {
                guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                    throw reader.error("\(what) has a variable \"${\(name)}\" with no name or with spaces", at: node)
                }
                uses.append(VariableUse(name: name, location: reader.location(of: node)))
            }
            return text
        }

        func launchSettings(_ node: Node, _ what: String) throws -> LaunchSettings {
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

        /// `audit: {skip: [distinctNames]}`: the accessibility rules this flow's audits leave out.
        func auditSettings(_ node: Node) throws -> [AuditRule] {
            let keys = try reader.mapping(node, "audit", optional: [Flow.auditSkip.field.name])
            guard let skip = keys[Flow.auditSkip.field.name] else { return [] }
            return try words(skip, "audit skip", choices: AuditRule.allCases.map(\.rawValue)).compactMap(AuditRule.init(rawValue:))
        }

        /// Each alert and its button checked on its own: every mistake is reported.
        func onAlert(_ node: Node) throws -> [(alert: String, button: String)] {
            var answers: [(String, String)] = []
            for pair in try reader.pairs(node, "onAlert") {
                let answer = attempt { () throws -> (String, String) in
                    let button = try reader.string(pair.value, "onAlert \(pair.key)")
                    try checkAlert(pair.key, at: pair.keyNode)
                    try checkButton(button, of: pair.key, at: pair.value)
                    return (pair.key, button)
                }
                if let answer { answers.append(answer) }
            }
            return answers
        }

        // MARK: - Steps

        /// The steps of a list, each read on its own: a bad one is recorded and left out.
        func steps(_ node: Node, _ what: String) -> [Step] {
            guard let items = attempt({ try reader.sequence(node, what) }) else { return [] }
            var steps: [Step] = []
            for item in items {
                if let step = attempt({ try step(item) }) { steps.append(step) }
            }
            return steps
        }

        /// One step; its error never shows a secret written in it (a secret parameter, text typed
        /// into a secure field), whatever the error is about.
        func step(_ node: Node) throws -> Step {
            do {
                return try unmaskedStep(node)
            } catch let error as LocatedError {
                throw error.masking(secretLiterals(in: node))
            }
        }

        /// Literal values a step gives where a secret goes.
        private func secretLiterals(in node: Node) -> [String] {
            guard let (key, value) = node.mapping?.first.map({ ($0.key.string ?? "", $0.value) }), let pairs = value.mapping else { return [] }
            let parts = key.split(separator: ".").map(String.init)
            // Under its robot's or its parameters' former names too: a rewrite quotes the values.
            var secretParameters: [String] = []
            if parts.count == 2, let action = catalog.action(catalog.formerRobots[parts[0]] ?? parts[0], parts[1]) {
                for parameter in action.parameters where parameter.isSecret {
                    secretParameters.append(parameter.name)
                    secretParameters += action.formerParameters.filter { $0.value == parameter.name }.map(\.key)
                }
            }
            let secureField = pairs.contains { $0.key.string == "secureTextField" }
            return pairs.compactMap { pair -> String? in
                guard let name = pair.key.string, let text = pair.value.scalar?.string else { return nil }
                // A secure field's text, its value, and an old step's is: that stood for its value.
                let secret = secretParameters.contains(name) || (secureField && ["text", "value", "is"].contains(name)) || Scheme.isSecretName(name)
                return secret && Text(text).variables.isEmpty ? text : nil
            }
        }

        private func unmaskedStep(_ node: Node) throws -> Step {
            let location = reader.location(of: node)
            let name: String, value: Node?, keyNode: Node
            if case .scalar = node {
                name = try reader.string(node, "a step")
                value = nil
                keyNode = node
            } else if let pairs = node.mapping, pairs.count == 1, let pair = pairs.first, let key = pair.key.string {
                name = key
                value = pair.value.null == nil ? pair.value : nil
                keyNode = pair.key
            } else {
                throw reader.error("a step should be one word (back) or one key with its value (tap: Continue)", at: node)
            }
            if name.contains(".") { return try robotStep(name, value, keyNode: keyNode, location: location) }
            return Step(action: try primitive(name, value, keyNode: keyNode), location: location, title: name)
        }

        private func robotStep(_ name: String, _ value: Node?, keyNode: Node, location: SourceLocation) throws -> Step {
            let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let robot = parts[0], actionName = parts.count > 1 ? parts[1] : ""
            guard catalog.robots.contains(robot) else {
                if let now = catalog.formerRobots[robot] {
                    let write = catalog.action(now, actionName).map { Self.rewrite($0, value) }
                        ?? catalog.formerAction(now, actionName) ?? "\(now).ACTION (its actions: \(catalog.actions(of: now).map(\.name).joined(separator: ", ")))"
                    throw reader.error("robot \(robot) is now called \(now): write \(write)", at: keyNode)
                }
                throw reader.error("unknown robot \"\(Suggestion.shown(robot))\"" + Suggestion.didYouMean(robot, in: catalog.robots)
                    + "; robots are " + catalog.robots.joined(separator: ", "), at: keyNode)
            }
            guard let action = catalog.action(robot, actionName) else {
                if let now = catalog.formerAction(robot, actionName) {
                    throw reader.error("\(name) is no longer an action: write \(now)", at: keyNode)
                }
                let names = catalog.actions(of: robot).map(\.name)
                throw reader.error("unknown action \"\(Suggestion.shown(actionName))\" of robot \(robot)" + Suggestion.didYouMean(actionName, in: names)
                    + "; its actions are " + names.joined(separator: ", "), at: keyNode)
            }
            var arguments: [String: RobotStep.Argument] = [:]
            if let value {
                let names = action.parameters.map(\.name)
                for pair in try reader.pairs(value, "the parameters of \(action.fullName)") {
                    guard let parameter = action.parameters.first(where: { $0.name == pair.key }) else {
                        if let now = action.formerParameters[pair.key] {
                            throw reader.error("\(action.fullName) has no parameter \"\(pair.key)\" any more: it is called \(now) now (write "
                                + Self.rewrite(action, value) + ")", at: pair.keyNode)
                        }
                        throw reader.error("\(action.fullName) has no parameter \"\(Suggestion.shown(pair.key))\"" + Suggestion.didYouMean(pair.key, in: names)
                            + (names.isEmpty ? "; it takes none" : "; its parameters are " + names.joined(separator: ", ")), at: pair.keyNode)
                    }
                    arguments[parameter.name] = try argument(pair.value, for: parameter, of: action)
                }
            }
            for parameter in action.parameters where arguments[parameter.name] == nil {
                if let variable = parameter.defaultVariable { uses.append(VariableUse(name: variable, location: location)) }
            }
            let missing = action.parameters.filter { !$0.isOptional && arguments[$0.name] == nil }
            if !missing.isEmpty {
                let list = missing.map { "\($0.name) (\($0.kind.description))" }.joined(separator: ", ")
                throw reader.error("\(action.fullName) needs \(list): write \(action.fullName): {"
                    + missing.map { "\($0.name): ..." }.joined(separator: ", ") + "}", at: value ?? keyNode)
            }
            return Step(action: RobotStep(action: action, arguments: arguments), location: location, title: action.fullName)
        }

        private func argument(_ node: Node, for parameter: ActionParameter, of action: RobotAction) throws -> RobotStep.Argument {
            let what = "\(action.fullName) \(parameter.name)"
            let minimum = parameter.minimum ?? Int.min
            switch parameter.kind {
            case .text:
                return .text(try text(node, what))
            case .integer:
                return .integer(try reader.integer(node, what, in: minimum...Int.max))
            case .boolean:
                return .boolean(try reader.boolean(node, what))
            case .integers:
                guard let items = node.sequence else {
                    // `positions: "1, 3"` (or `2`): the list it means, in YAML's brackets.
                    let numbers = node.scalar.map { $0.string.split(whereSeparator: { $0 == "," || $0 == " " }).map { Int($0) } } ?? []
                    let hint = !numbers.isEmpty && numbers.allSatisfy { $0 != nil }
                        ? ": write \(parameter.name): [" + numbers.compactMap { $0.map(String.init) }.joined(separator: ", ") + "]"
                        : ", such as [1, 3]"
                    throw reader.error("\(what) should be a list of whole numbers\(hint)", at: node)
                }
                guard !items.isEmpty else { throw reader.error("\(what) is empty; give at least one, such as [1]", at: node) }
                var numbers: [Int] = []
                for item in items {
                    let number = try reader.integer(item, "each of \(what)", in: minimum...Int.max)
                    guard !numbers.contains(number) else { throw reader.error("\(what) gives \(number) twice; give each once", at: item) }
                    numbers.append(number)
                }
                return .integers(numbers)
            }
        }

        private func primitive(_ name: String, _ value: Node?, keyNode: Node) throws -> any StepAction {
            guard let type = StepRegistry.primitive(name) else {
                if let former = StepRegistry.former(name) {
                    let now = Self.rewrite(name, value, as: former.replacement) ?? former.now
                    throw reader.error("\(name) is no longer a step: write \(now)", at: keyNode)
                }
                let candidates = StepRegistry.keywords + catalog.actions.map(\.fullName)
                throw reader.error("unknown step \"\(Suggestion.shown(name))\"" + Suggestion.didYouMean(name, in: candidates)
                    + "; steps are " + StepRegistry.keywords.joined(separator: ", ") + ", or a robot action such as "
                    + catalog.exampleAction, at: keyNode)
            }
            func needsValue() throws -> Node {
                guard let value else {
                    // Its own example says the form, whatever runner or guide the app has.
                    let example = type.examples.first.map { ", as in: - \($0)" } ?? ""
                    throw reader.error("\(name) needs a value (\(name): ...)\(example)", at: keyNode)
                }
                return value
            }
            var selector: ElementSelector?
            var values: [String: FieldValue] = [:]
            switch type.form {
            case .bare:
                if let value { throw reader.error("\(name) takes no value; write it as a bare word: - \(name)", at: value) }
            case let .value(fieldType, _):
                values[StepForm.valueField] = try field(try needsValue(), fieldType, name)
            case let .element(fields):
                let node = try needsValue()
                if case .scalar = node {
                    selector = ElementSelector(name: try elementName(node, name))
                } else {
                    (selector, values) = try selectorWith(node, name, extras: fields)
                }
            case let .fields(fields, _) where value == nil && !fields.contains(where: \.isRequired):
                break  // a bare word: every field left out
            case let .fields(fields, shorthand):
                let node = try needsValue()
                if case .scalar = node, let shorthand, let field = fields.first(where: { $0.name == shorthand }) {
                    values[shorthand] = try self.field(node, field.type, name)
                } else {
                    values = try mapping(node, name, fields: fields)
                }
            }
            do {
                return try type.init(StepInput(selector: selector, values: values, location: reader.location(of: value ?? keyNode)))
            } catch {
                throw reader.error("\(name): \(error.message)", at: value ?? keyNode)
            }
        }

        /// A mapping of `fields` (for `.fields` steps), with unknown keys and missing ones refused.
        private func mapping(_ node: Node, _ what: String, fields: [Field]) throws -> [String: FieldValue] {
            let names = fields.map(\.name)
            var values: [String: FieldValue] = [:]
            for pair in try reader.pairs(node, what) {
                guard let field = fields.first(where: { $0.name == pair.key }) else {
                    let hint = pair.key == "alert" && names.contains("in") ? " (an alert's scope is written in: ALERT)" : ""
                    throw reader.error("unknown key \"\(Suggestion.shown(pair.key))\" in \(what)" + Suggestion.didYouMean(pair.key, in: names) + hint
                        + "; expected " + names.joined(separator: ", "), at: pair.keyNode)
                }
                values[field.name] = try self.field(pair.value, field.type, "\(what) \(field.name)")
            }
            if let missing = fields.first(where: { $0.isRequired && values[$0.name] == nil }) {
                throw reader.error("\(what) is missing \"\(missing.name)\" (\(missing.type.description))", at: node)
            }
            try checkScopedButton(values, at: node)
            return values
        }

        /// `answerAlert: {button: OK, in: PhotosPermission}`: the button must be one of the alert's.
        private func checkScopedButton(_ values: [String: FieldValue], at node: Node) throws {
            guard case let .text(button)? = values["button"], case let .text(alert)? = values["in"], alert.variables.isEmpty else { return }
            try checkButton(button.raw, of: alert.raw, at: node)
        }

        /// The value of one field, by its type.
        private func field(_ node: Node, _ type: FieldType, _ what: String) throws -> FieldValue {
            switch type {
            case .text:
                return .text(try text(node, what))
            case .boolean:
                return .boolean(try reader.boolean(node, what))
            case let .integer(range):
                return .integer(try reader.integer(node, what, in: range))
            case let .seconds(range):
                return .number(try reader.number(node, "\(what) (seconds)", in: range))
            case .selector:
                if case .scalar = node { return .selector(ElementSelector(name: try elementName(node, what))) }
                guard let selector = try selectorWith(node, what, extras: []).0 else { throw reader.error("\(what) needs an element", at: node) }
                return .selector(selector)
            case .steps:
                let before = parser.problems.count
                let steps = steps(node, what)
                if parser.problems.count > before { throw Quiet() }
                return .steps(steps)
            case .flowFile:
                let file = try reader.string(node, what)
                let folder = URL(fileURLWithPath: reader.file).deletingLastPathComponent()
                let path = file.hasPrefix("/") ? file : Self.display(folder.appendingPathComponent(file).standardizedFileURL.path)
                return .flow(try parser.include(path, from: node, reader: reader))
            case .variables:
                var pairs: [(name: String, value: Text)] = []
                for pair in try reader.pairs(node, what) { pairs.append((pair.key, try text(pair.value, "\(what) \(pair.key)"))) }
                return .variables(pairs)
            case .alertName:
                let name = try text(node, what)
                if name.variables.isEmpty { try checkAlert(name.raw, at: node) }
                return .text(name)
            case .propertyName:
                let name = try reader.string(node, what)
                guard let property = catalog.property(named: name) else {
                    let names = catalog.properties.map(\.name)
                    throw reader.error("no property \"\(Suggestion.shown(name))\" in this app" + Suggestion.didYouMean(name, in: names)
                        + (names.isEmpty ? "; it declares none (a robot's RobotProperties, in the runner's catalog, declares them)"
                            : "; its properties are " + names.map { "\"\($0)\"" }.joined(separator: ", ")), at: node)
                }
                return .property(property)
            case let .words(choices):
                return .words(try words(node, what, choices: choices))
            }
        }

        /// A list of words (`[lastUpload, count]`, or one word alone), each once and, with
        /// `choices`, each one of them.
        func words(_ node: Node, _ what: String, choices: [String]?) throws -> [String] {
            let items = node.sequence ?? [node]
            var words: [String] = []
            for item in items {
                let word = try reader.string(item, "each of \(what)")
                guard !word.trimmingCharacters(in: .whitespaces).isEmpty else { throw reader.error("\(what) holds an empty word; give each one", at: item) }
                if let choices, !choices.contains(word) {
                    throw reader.error("\(what): unknown \"\(Suggestion.shown(word))\"" + Suggestion.didYouMean(word, in: choices)
                        + "; choose from " + choices.joined(separator: ", "), at: item)
                }
                guard !words.contains(word) else { throw reader.error("\(what) gives \"\(Suggestion.shown(word))\" twice; give each once", at: item) }
                words.append(word)
            }
            return words
        }

        /// `{button: Login, enabled: false, in: ALERT}` and the step's own `extras`.
        private func selectorWith(_ node: Node, _ what: String, extras: [Field]) throws -> (ElementSelector?, [String: FieldValue]) {
            let pairs = try reader.pairs(node, what)
            let kindKeys = ElementSelector.kinds.map(\.key)
            let allowed = kindKeys + ElementSelector.stateKeys.map(\.key) + extras.map(\.name)
            var kind: (key: String, kind: ElementKind?, node: Node)?
            var selector = ElementSelector(name: "")
            var values: [String: FieldValue] = [:]
            for pair in pairs {
                if let found = ElementSelector.kinds.first(where: { $0.key == pair.key }) {
                    if let kind { throw reader.error("\(what) names its element twice (\(kind.key) and \(pair.key)); give one kind", at: pair.keyNode) }
                    kind = (found.key, found.kind, pair.value)
                    selector.kind = found.kind
                    selector.name = try elementName(pair.value, "\(what) \(pair.key)")
                    continue
                }
                if let state = ElementSelector.stateKeys.first(where: { $0.key == pair.key }) {
                    state.apply(&selector, try field(pair.value, state.type, "\(what) \(state.key)"))
                } else {
                    if let field = extras.first(where: { $0.name == pair.key }) {
                        values[field.name] = try self.field(pair.value, field.type, "\(what) \(field.name)")
                    } else if let now = ElementSelector.formerKeys[pair.key] {
                        throw reader.error("\"\(pair.key)\" is no longer a key in \(what): \(now)", at: pair.keyNode)
                    } else {
                        throw reader.error("unknown key \"\(Suggestion.shown(pair.key))\" in \(what)" + Suggestion.didYouMean(pair.key, in: allowed)
                            + "; name the element by its kind (button: Continue, staticText: message, cell: ..., element: ...)"
                            + ", with " + ElementSelector.stateKeys.map(\.key).joined(separator: ", ")
                            + (extras.isEmpty ? "" : ", and " + extras.map(\.name).joined(separator: ", ")),
                            at: pair.keyNode)
                    }
                }
            }
            guard let kind else {
                throw reader.error("\(what) should name one element by its kind, such as {button: Continue} or {element: Continue}", at: node)
            }
            if let missing = extras.first(where: { $0.isRequired && values[$0.name] == nil }) {
                throw reader.error("\(what) is missing \"\(missing.name)\" (\(missing.type.description))", at: node)
            }
            if selector.kind == .alert, selector.name.variables.isEmpty { try checkAlert(selector.name.raw, at: kind.node) }
            if let scope = selector.scope, scope.variables.isEmpty, selector.kind == .button || selector.kind == nil, selector.name.variables.isEmpty {
                try checkButton(selector.name.raw, of: scope.raw, at: kind.node)
            }
            return (selector, values)
        }

        /// The step written with an old keyword, as the step that replaced it writes it: the same
        /// element, with `is:` moved onto it as its state (`assertEnabled: {button: Login, is: false}`
        /// is `assertVisible: {button: Login, enabled: false}`), a state already there kept, and the
        /// old step's own check added when neither is given (`enabled: true`, `label: ...`). Nil
        /// when it cannot be worked out (the message then shows an example).
        static func rewrite(_ old: String, _ value: Node?, as replacement: any PrimitiveStep.Type) -> String? {
            guard let value else { return nil }
            // A label or a value the old step had to be told is shown as `...`, which YAML would quote.
            let unknown = "FLOW-PARSER-UNKNOWN"
            func line(_ value: Node) -> String {
                FlowSession.line(of: .mapping(Node.Mapping([(Node(replacement.keyword), value)]))).replacingOccurrences(of: unknown, with: "...")
            }
            let oldState = Node("is")
            guard let state = replacement.formerState[old] else {
                // `is:` meant nothing but a state, which this step never checked.
                if value.mapping?.keys.contains(oldState) == true { return nil }
                return line(value)
            }
            // What the old step checked when it was not told: enabled (or selected); a label or a value it had to be told.
            let checked = Node(state == "enabled" || state == "selected" ? "true" : unknown)
            switch value {
            case .scalar:
                return line(.mapping(Node.Mapping([(Node("element"), value), (Node(state), checked)])))
            case let .mapping(mapping):
                let stateKey = Node(state)
                let pairs = Array(mapping)
                switch (mapping[oldState], mapping[stateKey]) {
                case (nil, nil):
                    return line(.mapping(Node.Mapping(pairs + [(stateKey, checked)])))
                case (_?, nil):
                    return line(.mapping(Node.Mapping(pairs.map { ($0.key == oldState ? stateKey : $0.key, $0.value) })))
                case (nil, _?):
                    return line(value)
                case let (was?, given?):
                    let kept = line(.mapping(Node.Mapping(pairs.filter { $0.key != oldState })))
                    guard was.scalar?.string != given.scalar?.string else { return kept }
                    // They disagree: both ways, and which is which.
                    let other = line(.mapping(Node.Mapping(pairs.filter { $0.key != stateKey }.map { ($0.key == oldState ? stateKey : $0.key, $0.value) })))
                    return "\(other) or \(kept) (its is: and \(state): disagree; keep the one you mean)"
                }
            default:
                return nil
            }
        }

        /// A robot step written with a former name of its robot or of its parameters, as `action`
        /// writes it now, with the values it was given.
        static func rewrite(_ action: RobotAction, _ value: Node?) -> String {
            guard let value else { return action.fullName }
            guard let mapping = value.mapping else { return FlowSession.line(of: .mapping(Node.Mapping([(Node(action.fullName), value)]))) }
            let renamed = mapping.map { pair in (pair.key.string.flatMap { action.formerParameters[$0] }.map { Node($0) } ?? pair.key, pair.value) }
            return FlowSession.line(of: .mapping(Node.Mapping([(Node(action.fullName), .mapping(Node.Mapping(renamed)))])))
        }

        /// An element's name: text that is not empty (an empty name would match a blank text).
        func elementName(_ node: Node, _ what: String) throws -> Text {
            let name = try text(node, what)
            guard !name.raw.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw reader.error("\(what) names no element: give its identifier, label or row text", at: node)
            }
            return name
        }

        /// An alert name must be one the app declares (when it declares any).
        private func checkAlert(_ name: String, at node: Node) throws {
            guard !catalog.alerts.isEmpty, catalog.alert(named: name) == nil else { return }
            let names = catalog.alerts.flatMap(\.names)
            throw reader.error("no alert \"\(Suggestion.shown(name))\" in this app" + Suggestion.didYouMean(name, in: names)
                + "; its alerts are " + names.map { "\"\($0)\"" }.joined(separator: ", "), at: node)
        }

        /// A button named in an alert must be one of its buttons.
        private func checkButton(_ button: String, of alert: String, at node: Node) throws {
            guard Text(button).variables.isEmpty, let declared = catalog.alert(named: alert), !declared.buttons.contains(button) else { return }
            throw reader.error("the alert \"\(alert)\" has no button \"\(Suggestion.shown(button))\"" + Suggestion.didYouMean(button, in: declared.buttons)
                + (declared.buttons.isEmpty ? "; it has no buttons (it goes when its work ends)" : "; its buttons are "
                    + declared.buttons.map { "\"\($0)\"" }.joined(separator: ", ")), at: node)
        }

        /// A path relative to the current folder when it is below it.
        static func display(_ path: String) -> String {
            let here = FileManager.default.currentDirectoryPath + "/"
            return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
        }
    }
}
