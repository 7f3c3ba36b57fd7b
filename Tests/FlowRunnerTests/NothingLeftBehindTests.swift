import FlowRunner
import Foundation
import Testing

/// The runner's commands leave nothing in the temporary folder: each is run with `TMPDIR` set to
/// a folder of the test's own, which must be empty after. (`make test` left five
/// `TemporaryDirectory.*` folders in /tmp each time: SwiftPM's and the Swift driver's own, which
/// the Makefile now gives a folder of their own; this keeps the runner's side clean too.)
@Suite(.serialized)
struct NothingLeftBehindTests {
    @Test func aRunAStudioSaveAMergeAnInspectAndADocsUpdateLeaveNothingBehind() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let temporary = workspace.folder.appendingPathComponent("own-tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try workspace.write("Flows/a.yaml", FlowWorkspace.passing("A"))
        try workspace.write("docs.md", StepReference.begin + "\nold\n" + StepReference.end + "\n")
        let commands: [(arguments: [String], input: String)] = [
            (["run", "--junit", "out/junit.xml", "--html", "out/page.html", "--report", "out/report", "--timings-out", "out/timings.json"], ""),
            (["studio"], "Login.login\n:save saved/flow.yaml --name Saved\n:quit\n"),
            (["merge", "--junit", "merged/junit.xml", "--html", "merged/page.html", "--report", "merged/report", "out"], ""),
            (["inspect", "Flows/a.yaml", "--step", "1"], ""),
            (["docs", "--update", "docs.md"], ""),
        ]
        for command in commands {
            let run = try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, command.arguments, input: Data(command.input.utf8),
                                             in: workspace.folder, temporary: temporary.path)
            #expect(run.status == 0 && !run.timedOut, "\(command.arguments): \(run.stdout)\(run.stderr)")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? ["(unreadable)"]
            #expect(left.isEmpty, "\(command.arguments.first ?? "") left \(left)")
        }
        #expect(InputFile.kind(workspace.folder.path + "/saved/flow.yaml") == .file)
        #expect(InputFile.kind(workspace.folder.path + "/merged/junit.xml") == .file)
    }

    /// The Makefile's scripts/own-tmpdir.sh: what SwiftPM leaves in its TMPDIR (a
    /// `TemporaryDirectory.*` folder, as `swift build` does) goes with the folder it was given, the
    /// command's exit code comes back, and the folder the make command was given stays empty.
    @Test func theMakefilesSwiftCommandsLeaveNoTemporaryDirectoryBehind() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let temporary = workspace.folder.appendingPathComponent("own-tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let script = FlowWorkspace.repository.appendingPathComponent("scripts/own-tmpdir.sh").path
        let leaves = #"mkdir "$TMPDIR/TemporaryDirectory.x1" && touch "$TMPDIR/TemporaryDirectory.x1/f" && exit 3"#
        let run = try BoundedProcess.run(script, ["/bin/sh", "-c", leaves], in: workspace.folder, temporary: temporary.path)
        #expect(run.status == 3 && !run.timedOut, "the command's own exit code: \(run.status) \(run.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? ["(unreadable)"]
        #expect(left.isEmpty, "left \(left)")
    }

    /// A copy of scripts/swift-in-turn.sh in `workspace` (its turn and its folder are then the
    /// workspace's .build, not this clone's).
    static func inTurn(_ workspace: FlowWorkspace) throws -> String {
        let scripts = workspace.folder.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        let copy = scripts.appendingPathComponent("swift-in-turn.sh")
        try FileManager.default.copyItem(at: FlowWorkspace.repository.appendingPathComponent("scripts/swift-in-turn.sh"), to: copy)
        return copy.path
    }

    /// scripts/swift-in-turn.sh runs each command with TMPDIR=.build/swift-tmp and without the
    /// variables that differ from call to call (make's, the shell's PWD), so two calls from two
    /// folders and two make levels see the same environment (SwiftPM keys its manifest cache by
    /// it); the folder is emptied after, and the command's exit code comes back.
    @Test func swiftInTurnRunsEachCommandInOneEnvironmentAndEmptiesItsFolder() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let script = try Self.inTurn(workspace)
        let sub = workspace.folder.appendingPathComponent("Examples/App")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_IN_TURN"] = nil
        var seen: [String] = []
        for (folder, level) in [(workspace.folder, "0"), (sub, "2")] {
            var called = environment
            called.merge(["MAKELEVEL": level, "MAKEFLAGS": "-j2 --output-sync=target", "SHLVL": level, "OLDPWD": "/x", "PWD": folder.path]) { $1 }
            let run = try BoundedProcess.run(script, ["env"], in: folder, environment: called)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            for name in ["PWD", "OLDPWD", "SHLVL", "MAKELEVEL", "MAKEFLAGS"] {
                #expect(!lines.contains { $0.hasPrefix(name + "=") }, "\(name) reached the command")
            }
            #expect(lines.contains("TMPDIR=" + workspace.folder.resolvingSymlinksInPath().appendingPathComponent(".build/swift-tmp").path), "\(lines.filter { $0.hasPrefix("TMPDIR") })")
            #expect(lines.contains("SWIFT_IN_TURN=1"))
            seen.append(lines.sorted().joined(separator: "\n"))
        }
        #expect(seen.count == 2 && seen[0] == seen[1], "the two calls saw two environments")
        let leaves = #"mkdir "$TMPDIR/TemporaryDirectory.x1" && touch "$TMPDIR/TemporaryDirectory.x1/f" && exit 3"#
        let run = try BoundedProcess.run(script, ["/bin/sh", "-c", leaves], in: sub, environment: environment)
        #expect(run.status == 3 && !run.timedOut, "the command's own exit code: \(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent(".build/swift-tmp").path), "what the command left stayed")
    }

    /// A command already in its turn (SWIFT_IN_TURN set, as a build inside a build) runs at once,
    /// though the turn is taken: it never waits on itself. And one not in its turn waits for the
    /// turn: it reads what was written just before the turn was let go.
    @Test func swiftInTurnWaitsForTheTurnUnlessInItAlready() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let script = try Self.inTurn(workspace)
        let build = workspace.folder.appendingPathComponent(".build")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        let lock = open(build.appendingPathComponent(".swift-in-turn.lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        var nested = ProcessInfo.processInfo.environment
        nested["SWIFT_IN_TURN"] = "1"
        let inside = try BoundedProcess.run(script, ["/bin/sh", "-c", "echo inside"], in: workspace.folder, seconds: 10, environment: nested)
        #expect(inside.status == 0 && !inside.timedOut && inside.stdout == "inside\n", "\(inside.status) \(inside.stderr)")

        var outside = ProcessInfo.processInfo.environment
        outside["SWIFT_IN_TURN"] = nil
        let flag = workspace.folder.appendingPathComponent("flag")
        let waiting = Process()
        waiting.executableURL = URL(fileURLWithPath: script)
        waiting.arguments = ["/bin/cat", flag.path]
        waiting.currentDirectoryURL = workspace.folder
        waiting.environment = outside
        let output = Pipe()
        waiting.standardOutput = output
        waiting.standardError = output
        try waiting.run()
        // Once it waits for the turn (its flock(1) is up), the flag is written and the turn let go.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !Self.hasChild(named: "flock", of: waiting.processIdentifier) { sched_yield() }
        try "written before the turn was let go\n".write(to: flag, atomically: true, encoding: .utf8)
        #expect(flock(lock, LOCK_UN) == 0)
        waiting.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(waiting.terminationStatus == 0 && said == "written before the turn was let go\n", "\(said)")
    }

    /// make test's scripts/swift-tests.sh, with a stand-in for the test binary: the arguments reach
    /// it, its output is printed and kept, and its exit code comes back. When it fails, what failed
    /// is written apart for make test to print last (the failing tests' lines; or, when none was
    /// reported, as when the process crashed, its last lines), and nothing when it passes.
    @Test func theSwiftTestsScriptKeepsWhatFailedForTheEndOfTheLog() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let scripts = workspace.folder.appendingPathComponent("scripts")
        let debug = workspace.folder.appendingPathComponent(".build/debug")
        for folder in [scripts, debug] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for name in ["swift-tests.sh", "own-tmpdir.sh"] {
            try FileManager.default.copyItem(at: FlowWorkspace.repository.appendingPathComponent("scripts/" + name), to: scripts.appendingPathComponent(name))
        }
        let binary = debug.appendingPathComponent("WorkPhotosPackageTests.xctest")
        try """
            #!/bin/sh
            echo "args: $*"
            case "$3" in
              pass) echo "✔ Test run with 2 tests passed"; exit 0 ;;
              fail) echo "✔ Test a() passed"; echo "✘ Test b() recorded an issue at B.swift:3:9: Expectation failed: 1 == 2"; echo "✘ Test b() failed"; exit 1 ;;
              crash) echo "◇ Test c() started."; kill -SEGV $$ ;;
            esac
            """.write(to: binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        let script = scripts.appendingPathComponent("swift-tests.sh").path
        let logs = workspace.folder.appendingPathComponent(".build/test-logs")
        func failures(_ name: String) -> String? { try? String(contentsOf: logs.appendingPathComponent(name + ".failures"), encoding: .utf8) }

        let passed = try BoundedProcess.run(script, ["one", "pass"], in: workspace.folder)
        #expect(passed.status == 0 && passed.stdout.contains("args: --testing-library swift-testing pass"), "\(passed.status) \(passed.stdout)")
        #expect(failures("one") == nil, "a pass left failures to print")
        let log = try String(contentsOf: logs.appendingPathComponent("one.log"), encoding: .utf8)
        #expect(log.contains("✔ Test run with 2 tests passed"))

        let failed = try BoundedProcess.run(script, ["two", "fail"], in: workspace.folder)
        #expect(failed.status == 1, "the tests' own exit code: \(failed.status)")
        let listed = failures("two") ?? ""
        #expect(listed.contains("two: the Swift tests failed (exit 1") && listed.contains("✘ Test b() recorded an issue at B.swift:3:9"), "\(listed)")
        #expect(!listed.contains("Test a() passed"), "a passing test among the failures")

        // A pass after a failure of the same name leaves no stale failures behind.
        #expect(try BoundedProcess.run(script, ["two", "pass"], in: workspace.folder).status == 0)
        #expect(failures("two") == nil, "the last run's failures were kept")

        let crashed = try BoundedProcess.run(script, ["three", "crash"], in: workspace.folder)
        #expect(crashed.status != 0 && !crashed.timedOut, "a crash passed: \(crashed.status)")
        let ended = failures("three") ?? ""
        #expect(ended.contains("the process ended early") && ended.contains("◇ Test c() started."), "\(ended)")
    }

    /// Whether process `pid` has a child whose name is `name` (/proc's children of its main thread).
    static func hasChild(named name: String, of pid: Int32) -> Bool {
        guard let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return false }
        return children.split(separator: " ").contains { child in
            (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }
}
