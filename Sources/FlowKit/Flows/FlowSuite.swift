import Foundation
import LocatedYAML
import NameMatching

/// The flows a run will run: found under the paths given, read and checked (nothing launches if
/// any is bad), filtered by tags, split by shard, repeated.
public struct FlowSuite: Sendable {
    public let flows: [Flow]

    /// Flow files under `paths` (files, or folders searched recursively for `*.yaml`), sorted.
    /// Scheme files (`schemes/` folders) and private files are not flows.
    public static func files(in paths: [String]) throws(LocatedError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LocatedError(file: path, line: 1, column: 1, message: "there is no such file or folder", sourceLine: nil)
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let enumerator = FileManager.default.enumerator(atPath: path)
            var found: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                let components = relative.split(separator: "/")
                guard relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") else { continue }
                guard !components.contains("schemes"), !relative.contains(".private.") else { continue }
                guard !components.contains(where: { $0.hasPrefix(".") }) else { continue }
                found.append(base + "/" + relative)
            }
            files += found.sorted()
        }
        var seen: Set<String> = []
        return files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    }

    /// Reads every flow under `paths`; the first bad one is the error.
    public static func load(_ paths: [String], catalog: RobotCatalog) throws(LocatedError) -> FlowSuite {
        let parser = FlowParser(catalog: catalog)
        var flows: [Flow] = []
        for file in try files(in: paths) { flows.append(try parser.parse(file: file)) }
        return FlowSuite(flows: flows)
    }

    /// Flows with any tag of `include` (when it is not empty) and no tag of `exclude`.
    public func filtered(include: [String], exclude: [String]) -> FlowSuite {
        FlowSuite(flows: flows.filter { flow in
            (include.isEmpty || flow.tags.contains(where: include.contains)) && !flow.tags.contains(where: exclude.contains)
        })
    }

    /// This machine's share (`index` from 1 of `count`), by a stable hash of each flow's file, so
    /// that `count` machines together run every flow exactly once.
    public func shard(_ index: Int, of count: Int) -> FlowSuite {
        FlowSuite(flows: flows.filter { Self.stableHash($0.file) % UInt64(count) == UInt64(index - 1) })
    }

    /// FNV-1a of the path: the same on every machine and every run (Swift's `hashValue` is not).
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The test account's variables. Without them a flow that signs in cannot run, but that is not
    /// a mistake in the flow: the run fails it with `No credentials provided for testing`.
    public static let credentials: Set<String> = ["test.user", "test.password"]

    /// Checks that every `${variable}` a flow uses has a value: from `known`, or from the
    /// `runFlow` step that includes it. The first one missing is the error, at its use. The test
    /// account's credentials are left to the run (see `credentials`).
    public func checkVariables(known: Set<String>) throws(LocatedError) {
        for flow in flows { try Self.check(flow, known: known.union(Self.credentials)) }
    }

    /// The credentials a flow needs and `known` does not give (runFlow's variables count).
    public static func missingCredentials(_ flow: Flow, known: Set<String>) -> VariableUse? {
        if let use = flow.variableUses.first(where: { credentials.contains($0.name) && !known.contains($0.name) }) { return use }
        func walk(_ steps: [Step], _ known: Set<String>) -> VariableUse? {
            for step in steps {
                switch step.action {
                case let .runFlow(child, variables):
                    if let use = missingCredentials(child, known: known.union(variables.map(\.name))) { return use }
                case let .repeatTimes(_, inner), let .repeatWhile(_, _, inner):
                    if let use = walk(inner, known) { return use }
                default:
                    break
                }
            }
            return nil
        }
        return walk(flow.steps, known)
    }

    private static func check(_ flow: Flow, known: Set<String>) throws(LocatedError) {
        if let use = flow.variableUses.first(where: { !known.contains($0.name) }) {
            throw LocatedError(
                file: use.location.file, text: (try? String(contentsOfFile: use.location.file, encoding: .utf8)) ?? "",
                line: use.location.line, column: use.location.column,
                message: "no value for ${\(use.name)}" + Suggestion.didYouMean(use.name, in: Array(known))
                    + "; give it in the scheme's variables, with --var \(use.name)=VALUE, or as -\(use.name) VALUE"
            )
        }
        try checkIncluded(flow.steps, known: known)
    }

    private static func checkIncluded(_ steps: [Step], known: Set<String>) throws(LocatedError) {
        for step in steps {
            switch step.action {
            case let .runFlow(child, variables):
                try check(child, known: known.union(variables.map(\.name)))
            case let .repeatTimes(_, inner), let .repeatWhile(_, _, inner):
                try checkIncluded(inner, known: known)
            default:
                break
            }
        }
    }

    /// The fixtures the flows seed (their `fixture`, and literal `seed` steps), for the run's cache.
    public var fixtures: [String] {
        var names: [String] = []
        func add(_ name: String) { if !names.contains(name) { names.append(name) } }
        func walk(_ steps: [Step]) {
            for step in steps {
                switch step.action {
                case let .seed(text) where text.variables.isEmpty: add(text.raw)
                case let .runFlow(child, _): walk(child.steps)
                case let .repeatTimes(_, inner), let .repeatWhile(_, _, inner): walk(inner)
                default: break
                }
            }
        }
        for flow in flows {
            add(flow.fixture ?? "default")
            walk(flow.steps)
        }
        return names
    }
}
