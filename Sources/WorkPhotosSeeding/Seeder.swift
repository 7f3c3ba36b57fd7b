import Foundation
import WorkPhotos
import WorkPhotosStore

/// Resets a photo store to a fixture, atomically.
///
/// The new store is built in a temporary file beside the target and renamed over it only once it is
/// complete and closed. `rename(2)` within one directory is atomic, so a seeding that fails or is
/// killed at any point leaves the previous store exactly as it was (a killed seeding leaves only a
/// hidden temporary file, which the next seeding removes).
public enum Seeder {
    /// What a seeding wrote.
    public struct Report: Equatable, Sendable {
        public let storePath: String
        public let photoCount: Int
    }

    /// Replaces the store at `storePath` with one holding exactly `fixture`.
    /// - Parameter afterEachPhoto: called with the count so far after each photo is written to the
    ///   new store (before it replaces the old one); throwing from it abandons the seeding.
    @discardableResult
    public static func reset(
        storeAt storePath: String, to fixture: Fixture, afterEachPhoto: (Int) throws -> Void = { _ in }
    ) throws -> Report {
        let target = URL(fileURLWithPath: storePath).standardizedFileURL
        let directory = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw SeedError.cannotWrite(path: target.path, reason: "it is a directory")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SeedError.cannotWrite(path: directory.path, reason: "cannot create the directory: \(error.localizedDescription)")
        }
        removeAbandonedTemporaries(for: target)

        let temporary = directory.appendingPathComponent(
            ".\(target.lastPathComponent).seeding-\(getpid())-\(UUID().uuidString.prefix(8))"
        )
        do {
            let store = try PhotoStore.create(at: temporary.path)
            try store.fill(
                authorization: fixture.authorization, workLocations: fixture.workLocations,
                photos: newPhotos(of: fixture), afterEach: afterEachPhoto
            )
            try store.close()
            guard rename(temporary.path, target.path) == 0 else {
                throw SeedError.cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            removeTemporary(temporary)
            throw error
        }
        return Report(storePath: target.path, photoCount: fixture.photoCount)
    }

    /// The fixture's photos with their pixels painted, made one at a time as the store asks.
    static func newPhotos(of fixture: Fixture) -> some Sequence<NewPhoto> {
        let listed = AnySequence(fixture.photos)
        let generated = fixture.generated.map { AnySequence($0.specs) } ?? AnySequence([])
        return [listed, generated].joined().lazy.map { spec in
            NewPhoto(
                name: spec.name, takenAt: spec.takenAt, coordinate: spec.coordinate, place: spec.place,
                width: spec.width, height: spec.height,
                pixels: Painter.paint(width: spec.width, height: spec.height, steps: spec.paint)
            )
        }
    }

    private static func removeTemporary(_ url: URL) {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }

    /// Temporaries left by seedings that were killed: their process is gone.
    private static func removeAbandonedTemporaries(for target: URL) {
        let directory = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent).seeding-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let pidText = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = pid_t(pidText), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}

/// Why seeding could not run, apart from a bad fixture (`FixtureError`) or store (`StoreError`).
public enum SeedError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case noSuchFixture(name: String, directory: String, available: [String], suggestion: String?)
    case noSeedsDirectory(searched: [String])

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            return "cannot write the store at \(path): \(reason)"
        case let .cannotRead(path, reason):
            return "cannot read \(path): \(reason)"
        case let .noSuchFixture(name, directory, available, suggestion):
            let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
            return "no fixture named \"\(name)\" in \(directory)\(hint); fixtures: \(available.joined(separator: ", "))"
        case let .noSeedsDirectory(searched):
            return "cannot find the Seeds/ folder (looked in \(searched.joined(separator: ", "))); pass --seeds DIR"
        }
    }
}
