import Foundation

/// One upload as background work: reads each photo's picture from the library as the drive asks
/// for it, uploads, then records the upload in the library (for the glance).
///
/// A photo with no picture fails the whole upload before anything is left on the drive.
public struct PhotoUpload: Sendable {
    public let photos: [Photo]
    public let date: Date

    public init(photos: [Photo], date: Date) {
        self.photos = photos
        self.date = date
    }

    public func run(library: any PhotoLibrary, drive: any Drive) throws -> DriveReceipt {
        guard !photos.isEmpty else { throw UploadError.nothingToUpload }
        let receipt = try drive.upload(photos, at: date) { photo in
            guard let picture = try library.picture(ofPhoto: photo.id) else { throw UploadError.pictureMissing(name: photo.name) }
            return picture
        }
        try library.recordUpload(photos.map(\.id), at: date, destination: receipt.destination)
        return receipt
    }
}
