import BadText
import Console
import Foundation
import Testing
import TextBytes

/// WorkPhotos' programs refuse outside bytes that are not text (see `TextBytes`), saying what and
/// where (never a byte of a secret), with exit code 2, and change nothing: a fixture, the seeder's
/// and the app's command lines, a password given to the accounts command.
struct NotTextAppTests {
    static let fixture = """
        authorization: authorized
        photos:
          - name: office
            taken: 2026-06-01T09:00:00Z
            place: Office
            latitude: 51.52262
            longitude: -0.08598
            width: 4
            height: 4
            pixels:
              - fill: "#D62828"

        """

    @Test(arguments: BadText.notUTF8)
    func aFixtureThatIsNotTextIsRefusedWhereAndTheStoreIsUntouched(_ bad: BadText) throws {
        let store = try SeededStore("default")
        defer { store.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let fixture = store.folder.appendingPathComponent("bad.yaml")
        let bytes = bad.put(into: Self.fixture, before: "office")
        try Data(bytes).write(to: fixture)
        let problem = try #require(TextBytes.firstProblem(in: bytes, byteOrderMark: .allowedAtStart))
        let output = try AppProcess.run(["--store", store.path, fixture.path], input: "", binary: "workphotos-seed")
        #expect(output.status == 2)
        #expect(output.stderr == "workphotos-seed: error: cannot read \(fixture.path): " + problem.message("the fixture")
            + " (line \(problem.line), column \(problem.column))\n", "\(output.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }

    @Test func aFixtureMayStartWithAByteOrderMark() throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let fixture = store.folder.appendingPathComponent("marked.yaml")
        try Data(BadText.byteOrderMark.bytes + Array(Self.fixture.utf8)).write(to: fixture)
        let output = try AppProcess.run(["--store", store.path, fixture.path], input: "", binary: "workphotos-seed")
        #expect(output.status == 0 && output.stdout.contains(": 1 photos"), "\(output.stdout)\(output.stderr)")
    }

    @Test(arguments: BadText.notUTF8.filter { $0.kind != .nul })  // a NUL ends a C string: no argument holds one
    func aSeederArgumentThatIsNotTextIsRefused(_ bad: BadText) throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let output = try shell(binary: "workphotos-seed", "--store \"\(store.folder.path)/caf$(printf '\(Self.escaped(bad))').sqlite\" default")
        let problem = try #require(TextBytes.firstProblem(in: Array("\(store.folder.path)/caf".utf8) + bad.bytes + Array(".sqlite".utf8)))
        #expect(output.status == 2)
        #expect(output.stderr == "workphotos-seed: error: " + problem.statement("argument 2") + " (at byte \(problem.offset + 1)); give it as UTF-8\n",
                "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder.path).isEmpty, "no store was made under another name")
    }

    @Test(arguments: BadText.notUTF8.filter { $0.kind != .nul })
    func theAppsLaunchArgumentThatIsNotTextEndsItAndAPasswordsIsNeverShown(_ bad: BadText) throws {
        let store = try SeededStore("default")
        defer { store.remove() }
        let path = try shell(binary: "workphotos", "-ui-testing YES -model.user test -model.password 1234 -photos.store \"\(store.folder.path)/x$(printf '\(Self.escaped(bad))')\"")
        #expect(path.status == 2 && path.stderr.hasPrefix("workphotos: error: launch argument -photos.store: its value is not UTF-8 text: "), "\(path.stderr)")
        let password = try shell(binary: "workphotos", "-ui-testing YES -model.user test -model.password \"12$(printf '\(Self.escaped(bad))')34\"")
        #expect(password.status == 2)
        #expect(password.stderr == "workphotos: error: launch argument -model.password: its value is not UTF-8 text; give it as UTF-8\n", "\(password.stderr)")
        #expect(password.stdout.isEmpty, "nothing was shown: the app did not start")
    }

    @Test(arguments: BadText.notUTF8)
    func aPasswordThatIsNotTextIsRefusedWithoutAByteOfItAndNoAccountIsMade(_ bad: BadText) throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let accounts = store.folder.appendingPathComponent("accounts.sqlite").path
        let input = bad.put(into: "correct horse", before: "horse")
        let output = try BoundedProcessLite.run(AppProcess.executable("workphotos-accounts").path, ["add", "carol", "--store", accounts], input: Data(input))
        #expect(output.status == 2)
        #expect(output.stderr == "workphotos-accounts: error: " + (bad.kind == .nul ? "the password typed on standard input is not text: it holds a NUL byte"
            : "the password typed on standard input is not UTF-8 text") + "; type it as UTF-8\n", "\(output.stderr)")
        let listed = try ChildProcess.run(AppProcess.executable("workphotos-accounts").path, ["list", "--store", accounts])
        #expect(!listed.stdout.contains("carol"), "no account was made: \(listed.stdout)\(listed.stderr)")
    }

    // MARK: - Helpers

    /// The bytes as `printf` takes them: `\377`.
    static func escaped(_ bad: BadText) -> String {
        bad.bytes.map { "\\" + String($0, radix: 8) }.joined()
    }

    /// Runs the built `binary` with `words` as a shell splits them (so that `$(printf ...)` puts in bytes a Swift string cannot hold).
    private func shell(binary: String, _ words: String) throws -> ChildProcess.Output {
        try ChildProcess.run("/bin/sh", ["-c", "exec \"$0\" \(words)", AppProcess.executable(binary).path], input: "quit\n")
    }
}

/// A program run with bytes on its standard input (`ChildProcess` takes a `String`, which a byte
/// that is not UTF-8 cannot be).
enum BoundedProcessLite {
    static func run(_ executable: String, _ arguments: [String], input: Data) throws -> ChildProcess.Output {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)")
        try input.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ChildProcess.run("/bin/sh", ["-c", "exec \"$0\" \"$@\" < \"\(file.path)\"", executable] + arguments)
    }
}
