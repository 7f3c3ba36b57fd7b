import Foundation
import NameMatching
import WorkPhotos
import WorkPhotosSQLite

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
    ///
    /// Only a WorkPhotos store, or nothing, is replaced. Anything else at the path is refused: a
    /// directory, a FIFO, a device or a socket always; a symbolic link, a file that is not a
    /// WorkPhotos store, or a damaged store unless `force` is set (the link itself, not what it
    /// points to, is then replaced by the new store).
    /// - Parameter afterEachPhoto: called with the count so far after each photo is written to the
    ///   new store (before it replaces the old one); throwing from it abandons the seeding.
    @discardableResult
    public static func reset(
        storeAt storePath: String, to fixture: Fixture, force: Bool = false, afterEachPhoto: (Int) throws -> Void = { _ in }
    ) throws -> Report {
        let target = URL(fileURLWithPath: storePath).standardizedFileURL
        let directory = target.deletingLastPathComponent()
        try checkReplaceable(target.path, force: force)
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

    /// Refuses to replace anything but a WorkPhotos store (see `reset`).
    static func checkReplaceable(_ path: String, force: Bool) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw SeedError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        let kind = info.st_mode & S_IFMT
        let other: String? = switch kind {
        case S_IFDIR: "it is a directory"
        case S_IFIFO: "it is a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "it is a device"
        case S_IFSOCK: "it is a socket"
        default: nil
        }
        if let other { throw SeedError.refused(path: path, reason: other, forceable: false) }
        if force { return }
        if kind == S_IFLNK {
            throw SeedError.refused(path: path, reason: "it is a symbolic link (seeding would replace the link with a file)", forceable: true)
        }
        do {
            try PhotoStore.identify(at: path)
        } catch {
            let reason: String = switch error {
            case let .notAStore(_, why): "it is not a WorkPhotos store (\(why))"
            case let .damaged(_, why): "it is a damaged store (\(why))"
            case .newerVersion: "it is a store written by a newer WorkPhotos"
            default: "it cannot be read as a store (\(error))"
            }
            throw SeedError.refused(path: path, reason: reason, forceable: true)
        }
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
    /// Something other than a WorkPhotos store is at the path: it is left alone.
    case refused(path: String, reason: String, forceable: Bool)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            return "cannot write the store at \(path): \(reason)"
        case let .cannotRead(path, reason):
            return "cannot read \(path): \(reason)"
        case let .noSuchFixture(name, directory, available, suggestion):
            return "no fixture named \"\(Suggestion.shown(name))\" in \(directory)\(Suggestion.format(suggestion)); fixtures: \(available.joined(separator: ", "))"
        case let .refused(path, reason, forceable):
            return "refusing to replace \(path): \(reason); it was left as it is. "
                + (forceable ? "Give another --store, or add --force to replace it" : "Give another --store")
        case let .noSeedsDirectory(searched):
            return "cannot find the Seeds/ folder (looked in \(searched.joined(separator: ", "))); pass --seeds DIR"
        }
    }
}
