import FlowRunner
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ProcessTesting
import Testing

/// `run --trace`: every step's screen before and after, what it waited for, and the app's
/// standard error meanwhile, in the HTML report and a JSON file a flow; kept for every flow, for
/// the failed ones, or for none.
struct TraceTests {
    static let passing = """
        name: Signs in
        steps:
          - Login.login
          - assertVisible: {alert: PhotosPermission}
          - answerAlert: OK
          - Glance.checkCounts: {work: 8, other: 1}
        """

    func traceFiles(_ workspace: FlowWorkspace, _ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: workspace.folder.appendingPathComponent(folder).path)) ?? []).sorted()
    }

    func json(_ workspace: FlowWorkspace, _ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(workspace.read(path).utf8)) as? [String: Any])
    }

    @Test func aFlowThatTimesOutOnTheUploadHasItsTraceInTheReportAndAFileThatSaysWhatItWaitedFor() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/slow.yaml", BusyTimeoutTests.slowUpload)
        let run = try workspace.flow(["run", "--timeout", "1", "--html", "out/report.html", "Flows/slow.yaml"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("  trace: out/traces/Flows_slow.trace.json\n"), "the failure says where its trace is: \(run.stdout)")

        let trace = try json(workspace, "out/traces/Flows_slow.trace.json")
        #expect(trace["format"] as? String == FlowTraceFile.formatName && trace["passed"] as? Bool == false)
        let steps = try #require(trace["steps"] as? [[String: Any]])
        #expect(steps.map { $0["title"] as? String } == ["Login.login", "Glance.reviewWorkPhotos", "Photos.selectAll", "tap"])
        let tap = try #require(steps.last?["trace"] as? [String: Any])
        let busy = try #require(tap["busy"] as? [[String: Any]])
        #expect(busy.map { $0["work"] as? String } == ["upload"], "\(busy)")
        // The upload begins once the app has read the tap, a moment after the wait began (on a
        // loaded machine, more than the moment between the timeout and the trace): nearly all of it.
        #expect((busy.first?["for_ms"] as? Int ?? 0) >= 900, "the upload ran the whole second waited, but the moment before the app read the tap: \(busy)")
        #expect((tap["waitedMs"] as? Double ?? 0) >= 1000)
        #expect((tap["before"] as? String)?.contains("< Upload to Drive >") == true)
        #expect((tap["after"] as? String)?.contains("Uploading…") == true, "after: the overlay of the upload in flight")
        let signIn = try #require(steps.first?["trace"] as? [String: Any])
        #expect(signIn["standardError"] as? [String] == ["workphotos: login: signing in as test", "workphotos: login: signed in as test"],
                "the lines the app wrote during the step, and only those")
        #expect((steps[1]["trace"] as? [String: Any])?["standardError"] as? [String] == [])
        #expect(tap["standardError"] as? [String] == ["workphotos: test drive: a slow network (-drive.delay 30.0): an upload takes 30.0 s"],
                "what the app said while the step waited: \(tap)")

        let html = try workspace.read("out/report.html")
        #expect(html.components(separatedBy: "<details class=\"trace\"").count - 1 == 4, "a trace for each step")
        #expect(html.components(separatedBy: "<details class=\"trace\" open=\"open\"").count - 1 == 1, "the failed step's is open")
        #expect(html.contains("busy with upload (1."), "\(html)")
        #expect(html.contains("The app's standard error during the step (1 line):</p>\n<pre class=\"stderr\">workphotos: test drive: a slow network"), "the app's lines in the trace")
        #expect(html.contains("<th>before the step</th><th>when it failed</th>"))
        #expect(html.contains("<span class=\"location\">Flows/slow.yaml:9:5</span> <code>tap</code>"), "the step's source line")
        #expect(XMLParser(data: Data(html.utf8)).parse(), "the page stays well-formed XML")
    }

    @Test func aTraceFileHoldsToTheCommittedSchema() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/slow.yaml", BusyTimeoutTests.slowUpload)
        _ = try workspace.flow(["run", "--timeout", "1", "--trace-out", "traces", "Flows/slow.yaml"])
        let schema = try JSONSerialization.jsonObject(with: Data(FlowTraceFile.schema.utf8))
        var problems: [String] = []
        JSONSchemaCheck.check(try json(workspace, "traces/Flows_slow.trace.json"), against: schema, at: "trace", problems: &problems)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Able to fail: a key the schema does not declare is found.
        var stray = try json(workspace, "traces/Flows_slow.trace.json")
        stray["extra"] = 1
        var found: [String] = []
        JSONSchemaCheck.check(stray, against: schema, at: "trace", problems: &found)
        #expect(found == ["trace.extra is not in the schema"])
        var wrong = try json(workspace, "traces/Flows_slow.trace.json")
        (wrong["version"], wrong["durationMs"], wrong["iteration"]) = (99, -1, 1.5)
        found = []
        JSONSchemaCheck.check(wrong, against: schema, at: "trace", problems: &found)
        #expect(found.sorted() == ["trace.durationMs is -1, below 0.0", "trace.iteration is 1.5, not a whole number", "trace.version is 99, not 1"], "\(found)")
        let committed = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent("Flows/\(FlowTraceFile.schemaFileName)"), encoding: .utf8)
        #expect(committed == FlowTraceFile.schema, "Flows/trace.schema.json is stale: .build/debug/flow schema --trace > Flows/trace.schema.json")
    }

    @Test(arguments: [("on-failure", false), ("on", true), ("off", false)])
    func aPassingFlowIsTracedOnlyWithTraceOn(mode: String, traced: Bool) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", Self.passing)
        let run = try workspace.flow(["run", "--trace", mode, "--html", "out/report.html", "Flows/pass.yaml"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let html = try workspace.read("out/report.html")
        #expect(html.contains("<details class=\"trace\"") == traced, "\(mode)")
        #expect(traceFiles(workspace, "out/traces") == (traced ? ["Flows_pass.trace.json"] : []))
        // The screen after each step either way: in the trace, beside the one before, or alone.
        #expect(html.contains(traced ? "<th>before the step</th><th>after the step</th>" : "The screen after it"))
        #expect(!html.contains("The screen after it") || !traced, "not twice")
    }

    @Test func aTraceThatCannotBeWrittenBesideTheReportEndsTheRunWithThree() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/slow.yaml", BusyTimeoutTests.slowUpload)
        try workspace.write("out/traces", "a file where the traces' folder would go\n")
        let run = try workspace.flow(["run", "--timeout", "1", "--html", "out/report.html", "Flows/slow.yaml"])
        #expect(run.status == 3, "the flow failed, but its trace was not written: the run was not made")
        #expect(run.stderr.contains("flow: error: cannot write the trace out/traces/Flows_slow.trace.json"), "\(run.stderr)")
        #expect(try workspace.read("out/traces") == "a file where the traces' folder would go\n")
        #expect(try workspace.read("out/report.html").contains("<details class=\"trace\""), "the report is written all the same")
    }

    @Test func aRunFlowStepsTraceCoversItsNestedSteps() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/sub/sign-in.yaml", "name: Sign in\nsteps:\n  - Login.login\n  - answerAlert: OK\n")
        try workspace.write("Flows/outer.yaml", "name: Outer\nsteps:\n  - runFlow: sub/sign-in.yaml\n  - Glance.checkCounts: {work: 8, other: 1}\n")
        let run = try workspace.flow(["run", "--trace", "on", "--trace-out", "t", "Flows/outer.yaml"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let steps = try #require(try json(workspace, "t/Flows_outer.trace.json")["steps"] as? [[String: Any]])
        #expect(steps.map { $0["title"] as? String } == ["runFlow", "Login.login", "answerAlert", "Glance.checkCounts"])
        let traces = steps.map { $0["trace"] as? [String: Any] ?? [:] }
        let frames = traces.map { $0["frames"] as? Int ?? 0 }
        #expect(frames[0] == frames[1] + frames[2], "the runFlow step's frames are its steps': \(frames)")
        #expect(traces[0]["standardError"] as? [String] == traces[1]["standardError"] as? [String], "its lines too")
        #expect((traces[0]["standardError"] as? [String])?.contains("workphotos: login: signed in as test") == true)
    }

    @Test func eachTryOfARetriedFlowKeepsItsOwnTrace() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/flaky.yaml", RetryTests.flakyUpload(marker: workspace.folder.appendingPathComponent("marker").path))
        let run = try workspace.flow(["run", "--retries", "1", "--trace-out", "t", "Flows/flaky.yaml"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // on-failure: the failed first try's trace, not the passing second's.
        #expect(traceFiles(workspace, "t") == ["Flows_flaky-try1.trace.json"])
        let first = try json(workspace, "t/Flows_flaky-try1.trace.json")
        #expect(first["try"] as? Int == 1 && first["tries"] as? Int == 2 && first["passed"] as? Bool == false, "\(first)")
        let on = try workspace.flow(["run", "--retries", "1", "--trace", "on", "--trace-out", "all", "Flows/flaky.yaml"])
        #expect(on.status == 0)
        // The marker is there now: the flow passes at once, one try.
        #expect(traceFiles(workspace, "all") == ["Flows_flaky.trace.json"])
        #expect(try json(workspace, "all/Flows_flaky.trace.json")["tries"] as? Int == 1)
    }

    @Test func traceOffKeepsNoTraceOfAFailedFlowEither() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/slow.yaml", BusyTimeoutTests.slowUpload)
        let run = try workspace.flow(["run", "--trace", "off", "--timeout", "1", "--html", "out/report.html", "Flows/slow.yaml"])
        #expect(run.status == 1)
        #expect(!run.stdout.contains("trace:"))
        #expect(try !workspace.read("out/report.html").contains("<details class=\"trace\""))
        #expect(traceFiles(workspace, "out/traces").isEmpty)
    }

    @Test func aSecretOnTheScreenIsMaskedInEveryPartOfTheTrace() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        // Typed as the user name, it shows on the screen and the app logs it as it signs in.
        try workspace.write("Flows/secret.yaml", """
            name: Types a secret where it shows
            steps:
              - type: {textField: Username, text: "${run.password}"}
              - type: {secureTextField: Password, text: "x"}
              - tap: Login
              - assertVisible: {button: Nope}
            """)
        let run = try workspace.flow(["run", "--trace", "on", "--html", "out/report.html", "-run.password", "s3cr3t-xyz", "Flows/secret.yaml"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let trace = try workspace.read("out/traces/Flows_secret.trace.json")
        #expect(trace.contains("••••••••"), "the screen after typing shows the mask: \(trace)")
        #expect(trace.contains("signing in as ••••••••"), "the app's line is masked too: \(trace)")
        for text in [run.stdout, run.stderr, trace, try workspace.read("out/report.html")] {
            #expect(!text.contains("s3cr3t-xyz"))
        }
    }

    @Test(arguments: [
        (["--trace", "off", "--trace-out", "t"], "--trace-out t goes with --trace on or on-failure"),
        (["--trace", "sometimes"], "--trace"),
        (["--trace-out", "Flows/schemes/default.yaml"], "--trace-out Flows/schemes/default.yaml"),
        (["--trace", "on"], "--trace on keeps traces for the HTML report or the trace files: give --html FILE or --trace-out DIR"),
    ])
    func badTraceOptionsAreUsageErrors(arguments: [String], said: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", Self.passing)
        let run = try workspace.flow(["run"] + arguments + ["Flows/pass.yaml"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(said), "\(run.stderr)")
        #expect(!run.stdout.contains("running"), "nothing ran")
    }
}
