import Console
import ExpensesTesting
import Foundation
import Testing

/// The built `expenses` as a script starts it: what it refuses, with exit code 2 and one line
/// that says why, before anything is shown or written.
struct AppCommandLineTests {
    @Test func aMistypedStubIsRefusedWithTheNearestKey() throws {
        let result = try app(["-ui-testing", "YES", "-store.failSavng", "YES"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("expenses: error: unknown launch argument -store.failSavng (did you mean -store.failSaving?); known: "))
        #expect(result.stdout.isEmpty, "no screen")
    }

    @Test func aStubSettingWithoutUITestingIsRefused() throws {
        let result = try app(["-store.delay", "1"])
        #expect(result.status == 2)
        #expect(result.stderr == "expenses: error: launch argument -store.delay: expected -ui-testing YES with it: it sets up the stub store\n")
    }

    @Test func aFileThatIsNotAnExpenseStoreIsLeftAsItIsAndSaid() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("notes.sqlite")
        try Data(String(repeating: "my notes ", count: 100).utf8).write(to: URL(fileURLWithPath: path))

        let result = try app(["-expenses.store", path])

        #expect(result.status == 2)
        #expect(result.stderr == "expenses: error: \(path) is not an expense store (it is not a SQLite database); it was left as it is: give another -expenses.store\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("my notes"))
    }

    @Test func aNewStoreIsMadeOnFirstUseAndTheTallyStartsEmpty() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try app(["-expenses.store", folder.path("new/e.sqlite")], input: "quit\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Total: 0.00"))
        #expect(FileManager.default.fileExists(atPath: folder.path("new/e.sqlite")))
    }

    /// Runs the built app with `arguments` (and no terminal), to its end.
    private func app(_ arguments: [String], input: String = "") throws -> ChildProcess.Output {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("expenses").path
        return try ChildProcess.run(executable, arguments, input: input)
    }
}
