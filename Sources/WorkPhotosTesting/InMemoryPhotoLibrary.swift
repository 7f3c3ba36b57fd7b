import Foundation
import Synchronization
import WorkPhotos

/// A photo library in memory. It passes the same contract suite as the SQLite store, and can be
/// told to fail, so presenters can be tested against both outcomes.
public final class InMemoryPhotoLibrary: PhotoLibrary {
    private struct State {
        var authorization: PhotoAuthorization
        var photos: [Photo]
        var locations: [WorkLocation]
        var failure: (any Error)?
        var writeFailure: (any Error)?
        var pictures: [Int64: RGBImage] = [:]
        var uploads: [UploadRecord] = []
    }

    private let state: Mutex<State>

    public init(authorization: PhotoAuthorization = .notDetermined, photos: [Photo] = [], workLocations: [WorkLocation] = []) {
        state = Mutex(State(authorization: authorization, photos: photos, locations: workLocations, failure: nil))
    }

    /// Every call throws `error` from now on (nil: calls succeed again).
    public func fail(with error: (any Error)?) {
        state.withLock { $0.failure = error }
    }

    /// Makes writes fail with `error` (reads still work): a store that became read-only or was
    /// replaced between a read and a write.
    public func failWrites(with error: (any Error)?) {
        state.withLock { $0.writeFailure = error }
    }

    public func authorization() throws -> PhotoAuthorization {
        try read { $0.authorization }
    }

    public func setAuthorization(_ authorization: PhotoAuthorization) throws {
        try state.withLock { state in
            if let failure = state.failure ?? state.writeFailure { throw failure }
            state.authorization = authorization
        }
    }

    public func photos() throws -> [Photo] {
        try read { $0.photos.sorted { ($0.takenAt, $0.id) < ($1.takenAt, $1.id) } }
    }

    /// Gives photo `id` a picture.
    public func setPicture(_ picture: RGBImage, ofPhoto id: Int64) {
        state.withLock { $0.pictures[id] = picture }
    }

    public func picture(ofPhoto id: Int64) throws -> RGBImage? {
        try read { $0.pictures[id] }
    }

    public func replacePicture(ofPhoto id: Int64, with picture: RGBImage) throws {
        try state.withLock { state in
            if let failure = state.failure ?? state.writeFailure { throw failure }
            state.pictures[id] = picture
        }
    }

    public func deletePhotos(_ ids: [Int64]) throws {
        try state.withLock { state in
            if let failure = state.failure ?? state.writeFailure { throw failure }
            state.photos.removeAll { ids.contains($0.id) }
        }
    }

    public func recordUpload(_ ids: [Int64], at date: Date, destination: String) throws {
        guard !ids.isEmpty else { return }
        try state.withLock { state in
            if let failure = state.failure ?? state.writeFailure { throw failure }
            state.uploads.append(UploadRecord(date: date, photoCount: ids.count, destination: destination))
        }
    }

    public func lastUpload() throws -> UploadRecord? {
        try read { $0.uploads.last }
    }

    public func workLocations() throws -> [WorkLocation] {
        try read { $0.locations }
    }

    private func read<T>(_ body: (State) -> T) throws -> T {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            return body(state)
        }
    }
}
