import Console
import Foundation
import Testing

/// Real accounts: `workphotos-accounts` makes them, and the app signs in against them when it is
/// not stubbed. The password is in no byte the app or the command writes.
struct RealSignInAppTests {
    static let password = "c0rrect-h0rse"

    @Test func anAccountMadeByTheCommandSignsIn() throws {
        let store = try SeededStore()
        defer { store.remove() }
        let accounts = store.folder.appendingPathComponent("accounts.sqlite").path
        let added = try self.accounts(["add", "carol", "--store", accounts], input: Self.password + "\n")
        #expect(added.status == 0)
        #expect(added.stdout == "added carol to \(accounts)\n")

        let output = try AppProcess.run(
            store.arguments + ["-accounts.store", accounts],
            input: "type Username carol\ntype Password \(Self.password)\ntap Login\nquit\n"
        )
        #expect(output.status == 0)
        #expect(output.stdout.contains("Signed in as carol"))
        for text in [added.stdout, added.stderr, output.stdout, output.stderr] { #expect(!text.contains(Self.password)) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: accounts))
        #expect(bytes.range(of: Data(Self.password.utf8)) == nil, "only a salted hash is stored")
    }

    @Test(arguments: [("carol", "wrong"), ("nobody", "c0rrect-h0rse")])
    func aWrongNameAndAWrongPasswordGetTheSameAnswer(user: String, password: String) throws {
        let store = try SeededStore()
        defer { store.remove() }
        let accounts = store.folder.appendingPathComponent("accounts.sqlite").path
        _ = try self.accounts(["add", "carol", "--store", accounts], input: Self.password)
        let output = try AppProcess.run(
            store.arguments + ["-accounts.store", accounts],
            input: "type Username \(user)\ntype Password \(password)\ntap Login\nquit\n"
        )
        #expect(lastScreenOf(output.stdout).contains("     Login failed\n"))
    }

    @Test func aStubbedRunAndARealRunNeverMix() throws {
        let output = try AppProcess.run(InteractiveAppTests.stubs + ["-accounts.store", "/tmp/a.sqlite"], input: "")
        #expect(output.status == 2)
        #expect(output.stderr.contains("launch argument -accounts.store is for a real run and cannot be mixed with -ui-testing YES"))
    }

    @Test(arguments: [
        (["add", "carol"], "x\n", #"there is already an account named "carol""#),
        (["add", "dave"], "\n", "the password is empty; an account needs one"),
        (["add", "two words"], "x\n", #""two words" is not an account name"#),
        (["add", "erin"], "a\nb\n", "standard input should hold the password on one line"),
        (["remove", "zed"], "", #"there is no account named "zed""#),
    ])
    func aBadAccountCommandSaysWhyAndLeavesTheStoreUnchanged(arguments: [String], input: String, message: String) throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let accounts = store.folder.appendingPathComponent("accounts.sqlite").path
        _ = try self.accounts(["add", "carol", "--store", accounts], input: Self.password)
        let before = try Data(contentsOf: URL(fileURLWithPath: accounts))

        let output = try self.accounts(arguments + ["--store", accounts], input: input)

        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: accounts)) == before)
        #expect(try self.accounts(["list", "--store", accounts], input: "").stdout == "carol\n")
    }

    @Test func aStoreOfTheWrongKindIsRefusedAndUntouched() throws {
        let store = try SeededStore()
        defer { store.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let output = try accounts(["add", "carol", "--store", store.path], input: "x\n")
        #expect(output.status == 2)
        #expect(output.stderr.contains("is not a WorkPhotos account store"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
        let missing = try accounts(["list", "--store", store.folder.appendingPathComponent("none.sqlite").path], input: "")
        #expect(missing.status == 2)
        #expect(!FileManager.default.fileExists(atPath: store.folder.appendingPathComponent("none.sqlite").path))
    }

    @Test func aRefusedAddMakesNoStore() throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let accounts = store.folder.appendingPathComponent("accounts.sqlite").path
        #expect(try self.accounts(["add", "dave", "--store", accounts], input: "").status == 2)
        #expect(!FileManager.default.fileExists(atPath: accounts))
    }

    private func accounts(_ arguments: [String], input: String) throws -> ChildProcess.Output {
        try ChildProcess.run(AppProcess.executable("workphotos-accounts").path, arguments, input: input)
    }

    private func lastScreenOf(_ stdout: String) -> String {
        stdout.components(separatedBy: "── ").last ?? stdout
    }
}
