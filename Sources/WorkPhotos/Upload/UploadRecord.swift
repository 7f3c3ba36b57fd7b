import Foundation

/// One finished upload, as the library remembers it (the glance shows the last one).
public struct UploadRecord: Equatable, Sendable {
    public var date: Date
    public var photoCount: Int
    /// Where the photos went (the drive's receipt).
    public var destination: String

    public init(date: Date, photoCount: Int, destination: String) {
        self.date = date
        self.photoCount = photoCount
        self.destination = destination
    }
}
