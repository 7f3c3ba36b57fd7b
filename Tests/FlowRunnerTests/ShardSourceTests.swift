import FlowRunner
import Testing

/// `--shard auto`: each engine's variables, in process, as a table: the shard found (always from
/// 1) and the line said, or the precise problem.
struct ShardSourceTests {
    /// An environment, the shard expected (`I/N`) and the line, or a problem's required parts.
    struct Case: Sendable, CustomTestStringConvertible {
        let environment: [String: String]
        let shard: String?
        let said: [String]
        var testDescription: String { environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
    }

    static let found: [Case] = [
        Case(environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"], shard: "2/4",
             said: ["shard 2/4 from GitLab CI (CI_NODE_INDEX=2, CI_NODE_TOTAL=4)"]),
        Case(environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "1"], shard: "1/1", said: ["shard 1/1 from GitLab CI (CI_NODE_INDEX=1, CI_NODE_TOTAL=1)"]),
        Case(environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "3"], shard: "1/3",
             said: ["shard 1/3 from CircleCI (CIRCLE_NODE_INDEX=0, CIRCLE_NODE_TOTAL=3)"]),
        Case(environment: ["CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "3"], shard: "3/3",
             said: ["shard 3/3 from CircleCI (CIRCLE_NODE_INDEX=2, CIRCLE_NODE_TOTAL=3)"]),
        Case(environment: ["BUILDKITE_PARALLEL_JOB": "4", "BUILDKITE_PARALLEL_JOB_COUNT": "8"], shard: "5/8",
             said: ["shard 5/8 from Buildkite (BUILDKITE_PARALLEL_JOB=4, BUILDKITE_PARALLEL_JOB_COUNT=8)"]),
        Case(environment: ["JOB_COMPLETION_INDEX": "0", "FLOW_SHARD_TOTAL": "2"], shard: "1/2",
             said: ["shard 1/2 from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX=0, FLOW_SHARD_TOTAL=2)"]),
        Case(environment: ["FLOW_SHARD": "3/4"], shard: "3/4", said: ["shard 3/4 from FLOW_SHARD=3/4"]),
        // GitLab sets CI_NODE_TOTAL=1 on every job without parallel:, so a total alone is no engine.
        Case(environment: ["CI_NODE_TOTAL": "1", "FLOW_SHARD": "2/2"], shard: "2/2", said: ["shard 2/2 from FLOW_SHARD=2/2"]),
        // Two engines that agree: the first is named, the other said to agree.
        Case(environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4", "FLOW_SHARD": "2/4"], shard: "2/4",
             said: ["shard 2/4 from GitLab CI (CI_NODE_INDEX=2, CI_NODE_TOTAL=4); FLOW_SHARD (FLOW_SHARD=2/4) agrees"]),
        // An empty variable counts as unset.
        Case(environment: ["CI_NODE_INDEX": "", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"], shard: "2/2",
             said: ["shard 2/2 from CircleCI (CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=2)"]),
    ]

    static let refused: [Case] = [
        Case(environment: [:], shard: nil, said: [
            "--shard auto: no CI engine's shard variables are set (looked at CI_NODE_INDEX unset, CI_NODE_TOTAL unset, CIRCLE_NODE_INDEX unset, "
                + "CIRCLE_NODE_TOTAL unset, BUILDKITE_PARALLEL_JOB unset, BUILDKITE_PARALLEL_JOB_COUNT unset, JOB_COMPLETION_INDEX unset, "
                + "FLOW_SHARD_TOTAL unset, FLOW_SHARD unset)",
            "or give --shard I/N",
        ]),
        Case(environment: ["CI_NODE_TOTAL": "1", "FLOW_SHARD_TOTAL": "4"], shard: nil,
             said: ["no CI engine's shard variables are set", "CI_NODE_TOTAL=1", "FLOW_SHARD_TOTAL=4"]),
        Case(environment: ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "4"], shard: nil,
             said: ["CI_NODE_INDEX=0 is out of range: GitLab CI counts from 1, so with CI_NODE_TOTAL=4 it is 1 to 4", "looked at CI_NODE_INDEX=0, CI_NODE_TOTAL=4"]),
        Case(environment: ["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "3"], shard: nil,
             said: ["CIRCLE_NODE_INDEX=3 is out of range: CircleCI counts from 0, so with CIRCLE_NODE_TOTAL=3 it is 0 to 2"]),
        Case(environment: ["BUILDKITE_PARALLEL_JOB": "-1", "BUILDKITE_PARALLEL_JOB_COUNT": "2"], shard: nil,
             said: ["BUILDKITE_PARALLEL_JOB=-1 is not a whole number (Buildkite)"]),
        Case(environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "0"], shard: nil, said: ["CI_NODE_TOTAL=0 is not a positive whole number (GitLab CI)"]),
        Case(environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "four"], shard: nil, said: ["CI_NODE_TOTAL=four is not a positive whole number (GitLab CI)"]),
        Case(environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": " 4"], shard: nil, said: [#"CI_NODE_TOTAL=" 4" is not a positive whole number"#]),
        Case(environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "99999999999999999999999"], shard: nil,
             said: ["CI_NODE_TOTAL=99999999999999999999999 is not a positive whole number"]),
        Case(environment: ["JOB_COMPLETION_INDEX": "1"], shard: nil,
             said: ["JOB_COMPLETION_INDEX=1 is set but FLOW_SHARD_TOTAL is not (in a Kubernetes Indexed Job, set FLOW_SHARD_TOTAL to the Job's completions in its manifest)"]),
        Case(environment: ["JOB_COMPLETION_INDEX": "2", "FLOW_SHARD_TOTAL": "2"], shard: nil,
             said: ["JOB_COMPLETION_INDEX=2 is out of range: a Kubernetes Indexed Job counts from 0, so with FLOW_SHARD_TOTAL=2 it is 0 to 1"]),
        Case(environment: ["CI_NODE_INDEX": "3"], shard: nil, said: ["CI_NODE_INDEX=3 is set but CI_NODE_TOTAL is not (GitLab CI sets both on a job with parallel: N)"]),
        Case(environment: ["FLOW_SHARD": "5/4"], shard: nil, said: ["FLOW_SHARD=5/4 is out of range: I counts from 1 to N"]),
        Case(environment: ["FLOW_SHARD": "0/4"], shard: nil, said: ["FLOW_SHARD=0/4 is out of range"]),
        Case(environment: ["FLOW_SHARD": "2"], shard: nil, said: ["FLOW_SHARD=2 is not I/N (such as 2/4)"]),
        Case(environment: ["FLOW_SHARD": "1/0"], shard: nil, said: ["FLOW_SHARD=1/0 is not I/N"]),
        Case(environment: ["FLOW_SHARD": "1/2, x"], shard: nil, said: [#"FLOW_SHARD="1/2, x" is not I/N"#]),
        Case(environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "1", "FLOW_SHARD": "2/4"], shard: nil, said: [
            "--shard auto: the engines disagree: CircleCI says 1/1 (CIRCLE_NODE_INDEX=0, CIRCLE_NODE_TOTAL=1), but FLOW_SHARD says 2/4 (FLOW_SHARD=2/4)",
            "looked at CI_NODE_INDEX unset",
        ]),
        Case(environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4", "JOB_COMPLETION_INDEX": "1", "FLOW_SHARD_TOTAL": "3"], shard: nil,
             said: ["the engines disagree: GitLab CI says 2/4", "but a Kubernetes Indexed Job says 2/3"]),
        // A bad engine is refused even when another is good: which one was meant is unknown.
        Case(environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4", "CIRCLE_NODE_INDEX": "x", "CIRCLE_NODE_TOTAL": "4"], shard: nil,
             said: ["CIRCLE_NODE_INDEX=x is not a whole number (CircleCI)"]),
    ]

    @Test(arguments: found)
    func theShardIsReadFromTheEngine(_ example: Case) throws {
        let source = try ShardSource.detect(in: example.environment)
        #expect("\(source.index)/\(source.count)" == example.shard)
        #expect(source.description == example.said.first)
    }

    @Test(arguments: refused)
    func aMissingOrBadShardIsAPreciseProblem(_ example: Case) {
        #expect {
            try ShardSource.detect(in: example.environment)
        } throws: { error in
            guard let problem = error as? ShardSource.Problem else { return false }
            for part in example.said where !problem.description.contains(part) {
                Issue.record("\(problem.description)\ndoes not contain\n\(part)")
            }
            return true
        }
    }

    @Test func everyVariableLookedAtIsListed() {
        #expect(ShardSource.variableNames == [
            "CI_NODE_INDEX", "CI_NODE_TOTAL", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT",
            "JOB_COMPLETION_INDEX", "FLOW_SHARD_TOTAL", "FLOW_SHARD",
        ])
    }
}
