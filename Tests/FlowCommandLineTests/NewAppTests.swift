import ArgumentParser
import FlowKit
import FlowRunner
import Foundation
import Testing

@testable import FlowCommandLine

/// `new`: the package it writes for each store, named from the app's name everywhere and from no
/// other app, and every refusal said in one line with exit code 2, nothing written.
struct NewAppTests {
    /// A toolkit path that names no app, for the files' checks.
    static let toolkit = NewAppOptions.Toolkit.path("/home/me/src/toolkit")

    /// The files of an app with no store.
    static let filesWithoutStore = [
        ".gitignore", "Flows/README.md", "Flows/__Screens__/first-screen.start.txt", "Flows/counting.yaml", "Flows/first-screen.yaml",
        "Flows/schemes/default.yaml", "Makefile", "Package.swift", "README.md", "Sources/Tally/Counter/CounterPresenter.swift",
        "Sources/Tally/Counter/CounterView.swift", "Sources/TallyIdentifiers/Identifiers.swift", "Sources/TallyRobots/CounterRobot.swift",
        "Sources/TallyRobots/TallyCatalog.swift", "Sources/TallyUI/CounterScreen.swift", "Sources/tally-flow/TallyFlow.swift",
        "Sources/tally/TallyApp.swift", "Tests/TallyTests/CounterPresenterTests.swift",
    ]

    /// The files an app with a store has besides.
    static let storeFiles = [
        "Seeds/default.yaml", "Sources/Tally/Store/CountStore.swift", "Sources/TallySQLite/CountDatabase.swift",
        "Sources/TallySeeding/CountFixture.swift", "Sources/TallySeeding/CountSeeder.swift", "Sources/tally-seed/SeedMain.swift",
    ]

    // MARK: - The files

    @Test func anAppWithNoStoreHasTheseFiles() {
        let files = NewApp.files(for: NewAppOptions(name: "Tally", store: .none, toolkit: Self.toolkit))
        #expect(files.keys.sorted() == Self.filesWithoutStore)
    }

