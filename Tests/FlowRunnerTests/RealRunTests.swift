import Console
import Foundation
import Testing

/// Real runs: a real account made with `workphotos-accounts`, its credentials only in a private
/// scheme, and the password in no byte of what the runner prints or writes.
@Suite(.serialized)
struct RealRunTests {
    static let password = "Tr0ub4dor&3-secret"

    /// A workspace with a `real` scheme (no stubs) and one sign-in flow, and an account store
    /// holding `carol`.
    private func makeWorkspace() throws -> (FlowWorkspace, String) {
        let workspace = try FlowWorkspace()
        let accounts = workspace.folder.appendingPathComponent("accounts.sqlite").path
        try workspace.write("Flows/schemes/real.yaml", """
            app: \(FlowWorkspace.binaries.appendingPathComponent("workphotos").path)
            seeder: \(FlowWorkspace.binaries.appendingPathComponent("workphotos-seed").path)
            seeds: \(FlowWorkspace.repository.appendingPathComponent("Seeds").path)
            store: {argument: photos.store, file: photos.sqlite}
            credentials: [test.user, test.password]
            defaults: {accounts.store: \(accounts)}
            environment: {TZ: UTC}
            tags: {include: [real]}
            """)
        try workspace.write("Flows/sign-in.yaml", """
            name: Real sign-in
            tags: [real]
            onAlert: {PhotosPermission: OK}
            steps:
              - Login.login
              - Glance.checkSignedIn: {as: "${test.user}"}
              - Glance.checkCounts: {work: 8, other: 1}
            """)
        let added = try ChildProcess.run(
            FlowWorkspace.binaries.appendingPathComponent("workphotos-accounts").path, ["add", "carol", "--store", accounts],
            input: Self.password + "\n"
        )
        try #require(added.status == 0, "\(added.stderr)")
        return (workspace, accounts)
    }

    @Test func aRealAccountSignsInFromAPrivateSchemeFileAndItsPasswordIsNowhere() throws {
        let (workspace, _) = try makeWorkspace()
        defer { workspace.remove() }
        // Kept outside the workspace, as CI writes its secret to a temporary file.
        let privateScheme = FileManager.default.temporaryDirectory.appendingPathComponent("real-\(UUID().uuidString).private.yaml")
        defer { try? FileManager.default.removeItem(at: privateScheme) }
        try "variables: {test.user: carol, test.password: {secret: \"\(Self.password)\"}}\n"
            .write(to: privateScheme, atomically: true, encoding: .utf8)

        let output = try workspace.flow(["run", "--scheme", "real", "--scheme-file", privateScheme.path, "--junit", "junit.xml", "--report", "report"])

        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasSuffix("1 passed, 0 failed\n"))
        for text in [output.stdout, output.stderr, try workspace.read("junit.xml"), try workspace.read("report/Flows_sign-in.txt")] {
            #expect(!text.contains(Self.password))
        }
    }

    @Test func aWrongPasswordFailsWithTheScreenAndStillNoPassword() throws {
        let (workspace, _) = try makeWorkspace()
        defer { workspace.remove() }
        let output = try workspace.flow(["run", "--scheme", "real", "-test.user", "carol", "-test.password", Self.password + "x", "--report", "report"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("Login failed"))
        let report = try workspace.read("report/Flows_sign-in.txt")
        #expect(!output.stdout.contains(Self.password) && !report.contains(Self.password))
    }

    @Test func withoutCredentialsTheFlowFailsSayingSo() throws {
        let (workspace, _) = try makeWorkspace()
        defer { workspace.remove() }
        let output = try workspace.flow(["run", "--scheme", "real"])
        #expect(output.status == 2, "what the run was given is wrong, not the app: \(output.stderr)")
        #expect(output.stderr.contains("flow: error: 1 flow could not run with what the run was given (above): nothing was launched for it"), "\(output.stderr)")
        #expect(output.stdout.contains("Flows/sign-in.yaml:5:5: error: credentials: find the test account failed: No credentials provided for testing"))
        #expect(output.stdout.contains("Flows/schemes/real.private.yaml, or --scheme-file PATH"))
        #expect(output.stdout.hasSuffix("0 passed, 1 failed\n"), "failed, not skipped")
        let lint = try workspace.flow(["lint", "--scheme", "real"])
        #expect(lint.status == 0, "missing credentials are not a mistake in the flow")
    }

    @Test func aPrivateSchemeBesideTheSharedOneIsMergedEntryByEntry() throws {
        let (workspace, _) = try makeWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/schemes/real.private.yaml", "variables: {test.user: carol, test.password: \"\(Self.password)\"}\n")
        let output = try workspace.flow(["run", "--scheme", "real"])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(!output.stdout.contains(Self.password))
    }

    /// git is what tracks a private scheme by mistake; without it the test is shown as skipped.
    static let hasGit = (try? ChildProcess.run("/usr/bin/env", ["git", "--version"]).status) == 0

    @Test(.enabled(if: hasGit, "git is not installed"))
    func aTrackedPrivateSchemeIsWarnedAboutLoudly() throws {
        let (workspace, _) = try makeWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/schemes/real.private.yaml", "variables: {test.user: carol}\n")
        let git = { (arguments: [String]) in
            try ChildProcess.run("/usr/bin/env", ["git", "-c", "user.name=t", "-c", "user.email=t@t"] + arguments, currentDirectory: workspace.folder.path)
        }
        try #require(try git(["init", "-q"]).status == 0)
        _ = try git(["add", "-f", "Flows/schemes/real.private.yaml"])
        for command in [["lint", "--scheme", "real"], ["run", "--scheme", "real"]] {
            let output = try workspace.flow(command)
            #expect(output.stderr.contains("flow: warning: Flows/schemes/real.private.yaml is a private scheme and git tracks it"), "\(command)")
            #expect(!output.stderr.contains(Self.password))
        }
        _ = try git(["rm", "-q", "--cached", "Flows/schemes/real.private.yaml"])
        let after = try workspace.flow(["lint", "--scheme", "real"])
        #expect(!after.stderr.contains("warning"))
    }
}
