import Foundation
import PresenterKit

/// A drive that writes every error it passes on to the log, in full, before the screen shows its
/// short user message (as `LoggingPhotoLibrary` does for the library).
public struct LoggingDrive: Drive {
    private let drive: any Drive
    private let logger: any EventLogging

    public init(_ drive: any Drive, logger: any EventLogging) {
        self.drive = drive
        self.logger = logger
    }

    public func upload(_ photos: [Photo], at date: Date, picture: (Photo) throws -> RGBImage) throws -> DriveReceipt {
        do {
            let receipt = try drive.upload(photos, at: date, picture: picture)
            logger.log("drive: uploaded \(PhotoFormatting.count(photos.count)) to \(receipt.destination)")
            return receipt
        } catch {
            logger.log("drive: cannot upload \(PhotoFormatting.count(photos.count)): \(error)")
            throw error
        }
    }
}
