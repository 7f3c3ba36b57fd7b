import Foundation

/// Where work photos are uploaded: a folder on a drive, or the test stub.
///
/// Calls do I/O and may take long: presenters make them through the scheduler.
public protocol Drive: Sendable {
    /// Uploads `photos`, reading each one's picture from `picture` when it is needed (a large
    /// upload is never all in memory). All or nothing: when it throws, nothing of this upload is on
    /// the drive.
    func upload(_ photos: [Photo], at date: Date, picture: (Photo) throws -> RGBImage) throws -> DriveReceipt
}

/// What an upload left on the drive.
public struct DriveReceipt: Equatable, Sendable {
    /// Where the photos went, as a person reads it: a folder's path, or "the test drive".
    public var destination: String

    public init(destination: String) {
        self.destination = destination
    }
}

/// An upload that could not start or could not finish.
public enum UploadError: Error, Equatable, UserFacingError, CustomStringConvertible {
    /// A photo to upload has no picture in the library any more (deleted meanwhile, or lost).
    case pictureMissing(name: String)
    /// Nothing selected is still in the library.
    case nothingToUpload

    public var userMessage: String {
        switch self {
        case let .pictureMissing(name): "the picture of \(name) is missing from the library"
        case .nothingToUpload: "none of those photos is in the library any more"
        }
    }

    public var description: String { userMessage }
}
