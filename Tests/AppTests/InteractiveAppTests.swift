import Foundation
import Testing

/// The app driven by piped input, as a person's commands: the issue's acceptance checks.
struct InteractiveAppTests {
    static let stubs = ["-ui-testing", "YES", "-model.user", "test", "-model.password", "1234"]
    static let signIn = "type Username test\ntype Password 1234\ntap Login\nquit\n"

    /// Runs the app on a freshly seeded default store.
    private func run(_ arguments: [String], input: String) throws -> AppProcess.Output {
        let store = try SeededStore()
        defer { store.remove() }
        return try AppProcess.run(arguments + store.arguments, input: input)
    }

    @Test func signingInShowsTheLoginScreenThenTheGlance() throws {
        let output = try run(Self.stubs, input: Self.signIn)

        #expect(output.status == 0)
        let login = try #require(output.stdout.range(of: "── Login ─"))
        let glance = try #require(output.stdout.range(of: "── At a glance ─"))
        #expect(login.lowerBound < glance.lowerBound)
        #expect(output.stdout.contains("Signed in as test"))
        #expect(!output.stdout.contains("1234"), "the password never appears")
        #expect(!output.stderr.contains("1234"))
    }

    @Test func goingBackDrawsTheScreenOnceAndAStrayLineIsOnlyAnswered() throws {
        // The glance recounts as it appears: drawn while busy, it was drawn again, unchanged,
        // when the count ended, just before the stray line was answered.
        let output = try run(Self.stubs, input: "type Username test\ntype Password 1234\ntap Login\ntap OK\ntap Review work photos\nback\n\nquit\n")
        #expect(output.status == 0)
        let list = try #require(output.stdout.range(of: "── Work photos ─", options: .backwards))
        let afterBack = output.stdout[list.upperBound...]
        #expect(afterBack.components(separatedBy: "── At a glance ─").count == 2, "drawn once: \(afterBack)")
        #expect(afterBack.hasSuffix("────\nerror: empty command; type help for the list of commands\n"), "\(afterBack)")
    }

    @Test func aWrongPasswordSaysLoginFailed() throws {
        let output = try run(Self.stubs, input: "type Username test\ntype Password 9999\ntap Login\n")
        #expect(output.status == 0)
        #expect(lastScreen(output.stdout).contains("     Login failed"))
        #expect(!output.stdout.contains("At a glance"))
        #expect(!output.stdout.contains("9999"))
    }

    @Test func offlineSaysSo() throws {
        let output = try run(Self.stubs + ["-model.offline", "YES"], input: Self.signIn)
        #expect(lastScreen(output.stdout).contains("You are offline. Check your connection and try again."))
        #expect(!output.stdout.contains("1234"))
    }

    @Test func withoutStubsAndWithoutAnAccountStoreItSaysHowToMakeOne() throws {
        let output = try run(["-accounts.store", "/nonexistent/accounts.sqlite"], input: Self.signIn)
        #expect(output.status == 0)
        #expect(lastScreen(output.stdout).contains("No account store yet: add an account with workphotos-accounts add NAME."))
        #expect(output.stderr.contains("warning: real sign-in is unavailable: no account store at /nonexistent/accounts.sqlite"))
    }

    /// A password typed after a name that is not a control is never echoed, on any screen: the
    /// glance (no password field there), the list, a photo, Settings, and Login itself.
    @Test(arguments: [
        ("", "Login"),
        ("type Username test\ntype Password 1234\ntap Login\ntap OK\n", "At a glance"),
        ("type Username test\ntype Password 1234\ntap Login\ntap OK\ntap Review work photos\n", "Work photos"),
        ("type Username test\ntype Password 1234\ntap Login\ntap OK\ntap Review work photos\ntap 3\n", "Photo"),
        ("type Username test\ntype Password 1234\ntap Login\ntap OK\ntap Settings\n", "Settings"),
    ])
    func aSecretTypedWhereNoControlIsNeverEchoed(path: String, screen: String) throws {
        let output = try run(Self.stubs, input: path + "tap Password hunter2\ntap Pasword hunter2 again\ntap Logn hunter2\ntap Passwordhunter2\nhunter2\n")
        #expect(output.stdout.contains("── \(screen) ─"), "\(lastScreen(output.stdout))")
        #expect(!output.stdout.contains("hunter2") && !output.stderr.contains("hunter2"), "\(output.stdout.suffix(600))")
        #expect(output.stdout.contains("error: "), "each line is refused")
    }

    @Test func aMistypedCommandIsExplainedAndTheAppCarriesOn() throws {
        let output = try run(Self.stubs, input: "tap Logn\ntype Username test\n")
        #expect(output.stdout.contains(#"error: no control "Logn" on this screen (did you mean "Login"?)"#))
        #expect(lastScreen(output.stdout).contains("Username: test"))
    }

    @Test(arguments: [
        (["-model.offline", "maybe", "-ui-testing", "YES"], #"workphotos: error: launch argument -model.offline: expected YES or NO, got "maybe""#),
        (["-model.pasword", "1234"], "workphotos: error: unknown launch argument -model.pasword (did you mean -model.password?)"),
        (["stray"], #"workphotos: error: unexpected launch argument "stray": expected -key value pairs"#),
        (["-ui-testing"], "workphotos: error: launch argument -ui-testing: expected a value after it"),
        // Foundation's argument domain would drop this pair: the delay would silently be none.
        (["-ui-testing", "YES", "-drive.delay", "-1"],
         #"workphotos: error: launch argument -drive.delay: expected a value that does not start with "-""#),
        (["-ui-testing", "YES", "-drive.delay", "abc"], #"workphotos: error: launch argument -drive.delay: expected a number, got "abc""#),
        (["-ui-testing", "YES", "-drive.delay", "700"],
         #"workphotos: error: launch argument -drive.delay: expected a number of seconds from 0 to 600, got "700""#),
        (["-drive.folder", ""], "workphotos: error: launch argument -drive.folder: expected the path of a drive folder"),
        (["-ui-testing", "YES", "-drive.folder", "/tmp", "-drive.fail", "YES"], "workphotos: error: launch argument -drive.fail sets up the test drive"),
    ])
    func badLaunchArgumentsExitWithCode2AndSayWhatIsWrong(arguments: [String], message: String) throws {
        let output = try AppProcess.run(arguments, input: "")
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix(message))
        #expect(output.stdout.isEmpty, "nothing is shown when the app cannot start")
    }

    /// A drive folder that cannot take uploads does not stop the app: the log says so at launch,
    /// and an upload says it on screen (see UploadFlowTests).
    @Test(arguments: ["/nonexistent-drive-folder", "/etc/hostname"])
    func aBadDriveFolderIsSaidInTheLogAndTheAppRuns(folder: String) throws {
        let output = try run(Self.stubs + ["-drive.folder", folder], input: "type Username test\n")
        #expect(output.status == 0)
        #expect(output.stderr.contains("warning: uploads will fail until this is put right: the drive folder \(folder)"))
        #expect(lastScreen(output.stdout).contains("Username: test"))
    }

    /// The last screen drawn: from the last title rule to the end.
    private func lastScreen(_ stdout: String) -> Substring {
        guard let start = stdout.ranges(of: "\n── ").last?.lowerBound else { return stdout[...] }
        return stdout[start...]
    }
}
