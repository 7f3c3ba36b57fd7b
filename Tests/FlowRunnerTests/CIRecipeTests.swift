import Console
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LocatedYAML
import Testing
import Yams

/// The CI recipes in the repository cannot run here (no CI engine, no Docker engine): each is
/// parsed, and every `flow` command and option it names must exist. Then N machines are
/// simulated on this one, with each engine's variables, and `flow merge` checks every flow ran
/// exactly once.
@Suite(.serialized)
struct CIRecipeTests {
    static let recipes = [".github/workflows/flows.yml", ".gitlab-ci.yml", "deploy/kubernetes/flows-job.yaml"]

    @Test(arguments: recipes)
    func aRecipeIsValidYAMLAndNamesOnlyCommandsAndOptionsThatExist(recipe: String) throws {
        let text = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent(recipe), encoding: .utf8)
        let root = try #require(try LocatedYAML.compose(text, file: recipe), "\(recipe) is YAML")
        #expect(root.mapping != nil)
        let options = try Self.options(text)
        #expect(!options.isEmpty, "\(recipe) runs flow with options")
        for (command, option) in options {
            #expect(try Self.help(command).contains(option), "\(recipe): flow \(command) has no option \(option)")
        }
        for target in Self.makeTargets(text) {
            #expect(try Self.makefile.contains("\n\(target):"), "\(recipe): make \(target) is not a target")
        }
    }

    @Test func theDockerfileBuildsAndRunsWithMakeTargetsThatExist() throws {
        let text = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent("Dockerfile"), encoding: .utf8)
        #expect(text.contains("FROM swift:6"))
        let targets = Self.makeTargets(text)
        #expect(Set(targets) == ["build", "flows"])
        for target in targets { #expect(try Self.makefile.contains("\n\(target):")) }
    }

    @Test func theKubernetesJobIsIndexedAndItsTotalIsItsCompletions() throws {
        let text = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent("deploy/kubernetes/flows-job.yaml"), encoding: .utf8)
        let spec = try #require(try LocatedYAML.compose(text, file: "deploy/kubernetes/flows-job.yaml")?.mapping?["spec"]?.mapping)
        #expect(spec["completionMode"]?.string == "Indexed")
        let completions = try #require(spec["completions"]?.int)
        let container = try #require(spec["template"]?.mapping?["spec"]?.mapping?["containers"]?.sequence?.first?.mapping)
        let environment = container["env"]?.sequence?.compactMap(\.mapping) ?? []
        let total = environment.first { $0["name"]?.string == "FLOW_SHARD_TOTAL" }?["value"]?.string
        #expect(total == String(completions), "FLOW_SHARD_TOTAL is the job's completions")
        #expect(environment.contains { $0["name"]?.string == "FLOW_ARGS" && $0["value"]?.string?.contains("--shard auto") == true })
    }

    @Test func theGitHubMatrixHasAsManyShardsAsItsFlowShardSays() throws {
        let text = try String(contentsOf: FlowWorkspace.repository.appendingPathComponent(".github/workflows/flows.yml"), encoding: .utf8)
        let jobs = try #require(try LocatedYAML.compose(text, file: ".github/workflows/flows.yml")?.mapping?["jobs"]?.mapping)
        #expect(Set(jobs.keys.compactMap(\.string)) == ["build", "flows", "merge"])
        let flows = try #require(jobs["flows"]?.mapping)
        let shards = flows["strategy"]?.mapping?["matrix"]?.mapping?["shard"]?.sequence?.compactMap(\.int) ?? []
        #expect(shards == Array(1...shards.count) && !shards.isEmpty)
        #expect(flows["env"]?.mapping?["FLOW_SHARD"]?.string == "${{ matrix.shard }}/\(shards.count)")
        let merge = try #require(jobs["merge"]?.mapping?["steps"]?.sequence)
        let run = merge.compactMap { $0.mapping?["run"]?.string }.first { $0.contains("flow merge") } ?? ""
        for shard in shards { #expect(run.contains("flows-shard-\(shard)"), "every shard's results are merged") }
    }

    /// The engines `--shard auto` reads, as each numbers its machines.
    static let engines: [(name: String, variables: @Sendable (Int, Int) -> [String: String])] = [
        ("GitLab CI", { ["CI_NODE_INDEX": "\($0 + 1)", "CI_NODE_TOTAL": "\($1)"] }),
        ("CircleCI", { ["CIRCLE_NODE_INDEX": "\($0)", "CIRCLE_NODE_TOTAL": "\($1)"] }),
        ("Buildkite", { ["BUILDKITE_PARALLEL_JOB": "\($0)", "BUILDKITE_PARALLEL_JOB_COUNT": "\($1)"] }),
        ("Kubernetes", { ["JOB_COMPLETION_INDEX": "\($0)", "FLOW_SHARD_TOTAL": "\($1)"] }),
        ("FLOW_SHARD", { ["FLOW_SHARD": "\($0 + 1)/\($1)"] }),
    ]

    @Test(arguments: [2, 4])
    func nMachinesAtOnceWithEachEnginesVariablesRunEveryFlowExactlyOnce(machines: Int) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let flows = (1...9).map { "Flows/f\($0).yaml" }
        for (index, file) in flows.enumerated() { try workspace.write(file, "name: Flow \(index + 1)\nsteps:\n  - Login.checkLoginScreen\n") }
        for engine in Self.engines {
            let out = "out-\(engine.name.replacingOccurrences(of: " ", with: "-"))"
            // Every machine at once, as a CI engine starts them.
            let processes = try (0..<machines).map { index in
                let process = Process()
                process.executableURL = FlowWorkspace.binaries.appendingPathComponent("flow")
                process.arguments = ["run", "--shard", "auto", "--jobs", "1", "--junit", "\(out)/\(index)/junit.xml", "--report", "\(out)/\(index)/report"]
                process.currentDirectoryURL = workspace.folder
                var environment = ProcessInfo.processInfo.environment.filter { !Self.engineVariables.contains($0.key) }
                environment.merge(engine.variables(index, machines)) { $1 }
                process.environment = environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            for process in processes { process.waitUntilExit() }
            #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "\(engine.name): every machine passed")
            let merge = try workspace.flow(["merge", "--junit", "\(out)/merged.xml", "--report", "\(out)/merged"] + (0..<machines).map { "\(out)/\($0)" })
            #expect(merge.status == 0, "\(engine.name) × \(machines): \(merge.stdout) \(merge.stderr)")
            #expect(merge.stdout.contains("every flow ran exactly once"), "\(merge.stdout)")
            let merged = try XMLDocument(xmlString: try workspace.read("\(out)/merged.xml"))
            let files = try merged.nodes(forXPath: "//testcase/@file").compactMap(\.stringValue).sorted()
            #expect(files == flows.sorted(), "\(engine.name) × \(machines)")
        }
    }

    // MARK: - Helpers

    static let engineVariables: Set<String> = [
        "CI_NODE_INDEX", "CI_NODE_TOTAL", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT",
        "JOB_COMPLETION_INDEX", "FLOW_SHARD_TOTAL", "FLOW_SHARD",
    ]

    static var makefile: String {
        get throws { try String(contentsOf: FlowWorkspace.repository.appendingPathComponent("Makefile"), encoding: .utf8) }
    }

    /// `make flows`, `make build`: the targets a recipe runs.
    static func makeTargets(_ text: String) -> [String] {
        var targets: [String] = []
        let words = text.split(whereSeparator: { " \n\t\"[],".contains($0) }).map(String.init)
        for (index, word) in words.enumerated() where word == "make" && index + 1 < words.count {
            let target = words[index + 1]
            if target.allSatisfy({ $0.isLetter || $0 == "-" }), !targets.contains(target) { targets.append(target) }
        }
        return targets
    }

    /// Each `--option` a recipe gives `flow run` (through `make flows FLOW_ARGS=...` or directly)
    /// or `flow merge`.
    static func options(_ text: String) throws -> [(command: String, option: String)] {
        var found: [(String, String)] = []
        for line in text.split(separator: "\n").map(String.init) {
            let command: String
            if line.contains("flow merge") { command = "merge" } else if line.contains("FLOW_ARGS") || line.contains("flow run") { command = "run" } else { continue }
            var rest = line[...]
            while let range = rest.range(of: "--") {
                let option = "--" + rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
                if option.count > 2 { found.append((command, String(option))) }
                rest = rest[range.upperBound...]
            }
        }
        return found
    }

    static func help(_ command: String) throws -> String {
        try ChildProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, [command, "--help"]).stdout
    }
}
