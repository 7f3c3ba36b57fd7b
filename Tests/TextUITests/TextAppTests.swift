import BadText
import Console
import Foundation
import ProcessTesting
import Testing
import TextBytes
import TextUI

/// TextApp, a text app's entry point, as the built `textapp-sample` shows it (the smallest app on
/// it: Tests/TextAppSample): the exit codes, the launch arguments' shape, the automation server or
/// the shell, the log, and the terminal put back however the app ends.
struct TextAppTests {
    // MARK: - Exit codes

    @Test(arguments: [
        (["-automation", "YES"], #"{"action":"quit"}"#),
        ([], "quit"),
        (["-automation", "NO"], "quit"),
    ])
    func aQuitEndsTheAppWithCodeZero(arguments: [String], quit: String) throws {
        let result = try sample(arguments, input: quit + "\n")

        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test(arguments: [["-automation", "YES"], []])
    func theEndOfInputEndsTheAppWithCodeZero(arguments: [String]) throws {
        let result = try sample(arguments, input: "")

        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test func theAppWaitsForItsBackgroundWorkBeforeTheEndOfInputEndsIt() throws {
        let result = try sample([], input: "tap Tap\nshow\n")

        #expect(result.status == 0)
        #expect(result.stdout.contains("Taps: 1"), "the work finished, and its screen was shown")
    }

    // MARK: - Launch arguments

    @Test(arguments: [
        (["stray"], #"unexpected launch argument "stray": expected -key value pairs"#),
        (["-sample.setup"], "launch argument -sample.setup: expected a value after it"),
        (["-automation", "maybe"], #"launch argument -automation: expected YES or NO, got "maybe""#),
        (["-automation", "YES", "-automation", "NO"], "launch argument -automation: expected one value: it is given twice"),
        (["-sample.setup", "-automation", "YES"], "launch argument -sample.setup: expected a value after it, not the next key -automation"),
        (["-app.password", "-hunter2"], "launch argument -app.password: expected a value after it, not the next key"),
        (["-app.password", "x", "hunter2"], #"unexpected launch argument "••••••••": expected -key value pairs"#),
    ])
    func launchArgumentsOfTheWrongShapeEndTheAppWithCodeTwoBeforeItComposes(arguments: [String], message: String) throws {
        let result = try sample(arguments, input: "quit\n")

        #expect(result.status == 2)
        #expect(result.stderr == "textapp-sample: error: \(message)\n", "said once")
        #expect(result.stdout == "", "nothing shown")
        #expect(!result.stderr.contains("hunter2"))
    }

    /// Words whose bytes are not text: `CommandLine.arguments` would have read them as U+FFFD
    /// (another path, another name); a secret key's value, or a stray word, is said without a byte.
    @Test(arguments: BadText.notUTF8.filter { $0.kind != .nul })  // a NUL ends a C string: no argument holds one
    func launchArgumentsThatAreNotTextEndTheAppWithCodeTwo(_ bad: BadText) throws {
        let escaped = bad.bytes.map { "\\" + String($0, radix: 8) }.joined()
        func run(_ words: String) throws -> ChildProcess.Output {
            try ChildProcess.run("/bin/sh", ["-c", "exec \"$0\" \(words)", Self.executable], input: "quit\n")
        }
        let value = try run("-sample.setup \"caf$(printf '\(escaped)')\"")
        let problem = try #require(TextBytes.firstProblem(in: Array("caf".utf8) + bad.bytes))
        #expect(value.status == 2 && value.stdout == "", "\(value.stderr)")
        #expect(value.stderr == "textapp-sample: error: " + problem.statement("launch argument -sample.setup: its value")
            + " (at byte \(problem.offset + 1)); give it as UTF-8\n", "\(value.stderr)")
        let key = try run("-sample.se$(printf '\(escaped)')tup x")
        #expect(key.status == 2 && key.stderr.hasPrefix("textapp-sample: error: the launch argument -sample.se"), "\(key.stderr)")
        for secret in ["-app.password \"hun$(printf '\(escaped)')ter2\"", "-app.password x \"hun$(printf '\(escaped)')ter2\""] {
            let masked = try run(secret)
            #expect(masked.status == 2, "\(masked.stderr)")
            #expect(masked.stderr.hasSuffix(" is not UTF-8 text; give it as UTF-8\n") && !masked.stderr.contains("hun") && !masked.stderr.contains("0x"),
                    "\(masked.stderr)")
        }
    }

    @Test func theToolkitsOwnKeyIsOneTheAppCountsAsKnown() throws {
        #expect(TextApp.launchKeys == ["automation"])
        #expect(try sample(["-automation", "YES", "-sample.screen", "YES"], input: "").status == 0)
    }

    // MARK: - The automation server or the shell

    @Test func automationYesChoosesTheAutomationServer() throws {
        let result = try sample(["-automation", "YES"], input: #"{"id": 1, "action": "tap", "target": "Tap"}"# + "\n" + #"{"id": 2, "action": "quit"}"# + "\n")

        let frames = try result.stdout.split(separator: "\n").map { try WireCodec.decodeFrame(Array($0.utf8)) }
        #expect(frames.first?.reply == nil, "the first frame is pushed, unasked")
        #expect(frames.first?.screen.title == "Sample")
        #expect(frames.compactMap(\.reply) == [1, 2])
        #expect(frames.last?.screen.elements.first?.label == "Taps: 1", "the background work settled before quit was read")
        #expect(result.status == 0)
    }

    @Test(arguments: [[], ["-automation", "NO"]])
    func withoutAutomationTheShellShowsTheScreenToAPerson(arguments: [String]) throws {
        let result = try sample(arguments, input: "tap Tap\nquit\n")

        #expect(result.stdout.hasPrefix("── Sample "))
        #expect(result.stdout.contains("Taps: 1"))
        #expect(!result.stdout.contains("{"), "no frame")
        #expect(result.status == 0)
    }

    // MARK: - The composition's failures

    @Test(arguments: [["-automation", "YES"], []])
    func aFailedSetupIsSaidOnceWithCodeTwoAndNothingIsShown(arguments: [String]) throws {
        let result = try sample(arguments + ["-sample.setup", "fail"], input: "quit\n")

        #expect(result.status == 2)
        #expect(result.stderr == "textapp-sample: error: the sample's setup failed\n")
        #expect(result.stdout == "")
    }

    @Test func theAppsOwnCheckOfItsArgumentsIsASetupFailure() throws {
        let result = try sample(["-sample.bogus", "1"], input: "quit\n")

        #expect(result.status == 2)
        #expect(result.stderr == "textapp-sample: error: unknown launch argument -sample.bogus (did you mean -sample.setup?); known: -sample.setup, -sample.end, -sample.screen, -automation\n")
    }

    @Test func aCompositionThatShowsNoScreenIsAFailedSetup() throws {
        let result = try sample(["-sample.screen", "NO"], input: "quit\n")

        #expect(result.status == 2)
        #expect(result.stderr == "textapp-sample: error: the app has no first screen: its composition must give the stage one (launch.stage.setRoot(...))\n")
        #expect(result.stdout == "")
    }

    @Test(arguments: [(["-automation", "YES"], #"{"action":"quit"}"# + "\n"), ([], "quit\n"), ([], "")])
    func aCheckAtTheEndThatFailsTurnsTheExitCodeToTwo(arguments: [String], input: String) throws {
        let result = try sample(arguments + ["-sample.end", "fail"], input: input)

        #expect(result.status == 2)
        #expect(result.stderr == "textapp-sample: error: the sample's check at the end failed\n")
        #expect(result.stdout.contains("Taps: 0"), "the app ran, and showed its screen")
    }

    @Test(arguments: [["-automation", "YES"], []])
    func aStopFromABackgroundThreadEndsTheAppAtOnceWithCodeTwo(arguments: [String]) throws {
        let tap = arguments.isEmpty ? "tap Stop" : #"{"action": "tap", "target": "Stop"}"#
        let result = try sample(arguments + ["-sample.end", "fail"], input: tap + "\n" + String(repeating: "show\n", count: 50))

        #expect(result.status == 2)
        #expect(result.stderr == "textapp-sample: error: stopped from the background\n", "said once; the check at the end never ran")
    }

    // MARK: - The log

    @Test(arguments: [["-automation", "YES"], []])
    func withoutATerminalTheLogGoesToStandardErrorUnderTheAppsName(arguments: [String]) throws {
        let tap = arguments.isEmpty ? "tap Log" : #"{"action": "tap", "target": "Log"}"#
        let result = try sample(arguments, input: tap + "\n")

        #expect(result.stderr == "textapp-sample: tapped Log\n")
        #expect(result.status == 0)
    }

    // MARK: - Broken streams

    @Test func theAppOutlivesAReaderThatGoesAway() throws {
        // `head` reads one line and leaves; the app goes on writing screens into a broken pipe.
        let result = try ChildProcess.run("/bin/bash", [
            "-c", #"{ for i in $(seq 1 200); do printf 'show\n'; done; printf 'quit\n'; } | "$APP" 2>/dev/null | head -n 1 >/dev/null; echo "${PIPESTATUS[1]}""#,
        ], environment: ProcessInfo.processInfo.environment.merging(["APP": Self.executable]) { $1 })

        #expect(result.stdout == "0\n", "not 141 (SIGPIPE)")
    }

    @Test(arguments: [
        #"printf 'quit\n' | "$APP" >&-"#, #"printf 'quit\n' | "$APP" >/dev/full"#, #""$APP" <&- >/dev/null"#,
        #"printf '{"action":"quit"}\n' | "$APP" -automation YES >&-"#,
    ])
    func aClosedOrFullStandardStreamLeavesTheExitCodeAsItWas(script: String) throws {
        let result = try ChildProcess.run("/bin/bash", ["-c", script + "; echo $?"], environment: ProcessInfo.processInfo.environment.merging(["APP": Self.executable]) { $1 })

        #expect(result.stdout == "0\n")
    }

    @Test(arguments: ["2>&-", "2>/dev/full"])
    func aFailedSetupWithAnUnwritableStandardErrorStillExitsTwo(redirection: String) throws {
        let result = try ChildProcess.run("/bin/bash", [
            "-c", #""$APP" -sample.setup fail </dev/null \#(redirection); echo $?"#,
        ], environment: ProcessInfo.processInfo.environment.merging(["APP": Self.executable]) { $1 })

        #expect(result.stdout == "2\n")
    }

    @Test func aProtocolVersionThatIsNoVersionEndsTheAppWithCodeTwoBeforeAnyFrame() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable))
        var environment = ProcessInfo.processInfo.environment
        environment["AUTOMATION_PROTOCOL"] = "two"
        let result = try ChildProcess.run(Self.executable, AutomationLaunch.arguments, environment: environment, input: "")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "no frame: \(result.stdout)")
        #expect(result.stderr.contains(#"textapp-sample: error: AUTOMATION_PROTOCOL is "two": it takes the automation protocol's version"#), "\(result.stderr)")
    }

    @Test(arguments: [(nil, false), ("1", false), ("2", true), ("7", true)] as [(String?, Bool)])
    func theAppWritesBusyOnlyToARunnerThatReadsIt(version: String?, saysBusy: Bool) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable))
        var environment = ProcessInfo.processInfo.environment
        environment["AUTOMATION_PROTOCOL"] = version
        let result = try ChildProcess.run(Self.executable, AutomationLaunch.arguments, environment: environment, input: #"{"id": 1, "action": "snapshot"}"# + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"busy":[],"error""#) == saysBusy }, "\(result.stdout)")
        #expect(lines.allSatisfy { $0.contains("\"busy\"") == saysBusy }, "no busy key at all for a runner of protocol 1: \(result.stdout)")
    }

    // MARK: - Helpers

    static let executable = BuiltProduct.url("textapp-sample").path

    private func sample(_ arguments: [String], input: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ChildProcess.Output {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable), "no textapp-sample at \(Self.executable)", sourceLocation: sourceLocation)
        return try ChildProcess.run(Self.executable, arguments, input: input)
    }
}

/// The sample at a terminal (a pseudo-terminal): the log goes to a file, and the terminal gets its
/// settings back however the app ends.
@Suite(.serialized)
struct TextAppTerminalTests {
    @Test func atATerminalTheLogGoesToAFileNamedAfterTheApp() throws {
        let state = try TemporaryFolder()
        let terminal = try PseudoTerminal(TextAppTests.executable, [], environment: ["XDG_STATE_HOME": state.path])
        try #require(terminal.wait(for: "> "))
        terminal.type("tap Log\nquit\n")

        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("tapped Log"), "no log line on the screen")
        let log = try String(contentsOfFile: state.path + "/textapp-sample/textapp-sample.log", encoding: .utf8)
        #expect(log.hasSuffix(" textapp-sample: tapped Log\n"))
    }