    @Test func anAppWithAStoreHasTheStoresFilesToo() {
        let files = NewApp.files(for: NewAppOptions(name: "Tally", store: .sqlite, toolkit: Self.toolkit))
        #expect(files.keys.sorted() == (Self.filesWithoutStore + Self.storeFiles).sorted())
        let manifest = files["Package.swift"] ?? ""
        #expect(manifest.contains(#".package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),"#), "\(manifest)")
        for target in [#"name: "TallySQLite""#, #"name: "TallySeeding""#, #"name: "tally-seed""#] { #expect(manifest.contains(target), "\(target)") }
        let scheme = files["Flows/schemes/default.yaml"] ?? ""
        #expect(scheme.contains("seeder: .build/debug/tally-seed\nseeds: Seeds\nstore: {argument: tally.store, file: tally.sqlite}"), "\(scheme)")
    }

    @Test func anAppWithNoStoreNamesNoStoreGRDBOrSeeder() {
        let files = NewApp.files(for: NewAppOptions(name: "Tally", store: .none, toolkit: Self.toolkit))
        for (path, text) in files {
            for word in ["GRDB", "Seeds", "-seed", "CountStore", "store:", "SQLite"] { #expect(!text.contains(word), "\(path) says \(word)") }
        }
    }

    @Test(arguments: NewAppOptions.Store.allCases)
    func noFileNamesAnotherApp(store: NewAppOptions.Store) {
        for toolkit in [Self.toolkit, .url("https://example.com/me/toolkit.git", version: "1.2.0")] {
            let files = NewApp.files(for: NewAppOptions(name: "Tally", store: store, toolkit: toolkit))
            for (path, text) in files {
                for word in ["expense", "photo", "workphotos", "{{", "}}"] {
                    #expect(!path.lowercased().contains(word) && !text.lowercased().contains(word), "\(path) says \(word)")
                }
            }
        }
    }

    /// Every place the name goes takes the name given: Tally's package with Tally turned into
    /// Zebra (and tally into zebra) is Zebra's, file for file (the two names are as long, so the
    /// golden screen's title rule is too).
    @Test(arguments: NewAppOptions.Store.allCases)
    func theNameIsSubstitutedEverywhere(store: NewAppOptions.Store) {
        let tally = NewApp.files(for: NewAppOptions(name: "Tally", store: store, toolkit: Self.toolkit))
        let zebra = NewApp.files(for: NewAppOptions(name: "Zebra", store: store, toolkit: Self.toolkit))
        func renamed(_ text: String) -> String {
            text.replacingOccurrences(of: "Tally", with: "Zebra").replacingOccurrences(of: "tally", with: "zebra").replacingOccurrences(of: "TALLY", with: "ZEBRA")
        }
        #expect(Set(tally.keys.map(renamed)) == Set(zebra.keys))
        for (path, text) in tally {
            #expect(zebra[renamed(path)] == renamed(text), "\(path)")
        }
        for (path, text) in zebra {
            #expect(!text.lowercased().contains("tally"), "\(path) still says tally")
        }
        // The places, one by one: modules, executables, the runner's name, the title, the robots' title.
        let expected = [
            ("Package.swift", #"name: "Zebra""#), ("Package.swift", #".executableTarget(name: "zebra-flow""#),
            ("Package.swift", #".target(name: "ZebraRobots", dependencies: [product("FlowKit"), "ZebraIdentifiers"])"#),
            ("Sources/zebra-flow/ZebraFlow.swift", #"FlowRunnerCommandLine.main(name: "zebra-flow", catalog: ZebraCatalog.catalog"#),
            ("Sources/zebra/ZebraApp.swift", #"await TextApp.main(name: "zebra", compose: compose)"#),
            ("Sources/Zebra/Counter/CounterPresenter.swift", #"public static let title = "Zebra""#),
            ("Sources/ZebraRobots/CounterRobot.swift", #"override public class var screenTitle: String { "Zebra" }"#),
            ("Flows/__Screens__/first-screen.start.txt", "── Zebra ───"), ("Flows/__Screens__/first-screen.start.txt", #"screen "Zebra""#),
            ("Tests/ZebraTests/CounterPresenterTests.swift", "import Zebra\n"), ("Makefile", "FLOW         := .build/debug/zebra-flow"),
        ]
        for (path, text) in expected {
            #expect(zebra[path]?.contains(text) == true, "\(path) does not say \(text)")
        }
    }

    /// `make explore` crawls the app into `explore/`, which git ignores: a crawl's map and findings
    /// are made anew each run, never committed.
    @Test(arguments: NewAppOptions.Store.allCases)
    func makeExploreCrawlsIntoAFolderGitIgnores(store: NewAppOptions.Store) {
        let files = NewApp.files(for: NewAppOptions(name: "Tally", store: store, toolkit: Self.toolkit))
        let makefile = files["Makefile"] ?? ""
        #expect(makefile.contains("\nexplore: build\n\t$(FLOW) explore --out explore $(EXPLORE_ARGS)\n"), "\(makefile)")
        #expect(makefile.contains(".PHONY: help deps build test flows explore run clean"))
        #expect(makefile.contains("@echo \"make explore "), "make help lists it")
        #expect((files[".gitignore"] ?? "").split(separator: "\n").contains("explore/"), "\(files[".gitignore"] ?? "")")
        #expect((files["README.md"] ?? "").contains("`make explore` crawls the app"), "the README says what it does")
    }

    /// The README and Flows/README.md stay true once the counter screen is replaced: what names the
    /// counter, its controls, its flows or their count says it is what `flow new` wrote.
    @Test(arguments: NewAppOptions.Store.allCases)
    func theReadmesStayTrueOnceTheCounterIsReplaced(store: NewAppOptions.Store) {
        let files = NewApp.files(for: NewAppOptions(name: "Tally", store: store, toolkit: Self.toolkit))
        let counterWords = ["counter", "Counter", "count", "Add one", "Reset", "first-screen", "counting", "2 passed", "`start`"]
        for path in ["README.md", "Flows/README.md"] {
            let text = files[path] ?? ""
            #expect(text.count > 200, "\(path) is written")
            for paragraph in Self.paragraphs(of: text) where !paragraph.contains("As `flow new` wrote it") {
                for word in counterWords where paragraph.contains(word) {
                    Issue.record("\(path) says \"\(word)\" as if the app were always the counter: \(paragraph)")
                }
            }
        }
        #expect(Self.paragraphs(of: "a\nb\n\nc\n- d\n  e\n- f\n") == ["a b", "c", "- d e", "- f"])
    }

    /// A text's paragraphs and list items, each on one line.
    static func paragraphs(of text: String) -> [String] {
        var found: [String] = [], current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("- ") || trimmed.hasPrefix("|") || trimmed.hasPrefix("#") {
                if !current.isEmpty { found.append(current.joined(separator: " ")) }
                current = trimmed.isEmpty ? [] : [trimmed]
                if trimmed.hasPrefix("|") || trimmed.hasPrefix("#") {
                    found.append(trimmed)
                    current = []
                }
            } else {
                current.append(trimmed)
            }
        }
        if !current.isEmpty { found.append(current.joined(separator: " ")) }
        return found
    }

    @Test func theGoldenScreensTitleRuleIsAsWideAsTheScreen() {
        #expect(NewApp.titleRule("Tally") == "── Tally " + String(repeating: "─", count: 39))
        #expect(NewApp.titleRule("Tally").count == 48)
        #expect(NewApp.titleRule(String(repeating: "A", count: 50)).hasSuffix(" ──"), "two rule characters at least")
    }

    @Test func theToolkitByPathIsWrittenAsAPathThePackagesNameIsWorkedOutFrom() {
        let manifest = NewApp.files(for: NewAppOptions(name: "Tally", toolkit: .path(#"/home/me/my "kit""#)))["Package.swift"] ?? ""
        #expect(manifest.contains(#"let toolkitPath = "/home/me/my \"kit\"""#), "\(manifest)")
        #expect(manifest.contains("let toolkit = URL(fileURLWithPath: toolkitPath).lastPathComponent"))
        #expect(manifest.contains(".package(path: toolkitPath),"))
        #expect(!manifest.contains("toolkitURL"))
    }

    /// The path or URL a person gives is written as given: a placeholder's spelling inside it is
    /// not filled.
    @Test func aPlaceholdersSpellingInThePathIsWrittenAsGiven() {
        let manifest = NewApp.files(for: NewAppOptions(name: "Tally", toolkit: .path("/src/{{app}}-{{App}}-kit")))["Package.swift"] ?? ""
        #expect(manifest.contains(#"let toolkitPath = "/src/{{app}}-{{App}}-kit""#), "\(manifest)")
        let ssh = NewAppNameCheck.problem(withURL: "ssh://git@github.com/me/kit.git")
        #expect(ssh == nil, "git@ is no secret")
    }

    @Test func theToolkitByURLIsWrittenFromItsVersionUpToTheNextMajor() {
        let manifest = NewApp.files(for: NewAppOptions(name: "Tally", toolkit: .url("https://example.com/me/toolkit.git", version: "1.2.0")))["Package.swift"] ?? ""
        #expect(manifest.contains(#"let toolkitURL = "https://example.com/me/toolkit.git""#), "\(manifest)")
        #expect(manifest.contains(#"let toolkitVersion: Version = "1.2.0""#))
        #expect(manifest.contains(".package(url: toolkitURL, from: toolkitVersion),"), "a minor or a patch of the toolkit never breaks the app")
        #expect(manifest.contains(#"let toolkit = toolkitRepository.hasSuffix(".git") ? String(toolkitRepository.dropLast(4)) : toolkitRepository"#))
        #expect(!manifest.contains("toolkitPath"))
    }

    @Test func theCommandReadsTheURLAndVersion() throws {
        let options = try FlowCommand.New.parse(["Tally", "--toolkit-url", "https://example.com/me/toolkit", "--toolkit-version", "0.3.1"]).options()
        #expect(options == NewAppOptions(name: "Tally", store: .none, toolkit: .url("https://example.com/me/toolkit", version: "0.3.1")))
    }

    /// With the URL alone, the version is this runner's own: the toolkit's, declared once.
    @Test func theURLAloneDependsOnThisRunnersOwnVersion() throws {
        let options = try FlowCommand.New.parse(["Tally", "--toolkit-url", "https://example.com/me/toolkit"]).options()
        #expect(options == NewAppOptions(name: "Tally", store: .none, toolkit: .url("https://example.com/me/toolkit", version: Toolkit.version)))
        #expect(Toolkit.version == FlowRunnerVersion.current)
    }

    @Test func byDefaultTheToolkitIsTheCloneThisRunnerWasBuiltFrom() throws {
        let options = try FlowCommand.New.parse(["Tally", "--store", "sqlite"]).options()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        #expect(options == NewAppOptions(name: "Tally", store: .sqlite, toolkit: .path(root)))
    }

    @Test func aToolkitPathWhereNothingIsYetIsAClonesToBeMade() throws {
        let options = try FlowCommand.New.parse(["Tally", "--toolkit-path", "/home/me/src/toolkit"]).options()
        #expect(options.toolkit == .path("/home/me/src/toolkit"))
        let report = FlowCommand.New.report(files: ["Package.swift": ""], folder: "tally", options: options)
        #expect(report.contains("note: there is no toolkit at /home/me/src/toolkit yet: clone it there before you build"), "\(report)")
    }

    // MARK: - Writing

    @Test func writesEveryFileIntoANewFolderAndItsParents() throws {
        let workspace = try Workspace()
        let folder = workspace.path("a/b/tally")
        let outcome = Self.run(["new", "Tally", "--path", folder, "--toolkit-path", FlowCommand.New.builtFrom])
        #expect(outcome.code == 0, "\(outcome.text ?? "")")
        let expected = NewApp.files(for: NewAppOptions(name: "Tally", toolkit: .path(FlowCommand.New.builtFrom)))
        #expect(try workspace.files(below: "a/b/tally") == expected)
        #expect(try workspace.entries("a/b") == ["tally"], "no temporary folder left beside it")
    }

    @Test func fillsAnEmptyFolder() throws {
        let workspace = try Workspace()
        try workspace.makeFolder("ledger")
        chmod(workspace.path("ledger"), 0o2775)
        let before = try FileManager.default.attributesOfItem(atPath: workspace.path("ledger"))
        let outcome = Self.run(["new", "Ledger", "--store", "sqlite", "--path", workspace.path("ledger")])
        #expect(outcome.code == 0, "\(outcome.text ?? "")")
        let after = try FileManager.default.attributesOfItem(atPath: workspace.path("ledger"))
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int, "the folder itself is filled, not replaced")
        #expect(after[.posixPermissions] as? Int == 0o2775, "its mode (a setgid bit) stays")
        #expect(try workspace.files(below: "ledger").keys.sorted() == NewApp.files(for: NewAppOptions(name: "Ledger", store: .sqlite, toolkit: Self.toolkit)).keys.sorted())
        #expect(try workspace.entries("") == ["ledger"])
    }

    // MARK: - Refusals

    /// A command line `new` refuses, and the words its one-line message must hold.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let refusals: [Refusal] = [
        Refusal(arguments: ["tally"], message: #"the app's name "tally" does not start with an upper-case letter"#),
        Refusal(arguments: ["9Lives"], message: #"the app's name "9Lives" does not start with an upper-case letter"#),
        Refusal(arguments: ["Tal-ly"], message: #"the app's name "Tal-ly" is not a Swift identifier of ASCII letters and digits"#),
        Refusal(arguments: ["Tal_ly"], message: #"the app's name "Tal_ly" is not a Swift identifier"#),
        Refusal(arguments: ["Tälly"], message: #"the app's name "Tälly" is not a Swift identifier"#),
        Refusal(arguments: [""], message: "the app's name is empty"),
        Refusal(arguments: ["Self"], message: #"the app's name "Self" is a name Swift reserves"#),
        Refusal(arguments: ["Testing"], message: #"the app's name "Testing" is taken: Testing is a module of Swift or of the toolkit"#),
        Refusal(arguments: ["Foundation"], message: #"the app's name "Foundation" is taken"#),
        Refusal(arguments: ["FlowKit"], message: #"the app's name "FlowKit" is taken"#),
        Refusal(arguments: ["Text"], message: #"the app's name "Text" would name a module TextUI, which is taken"#),
        Refusal(arguments: ["Store", "--store", "sqlite"], message: #"the app's name "Store" would name a module StoreSeeding, which is taken"#),
        Refusal(arguments: ["Tally", "--store", "postgres"], message: #"--store "postgres" is not a store: give none or sqlite"#),
        Refusal(arguments: ["Tally", "--toolkit-version", "1.2.0"], message: "--toolkit-version is the version of --toolkit-url: give the URL too"),
        Refusal(arguments: ["Tally", "--toolkit-url", "https://example.com/me/toolkit.git", "--toolkit-version", "1.2"],
                message: #"--toolkit-version "1.2" is not a version X.Y.Z"#),
        Refusal(arguments: ["Tally", "--toolkit-url", "https://example.com/me/toolkit.git", "--toolkit-version", "1.2.0", "--toolkit-path", "/tmp"],
                message: "--toolkit-path and --toolkit-url both say where the toolkit is: give one"),
        Refusal(arguments: ["Tally", "--toolkit-url", "https://x-access-token:ghp_SECRET@github.com/me/kit.git", "--toolkit-version", "1.2.0"],
                message: "--toolkit-url holds a user name or token before its host (the URL is not shown)"),
        Refusal(arguments: ["Tally", "--toolkit-url", "https://ghp_SECRET@github.com/me/kit.git", "--toolkit-version", "1.2.0"],
                message: "--toolkit-url holds a user name or token before its host (the URL is not shown)"),
        Refusal(arguments: ["Tally", "--toolkit-path", "/"], message: "--toolkit-path / is not the toolkit's clone (no Package.swift and Sources/FlowCommandLine there): give the clone's folder"),
        Refusal(arguments: ["Tally", "--toolkit-path", "/a\u{1B}b"], message: "--toolkit-path /a"),
    ]

    @Test(arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        let workspace = try Workspace()
        let outcome = Self.run(["new"] + refusal.arguments + ["--path", workspace.path("app")])
        #expect(outcome.code == 2)
        let text = outcome.text ?? ""
        #expect(text.hasPrefix("flow: error: ") && text.contains(refusal.message), "\(text)")
        #expect(!text.contains("\n"), "one line: \(text)")
        #expect(!text.contains("SECRET"), "a token is never shown")
        #expect(try workspace.entries("").isEmpty, "nothing written")
    }

    @Test func refusesAFolderThatIsNotEmpty() throws {
        let workspace = try Workspace()
        try workspace.write("notes.txt", in: "tally")
        let outcome = Self.run(["new", "Tally", "--path", workspace.path("tally")])
        #expect(outcome.code == 2)
        #expect(outcome.text == "flow: error: the folder \(workspace.path("tally")) is not empty (it holds 1 entry, such as notes.txt): give a new or empty folder")
        #expect(try workspace.entries("tally") == ["notes.txt"])
        #expect(try workspace.entries("") == ["tally"])
    }

    @Test func refusesAPathThatIsAFile() throws {
        let workspace = try Workspace()
        try workspace.write("tally", in: "")
        let outcome = Self.run(["new", "Tally", "--path", workspace.path("tally")])
        #expect(outcome.code == 2)
        #expect(outcome.text == "flow: error: \(workspace.path("tally")) is a regular file, not a folder: give a new or empty folder")
        #expect(try workspace.entries("") == ["tally"])
    }

    @Test func refusesAPathUnderAFile() throws {
        let workspace = try Workspace()
        try workspace.write("file", in: "")
        let outcome = Self.run(["new", "Tally", "--path", workspace.path("file/tally")])
        #expect(outcome.code == 2)
        #expect(outcome.text?.contains("is a regular file, not a folder") == true, "\(outcome.text ?? "")")
        #expect(try workspace.entries("") == ["file"])
    }

    // MARK: - Helpers

    /// Parses and runs `arguments` as the runner's `main` does: the exit code, and the line an error prints.
    static func run(_ arguments: [String]) -> (text: String?, code: Int32) {
        do {
            var command = try FlowCommand.parseAsRoot(arguments)
            try command.run()
            return (nil, 0)
        } catch {
            return FlowCommand.outcome(of: error)
        }
    }

    /// A temporary folder of its own, removed when the test ends.
    final class Workspace {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("new-app-tests-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func path(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

        func makeFolder(_ relative: String) throws {
            try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
        }

        /// Writes a small file called `name` in the folder `folder`.
        func write(_ name: String, in folder: String) throws {
            try makeFolder(folder)
            try Data("x\n".utf8).write(to: URL(fileURLWithPath: path(folder.isEmpty ? name : folder + "/" + name)))
        }

        func entries(_ relative: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: path(relative)).sorted()
        }

        /// Every file below `relative`, by its path there, with its text.
        func files(below relative: String) throws -> [String: String] {
            let base = path(relative)
            var files: [String: String] = [:]
            guard let walker = FileManager.default.enumerator(atPath: base) else { return [:] }
            for case let file as String in walker {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: base + "/" + file, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                files[file] = try String(contentsOfFile: base + "/" + file, encoding: .utf8)
            }
            return files
        }
    }
}
