import FlowKit
import Foundation
import Testing

/// The toolkit's public API is kept in `api/` (one file a library product, made by `make api` from
/// the built modules' symbol graphs), and CI fails when the code's API is not the record: every
/// change to it shows in review, and is recorded only as CHANGELOG.md's Versioning allows. These
/// tests run the check on the code, then show on a scratch copy of a module that it fails on a
/// removal and on an unrecorded addition, naming each; that a deprecation, a removal, a changed
/// signature and a renamed type are each recorded only in the release that may make them, named in
/// full; and that SwiftPM's own diagnosis agrees with the record on each. The tests share nothing
/// (each its own scratch folder), so they run side by side.
@Suite(.timeLimit(.minutes(5)))
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

    /// The outcome of `command`, run from `folder` (the package's root) with no input.
    static func run(_ command: [String], in folder: URL = root) throws -> Outcome {
        // Into files, not pipes: nothing waits on a pipe that is full.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("api-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out"), errors = scratch.appendingPathComponent("err")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = folder
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

    // MARK: - What a version allows (CHANGELOG.md's versioning)

    /// A release, relative to the record's version (the toolkit's).
    enum Release: String, Sendable {
        case patch, minor, major

        /// The version `record --version` is given.
        var version: String {
            let parts = Toolkit.version.split(separator: ".").compactMap { Int($0) }
            switch self {
            case .patch: return "\(parts[0]).\(parts[1]).\(parts[2] + 1)"
            case .minor: return "\(parts[0]).\(parts[1] + 1).0"
            case .major: return "\(parts[0] + 1).0.0"
            }
        }
    }

    /// One change to the scratch copy's public API: the first release that may make it, what the
    /// release below says when it refuses it, and the changelog line that names it in full.
    struct APIChange: Sendable, CustomTestStringConvertible {
        let name: String
        /// Each `of` in ArgumentText.swift replaced `with`, as a regular expression when `pattern`.
        let edits: [Edit]
        let allowedIn: Release
        let refusedIn: Release
        let refusal: String
        let heading: String
        let fullName: String
        let bareName: String
        /// A line of the record once the change is recorded.
        let recorded: String
        var testDescription: String { name }

        struct Edit: Sendable {
            let of: String
            let with: String
            var pattern = false
        }

        func apply(_ text: String) -> String {
            edits.reduce(text) { text, edit in
                text.replacingOccurrences(of: edit.of, with: edit.with, options: edit.pattern ? .regularExpression : [])
            }
        }
    }

    static let changes: [APIChange] = [
        APIChange(
            name: "deprecate a method",
            edits: [.init(of: removed, with: "@available(*, deprecated, message: \"write firstProblem(in: processArguments)\")\n    " + removed)],
            allowedIn: .minor, refusedIn: .patch, refusal: "is deprecated, and \(Release.patch.version) is a patch of \(Toolkit.version): a patch changes no public declaration",
            heading: "Deprecated", fullName: "ArgumentText.firstProblemInProcessArguments()", bareName: "firstProblemInProcessArguments",
            recorded: "ArgumentText.firstProblemInProcessArguments()  static func firstProblemInProcessArguments() -> ArgumentText.Problem?  [deprecated: write firstProblem(in: processArguments)]"
        ),
        APIChange(
            name: "remove a method",
            edits: [.init(of: removed, with: "static func firstProblemInProcessArguments()")],
            allowedIn: .major, refusedIn: .minor, refusal: "ArgumentText.firstProblemInProcessArguments() is removed, and \(Release.minor.version) keeps the major of \(Toolkit.version): a removal or a change is made in a major release only",
            heading: "Removed", fullName: "ArgumentText.firstProblemInProcessArguments()", bareName: "firstProblemInProcessArguments",
            recorded: "ArgumentText.firstProblem(in:)  static func firstProblem(in: [[UInt8]]) -> ArgumentText.Problem?"
        ),
        APIChange(
            name: "change a signature",
            edits: [.init(of: "firstProblem(in arguments: [[UInt8]])", with: "firstProblem(in arguments: ArraySlice<[UInt8]>)"),
                    .init(of: "firstProblem(in: processArguments)", with: "firstProblem(in: processArguments[...])")],
            allowedIn: .major, refusedIn: .minor, refusal: "ArgumentText.firstProblem(in:) is changed, and \(Release.minor.version) keeps the major of \(Toolkit.version): a removal or a change is made in a major release only",
            heading: "Changed", fullName: "ArgumentText.firstProblem(in:)", bareName: "firstProblem",
            recorded: "ArgumentText.firstProblem(in:)  static func firstProblem(in: ArraySlice<[UInt8]>) -> ArgumentText.Problem?"
        ),
        APIChange(
            name: "rename a type",
            edits: [.init(of: "\\bProblem\\b", with: "Failure", pattern: true)],
            allowedIn: .major, refusedIn: .minor, refusal: "ArgumentText.Problem is removed or renamed (with its members), and \(Release.minor.version) keeps the major of \(Toolkit.version)",
            heading: "Removed", fullName: "ArgumentText.Problem", bareName: "Problem",
            recorded: "ArgumentText.Failure  struct Failure"
        ),
    ]

    /// Each kind of change, in a scratch copy: refused in a release below the one the versioning
    /// allows it in, with the reason; refused there too while the changelog names it only by its
    /// bare name; recorded once its line names the declaration in full under its heading.
    @Test(arguments: changes)
    func aChangeIsRecordedOnlyInTheReleaseTheVersioningAllowsAndNamedInFull(_ change: APIChange) throws {
        let sut = try Self.makeRecordSUT(change.apply)
        defer { sut.remove() }

        let below = try sut.record(at: change.refusedIn, changelog: "### \(change.heading)\n\n- `\(change.fullName)`: write what replaces it.\n")
        #expect(below.status == 1, "\(below.output)")
        #expect(below.errors.contains(change.refusal), "\(below.errors)")
        #expect(try sut.recordText() == sut.before, "nothing is written when refused")

        let bare = try sut.record(at: change.allowedIn, changelog: "### \(change.heading)\n\n- \(change.bareName) is gone; `\(change.bareName)` too.\n")
        #expect(bare.status == 1, "a bare name is not the declaration: \(bare.output)")
        #expect(bare.errors.contains("\(change.fullName) is"), "\(bare.errors)")
        #expect(bare.errors.contains("does not name it in full under \(change.heading == "Deprecated" ? "Deprecated" : "Removed or Changed"): write `\(change.fullName)` there"), "\(bare.errors)")
        #expect(try sut.recordText() == sut.before, "nothing is written when refused")

        let elsewhere = try sut.record(at: change.allowedIn, changelog: "### Added\n\n- `\(change.fullName)`: listed under the wrong heading.\n")
        #expect(elsewhere.status == 1, "named under Added only: \(elsewhere.output)")

        let said = try sut.record(at: change.allowedIn, changelog: "### \(change.heading)\n\n- `\(change.fullName)`: write what replaces it.\n")
        #expect(said.status == 0, "\(said.errors)")
        let after = try sut.recordText()
        #expect(after.hasPrefix("# The public API of TextBytes at \(change.allowedIn.version):"), "\(after.prefix(120))")
        #expect(after.split(separator: "\n").contains(Substring(change.recorded)), "the record says: \(change.recorded)\n\(after)")
    }

    /// A deprecation needs no major: the same record at the major with its line is recorded too,
    /// and work not released yet (the record's own version) may deprecate, to be released in a minor.
    @Test func aDeprecationIsRecordedAtTheRecordsOwnVersionAndInAMajor() throws {
        let deprecation = Self.changes[0]
        let sut = try Self.makeRecordSUT(deprecation.apply)
        defer { sut.remove() }
        let line = "### Deprecated\n\n- `\(deprecation.fullName)`: write `firstProblem(in: processArguments)`.\n"
        #expect(try sut.record(version: Toolkit.version, changelog: line).status == 0)
        #expect(try sut.recordText().contains(deprecation.recorded))
        #expect(try sut.record(at: .major, changelog: line).status == 0)
    }

    /// The record and SwiftPM's own diagnosis (`swift package diagnose-api-breaking-changes`) say
    /// the same of a change of each kind since a tag, in a scratch package holding the TextBytes
    /// copy: the removal, the change and the rename break, in both; the deprecation breaks nothing,
    /// in either. A diagnosis that leaves one out is a disagreement, named.
    @Test func swiftPMsDiagnosisAgreesWithTheRecordOnAChangeOfEachKind() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("api-diagnose-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let sources = scratch.appendingPathComponent("Sources/TextBytes")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(name: \"TextBytes\", products: [.library(name: \"TextBytes\", targets: [\"TextBytes\"])], targets: [.target(name: \"TextBytes\")])\n"
            .write(to: scratch.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try ".build/\n".write(to: scratch.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        let original = Self.root.appendingPathComponent("Sources/TextBytes")
        for name in try FileManager.default.contentsOfDirectory(atPath: original.path) where name.hasSuffix(".swift") {
            try FileManager.default.copyItem(at: original.appendingPathComponent(name), to: sources.appendingPathComponent(name))
        }
        // The release: its record (from a module compiled as it is), committed and tagged.
        let released = try Self.scratchTextBytes { $0 }
        defer { try? FileManager.default.removeItem(at: released.deletingLastPathComponent()) }
        let api = Self.root.appendingPathComponent("scripts/api.py").path
        let changelog = scratch.appendingPathComponent("CHANGELOG.md")
        try "# Changelog\n\n## [Unreleased]\n\n### Deprecated\n\n- `ArgumentText.processArguments`: write `CommandLine.arguments`.\n"
            .write(to: changelog, atomically: true, encoding: .utf8)
        let first = try Self.run(["python3", api, "record", "TextBytes", "--modules-dir", released.path, "--version", "1.0.0"], in: scratch)
        try #require(first.status == 0, "\(first.errors)")
        for command in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "1.0.0"], ["tag", "1.0.0"]] {
            let git = try Self.run(["git", "-c", "user.name=api", "-c", "user.email=api@localhost", "-c", "init.defaultBranch=main"] + command, in: scratch)
            try #require(git.status == 0, "git \(command): \(git.errors)")
        }
        // One change of each kind, then the diagnosis beside the record.
        let file = sources.appendingPathComponent("ArgumentText.swift")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "    public static var processArguments", with: "    @available(*, deprecated, message: \"write CommandLine.arguments\")\n    public static var processArguments")
        text = Self.changes[1].apply(text)
        text = Self.changes[2].apply(text)
        text = Self.changes[3].apply(text)
        try text.write(to: file, atomically: true, encoding: .utf8)
        let modules = scratch.appendingPathComponent(".build/debug/Modules").path
        let diagnosis = try Self.run(["python3", api, "diagnose", "1.0.0", "TextBytes", "--modules-dir", modules], in: scratch)
        #expect(diagnosis.status == 0, "\(diagnosis.output)\n\(diagnosis.errors)")
        for name in ["ArgumentText.firstProblemInProcessArguments()", "ArgumentText.firstProblem(in:)", "ArgumentText.Problem"] {
            #expect(diagnosis.output.contains("breaks, says the record and says SwiftPM: \(name)\n"), "\(name): \(diagnosis.output)")
        }
        #expect(diagnosis.output.contains("agree since 1.0.0: 3 breaking changes"), "\(diagnosis.output)")
        #expect(!diagnosis.output.contains("processArguments\n"), "a deprecation breaks nothing, in either: \(diagnosis.output)")

        // The record, judged for a minor against the tag, refuses those three and lets the deprecation be.
        let minor = try Self.run(["python3", api, "record", "TextBytes", "--modules-dir", modules, "--version", "1.1.0", "--baseline", "1.0.0"], in: scratch)
        #expect(minor.status == 1)
        for name in ["ArgumentText.firstProblemInProcessArguments() is removed", "ArgumentText.firstProblem(in:) is changed", "ArgumentText.Problem is removed or renamed"] {
            #expect(minor.errors.contains(name), "\(name): \(minor.errors)")
        }
        #expect(!minor.errors.contains("processArguments is"), "\(minor.errors)")

        // A diagnosis that misses one disagrees with the record, and says which.
        let said = diagnosis.output.split(separator: "\n").filter { $0.hasPrefix("api: SwiftPM says: ") }.map { $0.dropFirst("api: SwiftPM says: ".count) }
        #expect(said.count >= 3, "one line a breakage at least (a signature that changes twice says so twice): \(diagnosis.output)")
        let partial = scratch.appendingPathComponent("partial-diagnosis.txt")
        try said.filter { !$0.contains("firstProblem(in:)") }.joined(separator: "\n").write(to: partial, atomically: true, encoding: .utf8)
        let disagreement = try Self.run(["python3", api, "diagnose", "1.0.0", "TextBytes", "--modules-dir", modules, "--diagnosis", partial.path], in: scratch)
        #expect(disagreement.status == 1)
        #expect(disagreement.errors.contains("breaks, says the record, not SwiftPM: ArgumentText.firstProblem(in:)"), "\(disagreement.errors)")
    }

    // MARK: - Helpers

    /// A scratch copy of TextBytes with a change, its record copied from api/ (at the toolkit's
    /// version), and a changelog to write.
    struct RecordSUT {
        let folder: URL
        let modules: URL
        let record: URL
        let changelog: URL
        let before: String

        /// `scripts/api.py record` at `release`, with `changelog` as the Unreleased section's body.
        func record(at release: Release, changelog body: String) throws -> Outcome {
            try record(version: release.version, changelog: body)
        }

        func record(version: String, changelog body: String) throws -> Outcome {
            try "# Changelog\n\n## [Unreleased]\n\n\(body)\n## [\(Toolkit.version)] - 2026-01-01\n\n### Added\n\n- `ArgumentText.firstProblemInProcessArguments()`, `ArgumentText.firstProblem(in:)`, `ArgumentText.Problem`: released.\n"
                .write(to: changelog, atomically: true, encoding: .utf8)
            return try PublicAPITests.api(["record", "TextBytes", "--modules-dir", modules.path, "--records", record.deletingLastPathComponent().path,
                                           "--changelog", changelog.path, "--version", version])
        }

        func recordText() throws -> String { try String(contentsOf: record, encoding: .utf8) }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    static func makeRecordSUT(_ edit: (String) -> String) throws -> RecordSUT {
        let modules = try scratchTextBytes(edit)
        let folder = modules.deletingLastPathComponent()
        let records = folder.appendingPathComponent("api")
        try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        let record = records.appendingPathComponent("TextBytes.txt")
        try FileManager.default.copyItem(at: root.appendingPathComponent("api/TextBytes.txt"), to: record)
        return RecordSUT(folder: folder, modules: modules, record: record, changelog: folder.appendingPathComponent("CHANGELOG.md"),
                         before: try String(contentsOf: record, encoding: .utf8))
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
