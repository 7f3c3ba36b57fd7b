import Foundation
import Testing

/// The apps the guide walks through, as the built `flow new` writes them: `Tally/…` in an article
/// is a file of `flow new Tally`, `Ledger/…` one of `flow new Ledger --store sqlite`. Both are
/// written with the toolkit's path the guide shows (`/home/me/src/WorkPhotos`), so a listing of
/// the manifest reads the same on every machine.
enum NewApps {
    struct App {
        let name: String
        let options: [String]
    }

    static let all = [App(name: "Tally", options: []), App(name: "Ledger", options: ["--store", "sqlite"])]
    /// The toolkit's path the guide's apps are written with.
    static let toolkitPath = "/home/me/src/WorkPhotos"

    /// The folder holding one folder per app, written once per test run; nil (and a recorded
    /// issue) when `flow new` failed.
    static let folder: URL? = {
        let folder = DocCommentTests.root.appendingPathComponent(".build/guide-apps")
        try? FileManager.default.removeItem(at: folder)
        let flow = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flow").path
        for app in all {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: flow)
            process.arguments = ["new", app.name, "--path", folder.appendingPathComponent(app.name).path, "--toolkit-path", toolkitPath] + app.options
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                process.waitUntilExit()
            } catch {
                return nil
            }
            guard process.terminationStatus == 0 else { return nil }
        }
        return folder
    }()

    /// Every file of `app`, as a path the guide names (`Tally/Sources/Tally/Counter/CounterPresenter.swift`).
    static func files(of app: App) -> [String] {
        guard let folder else { return [] }
        let root = folder.appendingPathComponent(app.name)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        return files.map { app.name + "/" + String($0.path.dropFirst(root.path.count + 1)) }.sorted()
    }
}

/// The guide starts where `flow new` leaves a new user, and shows all of it: every file the
/// command writes is a whole listing of the guide, equal to what the built command writes today.
struct NewAppGuideTests {
    static let guide = DocCommentTests.root.appendingPathComponent("Sources/FlowCommandLine/FlowCommandLine.docc/AdoptingTheToolkit.md")

    @Test func flowNewWritesTheGuidesApps() throws {
        let folder = try #require(NewApps.folder, "flow new failed to write the guide's apps")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tally/Package.swift").path))
        #expect(NewApps.files(of: NewApps.all[0]).count >= 10, "a reader that found no files would pass the check below")
    }

    @Test func everyFileFlowNewWritesIsAWholeListingOfTheGuide() throws {
        let markdown = try String(contentsOf: Self.guide, encoding: .utf8)
        let whole = Set(ArticleListingTests.listings(in: markdown).filter(\.isWhole).compactMap(\.file))
        for file in NewApps.files(of: NewApps.all[0]) where !whole.contains(file) {
            Issue.record("the guide does not show all of \(file), which flow new writes: add it, after \"All of `\(file)`:\"")
        }
    }

    /// What `--store sqlite` adds is said where a reader looks for it ("A store"): every file of
    /// Ledger that Tally has no counterpart of, by name.
    @Test func theGuideNamesEveryFileTheStoreAdds() throws {
        let markdown = try String(contentsOf: Self.guide, encoding: .utf8)
        let tally = Set(NewApps.files(of: NewApps.all[0]).map { $0.replacingOccurrences(of: "Tally", with: "Ledger").replacingOccurrences(of: "tally", with: "ledger") })
        let added = NewApps.files(of: NewApps.all[1]).filter { !tally.contains($0) }
        #expect(added.count >= 5, "the store, its module, the seeder and the fixture: \(added)")
        for file in added where !markdown.contains("`\(file)`") {
            Issue.record("the guide does not name \(file), which flow new --store sqlite writes and Tally has not: name it in \"A store\"")
        }
    }

    @Test func aListingThatDriftsFromWhatFlowNewWritesIsCaught() throws {
        let file = try #require(NewApps.files(of: NewApps.all[0]).first { $0.hasSuffix("Package.swift") })
        let lines = try String(contentsOf: ArticleListingTests.url(of: file), encoding: .utf8).components(separatedBy: "\n").dropLast()
        #expect(ArticleListingTests.isWholeFile(Array(lines), of: file))
        #expect(!ArticleListingTests.isWholeFile(Array(lines.dropLast()), of: file), "a line left out")
        #expect(lines.contains { $0.contains(NewApps.toolkitPath) }, "the manifest names the toolkit's path the guide shows")
    }
}

/// The guide links each toolkit type it uses to its page of `make docs`' archives
/// (`/documentation/textui/stage`): each link names a module `make docs` documents, and types
/// that module declares public.
struct ToolkitLinkTests {
    /// The modules `make docs` documents at public access: `PUBLIC` in scripts/docs.py.
    static func documentedModules() throws -> [String] {
        let script = try String(contentsOf: DocCommentTests.root.appendingPathComponent("scripts/docs.py"), encoding: .utf8)
        let start = try #require(script.range(of: "\nPUBLIC = ["), "scripts/docs.py declares PUBLIC")
        let end = try #require(script[start.upperBound...].firstIndex(of: "]"))
        let names = script[start.upperBound..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        return names.filter { !$0.isEmpty }
    }

    /// `["textui", "stage", "alert"]` for each `](/documentation/textui/stage/alert)` of `markdown`.
    static func links(in markdown: String) -> [[String]] {
        markdown.components(separatedBy: "](/documentation/").dropFirst().compactMap { rest in
            rest.split(separator: ")", maxSplits: 1).first.map { $0.split(separator: "/").map(String.init) }
        }
    }

    /// Whether `module`'s sources declare a public (or open) type whose name is `name`, in any case
    /// (a DocC path is lower-case: `robotactions` is `RobotActions`).
    static func declaresPublicType(_ name: String, in module: String) -> Bool {
        let folder = DocCommentTests.root.appendingPathComponent("Sources/\(module)")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" } ?? []
        let kinds = ["struct", "class", "enum", "protocol", "actor", "typealias"]
        return files.contains { file in
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").contains { line in
                let words = line.split(whereSeparator: { " <:{(=".contains($0) }).map(String.init)
                guard words.contains("public") || words.contains("open"), let kind = words.firstIndex(where: kinds.contains),
                      kind + 1 < words.count else { return false }
                return words[kind + 1].lowercased() == name.lowercased()
            }
        }
    }

    @Test func everyToolkitLinkOfTheGuideNamesAPublicTypeOfADocumentedModule() throws {
        let modules = try Self.documentedModules()
        let links = Self.links(in: try String(contentsOf: NewAppGuideTests.guide, encoding: .utf8))
        #expect(links.count >= 4, "the guide links the toolkit types it uses")
        for link in links {
            guard let module = modules.first(where: { $0.lowercased() == link.first }) else {
                Issue.record("the guide links /documentation/\(link.joined(separator: "/")), a module make docs does not document (\(modules.joined(separator: ", ")))")
                continue
            }
            for type in link.dropFirst() where !Self.declaresPublicType(type, in: module) {
                Issue.record("the guide links /documentation/\(link.joined(separator: "/")): \(module) declares no public type \(type)")
            }
        }
        #expect(!Self.declaresPublicType("Nonexistent", in: "TextUI"), "a type that is not there is not found")
        #expect(Self.declaresPublicType("robotactions", in: "FlowKit") && Self.declaresPublicType("presenter", in: "PresenterKit"))
        #expect(Self.links(in: "see [`Stage`](/documentation/textui/stage).") == [["textui", "stage"]])
    }
}
