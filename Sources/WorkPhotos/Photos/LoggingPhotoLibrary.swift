import Foundation
import PresenterKit

/// A photo library that writes every error it passes on to the log, in full, before the screen
/// shows its short user message: the details a person needs are in one place, never on screen.
public struct LoggingPhotoLibrary: PhotoLibrary {
    private let library: any PhotoLibrary
    private let logger: any EventLogging

    public init(_ library: any PhotoLibrary, logger: any EventLogging) {
        self.library = library
        self.logger = logger
    }

    public func authorization() throws -> PhotoAuthorization {
        try logged("read the authorization") { try library.authorization() }
    }

    public func setAuthorization(_ authorization: PhotoAuthorization) throws {
        try logged("store the authorization \(authorization.rawValue)") { try library.setAuthorization(authorization) }
    }

    public func photos() throws -> [Photo] {
        try logged("read the photos") { try library.photos() }
    }

    public func workLocations() throws -> [WorkLocation] {
        try logged("read the work locations") { try library.workLocations() }
    }

    public func picture(ofPhoto id: Int64) throws -> RGBImage? {
        try logged("read the picture of photo \(id)") { try library.picture(ofPhoto: id) }
    }

    public func replacePicture(ofPhoto id: Int64, with picture: RGBImage) throws {
        try logged("replace the picture of photo \(id)") { try library.replacePicture(ofPhoto: id, with: picture) }
    }

    public func deletePhotos(_ ids: [Int64]) throws {
        try logged("delete \(PhotoFormatting.count(ids.count))") { try library.deletePhotos(ids) }
    }

    public func recordUpload(_ ids: [Int64], at date: Date, destination: String) throws {
        try logged("record the upload of \(PhotoFormatting.count(ids.count))") {
            try library.recordUpload(ids, at: date, destination: destination)
        }
    }

    public func lastUpload() throws -> UploadRecord? {
        try logged("read the last upload") { try library.lastUpload() }
    }

    private func logged<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            logger.log("photos: cannot \(what): \(error)")
            throw error
        }
    }
}
