import Foundation
import Testing

/// The photo screens through the built app, on stores made by the seeder: the issue's checks.
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
        let errors = output.stderr.split(separator: "\n").filter { $0.hasPrefix("workphotos: error: ") }
        #expect(errors.count == 1 && errors[0].hasPrefix("workphotos: error: \(store.path) is not a WorkPhotos photo store (it is not an SQLite database)"),
                "said once: \(output.stderr)")
        #expect(output.stdout.isEmpty, "a person sees no screen of a store that cannot work: \(output.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == bytes)
    }

    @Test func aFileThatIsNotAStoreStopsTheAppByItselfWhileItsInputStaysOpen() throws {
        // The store opens in the background after the first screen: the app must not wait for a
        // person (or a runner) to type before it says the store is unusable and stops.
        let store = try SeededStore(nil)
        defer { store.remove() }
        try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: store.path))
        let process = Process()
        process.executableURL = AppProcess.executable("workphotos")
        process.arguments = ["-automation", "YES"] + InteractiveAppTests.stubs + store.arguments
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        defer { try? input.fileHandleForWriting.close() }
        // A safety net only: the app ends within milliseconds; the input is never closed.
        guard ended.wait(timeout: .now() + 20) == .success else {
            process.terminate()
            Issue.record("the app waited for input instead of stopping on a file that is not a store")
            return
        }
        #expect(process.terminationStatus == 2)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("workphotos: error: \(store.path) is not a WorkPhotos photo store"))
    }

    private func lastScreen(_ stdout: String) -> String {
        guard let start = stdout.ranges(of: "── ").last(where: { $0.lowerBound == stdout.startIndex || stdout[stdout.index(before: $0.lowerBound)] == "\n" })?.lowerBound
        else { return stdout }
        let rest = stdout[start...]
        guard let end = rest.range(of: "\n" + String(repeating: "─", count: 48)) else { return String(rest) }
        return String(rest[..<end.upperBound])
    }
}
