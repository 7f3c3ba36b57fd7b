import BadText
import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `flow studio` fed hostile lines through a pipe, as the built binary: generated from a seed (the
/// same every run), with the scheme's secret typed everywhere a line can hold it. Whatever comes,
/// studio answers each line and goes on: no crash, no hang, bounded memory, no secret in anything
/// it prints or writes, and the files it was pointed at (a FIFO, a device, a folder) untouched.
@Suite(.serialized)
struct StudioFuzzTests {
    static let secret = "hunter2Zq"
    static let other = "s3cr3tVal"

    @Test func hostileLinesAreEachAnsweredAndNoSecretIsEchoedOrWritten() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        var generator = SeededGenerator(seed: 22)
        let lines = (0..<Self.lineCount).map { _ in Self.line(&generator, folder: workspace.folder.path) } + [":steps", ":quit"]
        let run = try Self.studio(workspace, input: Data(lines.joined(separator: "\n").utf8) + Data("\n".utf8))

        #expect(!run.timedOut && !run.crashed, "status \(run.status)\n\(run.stderr.suffix(2000))")
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        Self.expectNoLeak(run, workspace: workspace)
        // The run reached every kind of answer: kept steps (✓) and refusals (error:), and the
        // lines after the last hostile one (:steps lists what was kept, :quit ends it with exit 0).
        #expect(run.stdout.contains("✓ ") && run.stdout.contains("error: "), "\(run.stdout.suffix(2000))")
    }

    @Test func aHugeLineNonUTF8BytesAndATruncatedLastLineAreAnswered() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        var input = Data("type Username ".utf8) + Data(repeating: UInt8(ascii: "x"), count: 10 << 20) + Data("\n".utf8)
        input += Data([0xFF, 0xFE, 0xC0, 0x80, 0x0A])  // not UTF-8
        input += Data("tap \(Self.secret)\u{0}\u{1B}[2J\n".utf8)  // a NUL and an escape sequence
        input += Data("type Username \(Self.secret)\n:save saved.yaml --name Huge\n".utf8)
        input += Data("assertVisible: {textField: Username, val".utf8)  // cut off: no newline, no :quit
        let start = ContinuousClock.now
        let run = try Self.studio(workspace, input: input)
        #expect(!run.timedOut && !run.crashed, "status \(run.status)\n\(run.stderr.suffix(2000))")
        #expect(run.status == 0)
        #expect(run.stdout.contains("error: the line is 10485774 bytes, over the limit of 16384 for a step"), "\(run.stdout.prefix(3000))")
        #expect(run.stdout.contains("saved 1 step to saved.yaml"))
        #expect(ContinuousClock.now - start < .seconds(15))
        Self.expectNoLeak(run, workspace: workspace)
    }

    // MARK: - The generator

    static let lineCount = 400

    /// One line: a step or command that works, one cut short or mangled, hostile YAML, or a
    /// `:save` to a path that is not a file; the secret is put into many of them.
    static func line(_ generator: inout SeededGenerator, folder: String) -> String {
        let good = [
            "type Username \(secret)", "type Password \(secret)", "type Username test", "tap Login", "back", "Login.login", ":undo", ":steps",
            "assertVisible: {button: Login}", "assertVisible: {textField: Username, value: \(secret)}", "3", "2", "1", ":ids", ":screen",
            "answerAlert: OK", "type Username \(other)", "assertNotVisible: {button: \(secret)}", "Login.typePassword: {password: \(secret)}",
        ]
        let hostile = [
            "", ":", "::", "tap", "type", "type  \(secret)", "tap \(secret)", "tap: \(secret)", "\(secret)", "\(secret) \(secret)",
            "&a [*a, *a, *a]", "!!binary aGVsbG8=", "%YAML 1.2", "? complex key", "tap: {button: {nested: {deeper: [1, [2, [3]]]}}}",
            "tap: [", "{", "}", "[]", "- ", "- - tap: Login", "tap: \"unterminated", "tap: 'single", "tap: |", "tap: >-", "\t\ttap: Login",
            "Login.", ".login", "Nope.action", "Login.login: {nope: 1}", "Login.login: \(secret)", "repeat: {times: 99999999999999999999, steps: []}",
            "runFlow: /dev/zero", "runFlow: \(secret).yaml", "seed: \(secret)", "launch: {arguments: [\(secret)]}", "waitFor: {button: x, timeout: -1}",
            "-1", "0", "99999999999999999999", "tap -1", "type 99 x", "back back", "tap: {button: Login, in: \(secret)}",
            "\u{1B}[31mred\u{1B}[0m", "tap \u{7}bell", "naïve ünïcödé 🙂 \(secret)", String(repeating: "{", count: 500), String(repeating: "[", count: 5000),
            ":save", ":save /", ":save \(folder)/null", ":save \(folder)/pipe", ":save \(folder)/folder", ":save \(folder)/dangling",
            ":save \(folder)/devlink", ":save \(folder)/\(secret).yaml", ":save x.yaml --name \(secret)", ":save x.yaml --name", ":save a b c",
            ":save \(folder)/esc\u{1B}ape.yaml", ":save \(folder)/link.yaml --name Linked", ":save \(folder)/new/deeper/x.yaml", ":unknown", ":qiut",
        ]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<3: return good.randomElement(using: &generator) ?? ""
        case 3..<6: return hostile.randomElement(using: &generator) ?? ""
        case 6..<8:
            // A good line cut short at a random place.
            let line = good.randomElement(using: &generator) ?? ""
            return String(line.prefix(Int.random(in: 0...line.count, using: &generator)))
        default:
            // A line of random characters from YAML's specials, with the secret somewhere in it.
            let alphabet = Array("abcXYZ019 :{}[],'\"&*!|>%@`#-?\\\t\u{1B}é🙂")
            var line = String((0..<Int.random(in: 1...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? " " })
            if Bool.random(using: &generator) { line.insert(contentsOf: secret, at: line.index(line.startIndex, offsetBy: Int.random(in: 0...line.count, using: &generator))) }
            return line
        }
    }

    // MARK: - Helpers

    /// A workspace whose private scheme makes `secret` the test account's password, with a FIFO,
    /// a folder, a device of its own (as root), a dangling link, a link to that device and a link
    /// to a file to point `:save` at.
    static func workspace() throws -> FlowWorkspace {
        let workspace = try FlowWorkspace()
        try workspace.write("Flows/schemes/default.private.yaml", """
            defaults: {model.password: \(secret)}
            variables: {test.password: \(secret), my.secret: \(other)}
            """)
        let folder = workspace.folder.path
        try #require(mkfifo(folder + "/pipe", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/folder", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: "nowhere.yaml")
        // Never the system's /dev/null: a writer that wrongly renamed over it (as studio did) would replace it.
        if Folder.canMakeDevices { try #require(Folder(url: workspace.folder).makeNullDevice("null")) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/devlink", withDestinationPath: "null")
        try workspace.write("target.yaml", "name: Target\nsteps:\n  - back\n")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.yaml", withDestinationPath: "target.yaml")
        return workspace
    }

    static func studio(_ workspace: FlowWorkspace, input: Data) throws -> BoundedProcess.Output {
        try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["studio"], input: input, in: workspace.folder,
                               seconds: 60, memoryKB: 3_000_000)
    }

    /// No secret in what studio printed nor in any file it wrote; what it was pointed at is as it was.
    static func expectNoLeak(_ run: BoundedProcess.Output, workspace: FlowWorkspace, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in [secret, other] {
            #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "the secret was echoed", sourceLocation: sourceLocation)
        }
        #expect(!run.stdout.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" },
                "a control character typed was sent back to the terminal", sourceLocation: sourceLocation)
        for word in ["NSCocoaErrorDomain", "Fatal error", "Program crashed"] {
            #expect(!run.stdout.contains(word) && !run.stderr.contains(word), "\(word)", sourceLocation: sourceLocation)
        }
        let folder = workspace.folder.path
        #expect(InputFile.kind(folder + "/pipe") == .fifo, sourceLocation: sourceLocation)
        #expect(InputFile.kind(folder + "/folder") == .folder, sourceLocation: sourceLocation)
        #expect(!Folder.canMakeDevices || InputFile.kind(folder + "/null") == .characterDevice, sourceLocation: sourceLocation)
        #expect(InputFile.kind(folder + "/dangling", following: false) == .link && InputFile.kind(folder + "/dangling") == nil, sourceLocation: sourceLocation)
        #expect(InputFile.kind(folder + "/link.yaml", following: false) == .link, sourceLocation: sourceLocation)
        let files = FileManager.default.enumerator(atPath: folder)?.allObjects.compactMap { $0 as? String } ?? []
        for file in files where !file.hasPrefix("Flows/schemes/") && InputFile.kind(folder + "/" + file) == .file {
            let text = (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? ""
            #expect(!text.contains(secret) && !text.contains(other), "\(file) holds a secret", sourceLocation: sourceLocation)
            #expect(!(PathText.name(of: file).hasPrefix(".") && file.hasSuffix(".tmp")), "\(file) is a temporary file left behind", sourceLocation: sourceLocation)
        }
    }
}

