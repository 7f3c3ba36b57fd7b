import Foundation
import LocatedYAML
import NameMatching

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
package struct FlowTimings: Sendable, Equatable {
    /// Flow file → its durations in seconds, in the order they ran.
    package var flows: [String: [Double]]
    /// Fixture → its seeding times in seconds (one per run that seeded it; files merged add more).
    package var fixtures: [String: [Double]]
    /// True when the run that wrote it was interrupted: it holds only what finished.
    package var interrupted: Bool

    /// The value of `format` in the runner's own file, which tells it from any other JSON.
    package static let format = "flow-timings"
    /// The version this runner writes and reads.
    package static let version = 1

    /// Timings as given; flow files are keyed by `key(_:)`, so two spellings of one path add up.
    package init(flows: [String: [Double]] = [:], fixtures: [String: [Double]] = [:], interrupted: Bool = false) {
        self.flows = [:]
        self.fixtures = fixtures
        self.interrupted = interrupted
        for (file, seconds) in flows { self.flows[Self.key(file), default: []] += seconds }
    }

    /// Timings whose flow files are keys already (`key(_:)` of themselves): a file of a million
    /// flows is read without making each key twice.
    init(keyed flows: [String: [Double]], fixtures: [String: [Double]], interrupted: Bool) {
        self.flows = flows
        self.fixtures = fixtures
        self.interrupted = interrupted
    }

    /// A run's timings: each result's duration under its flow's file (in the order of the
    /// iterations), and the seeding time of each fixture the run seeded.
    package init(results: [FlowResult], seeding: [String: Duration], interrupted: Bool) {
        var flows: [String: [Double]] = [:]
        for result in results.sorted(by: { $0.iteration < $1.iteration }) {
            flows[Self.key(result.flow.file), default: []].append(result.duration / .seconds(1))
        }
        self.init(flows: flows, fixtures: seeding.mapValues { [$0 / .seconds(1)] }, interrupted: interrupted)
    }

    /// A flow file as a key: `./Flows/a.yaml` and `Flows//a.yaml` are `Flows/a.yaml`.
    package static func key(_ path: String) -> String {
        if isKey(path) { return path }
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map(String.init)
        if path.hasPrefix("/") { parts.insert("", at: 0) }
        return parts.isEmpty ? path : parts.joined(separator: "/")
    }

    /// Whether `path` is a key as it is: no empty or `.` part (`Flows/a.yaml`, `/tmp/a.yaml`).
    /// Most are, and C's search tells so faster than splitting them (a file of a million flows
    /// asks a million times).
    private static func isKey(_ path: String) -> Bool {
        guard !path.isEmpty, path != ".", !path.hasPrefix("./"), !path.hasSuffix("/"), !path.hasSuffix("/.") else { return false }
        return path.withCString { text in
            strlen(text) == path.utf8.count && strstr(text, "//") == nil && strstr(text, "/./") == nil
        }
    }

    /// The mean of a flow's durations, or nil when it has none.
    package func seconds(ofFlow file: String) -> Double? {
        Self.mean(flows[Self.key(file)])
    }

    /// The mean of a fixture's seeding times, or nil when it has none.
    package func seconds(ofFixture name: String) -> Double? {
        Self.mean(fixtures[name])
    }

    /// The mean, summed in ascending order so that it is the same whatever order the times came in.
    static func mean(_ values: [Double]?) -> Double? {
        guard let values, !values.isEmpty else { return nil }
        return values.sorted().reduce(0, +) / Double(values.count)
    }

    /// These timings and `other`'s together (every shard's file of one run, say).
    package func merging(_ other: FlowTimings) -> FlowTimings {
        // Merging into nothing is the other file as it is: a file of a million flows is not copied
        // key by key.
        if flows.isEmpty, fixtures.isEmpty { return FlowTimings(keyed: other.flows, fixtures: other.fixtures, interrupted: interrupted || other.interrupted) }
        var merged = self
        for (file, seconds) in other.flows { merged.flows[file, default: []] += seconds }
        for (name, seconds) in other.fixtures { merged.fixtures[name, default: []] += seconds }
        merged.interrupted = interrupted || other.interrupted
        return merged
    }

    // MARK: - Reading

    /// The largest timings file read: a JUnit file of a million testcases is about 120 MB, the
    /// runner's own file of a million flows about 44 MB. Past it the file is refused unread,
    /// whatever it is (`/dev/zero` included).
    package static let fileLimit = 256 << 20
    /// The longest duration a timings file may give, in seconds (about 11 days): past it the
    /// number is in other units, and sums of such numbers could reach infinity.
    package static let maximumSeconds = 1_000_000.0

    /// Reads `file`: a JUnit file (it starts with `<`) or the runner's own timings file. A file that
    /// cannot be read, is truncated or holds a bad value is a `LocatedError` at the place.
    /// `runner` is the runner that reads it, as its errors name it (`flow run --junit FILE`).
    package static func read(file: String, runner: RunnerIdentity = .standard) throws(LocatedError) -> FlowTimings {
        // Through InputFile, as every file a person names is read: a FIFO was opened and waited
        // on for ever, /dev/zero read to the limit (256 MB) before it was refused.
        switch InputFile.read(file, limit: fileLimit) {
        case let .success(data):
            return try parse(data, file: file, runner: runner)
        case .failure(.missing):
            throw .wholeFile(file, "there is no such timings file (write one with \(runner.name) run --junit FILE or --timings-out FILE)")
        case .failure(.notAFile(.folder)):
            throw .wholeFile(file, "this is a folder, not a timings file")
        case .failure(.tooLarge):
            throw .wholeFile(file, "the timings file is over the limit of \(fileLimit >> 20) MB: is it a timings file?")
        case let .failure(problem):
            throw .wholeFile(file, "the timings file cannot be read: \(problem)")
        }
    }

    /// Parses the text of a JUnit file or of the runner's own timings file.
    package static func parse(_ text: String, file: String) throws(LocatedError) -> FlowTimings {
        try parse(Data(text.utf8), file: file)
    }

    /// Parses the bytes of a JUnit file or of the runner's own timings file, as read from `file`:
    /// bytes that are not UTF-8 are a located error, like any other problem.
    /// `runner` names the runner in the error for an empty file.
    package static func parse(_ data: Data, file: String, runner: RunnerIdentity = .standard) throws(LocatedError) -> FlowTimings {
        // XML may start with a byte-order mark; JSON may not (its reader says so).
        var start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < data.count, [0x20, 0x0A, 0x0D, 0x09].contains(data[data.startIndex + start]) { start += 1 }
        guard start < data.count else {
            throw .wholeFile(file, "the timings file is empty (a JUnit file from \(runner.name) run --junit, or a timings file from --timings-out)")
        }
        if data[data.startIndex + start] == UInt8(ascii: "<") { return try JUnitTimings.parse(data, file: file) }
        let result = data.withUnsafeBytes { raw -> Result<FlowTimings, LocatedError> in
            Result { () throws(LocatedError) in try FlowTimingsJSON.parse(raw.bindMemory(to: UInt8.self), file: file) }
        }
        return try result.get()
    }

    /// Why `value` is no number of seconds a timings file may give, or nil when it is one: it is
    /// finite, 0 or more, and at most `maximumSeconds`.
    static func problem(seconds value: Double) -> String? {
        if value.isNaN { return "that is not a number of seconds" }
        if value < 0 { return "seconds are 0 or more" }
        if value > maximumSeconds { return "that is over \(Int(maximumSeconds)) s (about 11 days), the most a timings file may give: are these seconds?" }
        return nil
    }

    // MARK: - Writing

    /// The runner's own timings file, as `--timings-out` writes it: keys sorted, so the same
    /// timings are the same bytes. A fixture seeded more than once (merged files) gets its mean.
    package var json: String {
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
    package func write(to path: String) throws(OutputFileError) {
        try OutputFile.write(json, to: path)
    }
}
