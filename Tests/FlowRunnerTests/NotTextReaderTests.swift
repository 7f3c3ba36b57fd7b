import BadText
import FlowKit
import FlowRunner
import LocatedYAML
import Foundation
import Testing
import TextBytes
import WorkPhotosRobots
@testable import FlowMCP

/// Every reader of the runner's outside bytes refuses bytes that are not text (see `TextBytes`)
/// with a located error, in the same words, before any parser sees them: each is fed each kind of
/// `BadText` (a lone continuation byte, an overlong form, a surrogate, 0xFF, a sequence cut by
/// the end, a NUL) inside input that is otherwise good, and a byte-order mark where the format has
/// none at its start (where it does, the mark is taken and the input read).
struct NotTextReaderTests {
    // MARK: - JUnit shards (flow merge, run --shard-by timings)

    static let shard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a shard -->
        <testsuites name="flows">
          <testsuite name="flows" tests="2">
            <testcase name="A" file="Flows/a.yaml" time="1.000"><system-out><![CDATA[out]]></system-out></testcase>
            <testcase name="B" file="Flows/b.yaml" time="1.000"><failure message="no">the screen</failure></testcase>
          </testsuite>
        </testsuites>

        """

    /// A bad byte in every part of a JUnit file FoundationXML's parser reads: each crashed `flow
    /// merge` (signal 4) or would have, before the check.
    static let shardPlaces: [(name: String, before: String)] = [
        ("the declaration", "0\" encoding"), ("an element's name", "suites name"), ("an attribute's name", "ame=\"A\""),
        ("an attribute's value", "A\" file"), ("text", "screen</failure>"), ("a comment", "shard -->"), ("CDATA", "out]]>"),
    ]

    @Test(arguments: shardPlaces)
    func aBadByteAnywhereInAShardIsALocatedErrorOfMerge(place: String, before: String) throws {
        let bytes = BadText.notUTF8[3].put(into: Self.shard, before: before)  // 0xFF
        let problem = try #require(TextBytes.firstProblem(in: bytes))
        let shard = JUnitMerge.Shard(file: "s.xml", data: Data(bytes))
        let error = #expect(throws: Diagnostics.self, "\(place)") { try JUnitMerge.merge([shard], suite: ["Flows/a.yaml", "Flows/b.yaml"]) }
        #expect(error?.errors.map(\.description).first?.hasPrefix(
            "s.xml:\(problem.line):\(problem.column): error: the JUnit file is not UTF-8 text: byte 0xFF is never in UTF-8") == true, "\(place): \(String(describing: error))")
    }

    @Test(arguments: BadText.notUTF8)
    func everyKindInAShardIsALocatedErrorOfBothJUnitReaders(_ bad: BadText) throws {
        let bytes = bad.put(into: Self.shard, before: "B\" file")
        let problem = try #require(TextBytes.firstProblem(in: bytes))
        let expected = "s.xml:\(problem.line):\(problem.column): error: " + problem.message("the JUnit file")
        let error = #expect(throws: Diagnostics.self) { try JUnitMerge.merge([JUnitMerge.Shard(file: "s.xml", data: Data(bytes))], suite: ["Flows/a.yaml"]) }
        #expect(error?.errors.first.map { "\($0)".hasPrefix(expected) } == true, "\(String(describing: error))")
        let timings = #expect(throws: LocatedError.self) { try FlowTimings.parse(Data(bytes), file: "s.xml") }
        #expect(timings.map { "\($0)".hasPrefix(expected) } == true, "\(String(describing: timings))")
    }

    @Test func aShardMayStartWithAByteOrderMark() throws {
        let merged = try JUnitMerge.merge([JUnitMerge.Shard(file: "s.xml", data: Data([0xEF, 0xBB, 0xBF] + Array(Self.shard.utf8)))],
                                          suite: ["Flows/a.yaml", "Flows/b.yaml"])
        #expect(merged.failures.map(\.name) == ["B"], "XML allows the mark at its start")
    }

    // MARK: - Timings files

    static let timings = #"{"format": "flow-timings", "version": 1, "flows": {"Flows/a.yaml": [1.5]}}"#

    @Test(arguments: BadText.all)
    func everyKindInATimingsFileIsALocatedError(_ bad: BadText) throws {
        let bytes = bad.put(into: Self.timings, before: "a.yaml")
        let problem = try #require(TextBytes.firstProblem(in: bytes))
        let error = #expect(throws: LocatedError.self) { try FlowTimings.parse(Data(bytes), file: "t.json") }
        #expect(error.map { "\($0)".hasPrefix("t.json:1:\(problem.column): error: " + problem.message("the timings file")) } == true,
                "\(String(describing: error))")
    }

    // MARK: - Flows

    static let flow = "name: Sign in\nsteps:\n  - tap: Login\n"

    @Test(arguments: BadText.notUTF8)
    func everyKindInAFlowIsALocatedError(_ bad: BadText) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let bytes = bad.put(into: Self.flow, before: "Login")
        try Data(bytes).write(to: workspace.folder.appendingPathComponent("Flows/bad.yaml"))
        let problem = try #require(TextBytes.firstProblem(in: bytes))
        let run = try workspace.flow(["lint", "Flows/bad.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Flows/bad.yaml:\(problem.line):\(problem.column): error: " + problem.message("the flow")), "\(run.stdout)\(run.stderr)")
    }

    @Test func aFlowMayStartWithAByteOrderMarkAndIsPlacedAsWithout() throws {
        let parser = FlowParser(catalog: WorkPhotosCatalog.catalog)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data([0xEF, 0xBB, 0xBF] + Array("name: Sign in\nsteps:\n  - tapp: Login\n".utf8)).write(to: file)
        #expect(parser.parse(file: file.path) == nil)
        #expect(parser.problems.map { ($0.line, $0.column) }.first.map { $0 == (3, 5) } == true, "\(parser.problems)")
    }

    // MARK: - Schemes and private schemes

    @Test(arguments: BadText.notUTF8)
    func everyKindInASchemeIsALocatedError(_ bad: BadText) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scheme-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        let bytes = bad.put(into: "app: /bin/true\narguments: [-ui-testing, YES]\n", before: "YES")
        try Data(bytes).write(to: file)
        let problem = try #require(TextBytes.firstProblem(in: bytes))
        let error = #expect(throws: LocatedError.self) { try Scheme.load(file: file.path, name: "default") }
        #expect(error.map { "\($0)".hasPrefix("\(file.path):\(problem.line):\(problem.column): error: " + problem.message("the scheme")) } == true,
                "\(String(describing: error))")
    }

    @Test(arguments: BadText.notUTF8.filter { $0.place == .middle })  // cut by the end, the bytes are on a line of their own
    func aPrivateSchemesLineIsNeverQuotedNorAByteOfItNamed(_ bad: BadText) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scheme-\(UUID().uuidString).private.yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bad.put(into: "variables:\n  test.password: hunter2\n", before: "ter2")).write(to: file)
        let error = try #require(#expect(throws: LocatedError.self) { try Scheme.load(file: file.path, name: "default") })
        #expect("\(error)" == "\(file.path):2:\(error.column): error: " + (bad.kind == .nul ? "the scheme is not text: it holds a NUL byte" : "the scheme is not UTF-8 text")
            + "; save it as UTF-8 (the line is not shown: it may hold a secret)")
        #expect(!"\(error)".contains("hun") && !"\(error)".contains("0x"))
    }

    // MARK: - Golden screens

    /// A golden screen as a run writes it: the repository's own.
    static let golden = (try? String(contentsOf: FlowWorkspace.repository.appendingPathComponent("Flows/login/__Screens__/offline.offline.txt"), encoding: .utf8)) ?? ""

    @Test(arguments: BadText.all)
    func everyKindInAGoldenScreenIsALocatedErrorAndAPendingOneIsNotAccepted(_ bad: BadText) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let path = GoldenScreenRunTests.golden
        try workspace.write("Flows/form.yaml", GoldenScreenRunTests.flow)
        try workspace.write(path, Self.golden)
        let bytes = bad.put(into: Self.golden, before: "< Login >")
        try Data(bytes).write(to: workspace.folder.appendingPathComponent(path))
        let problem = try #require(TextBytes.firstProblem(in: bytes))
        let error = try #require(GoldenScreenStore.read(workspace.folder.appendingPathComponent(path).path).failure)
        #expect("\(error)".hasPrefix("\(workspace.folder.appendingPathComponent(path).path):\(problem.line):\(problem.column): error: "
            + problem.statement("the golden screen") + "; record it again (delete it, or run with --record)"), "\(error)")
        // A pending screen that is not text is not accepted, and the golden stays as it was.
        try workspace.write(path, Self.golden)
        try Data(bytes).write(to: workspace.folder.appendingPathComponent(path + ".pending"))
        let accept = try workspace.flow(["snapshots", "accept", "form"])
        #expect(accept.status == 2 && accept.stderr.contains(problem.statement("it") + " at line \(problem.line), column \(problem.column)"), "\(accept.stderr)")
        #expect(try workspace.read(path) == Self.golden)
    }

    // MARK: - A shard's report files (its text reports and casts)

    @Test(arguments: BadText.notUTF8)
    func aReportFileThatIsNotTextIsALocatedErrorOfMergeAndNothingIsWritten(_ bad: BadText) throws {
        let workspace = try MergeFuzzTests.workspace()
        defer { workspace.remove() }
        let bytes = bad.put(into: #"{"version": 2, "width": 40}"# + "\n" + #"[0.1, "o", "── Login ──"]"# + "\n", before: "Login")
        try Data(bytes).write(to: workspace.folder.appendingPathComponent("good/report/Flows_a.cast"))
        let problem = try #require(TextBytes.firstProblem(in: bytes))
        let run = try workspace.flow(["merge", "--junit", "out.xml", "--report", "report", "good"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.hasPrefix("good/report/Flows_a.cast:\(problem.line):\(problem.column): error: " + problem.message("the report file")), "\(run.stderr)")
        #expect(InputFile.kind(workspace.folder.path + "/out.xml") == nil && InputFile.kind(workspace.folder.path + "/report") == nil)
    }

    // MARK: - MCP requests

    @Test(arguments: BadText.all)
    func everyKindInAnMCPRequestIsAParseErrorThatSaysWhatAndWhere(_ bad: BadText) throws {
        let server = FlowMCPAnswerTests.server()
        let bytes = bad.put(into: #"{"jsonrpc": "2.0", "id": 1, "method": "ping"}"#, before: "ping")
        let problem = try #require(TextBytes.firstProblem(in: bytes))
        var written: [UInt8] = []
        #expect(server.answer(toLine: bytes) { written += $0; return true })
        let answer = String(decoding: written, as: UTF8.self)
        #expect(answer.contains(#""code":-32700"#) && answer.contains(problem.statement("the line") + " at byte \(problem.offset)"), "\(answer)")
    }

    // MARK: - Studio's typed lines

    @Test(arguments: BadText.all)
    func aTypedLineThatIsNotTextIsIgnoredWithoutAByteOfItAndStudioGoesOn(_ bad: BadText) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let input = bad.put(into: "type Username hunter2", before: "ter2") + Array("\n:steps\n:quit\n".utf8)
        let run = try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio"], input: Data(input), in: workspace.folder)
        #expect(!run.crashed && !run.timedOut && run.status == 0, "\(run.stdout)\(run.stderr)")
        let problem = try #require(TextBytes.firstProblem(in: Array(input.prefix { $0 != 0x0A }) + (bad.place == .end ? [] : [])))
        #expect(run.stdout.contains(problem.maskedStatement("the line") + " at column \(problem.column); it was ignored (is the terminal set to UTF-8?)"),
                "\(run.stdout)")
        #expect(run.stdout.contains("no steps kept yet") || run.stdout.contains("(no steps)") || !run.stdout.contains("✓ type"), "nothing was typed: \(run.stdout)")
        #expect(!run.stdout.contains("hun") && !run.stdout.contains("0x"), "\(run.stdout)")
    }

    // MARK: - The runner's own command line

    @Test(arguments: BadText.notUTF8.filter { $0.kind != .nul })  // a NUL ends a C string: no argument holds one
    func anArgumentThatIsNotTextIsRefusedAndAPasswordsIsNotShown(_ bad: BadText) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let escaped = bad.bytes.map { "\\" + String($0, radix: 8) }.joined()
        let flow = FlowWorkspace.binaries.appendingPathComponent("flow").path
        let path = try BoundedProcess.run("/bin/sh", ["-c", "exec \"$0\" lint \"Flows/a$(printf '\(escaped)').yaml\"", flow], in: workspace.folder)
        #expect(path.status == 2 && !path.crashed, "\(path.stderr)")
        let problem = try #require(TextBytes.firstProblem(in: Array("Flows/a".utf8) + bad.bytes + Array(".yaml".utf8)))
        #expect(path.stderr == "flow: error: " + problem.statement("argument 2") + " (at byte \(problem.offset + 1)); give it as UTF-8\n", "\(path.stderr)")
        let secret = try BoundedProcess.run("/bin/sh", ["-c", "exec \"$0\" run -test.password \"hun$(printf '\(escaped)')ter2\"", flow], in: workspace.folder)
        #expect(secret.status == 2 && secret.stderr.hasPrefix("flow: error: argument 3 is not "), "\(secret.stderr)")
        #expect(!secret.stderr.contains("0x") && !secret.stderr.contains("hun"), "\(secret.stderr)")
    }
}

extension Result {
    /// The error, or nil for a success.
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
