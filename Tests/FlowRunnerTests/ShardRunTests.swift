import Console
import FlowRunner
import Foundation
import Testing

/// `flow run --shard auto`, `--shard-by timings --timings FILE` and `--timings-out FILE` as CI
/// jobs run them: the built runner in a workspace, each engine's variables in its environment.
@Suite(.serialized)
struct ShardRunTests {
    /// This process's environment without any engine's shard variables (the tests may themselves
    /// run under a CI engine), plus `variables`.
    static func environment(_ variables: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !ShardSource.variableNames.contains($0.key) }
        environment.merge(variables) { $1 }
        return environment
    }

    /// Six quick flows that the hash puts two on each of three shards.
    static func sixFlows() throws -> FlowWorkspace {
        let workspace = try FlowWorkspace()
        for name in ["a", "b", "c", "d", "f3", "f4"] {
            try workspace.write("Flows/\(name).yaml", "name: Flow \(name)\nsteps:\n  - Login.checkLoginScreen\n")
        }
        return workspace
    }

    @Test(arguments: [
        (["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"], 3, "shard 3/3 from GitLab CI (CI_NODE_INDEX=3, CI_NODE_TOTAL=3)"),
        (["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "3"], 1, "shard 1/3 from CircleCI (CIRCLE_NODE_INDEX=0, CIRCLE_NODE_TOTAL=3)"),
        (["BUILDKITE_PARALLEL_JOB": "2", "BUILDKITE_PARALLEL_JOB_COUNT": "3"], 3,
         "shard 3/3 from Buildkite (BUILDKITE_PARALLEL_JOB=2, BUILDKITE_PARALLEL_JOB_COUNT=3)"),
        (["JOB_COMPLETION_INDEX": "1", "FLOW_SHARD_TOTAL": "3"], 2, "shard 2/3 from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX=1, FLOW_SHARD_TOTAL=3)"),
        (["FLOW_SHARD": "2/3", "CI_NODE_TOTAL": "1"], 2, "shard 2/3 from FLOW_SHARD=2/3"),
    ])
    func autoRunsTheFlowsOfTheExplicitShard(variables: [String: String], index: Int, line: String) throws {
        let workspace = try Self.sixFlows()
        defer { workspace.remove() }
        let explicit = try workspace.flow(["run", "--shard", "\(index)/3"], environment: Self.environment())
        let auto = try workspace.flow(["run", "--shard", "auto"], environment: Self.environment(variables))
        #expect(explicit.status == 0 && auto.status == 0, "\(auto.stdout)\(auto.stderr)")
        #expect(auto.stdout.hasPrefix(line + "\n"), "the shard and where it came from are said first: \(auto.stdout)")
        #expect(!auto.flowLines.isEmpty)
        #expect(auto.flowLines.map(\.name).sorted() == explicit.flowLines.map(\.name).sorted())
    }

    @Test func autoFromAnEngineThatGivesTooManyMachinesIsRefusedNamingIt() throws {
        let workspace = try Self.sixFlows()
        defer { workspace.remove() }
        try workspace.write("t.json", #"{"format": "flow-timings", "version": 1, "flows": {}}"#)
        let output = try workspace.flow(
            ["run", "--shard", "auto", "--shard-by", "timings", "--timings", "t.json"], environment: Self.environment(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "50000000"])
        )
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("flow: error: --shard auto: shard 1/50000000 from GitLab CI (CI_NODE_INDEX=1, CI_NODE_TOTAL=50000000): "
            + "50000000 machines is more than the 10000 a run is split between"), "\(output.stderr)")
        #expect(!output.stdout.contains("running"))
    }

    @Test(arguments: [
        ([:], "CI_NODE_INDEX unset, CI_NODE_TOTAL unset, CIRCLE_NODE_INDEX unset"),
        (["CI_NODE_TOTAL": "1"], "looked at CI_NODE_INDEX unset, CI_NODE_TOTAL=1, CIRCLE_NODE_INDEX unset"),
        (["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "3"], "CIRCLE_NODE_INDEX=3 is out of range: CircleCI counts from 0, so with CIRCLE_NODE_TOTAL=3 it is 0 to 2"),
        (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "FLOW_SHARD": "2/2"], "the engines disagree"),
    ])
    func autoWithoutAGoodEngineIsExitTwoNamingTheVariables(variables: [String: String], message: String) throws {
        let workspace = try Self.sixFlows()
        defer { workspace.remove() }
        let output = try workspace.flow(["run", "--shard", "auto"], environment: Self.environment(variables))
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("flow: error: --shard auto: "), "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        for name in ShardSource.variableNames { #expect(output.stderr.contains(name), "\(name) is named") }
        #expect(!output.stdout.contains("running"), "nothing is launched")
    }

    @Test func aSplitByAnEarlierRunsJUnitIsThePlansAndTogetherRunsEveryFlowOnce() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        var fixtures: [String: String] = [:]
        for index in 1...3 {
            try workspace.write("Flows/quick\(index).yaml", "name: Quick \(index)\nsteps:\n  - Login.checkLoginScreen\n")
            try workspace.write("Flows/typing\(index).yaml", """
                name: Typing \(index)
                steps:
                  - repeat:
                      times: \(40 * index)
                      steps:
                        - type: {textField: Username, text: x}
                """)
        }
        try workspace.write("Flows/signin.yaml", FlowWorkspace.passing("Sign in"))
        try workspace.write("Flows/large.yaml", "name: Large\nfixture: large\nsteps:\n  - Login.checkLoginScreen\n")
        fixtures["Flows/large.yaml"] = "large"
        let files = ["large", "quick1", "quick2", "quick3", "signin", "typing1", "typing2", "typing3"].map { "Flows/\($0).yaml" }
        let names = ["Large", "Quick 1", "Quick 2", "Quick 3", "Sign in", "Typing 1", "Typing 2", "Typing 3"]
        let fileOf = Dictionary(uniqueKeysWithValues: zip(names, files))

        let earlier = try workspace.flow(["run", "--junit", "junit.xml", "--timings-out", "timings.json"])
        #expect(earlier.status == 0, "\(earlier.stdout)")

        let timings = try FlowTimings.read(file: workspace.folder.appendingPathComponent("junit.xml").path)
        #expect(Set(timings.flows.keys) == Set(files))
        let items = files.map { ShardPlan.Item(file: $0, fixtures: [fixtures[$0] ?? "default"]) }
        let plan = ShardPlan(items, count: 2, timings: timings)
        var ran: [String] = []
        for index in 1...2 {
            let output = try workspace.flow(["run", "--shard", "\(index)/2", "--shard-by", "timings", "--timings", "junit.xml"])
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let shard = plan.shards[index - 1]
            let count = "\(shard.files.count) flow\(shard.files.count == 1 ? "" : "s")"
            func shown(_ seconds: Double) -> String { String(format: seconds < 1 ? "%.2f s" : "%.1f s", seconds) }
            let line = "shard \(index)/2 by timings: \(count), about \(shown(shard.seconds)) (the slowest shard: \(shown(plan.slowest)))"
            #expect(output.stdout.hasPrefix(line + "\n"), "\(output.stdout)")
            let shardFiles = output.flowLines.compactMap { fileOf[$0.name] }
            #expect(shardFiles.sorted() == shard.files.sorted(), "shard \(index) runs what the plan gives it")
            ran += shardFiles
        }
        #expect(ran.sorted() == files, "the two shards together run every flow exactly once")

        // The runner's own file of the same run: every flow, each fixture's seeding.
        let own = try FlowTimings.read(file: workspace.folder.appendingPathComponent("timings.json").path)
        #expect(Set(own.flows.keys) == Set(files))
        #expect(Set(own.fixtures.keys) == ["default", "large"])
        #expect(!own.interrupted)
        for file in files { #expect(abs((own.seconds(ofFlow: file) ?? -1) - (timings.seconds(ofFlow: file) ?? -2)) < 0.0015, "the same time as the JUnit") }
        let again = try workspace.flow(["run", "--shard", "1/2", "--shard-by", "timings", "--timings", "timings.json", "--timings", "junit.xml"])
        #expect(again.status == 0 && again.stdout.hasPrefix("shard 1/2 by timings: "), "both kinds of file, merged: \(again.stdout)\(again.stderr)")
    }

    @Test func badTimingsFilesAreLocatedErrorsAndNothingIsLaunched() throws {
        let workspace = try Self.sixFlows()
        defer { workspace.remove() }
        try workspace.write("junit.xml", "<?xml version=\"1.0\"?>\n<testsuites>\n  <testsuite>\n    <testcase name=\"A\" file=\"Flows/a.yaml\" time=\"1.0\"/>\n    <testca")
        try workspace.write("timings.json", "{\"format\": \"flow-timings\", \"version\": 1, \"flows\": {\"Flows/a.yaml\": [\"slow\"]}}\n")
        let output = try workspace.flow(["run", "--shard", "1/2", "--shard-by", "timings", "--timings", "junit.xml", "--timings", "timings.json"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("junit.xml:5:"), "\(output.stderr)")
        #expect(output.stderr.contains("error: not a complete JUnit file"), "\(output.stderr)")
        #expect(output.stderr.contains(#"timings.json:1:69: error: a duration of Flows/a.yaml should be a number of seconds, not the string "slow""#), "\(output.stderr)")
        #expect(output.stderr.hasSuffix("2 errors in 2 files\n"), "every file's problem at once: \(output.stderr)")
        #expect(!output.stdout.contains("running"))
    }

    @Test(arguments: [
        (["run", "--shard-by", "timings", "--timings", "j.xml"], "--shard-by timings splits a run between machines: give --shard I/N or --shard auto too"),
        (["run", "--shard", "1/2", "--shard-by", "timings"], "--shard-by timings needs --timings FILE"),
        (["run", "--shard", "1/2", "--timings", "j.xml"], "--timings is read only to split by it: add --shard-by timings"),
        (["run", "--shard", "1/2", "--shard-by", "size"], "'size'"),
        (["run", "--watch", "--timings-out", "t.json"], "--timings-out cannot go with it"),
        (["run", "--shard", "autom"], "--shard autom: expected I/N with 1 ≤ I ≤ N, such as 1/2, or auto"),
        // Absurd sizes, refused at once (a split by timings between 100,000,000 machines never ended).
        (["run", "--shard", "1/100000000", "--shard-by", "timings", "--timings", "t.json"],
         "--shard 1/100000000: 100000000 machines is more than the 10000 a run is split between"),
        (["run", "--shard", "1/10001"], "--shard 1/10001: 10001 machines is more than the 10000"),
        (["run", "--repeat", "100001"], "--repeat 100001: give 1 to 100000"),
        (["run", "--repeat", "9223372036854775807"], "--repeat 9223372036854775807: give 1 to 100000"),
    ])
    func optionsThatCannotGoTogetherAreRefused(arguments: [String], message: String) throws {
        let workspace = try Self.sixFlows()
        defer { workspace.remove() }
        let output = try workspace.flow(arguments, environment: Self.environment())
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(!output.stdout.contains("running"))
    }

    @Test func ctrlCWritesTheTimingsOfWhatFinished() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/a-quick.yaml", "name: Quick\nsteps:\n  - Login.checkLoginScreen\n")
        for index in 1...2 {
            try workspace.write("Flows/long\(index).yaml", """
                name: Long \(index)
                steps:
                  - repeat:
                      times: 10000
                      steps:
                        - type: {textField: Username, text: x}
                """)
        }
        // A timings file from an earlier run must not survive as this run's.
        try workspace.write("timings.json", "stale")
        let process = Process()
        process.executableURL = FlowWorkspace.binaries.appendingPathComponent("flow")
        process.arguments = ["run", "--jobs", "2", "--timings-out", "timings.json"]
        process.currentDirectoryURL = workspace.folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = LineWaiter(output.fileHandleForReading)
        try #require(reader.wait(for: "PASS  Quick"))
        let runFolder = "flow-run-\(process.processIdentifier)-"
        try #require(reader.untilTrue { FlowRunTests.apps(matching: runFolder).count == 2 }, "both long flows are running")

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()

        #expect(process.terminationStatus == 130)
        let timings = try FlowTimings.read(file: workspace.folder.appendingPathComponent("timings.json").path)
        #expect(timings.interrupted)
        #expect(Array(timings.flows.keys) == ["Flows/a-quick.yaml"], "what finished, and only that")
        #expect(Array(timings.fixtures.keys) == ["default"])
    }
}
