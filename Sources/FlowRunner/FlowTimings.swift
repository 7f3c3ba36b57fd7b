import Foundation
import LocatedYAML
import NameMatching
import Yams

/// What earlier runs took: each flow file's durations in seconds (one per run of it, so a
/// `--repeat` run gives several) and each fixture's seeding time. `--shard-by timings` reads them
/// from a JUnit file (`JUnitTimings`) or from the runner's own timings file, which `--timings-out`
/// writes (`json`):
///
/// ```json
/// {
///   "format": "flow-timings",
///   "version": 1,
///   "interrupted": false,
///   "flows": {
///     "Flows/login/sign-in.yaml": [1.234, 1.301]
///   },
///   "fixtures": {
///     "default": 0.412
///   }
/// }
/// ```
///
/// Flow files are keys as the run named them, without a leading `./`. Every number is seconds,
/// zero or more, written to the millisecond.
public struct FlowTimings: Sendable, Equatable {
    /// Flow file → its durations in seconds, in the order they ran.
    public var flows: [String: [Double]]
    /// Fixture → its seeding times in seconds (one per run that seeded it; files merged add more).
    public var fixtures: [String: [Double]]
    /// True when the run that wrote it was interrupted: it holds only what finished.
    public var interrupted: Bool

    /// The value of `format` in the runner's own file, which tells it from any other JSON.
    public static let format = "flow-timings"
    /// The version this runner writes and reads.
    public static let version = 1

    /// Timings as given; flow files are keyed by `key(_:)`, so two spellings of one path add up.
    public init(flows: [String: [Double]] = [:], fixtures: [String: [Double]] = [:], interrupted: Bool = false) {
        self.flows = [:]
        self.fixtures = fixtures
        self.interrupted = interrupted
        for (file, seconds) in flows { self.flows[Self.key(file), default: []] += seconds }
    }

    /// A run's timings: each result's duration under its flow's file (in the order of the
    /// iterations), and the seeding time of each fixture the run seeded.
    public init(results: [FlowResult], seeding: [String: Duration], interrupted: Bool) {
        var flows: [String: [Double]] = [:]
        for result in results.sorted(by: { $0.iteration < $1.iteration }) {
            flows[Self.key(result.flow.file), default: []].append(result.duration / .seconds(1))
        }
        self.init(flows: flows, fixtures: seeding.mapValues { [$0 / .seconds(1)] }, interrupted: interrupted)
    }

    /// A flow file as a key: `./Flows/a.yaml` and `Flows//a.yaml` are `Flows/a.yaml`.
    public static func key(_ path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map(String.init)
        if path.hasPrefix("/") { parts.insert("", at: 0) }
        return parts.isEmpty ? path : parts.joined(separator: "/")
    }

    /// The mean of a flow's durations, or nil when it has none.
    public func seconds(ofFlow file: String) -> Double? {
        Self.mean(flows[Self.key(file)])
    }

    /// The mean of a fixture's seeding times, or nil when it has none.
    public func seconds(ofFixture name: String) -> Double? {
        Self.mean(fixtures[name])
    }

    /// The mean, summed in ascending order so that it is the same whatever order the times came in.
    static func mean(_ values: [Double]?) -> Double? {
        guard let values, !values.isEmpty else { return nil }
        return values.sorted().reduce(0, +) / Double(values.count)
    }

    /// These timings and `other`'s together (every shard's file of one run, say).
    public func merging(_ other: FlowTimings) -> FlowTimings {
        var merged = self
        for (file, seconds) in other.flows { merged.flows[file, default: []] += seconds }
        for (name, seconds) in other.fixtures { merged.fixtures[name, default: []] += seconds }
        merged.interrupted = interrupted || other.interrupted
        return merged
    }

    // MARK: - Reading

    /// Reads `file`: a JUnit file (it starts with `<`) or the runner's own timings file. A file that
    /// cannot be read, is truncated or holds a bad value is a `LocatedError` at the place.
    public static func read(file: String) throws(LocatedError) -> FlowTimings {
        guard let data = FileManager.default.contents(atPath: file) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory)
            throw .wholeFile(file, !exists ? "there is no such timings file (write one with flow run --junit FILE or --timings-out FILE)"
                : isDirectory.boolValue ? "this is a folder, not a timings file" : "the timings file cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .wholeFile(file, "the timings file is not UTF-8 text") }
        return try parse(text, file: file)
    }

