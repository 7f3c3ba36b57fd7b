import Foundation
import Testing

/// `workphotos-seed` as a shell or a flow runs it.
struct SeedCLITests {
    @Test func seedsAFixtureByName() throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let output = try seed(["--store", store.path, "default"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("seeded \(store.path) from default: 9 photos, authorization notDetermined ("))
        #expect(output.stderr.isEmpty)
    }

    @Test func listsTheFixtures() throws {
        let output = try seed(["--list"])
        #expect(output.stdout == "default\t9 photos\nlarge\t10000 photos\n")
    }

    @Test func aBrokenFixtureIsALocatedErrorWithCode2AndTheStoreIsUntouched() throws {
        let store = try SeededStore("default")
        defer { store.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let fixture = store.folder.appendingPathComponent("broken.yaml")
        try "authorization: authorized\nphotos:\n  - name: a\n    taken: 2026-06-01T09:00:00Z\n    colour: red\n"
            .write(to: fixture, atomically: true, encoding: .utf8)

        let output = try seed(["--store", store.path, fixture.path])

        #expect(output.status == 2)
        #expect(output.stderr == """
            \(fixture.path):5:5: error: unknown key "colour" in photo 1; expected name, taken, place, latitude, longitude, width, height, pixels
                colour: red
                ^

            """)
        #expect(output.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }

    @Test(arguments: [
        (["defualt"], #"no fixture named "defualt" in "#),
        (["--bogus"], "workphotos-seed: error: Unknown option '--bogus'"),
        (["a", "b"], "workphotos-seed: error: Unexpected argument 'b'"),
    ])
    func badArgumentsExitWithCode2(arguments: [String], message: String) throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let output = try seed(["--store", store.path] + arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message))
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func aSeedingKilledPartWayLeavesThePreviousStoreIntactAndReadable() throws {
        let store = try SeededStore("default")
        defer { store.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))

        // The seeding pauses after 5,000 of its 10,000 photos and says so; we kill it right there.
        let process = Process()
        process.executableURL = AppProcess.executable("workphotos-seed")
        process.arguments = ["--store", store.path, "--pause-after-photos", "5000", "large"]
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var said = ""
        while !said.contains("paused after 5000 photos") {
            let chunk = stderr.fileHandleForReading.availableData  // blocks until the seeder writes
            try #require(!chunk.isEmpty, "the seeder ended before pausing: \(said)")
            said += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try stdin.fileHandleForWriting.close()

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before, "the old store is unchanged")
        let list = try AppProcess.run(
            InteractiveAppTests.stubs + store.arguments, input: PhotoScreensAppTests.signIn + "tap OK\n"
        )
        #expect(list.stdout.contains("     8 work photos"), "and still readable by the app")

        // The next seeding clears what the killed one left behind.
        #expect(try seed(["--store", store.path, "default"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder.path) == ["photos.sqlite"])
    }

    private func seed(_ arguments: [String]) throws -> AppProcess.Output {
        try AppProcess.run(arguments + ["--seeds", SeededStore.seeds.path], input: "", binary: "workphotos-seed")
    }
}
