import FlowKit
import Foundation
import Testing

/// The toolkit's public API is kept in `api/` (one file a library product, made by `make api` from
/// the built modules' symbol graphs), and CI fails when the code's API is not the record: every
/// change to it shows in review, and a removal needs the major version raised and its changelog
/// entry. These tests run the check on the code, then show on a scratch copy of a module that it
/// fails on a removal and on an unrecorded addition, naming each, and that a removal is recorded
/// only as the promise says.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PublicAPITests {
    static let root = DocCommentTests.root

    /// The outcome of `scripts/api.py ARGUMENTS`, run from the package's root.
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    static func api(_ arguments: [String]) throws -> Outcome {
        try run(["python3", "scripts/api.py"] + arguments)
    }

    /// The outcome of `command`, run from the package's root with no input.
    static func run(_ command: [String]) throws -> Outcome {
        // Into files, not pipes: nothing waits on a pipe that is full.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("api-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out"), errors = folder.appendingPathComponent("err")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = root
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: try String(contentsOf: output, encoding: .utf8),
                       errors: try String(contentsOf: errors, encoding: .utf8))
    }

    /// A scratch copy of TextBytes (a module with no dependencies) with `edit` applied to
    /// ArgumentText.swift, compiled into a module of its own; its folder of modules.
    static func scratchTextBytes(_ edit: (String) -> String) throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("api-scratch-\(UUID().uuidString)")
        let sources = scratch.appendingPathComponent("Sources"), modules = scratch.appendingPathComponent("Modules")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let original = root.appendingPathComponent("Sources/TextBytes")
        var files: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: original.path) where name.hasSuffix(".swift") {
            var text = try String(contentsOf: original.appendingPathComponent(name), encoding: .utf8)
            if name == "ArgumentText.swift" { text = edit(text) }
            let copy = sources.appendingPathComponent(name)
            try text.write(to: copy, atomically: true, encoding: .utf8)
            files.append(copy.path)
        }
        let swiftc = Process()
        swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swiftc.arguments = ["swiftc", "-parse-as-library", "-emit-module", "-module-name", "TextBytes",
                            "-emit-module-path", modules.appendingPathComponent("TextBytes.swiftmodule").path] + files
        swiftc.currentDirectoryURL = scratch
        try swiftc.run()
        swiftc.waitUntilExit()
        try #require(swiftc.terminationStatus == 0, "the scratch copy of TextBytes compiles")
        return modules
    }

    static let removed = "public static func firstProblemInProcessArguments()"

    /// CI's check: the code's public API is the record, at the toolkit's version.
    @Test func theCodesPublicAPIIsTheOneRecorded() throws {
        let outcome = try Self.api(["check"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("as recorded in api/ (\(Toolkit.version))"), "\(outcome.output)")
    }

    @Test func aPublicMethodRemovedInAScratchCopyFailsTheCheckNamingIt() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/TextBytes/ArgumentText.swift"), encoding: .utf8)
        try #require(source.contains(Self.removed), "the method the test removes is still there")
        let modules = try Self.scratchTextBytes { $0.replacingOccurrences(of: Self.removed, with: "static func firstProblemInProcessArguments()") }
        defer { try? FileManager.default.removeItem(at: modules.deletingLastPathComponent()) }
        let outcome = try Self.api(["check", "TextBytes", "--modules-dir", modules.path])
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("- TextBytes: ArgumentText.firstProblemInProcessArguments()"), "\(outcome.errors)")
        #expect(outcome.errors.contains("is in the record, not in the code"), "\(outcome.errors)")
        #expect(outcome.errors.contains("make api"), "it says what to do: \(outcome.errors)")
    }

    @Test func anUnrecordedPublicMethodFailsTheCheckNamingIt() throws {
        let modules = try Self.scratchTextBytes { $0 + "\nextension ArgumentText {\n    /// New.\n    public static func addedForTheTest() {}\n}\n" }
        defer { try? FileManager.default.removeItem(at: modules.deletingLastPathComponent()) }
        let outcome = try Self.api(["check", "TextBytes", "--modules-dir", modules.path])
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("+ TextBytes: ArgumentText.addedForTheTest()"), "\(outcome.errors)")
        #expect(outcome.errors.contains("is in the code, not in the record"), "\(outcome.errors)")
    }

    /// The unchanged copy passes: the check is not failing on everything.
    @Test func anUnchangedCopyPassesTheCheck() throws {
        let modules = try Self.scratchTextBytes { $0 }
        defer { try? FileManager.default.removeItem(at: modules.deletingLastPathComponent()) }
        let outcome = try Self.api(["check", "TextBytes", "--modules-dir", modules.path])
        #expect(outcome.status == 0, "\(outcome.errors)")
    }

    /// A removal is recorded only with the major raised and the changelog naming what went.
    @Test func aRemovalIsRecordedOnlyWithTheMajorRaisedAndItsChangelogEntry() throws {
        let modules = try Self.scratchTextBytes { $0.replacingOccurrences(of: Self.removed, with: "static func firstProblemInProcessArguments()") }
        let scratch = modules.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let records = scratch.appendingPathComponent("api")
        try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        let record = records.appendingPathComponent("TextBytes.txt")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("api/TextBytes.txt"), to: record)
        let before = try String(contentsOf: record, encoding: .utf8)
        let changelog = scratch.appendingPathComponent("CHANGELOG.md")
        try "# Changelog\n\n## [Unreleased]\n\n### Removed\n\n- Nothing yet.\n".write(to: changelog, atomically: true, encoding: .utf8)
        let major = Int(Toolkit.version.split(separator: ".")[0]) ?? 0
        let common = ["record", "TextBytes", "--modules-dir", modules.path, "--records", records.path, "--changelog", changelog.path]

        let minor = try Self.api(common + ["--version", "\(major).9.0"])
        #expect(minor.status == 1)
        #expect(minor.errors.contains("raise the major"), "\(minor.errors)")
        #expect(try String(contentsOf: record, encoding: .utf8) == before, "nothing is written when refused")

        let unsaid = try Self.api(common + ["--version", "\(major + 1).0.0"])
        #expect(unsaid.status == 1)
        #expect(unsaid.errors.contains("does not name firstProblemInProcessArguments"), "\(unsaid.errors)")

        try "# Changelog\n\n## [Unreleased]\n\n### Removed\n\n- `ArgumentText.firstProblemInProcessArguments()`: write `firstProblem(in: ArgumentText.processArguments)`.\n"
            .write(to: changelog, atomically: true, encoding: .utf8)
        let said = try Self.api(common + ["--version", "\(major + 1).0.0"])
        #expect(said.status == 0, "\(said.errors)")
        let after = try String(contentsOf: record, encoding: .utf8)
        #expect(!after.contains("firstProblemInProcessArguments"))
        #expect(after.hasPrefix("# The public API of TextBytes at \(major + 1).0.0:"))
    }

    /// The version is declared once: the changelog's latest release is the toolkit's version.
    @Test func theChangelogsLatestReleaseIsTheToolkitsVersion() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let latest = try #require(releases.first, "CHANGELOG.md names a release")
        #expect(latest.hasPrefix("## [\(Toolkit.version)]"), "CHANGELOG.md's latest release is \(latest), the toolkit says \(Toolkit.version)")
        #expect(changelog.contains("## [Unreleased]"), "a section for what is not released yet")
    }
}

/// The version said in FlowKit's DocC overview is the toolkit's, declared once.
struct VersionInTheDocsTests {
    @Test func flowKitsOverviewSaysTheToolkitsVersion() throws {
        let overview = try String(contentsOf: DocCommentTests.root.appendingPathComponent("Sources/FlowKit/FlowKit.docc/FlowKit.md"), encoding: .utf8)
        #expect(overview.contains("This is FlowKit \(Toolkit.version) (``Toolkit/version``)"), "FlowKit.md says another version than Toolkit.version (\(Toolkit.version))")
    }
}
