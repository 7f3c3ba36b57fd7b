import FlowKit
import Foundation

/// A flow's trace as a JSON file (`run --trace`, one file a flow run, in `--trace-out DIR` or
/// beside the HTML report): every step with where it is written, how it ended, the screen before
/// and after it, what it waited for and the app's standard error meanwhile. Its schema,
/// ``schema``, is committed beside the flow schema as `trace.schema.json`, so that other tools
/// can read the file; a test holds a real trace to it. Secrets are masked, as everywhere.
package enum FlowTraceFile {
    /// What the file is, in its `format` key.
    package static let formatName = "flow-trace"
    /// The file's version: a reader refuses one it does not know.
    package static let currentVersion = 1
    /// The schema's file name, beside the flow schema.
    package static let schemaFileName = "trace.schema.json"

    /// The file's name for a flow run: the reports' name for it with `.trace.json`; an earlier
    /// try (`--retries`) is `-try1`, `-try2`, ...
    package static func fileName(_ flow: Flow, iteration: Int, earlierTry: Int? = nil) -> String {
        FolderReport.baseName(flow, iteration) + (earlierTry.map { "-try\($0)" } ?? "") + ".trace.json"
    }

    /// The file for one try of a flow (`tryNumber` from 1, of `tries`), as JSON.
    package static func json(_ result: FlowResult, tryNumber: Int = 1, tries: Int = 1) -> String {
        var root: [String: Any] = [
            "format": formatName, "version": currentVersion,
            "flow": ["name": result.flow.name, "file": result.flow.file],
            "iteration": result.iteration, "try": tryNumber, "tries": tries, "passed": result.passed,
            "durationMs": milliseconds(result.duration),
            "steps": HTMLReport.timeline(result.steps).map(step),
        ]
        if let failure = result.failure {
            root["failure"] = [
                "location": failure.location.description, "step": failure.stepTitle, "summary": failure.summary,
                "reason": failure.failure.reason, "byTheApp": failure.failure.cause.isTheAppsEnd,
            ]
        }
        // Strings, numbers, arrays and dictionaries of them only: JSONSerialization takes them all.
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func step(_ record: StepRecord) -> [String: Any] {
        var step: [String: Any] = [
            "title": record.title, "location": record.location.description, "depth": record.depth,
            "status": record.status.rawValue, "durationMs": milliseconds(record.duration), "notes": record.notes,
        ]
        if let trace = record.trace {
            var traced: [String: Any] = [
                "waitedMs": milliseconds(trace.waited), "frames": trace.frames,
                "busy": trace.busy.map { ["work": $0.work, "for_ms": $0.milliseconds] as [String: Any] },
                "standardError": trace.standardError, "standardErrorDropped": trace.standardErrorDropped,
                "changedLines": changedLines(trace),
            ]
            if let before = trace.before { traced["before"] = before }
            if let after = trace.after { traced["after"] = after }
            step["trace"] = traced
        }
        return step
    }

    /// How many lines differ between the screen before and after (removed plus added).
    static func changedLines(_ trace: StepTrace) -> Int {
        guard let before = trace.before, let after = trace.after else { return 0 }
        return LineDiff.lines(from: LineDiff.split(before), to: LineDiff.split(after)).filter {
            if case .same = $0 { return false }
            return true
        }.count
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        (duration / .milliseconds(1) * 1000).rounded() / 1000
    }

    /// The JSON Schema of the file (`flow schema --trace`, committed as `trace.schema.json`).
    package static var schema: String {
        typealias S = JSONSchemaText
        let string: [String: Any] = ["type": "string"]
        let integer: [String: Any] = ["type": "integer", "minimum": 0]
        let number: [String: Any] = ["type": "number", "minimum": 0]
        func strings(_ description: String) -> [String: Any] { ["type": "array", "items": string, "description": description] }
        let trace = S.object([
            ("before", S.described(string, "the screen before the step, as drawn (absent before the app's first frame)"), false),
            ("after", S.described(string, "the screen after it, or when it failed"), false),
            ("changedLines", S.described(integer, "lines that differ between before and after (removed plus added)"), true),
            ("waitedMs", S.described(number, "milliseconds the step waited for the app's frames"), true),
            ("frames", S.described(integer, "frames read during the step"), true),
            ("busy", ["type": "array", "description": "the work the app named busy during the step (protocol 2), each with how long it ran during the step", "items": S.object([
                ("work", S.described(string, "the work's name, as the app scheduled it"), true),
                ("for_ms", S.described(integer, "how long it ran during the step, in milliseconds"), true),
            ], "a piece of busy work")], true),
            ("standardError", strings("the lines the app wrote to standard error during the step, of the last 64 KiB it wrote"), true),
            ("standardErrorDropped", S.described(integer, "lines it wrote during the step that standardError lacks (more than the runner keeps, or a relaunch)"), true),
        ], "what the step did")
        let properties: [(String, [String: Any], Bool)] = [
            ("format", S.described(["const": formatName], "what the file is"), true),
            ("version", S.described(["const": currentVersion], "the file's version: a reader refuses one it does not know"), true),
            ("flow", S.object([("name", S.described(string, "the flow's name"), true), ("file", S.described(string, "its file"), true)], "the flow"), true),
            ("iteration", S.described(integer, "which run of the flow under --repeat, from 1"), true),
            ("try", S.described(integer, "which try under --retries, from 1"), true),
            ("tries", S.described(integer, "how many tries the flow run took"), true),
            ("passed", S.described(["type": "boolean"], "whether this try passed"), true),
            ("durationMs", S.described(number, "the flow's time in milliseconds: the copy of the store, the launch and the steps"), true),
            ("failure", S.object([
                ("location", S.described(string, "where the failing step is written (file:line:column)"), true),
                ("step", S.described(string, "the failing step as written"), true),
                ("summary", S.described(string, "the failure in one line, as the console prints it"), true),
                ("reason", S.described(string, "why it failed"), true),
                ("byTheApp", S.described(["type": "boolean"], "the app crashed, exited or hung"), true),
            ], "why the try failed (absent when it passed)"), false),
            ("steps", ["type": "array", "description": "the steps in the order written, nested ones after their runFlow or repeat", "items": S.object([
                ("title", S.described(string, "the step as written"), true),
                ("location", S.described(string, "where it is written (file:line:column)"), true),
                ("depth", S.described(integer, "how deep it is nested in runFlow or repeat"), true),
                ("status", S.described(["type": "string", "enum": ["passed", "failed", "skipped"]], "how it ended"), true),
                ("durationMs", S.described(number, "its time in milliseconds"), true),
                ("notes", strings("what it has to say besides its status (a golden screen recorded)"), true),
                ("trace", trace, false),
            ], "a step")], true),
        ]
        return S.document(S.object(properties, "A flow's trace, as flow run --trace writes it: every step, the screen before and after it, what it waited for, the app's standard error."), title: "flow trace")
    }
}
