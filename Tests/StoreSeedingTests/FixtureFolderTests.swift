import BadText
import Foundation
import StoreSeeding
import Testing
import TextBytes

/// How a seeder finds its fixtures: by name in a folder, with a did-you-mean, or by path.
struct FixtureFolderTests {
    @Test func namesAreTheYAMLFilesSortedAndHiddenOnesAreNot() throws {
        let folder = try fixtures(["b.yaml", "a.yaml", ".hidden.yaml", "notes.txt"])
        defer { folder.remove() }
        #expect(try FixtureFolder(directory: folder.url).names() == ["a", "b"])
    }

    @Test func anUnknownNameSuggestsTheNearestAndListsThemAll() throws {
        let folder = try fixtures(["default.yaml", "empty.yaml"])
        defer { folder.remove() }
        #expect(throws: SeedingError.noSuchFixture(name: "defualt", directory: folder.url.path, available: ["default", "empty"], suggestion: "default")) {
            try FixtureFolder(directory: folder.url).file(for: "defualt")
        }
    }

    @Test func aPathIsReadAsAPath() throws {
        #expect(try FixtureFolder(directory: URL(fileURLWithPath: "/nowhere")).file(for: "x/y.yaml").path.hasSuffix("x/y.yaml"))
    }

    @Test func aFileThatIsNotUTF8OrNotThereIsSaidSo() throws {
        let folder = try fixtures(["bad.yaml"])
        defer { folder.remove() }
        try Data([0xFF, 0xFE, 0x00]).write(to: folder.url.appendingPathComponent("bad.yaml"))
        let fixtures = FixtureFolder(directory: folder.url)
        let error = #expect(throws: SeedingError.self) { try fixtures.text(of: "bad") }
        #expect(error?.description == "cannot read \(folder.url.appendingPathComponent("bad.yaml").path): the fixture is UTF-16, not UTF-8: "
            + "it starts with a UTF-16 byte-order mark (0xFF 0xFE); save it as UTF-8 (line 1, column 1)")
        #expect(throws: SeedingError.cannotRead(path: folder.url.appendingPathComponent("gone.yaml").path, reason: "no such file")) {
            try fixtures.text(of: folder.url.appendingPathComponent("gone.yaml").path)
        }
    }

    @Test func theFolderIsTheExplicitOneThenTheVariablesThenOneNearby() throws {
        #expect(try FixtureFolder.locate(explicit: "/given", variable: "APP_SEEDS", environment: ["APP_SEEDS": "/env"]).directory.path == "/given")
        #expect(try FixtureFolder.locate(explicit: nil, variable: "APP_SEEDS", environment: ["APP_SEEDS": "/env"]).directory.path == "/env")
        let folder = try fixtures(["default.yaml"])
        defer { folder.remove() }
        let found = try FixtureFolder.locate(
            explicit: nil, variable: "APP_SEEDS", environment: [:], currentDirectory: "/nowhere",
            executable: folder.url.deletingLastPathComponent().appendingPathComponent(".build/debug/seed").path
        )
        #expect(found.directory.standardizedFileURL.path == folder.url.standardizedFileURL.path)
    }

    @Test func noFolderFoundSaysWhereItLookedAndWhatToPass() {
        #expect(throws: SeedingError.noSeedsDirectory(searched: ["/nowhere/Seeds", "/nowhere/bin/Seeds"])) {
            try FixtureFolder.locate(explicit: nil, variable: "APP_SEEDS", environment: [:], currentDirectory: "/nowhere", executable: "/nowhere/bin/x/seed")
        }
        #expect(SeedingError.noSeedsDirectory(searched: ["/a/Seeds"]).description == "cannot find the Seeds/ folder (looked in /a/Seeds); pass --seeds DIR")
    }

    /// A temporary `Seeds/` folder holding `files`; removing it removes its parent.
    @Test(arguments: BadText.all)
    func aFixtureThatIsNotTextIsSaidWhereAndAMarkAtItsStartIsTaken(_ bad: BadText) throws {
        let folder = try fixtures(["bad.yaml"])
        defer { folder.remove() }
        let bytes = bad.put(into: "authorization: authorized\nphotos: []\n", before: "authorized")
        try Data(bytes).write(to: folder.url.appendingPathComponent("bad.yaml"))
        let fixtures = FixtureFolder(directory: folder.url)
        guard let problem = TextBytes.firstProblem(in: bytes, byteOrderMark: .allowedAtStart) else {
            #expect(bad.kind == .byteOrderMark)
            #expect(try fixtures.text(of: "bad").text == "authorization: authorized\nphotos: []\n", "YAML allows the mark at its start: it is dropped")
            return
        }
        let error = #expect(throws: SeedingError.self) { try fixtures.text(of: "bad") }
        #expect(error == .notText(path: folder.url.appendingPathComponent("bad.yaml").path, problem: problem))
        #expect(error?.description == "cannot read \(folder.url.appendingPathComponent("bad.yaml").path): " + problem.message("the fixture")
            + " (line \(problem.line), column \(problem.column))")
    }

    private func fixtures(_ files: [String]) throws -> Seeds {
        let parent = try Folder()
        let seeds = parent.url.appendingPathComponent("Seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        for file in files { try Data("photos: []\n".utf8).write(to: seeds.appendingPathComponent(file)) }
        return Seeds(url: seeds, parent: parent)
    }
}

struct Seeds {
    let url: URL
    let parent: Folder
    func remove() { parent.remove() }
}
