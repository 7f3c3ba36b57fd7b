import Foundation

/// The user's photo library. Calls may touch the disk: presenters make them through the scheduler.
public protocol PhotoLibrary: Sendable {
    func authorization() throws -> PhotoAuthorization
    func setAuthorization(_ authorization: PhotoAuthorization) throws
    /// Every photo's metadata, oldest first.
    func photos() throws -> [Photo]
    func workLocations() throws -> [WorkLocation]
    /// The picture of photo `id`, or nil if there is no such photo.
    func picture(ofPhoto id: Int64) throws -> RGBImage?
    /// Replaces the picture of photo `id` (Show & Hide's Apply) with one of the same size.
    func replacePicture(ofPhoto id: Int64, with picture: RGBImage) throws
    /// Removes the photos from the library: they are listed no more.
    func deletePhotos(_ ids: [Int64]) throws
    /// Remembers that photos `ids` were uploaded together at `date` to `destination`.
    func recordUpload(_ ids: [Int64], at date: Date, destination: String) throws
    /// The latest upload, or nil if nothing was ever uploaded.
    func lastUpload() throws -> UploadRecord?
}

/// Asks the system for access to the photo library, the first time only.
///
/// On a phone the OS draws that question over the app; here the text UI's system layer does.
@MainActor
public protocol PhotoAccessRequesting: AnyObject {
    /// Calls back with the stored answer, or asks the user first if they were never asked.
    func requestAccess(_ completion: @escaping @MainActor (PhotoAuthorization) -> Void)
}
