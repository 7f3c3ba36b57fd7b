import ArgumentParser
import Console
import Foundation
import TextBytes
import WorkPhotosSeeding
import WorkPhotosSQLite

/// `workphotos-seed [--store PATH] [--seeds DIR] [--force] [FIXTURE]` (or `--list`): resets a
/// photo store to a fixture, atomically.
@main
struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workphotos-seed",
        abstract: "Reset a WorkPhotos photo store to a fixture from Seeds/.",
        discussion: """
            The new store is built beside the old one and renamed over it when complete: a seeding \
            that fails or is killed leaves the previous store as it was.
            Exit codes: 0 seeded, 1 the store could not be written, 2 bad input (fixture, arguments).
            """
    )

    @Option(name: .long, help: ArgumentHelp("The store to reset.", valueName: "path"))
    var store: String = DefaultStorePath.resolve()

    @Option(name: .long, help: ArgumentHelp("The fixtures folder (default: ./Seeds, or the repository's).", valueName: "dir"))
    var seeds: String?

    @Flag(name: .long, help: "Replace what is at --store even if it is not a WorkPhotos store (a file, a damaged store, a symbolic link). Never a directory, FIFO or device.")
    var force = false

    @Flag(name: .long, help: "List the fixtures and exit.")
    var list = false

    @Argument(help: ArgumentHelp("A fixture name in Seeds/, or the path of a fixture file.", valueName: "fixture"))
    var fixture: String = "default"

    /// For the crash-safety test only: after writing N photos to the new store, say so on standard
    /// error and wait for standard input to close, so a test can kill the seeding part-way.
    @Option(name: .customLong("pause-after-photos"), help: .hidden)
    var pauseAfterPhotos: Int?

    static func main() {
        Console.ignoreBrokenPipes()
        // The words as given: CommandLine.arguments reads a byte that is not UTF-8 as U+FFFD, another path.
        if let bad = ArgumentText.firstProblemInProcessArguments() {
            fail(bad.problem.statement("argument \(bad.index)") + " (at byte \(bad.problem.offset + 1)); give it as UTF-8", code: 2)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as FixtureError {
            // Already `FILE:LINE:COLUMN: error: ...`, as compilers and Yams print it.
            Console.error(error.description + "\n")
            Foundation.exit(2)
        } catch let error as SeedError {
            if case .cannotWrite = error { fail(error.description, code: 1) }
            fail(error.description, code: 2)
        } catch let error as StoreError {
            fail(error.description, code: 1)
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }  // --help, --version
            // Usage mistakes are bad input: exit code 2, like every other bad input.
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            fail(message, code: code == .validationFailure ? 2 : code.rawValue)
        }
    }

    func run() throws {
        let catalog = try FixtureCatalog.locate(explicit: seeds)
        if list {
            for name in try catalog.names() {
                let summary = (try? catalog.load(name)).map { "\($0.fixture.photoCount) photos" } ?? "cannot be read"
                Console.output("\(name)\t\(summary)\n")
            }
            return
        }
        let (fixture, _) = try catalog.load(self.fixture)
        let start = ContinuousClock.now
        let pause = pauseAfterPhotos
        let report = try Seeder.reset(storeAt: store, to: fixture, force: force) { count in
            if count == pause { Self.pauseForTest(count) }
        }
        let ms = (ContinuousClock.now - start) / .milliseconds(1)
        Console.output("seeded \(report.storePath) from \(self.fixture): \(report.photoCount) photos, "
              + "authorization \(fixture.authorization.rawValue) (\(String(format: "%.0f", ms)) ms)\n")
    }

    private static func pauseForTest(_ count: Int) {
        Console.error("workphotos-seed: paused after \(count) photos\n")
        _ = FileHandle.standardInput.readDataToEndOfFile()
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        Console.error("workphotos-seed: error: \(message)\n")
        Foundation.exit(code)
    }
}
