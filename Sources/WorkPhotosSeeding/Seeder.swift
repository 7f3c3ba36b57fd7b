import Foundation
import StoreSeeding
import WorkPhotos
import WorkPhotosSQLite

/// Resets a photo store to a fixture, atomically (the toolkit's `AtomicStoreReset`: the new store
/// is built beside the target and renamed over it once complete, so a seeding that fails or is
/// killed leaves the previous store exactly as it was).
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
        let path = try AtomicStoreReset.replace(storeAt: storePath, force: force, identify: notAPhotoStore) { temporary in
            let store = try PhotoStore.create(at: temporary)
            try store.fill(
                authorization: fixture.authorization, workLocations: fixture.workLocations,
                photos: newPhotos(of: fixture), afterEach: afterEachPhoto
            )
            try store.close()
        }
        return Report(storePath: path, photoCount: fixture.photoCount)
    }

    /// Why the file at `path` is not a WorkPhotos store that seeding may replace; nil when it is one.
    static func notAPhotoStore(_ path: String) -> String? {
        do {
            try PhotoStore.identify(at: path)
            return nil
        } catch {
            return switch error {
            case let .notAStore(_, why): "it is not a WorkPhotos store (\(why))"
            case let .damaged(_, why): "it is a damaged store (\(why))"
            case .newerVersion: "it is a store written by a newer WorkPhotos"
            default: "it cannot be read as a store (\(error))"
            }
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
}

/// Why seeding could not run, apart from a bad fixture (`FixtureError`) or store (`StoreError`):
/// the toolkit's seeding errors, as every seeder words them.
public typealias SeedError = SeedingError
