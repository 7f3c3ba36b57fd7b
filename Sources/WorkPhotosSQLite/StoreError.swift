import Foundation
import WorkPhotos

/// Why the photo store could not be used. Messages name the file and say what to do.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// No file at the path: the app never creates a store, the seeder does.
    case missing(path: String)
    /// The file exists but could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The store could not be written (permissions, a read-only file system, a full disk).
    case unwritable(path: String, reason: String)
    /// The file is not a WorkPhotos store (another database, or not a database at all).
    case notAStore(path: String, reason: String)
    /// The store was written by a newer WorkPhotos, with migrations this one does not know.
    case newerVersion(path: String, unknownMigrations: [String])
    /// The file is a WorkPhotos store, but what it holds breaks the store's promises: SQLite's
    /// integrity check fails, a table or the library row is missing, or a value has the wrong type.
    case damaged(path: String, reason: String)
    /// Another file was put at the store's path while the app had the store open (a reseed).
    case replaced(path: String)
    /// SQLite refused a statement: its result code, its message and the statement.
    case sqlite(path: String, code: Int32, message: String, statement: String?)

    public var description: String {
        switch self {
        case let .missing(path):
            return "no photo store at \(path); create one with: workphotos-seed --store \(path)"
        case let .unreadable(path, reason):
            return "cannot read the photo store at \(path): \(reason)"
        case let .unwritable(path, reason):
            return "cannot write to the photo store at \(path): \(reason)"
        case let .notAStore(path, reason):
            return "\(path) is not a WorkPhotos photo store (\(reason)); it was left untouched. "
                + "Point -photos.store at a store made by workphotos-seed"
        case let .newerVersion(path, unknown):
            return "the photo store at \(path) was written by a newer WorkPhotos (unknown migrations: "
                + unknown.joined(separator: ", ") + ")"
        case let .damaged(path, reason):
            return "the photo store at \(path) is damaged: \(reason); it was left as it is. "
                + "Reset it with: workphotos-seed --force --store \(path)"
        case let .replaced(path):
            return "the photo store at \(path) was replaced while WorkPhotos had it open (reseeded?); restart WorkPhotos to read the new one"
        case let .sqlite(path, code, message, statement):
            return "SQLite error \(code) in \(path): \(message)" + (statement.map { " (statement: \($0))" } ?? "")
        }
    }
}

extension StoreError: UserFacingError {
    /// What a screen shows: what happened and what to do, never SQL.
    public var userMessage: String {
        switch self {
        case .unwritable:
            return "the photo store cannot be written; the log says why"
        case .missing, .notAStore, .unreadable:
            return "the photo store cannot be opened; the log says why"
        case .newerVersion:
            return "the photo store was written by a newer WorkPhotos"
        case .damaged:
            return "the photo store is damaged; reset it with workphotos-seed --force"
        case .replaced:
            return "the photo store was replaced while WorkPhotos was running; restart WorkPhotos"
        case .sqlite:
            return "the photo store could not be used; the log says why"
        }
    }
}
