import Foundation

/// Why the photo store could not be used. Messages name the file and say what to do.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// No file at the path: the app never creates a store, the seeder does.
    case missing(path: String)
    /// The file exists but could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The file is not a WorkPhotos store (another database, or not a database at all).
    case notAStore(path: String, reason: String)
    /// The store was written by a newer WorkPhotos, with migrations this one does not know.
    case newerVersion(path: String, unknownMigrations: [String])
    /// SQLite refused a statement: its result code, its message and the statement.
    case sqlite(path: String, code: Int32, message: String, statement: String?)

    public var description: String {
        switch self {
        case let .missing(path):
            return "no photo store at \(path); create one with: workphotos-seed --store \(path)"
        case let .unreadable(path, reason):
            return "cannot read the photo store at \(path): \(reason)"
        case let .notAStore(path, reason):
            return "\(path) is not a WorkPhotos photo store (\(reason)); it was left untouched. "
                + "Point -photos.store at a store made by workphotos-seed"
        case let .newerVersion(path, unknown):
            return "the photo store at \(path) was written by a newer WorkPhotos (unknown migrations: "
                + unknown.joined(separator: ", ") + ")"
        case let .sqlite(path, code, message, statement):
            return "SQLite error \(code) in \(path): \(message)" + (statement.map { " (statement: \($0))" } ?? "")
        }
    }
}
