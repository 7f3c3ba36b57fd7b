import Console
import ExpensesSQLite
import Foundation
import ExpensesTesting
import Testing

/// `expenses-seed` as a script runs it: what it prints, its exit code, and the store it leaves.
struct SeedCommandTests {
    @Test func itSeedsTheDefaultFixture() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try seed(["--store", folder.path("e.sqlite")])
        #expect(result.status == 0)
        #expect(result.stdout == "seeded \(folder.path("e.sqlite")) from default: 3 expenses\n")
        #expect(try ExpenseDatabase.open(at: folder.path("e.sqlite")).allExpenses().map(\.name) == ["Coffee", "Train ticket", "Lunch"])
    }

    @Test func reseedingReplacesTheStoreWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try seed(["--store", folder.path("e.sqlite")]).status == 0)
        #expect(try seed(["--store", folder.path("e.sqlite"), "empty"]).status == 0)
        #expect(try ExpenseDatabase.open(at: folder.path("e.sqlite")).allExpenses().isEmpty)
    }

    @Test func aBadFixtureIsLocatedExitsTwoAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try seed(["--store", folder.path("e.sqlite")]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("e.sqlite")))
        let fixture = folder.path("bad.yaml")
        try Data("expenses:\n  - {name: Tea, amount: \"-1\"}\n".utf8).write(to: URL(fileURLWithPath: fixture))

        let result = try seed(["--store", folder.path("e.sqlite"), fixture])

        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(fixture):2:25: error: expense 1 amount \"-1\" should be a number above 0"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("e.sqlite"))) == before)
    }

    @Test func anUnknownFixtureSuggestsTheNearest() throws {
        let result = try seed(["--store", "/tmp/never-written.sqlite", "defualt"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("expenses-seed: error: no fixture named \"defualt\" in "))
        #expect(result.stderr.contains("(did you mean \"default\"?); fixtures: default, empty"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.sqlite"))
    }

    @Test func anotherFileAtTheStorePathIsRefusedUnlessForced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder.path("e.sqlite")))
        let refused = try seed(["--store", folder.path("e.sqlite")])
        #expect(refused.status == 2)
        #expect(refused.stderr == "expenses-seed: error: refusing to replace \(folder.path("e.sqlite")): it is not an expense store (it is not a SQLite database); "
            + "it was left as it is. Give another --store, or add --force to replace it\n")
        #expect(try seed(["--store", folder.path("e.sqlite"), "--force"]).status == 0)
    }

    @Test(arguments: [
        ([String](), "expenses-seed: error: --store PATH is required: the store to reset; usage: expenses-seed --store PATH [--seeds DIR] [--force] [FIXTURE]\n"),
        (["--store"], "expenses-seed: error: --store needs a value; usage: expenses-seed --store PATH [--seeds DIR] [--force] [FIXTURE]\n"),
        (["--store", "x", "--frce"], "expenses-seed: error: unknown option \"--frce\"; usage: expenses-seed --store PATH [--seeds DIR] [--force] [FIXTURE]\n"),
        (["--store", "x", "a", "b"], "expenses-seed: error: one fixture at a time: \"a\" and \"b\" were given; usage: expenses-seed --store PATH [--seeds DIR] [--force] [FIXTURE]\n"),
    ])
    func aBadCommandLineExitsTwoSayingWhatToType(arguments: [String], message: String) throws {
        let result = try seed(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
    }

    // MARK: - Helpers

    /// Runs the built `expenses-seed` (beside this test binary) to its end.
    private func seed(_ arguments: [String]) throws -> ChildProcess.Output {
        try ChildProcess.run(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("expenses-seed").path, arguments)
    }
}
