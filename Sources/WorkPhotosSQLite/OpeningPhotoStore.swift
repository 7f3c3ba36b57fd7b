import Dispatch
import Foundation
import Synchronization
import WorkPhotos

/// The photo store, opened on a background thread so that the app's first screen need not wait
/// for SQLite: GRDB's set-up, the migrations and the health checks take about 1.7 ms of a launch
/// of 8 ms here, and the Login screen needs none of it. (The app lets only the automation
/// protocol's first frame go ahead; a person's first screen waits, and never shows a store that
/// cannot work.)
///
/// Opening starts at `init`. Every `PhotoLibrary` call waits until it has ended, then forwards to
/// the store, or throws the error opening met. `onFailure` hears that error once, as soon as it is
/// known, so the app can say it and stop at once instead of at the first screen that reads photos.
public final class OpeningPhotoStore: PhotoLibrary, Sendable {
    /// Left once the opening has ended; `outcome` holds what it met before that (until then, a
    /// placeholder nobody reads).
    private let opening = DispatchGroup()
    private let outcome: Mutex<Result<PhotoStore, StoreError>>

    /// Starts opening the store at `path` (as `PhotoStore.open(at:)` does) on `queue`.
    public init(
        path: String, queue: DispatchQueue = .global(qos: .userInitiated),
        onFailure: @escaping @Sendable (StoreError) -> Void = { _ in }
    ) {
        outcome = Mutex(.failure(.missing(path: path)))
        opening.enter()
        queue.async { [self] in
            let result = Result { () throws(StoreError) -> PhotoStore in try PhotoStore.open(at: path) }
            outcome.withLock { $0 = result }
            opening.leave()
            if case .failure(let error) = result { onFailure(error) }
        }
    }

    /// The opened store, or why it could not be opened; waits until opening has ended.
    public func opened() -> Result<PhotoStore, StoreError> {
        opening.wait()
        return outcome.withLock { $0 }
    }

    private var store: PhotoStore {
        get throws(StoreError) { try opened().get() }
    }

    // MARK: - PhotoLibrary

    public func authorization() throws -> PhotoAuthorization { try store.authorization() }
    public func setAuthorization(_ authorization: PhotoAuthorization) throws { try store.setAuthorization(authorization) }
    public func photos() throws -> [Photo] { try store.photos() }
    public func workLocations() throws -> [WorkLocation] { try store.workLocations() }
    public func picture(ofPhoto id: Int64) throws -> RGBImage? { try store.picture(ofPhoto: id) }
    public func replacePicture(ofPhoto id: Int64, with picture: RGBImage) throws { try store.replacePicture(ofPhoto: id, with: picture) }
    public func deletePhotos(_ ids: [Int64]) throws { try store.deletePhotos(ids) }
    public func recordUpload(_ ids: [Int64], at date: Date, destination: String) throws {
        try store.recordUpload(ids, at: date, destination: destination)
    }
    public func lastUpload() throws -> UploadRecord? { try store.lastUpload() }
}