    /// Parses the text of a JUnit file or of the runner's own timings file.
    public static func parse(_ text: String, file: String) throws(LocatedError) -> FlowTimings {
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = start.first else {
            throw .wholeFile(file, "the timings file is empty (a JUnit file from flow run --junit, or a timings file from --timings-out)")
        }
        if first == "<" { return try JUnitTimings.parse(text, file: file) }
        do {
            return try parseOwn(text, file: file)
        } catch let error as LocatedError {
            throw error
        } catch {
            throw .wholeFile(file, "\(error)")
        }
    }

    private static func parseOwn(_ text: String, file: String) throws -> FlowTimings {
        let reader = YAMLReader(file: file, text: text)
        guard let root = try reader.root() else { throw LocatedError.wholeFile(file, "the timings file is empty") }
        guard root.mapping != nil else {
            throw reader.error("not a timings file: expected a JSON object with \"format\": \"\(format)\" (or a JUnit file)", at: root)
        }
        let keys = try reader.mapping(root, "the timings file", required: ["format", "version", "flows"], optional: ["interrupted", "fixtures"])
        if let node = keys["format"], try reader.string(node, "format") != format {
            throw reader.error("not a timings file: format should be \"\(format)\"", at: node)
        }
        if let node = keys["version"], try reader.string(node, "version") != String(version) {
            throw reader.error("this runner reads timings files of version \(version), not \(Suggestion.shown(try reader.string(node, "version")))", at: node)
        }
        let interrupted = try keys["interrupted"].map { try reader.boolean($0, "interrupted") } ?? false
        var flows: [String: [Double]] = [:]
        if let node = keys["flows"] {
            for pair in try reader.pairs(node, "flows") {
                let items = pair.value.sequence != nil ? try reader.sequence(pair.value, "the durations of \(pair.key)") : [pair.value]
                guard !items.isEmpty else {
                    throw reader.error("the durations of \(pair.key) are an empty list; give at least one number of seconds", at: pair.value)
                }
                flows[key(pair.key), default: []] += try items.map { try seconds($0, reader: reader, "a duration of \(pair.key)") }
            }
        }
        var fixtures: [String: [Double]] = [:]
        if let node = keys["fixtures"] {
            for pair in try reader.pairs(node, "fixtures") {
                fixtures[pair.key, default: []].append(try seconds(pair.value, reader: reader, "the seeding time of \(pair.key)"))
            }
        }
        return FlowTimings(flows: flows, fixtures: fixtures, interrupted: interrupted)
    }

    private static func seconds(_ node: Node, reader: YAMLReader, _ what: String) throws -> Double {
        guard case let .scalar(scalar) = node else { throw reader.error("\(what) should be a number of seconds, not a list or mapping", at: node) }
        guard let value = Double(scalar.string), value.isFinite else {
            throw reader.error("\(what) should be a number of seconds, not \"\(Suggestion.shown(scalar.string))\"", at: node)
        }
        guard value >= 0 else { throw reader.error("\(what) is \(scalar.string): seconds are 0 or more", at: node) }
        return value
    }

    // MARK: - Writing

    /// The runner's own timings file, as `--timings-out` writes it: keys sorted, so the same
    /// timings are the same bytes. A fixture seeded more than once (merged files) gets its mean.
    public var json: String {
        func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
        var text = "{\n  \"format\": \"\(Self.format)\",\n  \"version\": \(Self.version),\n  \"interrupted\": \(interrupted),\n"
        let flowLines = flows.keys.sorted().map { file in
            "    \(Self.quoted(file)): [" + (flows[file] ?? []).map(seconds).joined(separator: ", ") + "]"
        }
        text += "  \"flows\": {" + (flowLines.isEmpty ? "},\n" : "\n" + flowLines.joined(separator: ",\n") + "\n  },\n")
        let fixtureLines = fixtures.keys.sorted().compactMap { name in
            Self.mean(fixtures[name]).map { "    \(Self.quoted(name)): \(seconds($0))" }
        }
        text += "  \"fixtures\": {" + (fixtureLines.isEmpty ? "}\n" : "\n" + fixtureLines.joined(separator: ",\n") + "\n  }\n")
        return text + "}\n"
    }

    /// A JSON string.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Writes `json` to `path` through ``OutputFile``: atomically (a temporary file renamed into
    /// place), so a reader never sees half a file and a stale file is replaced whole; a folder, a
    /// FIFO or a device there is refused, never replaced.
    public func write(to path: String) throws(OutputFileError) {
        try OutputFile.write(json, to: path)
    }
}
