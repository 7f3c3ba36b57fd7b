/// This machine's shard as the CI engine running it says (`flow run --shard auto`): which engine,
/// the variables it was read from, and the shard, always counted from 1 (`index` of `count`).
///
/// The engines, each found by its index variable:
///
/// | engine | index | total |
/// |---|---|---|
/// | GitLab CI `parallel:` | `CI_NODE_INDEX`, from 1 | `CI_NODE_TOTAL` |
/// | CircleCI | `CIRCLE_NODE_INDEX`, from 0 | `CIRCLE_NODE_TOTAL` |
/// | Buildkite | `BUILDKITE_PARALLEL_JOB`, from 0 | `BUILDKITE_PARALLEL_JOB_COUNT` |
/// | Kubernetes Indexed Job | `JOB_COMPLETION_INDEX`, from 0 | `FLOW_SHARD_TOTAL` (set from `completions`) |
/// | generic (GitHub Actions' matrix) | `FLOW_SHARD=I/N`, from 1 | |
///
/// A total without its index is no engine (GitLab sets `CI_NODE_TOTAL=1` on every job that has
/// no `parallel:`). An index without its total, an index out of range, a total that is not a
/// positive whole number, two engines that name different shards, or no engine at all is a
/// `Problem` that names every variable looked at and its value. An empty variable counts as unset.
package struct ShardSource: Sendable, Equatable, CustomStringConvertible {
    /// The shard, from 1.
    package let index: Int
    /// How many shards.
    package let count: Int
    /// The engine that said it: `GitLab CI`.
    package let engine: String
    /// The variables it was read from, as `NAME=value`, in the engine's order.
    package let variables: [String]
    /// Other engines whose variables name the same shard.
    package let agreeing: [String]

    /// Why `--shard auto` could not tell the shard.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What was missing or contradictory, as `flow run` prints it.
        package let description: String
    }

    /// One engine's variables: how its index counts and where its total is.
    struct Engine: Sendable {
        let name: String
        let indexVariable: String
        /// Nil for `FLOW_SHARD`, which holds `I/N` in one variable.
        let totalVariable: String?
        /// 1 for an index from 1, 0 for an index from 0.
        let base: Int
        /// Where the variables come from, for a message that none is set.
        let hint: String
        /// What to do when the index is set and the total is not.
        let missingTotal: String
    }

    static let engines: [Engine] = [
        Engine(name: "GitLab CI", indexVariable: "CI_NODE_INDEX", totalVariable: "CI_NODE_TOTAL", base: 1, hint: "parallel: N",
               missingTotal: "GitLab CI sets both on a job with parallel: N"),
        Engine(name: "CircleCI", indexVariable: "CIRCLE_NODE_INDEX", totalVariable: "CIRCLE_NODE_TOTAL", base: 0, hint: "parallelism: N",
               missingTotal: "CircleCI sets both"),
        Engine(name: "Buildkite", indexVariable: "BUILDKITE_PARALLEL_JOB", totalVariable: "BUILDKITE_PARALLEL_JOB_COUNT", base: 0,
               hint: "parallelism: N", missingTotal: "Buildkite sets both on a step with parallelism: N"),
        Engine(name: "a Kubernetes Indexed Job", indexVariable: "JOB_COMPLETION_INDEX", totalVariable: "FLOW_SHARD_TOTAL", base: 0,
               hint: "completionMode: Indexed, with FLOW_SHARD_TOTAL set to completions",
               missingTotal: "in a Kubernetes Indexed Job, set FLOW_SHARD_TOTAL to the Job's completions in its manifest"),
        Engine(name: "FLOW_SHARD", indexVariable: "FLOW_SHARD", totalVariable: nil, base: 1, hint: "a GitHub Actions matrix, or set by hand",
               missingTotal: ""),
    ]

    /// Every variable `--shard auto` reads, in the order it reads them.
    package static let variableNames: [String] = engines.flatMap { [$0.indexVariable] + ($0.totalVariable.map { [$0] } ?? []) }

    /// `shard 2/4 from GitLab CI (CI_NODE_INDEX=2, CI_NODE_TOTAL=4)`, or `shard 2/4 from FLOW_SHARD=2/4`.
    package var description: String {
        let from = engine == "FLOW_SHARD" ? variables.joined(separator: ", ") : "\(engine) (\(variables.joined(separator: ", ")))"
        var text = "shard \(index)/\(count) from \(from)"
        if !agreeing.isEmpty { text += "; " + agreeing.joined(separator: ", ") + " agree\(agreeing.count == 1 ? "s" : "")" }
        return text
    }

    /// The shard the engines in `environment` name, or a `Problem` saying precisely what is wrong.
    package static func detect(in environment: [String: String]) throws(Problem) -> ShardSource {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        var found: [ShardSource] = []
        var problems: [String] = []
        for engine in engines {
            guard let rawIndex = value(engine.indexVariable) else { continue }
            switch read(engine, rawIndex: rawIndex, rawTotal: engine.totalVariable.flatMap(value)) {
            case let .success(source): found.append(source)
            case let .failure(problem): problems.append(problem.description)
            }
        }
        let looked = lookedAt(environment)
        guard problems.isEmpty else {
            throw Problem(description: "--shard auto: " + problems.joined(separator: "; ") + "; looked at \(looked)")
        }
        guard let first = found.first else {
            throw Problem(description: "--shard auto: no CI engine's shard variables are set (looked at \(looked)); they come from "
                + engines.map { $0.name == "FLOW_SHARD" ? "FLOW_SHARD=I/N (\($0.hint))" : "\($0.name) (\($0.hint))" }.joined(separator: ", ")
                + "; or give --shard I/N")
        }
        let disagreeing = found.dropFirst().filter { ($0.index, $0.count) != (first.index, first.count) }
        guard disagreeing.isEmpty else {
            let named = found.map { "\($0.engine) says \($0.index)/\($0.count) (\($0.variables.joined(separator: ", ")))" }
            throw Problem(description: "--shard auto: the engines disagree: " + named.joined(separator: ", but ")
                + "; unset the stray variables or give --shard I/N; looked at \(looked)")
        }
        return ShardSource(
            index: first.index, count: first.count, engine: first.engine, variables: first.variables,
            agreeing: found.dropFirst().map { "\($0.engine) (\($0.variables.joined(separator: ", ")))" }
        )
    }

    /// One engine's shard from its variables, or what is wrong with them.
    private static func read(_ engine: Engine, rawIndex: String, rawTotal: String?) -> Result<ShardSource, Problem> {
        let shown = { (name: String, value: String?) in value.map { "\(name)=\(quoted($0))" } ?? "\(name) unset" }
        guard let totalVariable = engine.totalVariable else {
            // FLOW_SHARD=I/N, from 1, as --shard takes it.
            let parts = rawIndex.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, let index = wholeNumber(parts[0]), let count = wholeNumber(parts[1]), count >= 1 else {
                return .failure(Problem(description: "\(shown(engine.indexVariable, rawIndex)) is not I/N (such as 2/4)"))
            }
            guard (1...count).contains(index) else {
                return .failure(Problem(description: "\(shown(engine.indexVariable, rawIndex)) is out of range: I counts from 1 to N"))
            }
            return .success(ShardSource(index: index, count: count, engine: "FLOW_SHARD", variables: [shown(engine.indexVariable, rawIndex)], agreeing: []))
        }
        guard let rawTotal else {
            return .failure(Problem(description: "\(shown(engine.indexVariable, rawIndex)) is set but \(totalVariable) is not "
                + "(\(engine.missingTotal))"))
        }
        let variables = [shown(engine.indexVariable, rawIndex), shown(totalVariable, rawTotal)]
        guard let count = wholeNumber(rawTotal), count >= 1 else {
            return .failure(Problem(description: "\(shown(totalVariable, rawTotal)) is not a positive whole number (\(engine.name))"))
        }
        guard let index = wholeNumber(rawIndex) else {
            return .failure(Problem(description: "\(shown(engine.indexVariable, rawIndex)) is not a whole number (\(engine.name))"))
        }
        let range = engine.base...(count - 1 + engine.base)
        guard range.contains(index) else {
            return .failure(Problem(description: "\(shown(engine.indexVariable, rawIndex)) is out of range: \(engine.name) counts from "
                + "\(engine.base), so with \(shown(totalVariable, rawTotal)) it is \(range.lowerBound) to \(range.upperBound)"))
        }
        return .success(ShardSource(index: index - engine.base + 1, count: count, engine: engine.name, variables: variables, agreeing: []))
    }

    /// Every variable looked at, with its value or `unset`.
    private static func lookedAt(_ environment: [String: String]) -> String {
        variableNames.map { name in
            guard let value = environment[name] else { return "\(name) unset" }
            return value.isEmpty ? "\(name) empty" : "\(name)=\(quoted(value))"
        }.joined(separator: ", ")
    }

    /// Digits only (no sign, no spaces), and small enough for an `Int`.
    private static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// A value as it was, quoted only when it holds a space, a quote or a control character, and
    /// cut at 40 characters (an environment can hold anything).
    private static func quoted(_ value: String) -> String {
        let cut = value.count > 40 ? String(value.prefix(40)) + "…" : value
        let plain = cut.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && $0 != "\"" && $0 != "," }
        if plain { return cut }
        let escaped = cut.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            default: return scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }.joined()
        return "\"\(escaped)\""
    }
}
