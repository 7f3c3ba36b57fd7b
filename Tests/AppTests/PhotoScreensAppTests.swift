import Foundation
import Testing

/// The photo screens through the built app, on stores made by the seeder: the checks.
struct PhotoScreensAppTests {
    static let signIn = "type Username test\ntype Password 1234\ntap Login\n"

    @Test func theGlanceCountsAfterThePermissionAlertAndTheListShowsTheEightWorkPhotos() throws {
        let store = try SeededStore("default")
        defer { store.remove() }

        let output = try AppProcess.run(
            InteractiveAppTests.stubs + store.arguments,
            input: Self.signIn + "tap OK\ntap Review work photos\nquit\n"
        )

        #expect(output.status == 0)
        let alert = try #require(output.stdout.range(of: "╭─ \"WorkPhotos\" Would Like to Access Your Photos"))
        let counts = try #require(output.stdout.range(of: "     8 work photos\n     1 other photo\n"))
        #expect(alert.lowerBound < counts.lowerBound)
        #expect(lastScreen(output.stdout) == """
            ── Work photos ─────────────────────────────────
                 8 work photos
            [1]  < Select >
            [2]  Mon 1 Jun 2026, 09:05  Office
            [3]  Mon 1 Jun 2026, 09:40  Office
            [4]  Mon 1 Jun 2026, 10:15  Office
            [5]  Mon 1 Jun 2026, 11:30  Office
            [6]  Mon 1 Jun 2026, 13:00  Office
            [7]  Mon 1 Jun 2026, 13:45  Office
            [8]  Mon 1 Jun 2026, 15:20  Office
            [9]  Mon 1 Jun 2026, 18:10  Office
            ────────────────────────────────────────────────
            """)
    }

    @Test func theAnswerIsStoredSoTheNextLaunchDoesNotAskAgain() throws {
        let store = try SeededStore("default")
        defer { store.remove() }
        _ = try AppProcess.run(InteractiveAppTests.stubs + store.arguments, input: Self.signIn + "tap OK\n")

        let second = try AppProcess.run(InteractiveAppTests.stubs + store.arguments, input: Self.signIn)

        #expect(!second.stdout.contains("Would Like to Access Your Photos"))
        #expect(second.stdout.contains("     8 work photos"))
    }

    @Test func whenDeniedTheListExplainsHowToAllowAndSettingsCanAllowIt() throws {
        let store = try SeededStore("default")
        defer { store.remove() }

        let output = try AppProcess.run(
            InteractiveAppTests.stubs + store.arguments,
            input: Self.signIn + "tap Don't Allow\ntap Review work photos\nshow\ntap Open Settings\ntap Photos access\nback\n"
        )

        #expect(output.stdout.contains("WorkPhotos cannot see your photos. To allow access, open Settings and turn Photos access on."))
        #expect(output.stdout.contains("[1]  Photos access  Allowed"))
        #expect(lastScreen(output.stdout).contains("     8 work photos"), "back on the list, it reads the photos again")
    }

    @Test func aMissingStoreStopsTheAppWithCode2AndSaysHowToMakeOne() throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let output = try AppProcess.run(InteractiveAppTests.stubs + store.arguments, input: "")
        #expect(output.status == 2)
        #expect(output.stderr == "workphotos: error: no photo store at \(store.path); create one with: workphotos-seed --store \(store.path)\n")
        #expect(!FileManager.default.fileExists(atPath: store.path), "the app never creates a store")
    }

    @Test func aFileThatIsNotAStoreStopsTheAppAndIsLeftUntouched() throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let bytes = Data("not a database, but somebody's data\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: store.path))

        let output = try AppProcess.run(InteractiveAppTests.stubs + store.arguments, input: "")

        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("workphotos: error: \(store.path) is not a WorkPhotos photo store (it is not an SQLite database)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == bytes)
    }

    private func lastScreen(_ stdout: String) -> String {
        guard let start = stdout.ranges(of: "── ").last(where: { $0.lowerBound == stdout.startIndex || stdout[stdout.index(before: $0.lowerBound)] == "\n" })?.lowerBound
        else { return stdout }
        let rest = stdout[start...]
        guard let end = rest.range(of: "\n" + String(repeating: "─", count: 48)) else { return String(rest) }
        return String(rest[..<end.upperBound])
    }
}
