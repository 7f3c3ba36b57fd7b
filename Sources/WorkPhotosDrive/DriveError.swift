import WorkPhotos

/// Why the drive folder could not take an upload. Messages name the folder and say what to do.
public enum DriveError: Error, Equatable, UserFacingError, CustomStringConvertible {
    case folderMissing(path: String)
    case notAFolder(path: String)
    case notWritable(path: String, reason: String)
    /// A file of the upload could not be written (a full disk, a folder made read-only meanwhile).
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .folderMissing(path): "the drive folder \(path) does not exist; make it, or point -drive.folder at another"
        case let .notAFolder(path): "the drive folder \(path) is not a folder; point -drive.folder at a folder"
        case let .notWritable(path, reason): "the drive folder \(path) cannot be written (\(reason))"
        case let .writeFailed(path, reason): "cannot write \(path) (\(reason)); nothing of this upload was kept"
        }
    }

    public var userMessage: String {
        switch self {
        case let .folderMissing(path): "the drive folder \(path) does not exist"
        case let .notAFolder(path): "the drive folder \(path) is not a folder"
        case let .notWritable(path, _): "the drive folder \(path) cannot be written"
        case .writeFailed: "a file could not be written to the drive (is it full?); nothing of this upload was kept"
        }
    }
}