    @Test func aSetupThatFailsAtATerminalLeavesNoLogFileBehind() throws {
        let state = try TemporaryFolder()
        let terminal = try PseudoTerminal(TextAppTests.executable, ["-sample.setup", "fail"], environment: ["XDG_STATE_HOME": state.path])

        #expect(terminal.waitForExit() == 2)
        #expect(terminal.output.contains("textapp-sample: error: the sample's setup failed"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path) == [], "nothing written")
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalPutsTheTerminalBackAndEndsTheAppAsTheSignalWould(signal number: Int32) throws {
        let terminal = try PseudoTerminal(TextAppTests.executable, [], standardError: .nullDevice)
        try #require(terminal.wait(for: "> "))
        terminal.setEcho(false)  // as the shell leaves it while a secret is typed

        kill(terminal.process.processIdentifier, number)

        #expect(terminal.waitForExit() == 128 + number)
        #expect(terminal.isEchoOn, "the terminal has its echo back")
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalRightAfterTheFirstScreenIsNeverLost(signal number: Int32) throws {
        // The window between the first screen and a handler that is not yet listening is short:
        // many launches, each signalled the moment its screen is out, find it if it is there.
        for _ in 1...25 {
            let terminal = try PseudoTerminal(TextAppTests.executable, [], standardError: .nullDevice)
            try #require(terminal.wait(for: "> "))

            kill(terminal.process.processIdentifier, number)

            try #require(terminal.waitForExit() == 128 + number, "the signal was lost: the app ran on")
        }
    }

    @Test(arguments: [("quit", Int32(0)), ("tap Stop", 2)])
    func endingTheAppPutsTheTerminalBack(command: String, status: Int32) throws {
        let terminal = try PseudoTerminal(TextAppTests.executable, [], standardError: .nullDevice)
        try #require(terminal.wait(for: "> "))
        terminal.setEcho(false)

        terminal.type(command + "\n")

        #expect(terminal.waitForExit() == status)
        #expect(terminal.isEchoOn, "the terminal has its echo back")
    }

    @Test func theShellTypesASecretWithEchoOff() throws {
        let terminal = try PseudoTerminal(TextAppTests.executable, [], standardError: .nullDevice)
        try #require(terminal.wait(for: "> "))
        terminal.type("tap Passphrase\n")
        try #require(terminal.wait(for: "Passphrase (hidden): "))
        #expect(!terminal.isEchoOn)

        terminal.type("hunter2\nquit\n")

        #expect(terminal.waitForExit() == 0)
        #expect(terminal.isEchoOn)
        #expect(!terminal.output.contains("hunter2"))
    }
}

/// A folder of its own under the temporary folder, removed when the test lets go of it.
private final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("textapp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
