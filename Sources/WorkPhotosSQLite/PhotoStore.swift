import Foundation
import GRDB
import WorkPhotos

/// The photo store: one SQLite file holding photos, the library's authorization, work locations,
/// uploads and deletions. It is the app's real `PhotoLibrary`.
///
/// `open(at:)` only opens a store that exists and is a WorkPhotos store; `create(at:)` makes a new
/// one. Nothing here ever replaces or recreates a file it did not create.
public final class PhotoStore: PhotoLibrary, Sendable {
    public let path: String
    private let queue: DatabaseQueue
    /// The file opened (device and inode): a different file at `path` means the store was replaced.
    private let identity: FileIdentity?

    private init(path: String, queue: DatabaseQueue) {
        self.path = path
        self.queue = queue
        self.identity = FileIdentity(path: path)
    }

    /// Opens the existing store at `path`, applying any migrations it lacks.
    public static func open(at path: String) throws(StoreError) -> PhotoStore {
        try checkFile(at: path)
        let queue = try wrap(path) { try DatabaseQueue(path: path, configuration: configuration) }
        try wrap(path) {
            try queue.read { db in try checkIsStore(db, path: path) }
            try Schema.migrator.migrate(queue)
            try queue.read { db in try checkIsHealthy(db, path: path) }
        }
        return PhotoStore(path: path, queue: queue)
    }

    /// The checks of `open(at:)` that need no SQLite: a file is at `path`, not a directory, and
    /// readable. Cheap (three system calls), so the app makes them before its first screen and
    /// opens the store itself in the background (``OpeningPhotoStore``).
    public static func checkFile(at path: String) throws(StoreError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path: path) }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "it is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
    }

    /// Checks, without writing anything, that the file at `path` is a WorkPhotos store (its
    /// migrations table names ours). The seeder asks before it replaces a file. A store damaged
    /// elsewhere still counts: reseeding is its cure.
    public static func identify(at path: String) throws(StoreError) {
        var configuration = configuration
        configuration.readonly = true
        let queue = try wrap(path) { try DatabaseQueue(path: path, configuration: configuration) }
        try wrap(path) {
            try queue.read { db in try checkIsStore(db, path: path) }
            try queue.close()
        }
    }

    /// Creates a new, empty store at `path`, which must not exist yet.
    public static func create(at path: String) throws(StoreError) -> PhotoStore {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw .unreadable(path: path, reason: "a file is already there; a new store is only made at a new path")
        }
        let queue = try wrap(path) { try DatabaseQueue(path: path, configuration: configuration) }
        try wrap(path) { try Schema.migrator.migrate(queue) }
        return PhotoStore(path: path, queue: queue)
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "WorkPhotos.PhotoStore"
        // A seeding that is killed must leave a complete previous store: the rollback journal
        // keeps a store a single self-contained file, which is what the seeder renames into place.
        configuration.journalMode = .default
        configuration.busyMode = .timeout(5)
        return configuration
    }

    /// A WorkPhotos store has the migrations table with our first migration in it, and no
    /// migration we do not know. Anything else is left alone.
    private static func checkIsStore(_ db: Database, path: String) throws {
        guard try db.tableExists("grdb_migrations") else {
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' LIMIT 3")
            throw StoreError.notAStore(path: path, reason: tables.isEmpty
                ? "it is an empty database"
                : "it holds other tables: \(tables.joined(separator: ", "))")
        }
        let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        guard applied.contains(Schema.first) else {
            throw StoreError.notAStore(path: path, reason: "it has no photo tables")
        }
        let known = Set(Schema.migrator.migrations)
        let unknown = applied.filter { !known.contains($0) }
        if !unknown.isEmpty { throw StoreError.newerVersion(path: path, unknownMigrations: unknown) }
    }

    /// What opening promises: SQLite's quick check passes, every table has its columns, and the
    /// library row holds a known authorization. Values are checked again, row by row, when read.
    private static func checkIsHealthy(_ db: Database, path: String) throws {
        let check = try String.fetchAll(db, sql: "PRAGMA quick_check(1)")
        guard check == ["ok"] else {
            throw StoreError.damaged(path: path, reason: "SQLite's integrity check fails (\(check.first ?? "no answer"))")
        }
        for (table, columns) in Schema.expectedColumns {
            guard try db.tableExists(table) else { throw StoreError.damaged(path: path, reason: "its \(table) table is missing") }
            let present = Set(try db.columns(in: table).map(\.name))
            if let missing = columns.first(where: { !present.contains($0) }) {
                throw StoreError.damaged(path: path, reason: "its \(table) table has no \(missing) column")
            }
        }
        _ = try readAuthorization(db, path: path)
    }

    private static func readAuthorization(_ db: Database, path: String) throws -> PhotoAuthorization {
        let rows = try Row.fetchAll(db, sql: "SELECT authorization FROM library WHERE id = 1")
        guard let row = rows.first else { throw StoreError.damaged(path: path, reason: "its library row is missing") }
        let raw: String? = try? row.decode(forColumn: "authorization")
        guard let raw, let value = PhotoAuthorization(rawValue: raw) else {
            let shown = raw.map { "\"\($0.prefix(40))\"" } ?? "a value that is not text"
            throw StoreError.damaged(path: path, reason: "its library authorization is \(shown), not one of notDetermined, authorized, denied")
        }
        return value
    }

    // MARK: - PhotoLibrary

    public func authorization() throws -> PhotoAuthorization {
        try read { db in try Self.readAuthorization(db, path: path) }
    }

    public func setAuthorization(_ authorization: PhotoAuthorization) throws {
        try write { db in
            try db.execute(sql: "UPDATE library SET authorization = ? WHERE id = 1", arguments: [authorization.rawValue])
        }
    }

    public func photos() throws -> [Photo] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, name, takenAt, latitude, longitude, place, width, height FROM photo
                WHERE name NOT IN (SELECT photoName FROM deletion) ORDER BY takenAt, id
                """).map { row in
                let values = RowReader(row: row, table: "photo", path: path)
                return Photo(
                    id: try values["id"], name: try values["name"], takenAt: Date(timeIntervalSince1970: try values["takenAt"]),
                    coordinate: Coordinate(latitude: try values["latitude"], longitude: try values["longitude"]),
                    place: try values["place"], width: try values["width"], height: try values["height"]
                )
            }
        }
    }

    public func workLocations() throws -> [WorkLocation] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, latitude, longitude, radius FROM workLocation ORDER BY id").map { row in
                let values = RowReader(row: row, table: "workLocation", path: path)
                return WorkLocation(
                    name: try values["name"], coordinate: Coordinate(latitude: try values["latitude"], longitude: try values["longitude"]),
                    radius: try values["radius"]
                )
            }
        }
    }

    public func picture(ofPhoto id: Int64) throws -> RGBImage? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, width, height, pixels FROM photo WHERE id = ?", arguments: [id]) else { return nil }
            let values = RowReader(row: row, table: "photo", path: path)
            let width: Int = try values["width"], height: Int = try values["height"]
            let pixels: Data = try values["pixels"]
            guard let picture = RGBImage(width: width, height: height, pixels: Array(pixels)) else {
                throw StoreError.damaged(path: path, reason: "photo \(id) has \(pixels.count) bytes of pixels for \(width)×\(height)")
            }
            return picture
        }
    }

    public func replacePicture(ofPhoto id: Int64, with picture: RGBImage) throws {
        try write { db in
            let pixels = picture.pixels.withUnsafeBufferPointer { Data(buffer: $0) }
            try db.execute(
                sql: "UPDATE photo SET pixels = ? WHERE id = ? AND width = ? AND height = ?",
                arguments: [pixels, id, picture.width, picture.height]
            )
            guard db.changesCount == 1 else {
                throw StoreError.damaged(path: path, reason: "photo \(id) is not there, or is not \(picture.width)×\(picture.height)")
            }
        }
    }

    /// Records the photos as deleted (the `deletion` table): `photos()` lists them no more.
    public func deletePhotos(_ ids: [Int64]) throws {
        try write { db in
            let now = Date().timeIntervalSince1970
            for id in ids {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO deletion (photoName, deletedAt) SELECT name, ? FROM photo WHERE id = ?",
                    arguments: [now, id]
                )
            }
        }
    }

    /// One `upload` row per photo, all with the same time and destination: that pair is the upload.
    public func recordUpload(_ ids: [Int64], at date: Date, destination: String) throws {
        try write { db in
            let insert = try db.cachedStatement(sql: "INSERT INTO upload (photoId, uploadedAt, destination) VALUES (?, ?, ?)")
            for id in ids {
                try insert.execute(arguments: [id, date.timeIntervalSince1970, destination])
            }
        }
    }

    public func lastUpload() throws -> UploadRecord? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT uploadedAt, destination, COUNT(*) AS photoCount FROM upload
                GROUP BY uploadedAt, destination ORDER BY uploadedAt DESC, MAX(id) DESC LIMIT 1
                """) else { return nil }
            let values = RowReader(row: row, table: "upload", path: path)
            return UploadRecord(
                date: Date(timeIntervalSince1970: try values["uploadedAt"]), photoCount: try values["photoCount"],
                destination: try values["destination"]
            )
        }
    }

    /// The RGB bytes of photo `id`, or nil if there is no such photo.
    public func pixels(ofPhoto id: Int64) throws -> [UInt8]? {
        try read { db in
            try Data.fetchOne(db, sql: "SELECT pixels FROM photo WHERE id = ?", arguments: [id]).map { Array($0) }
        }
    }

    // MARK: - Seeding

    /// Fills an empty store in one transaction: authorization, work locations, then photos as the
    /// sequence yields them (so a fixture of ten thousand photos is never all in memory).
    /// - Parameter afterEach: called after each photo is inserted with the count so far; throwing
    ///   from it rolls the whole transaction back.
    public func fill(
        authorization: PhotoAuthorization, workLocations: [WorkLocation], photos: some Sequence<NewPhoto>,
        afterEach: (Int) throws -> Void = { _ in }
    ) throws {
        try write { db in
            try db.execute(sql: "UPDATE library SET authorization = ? WHERE id = 1", arguments: [authorization.rawValue])
            for location in workLocations {
                try db.execute(
                    sql: "INSERT INTO workLocation (name, latitude, longitude, radius) VALUES (?, ?, ?, ?)",
                    arguments: [location.name, location.coordinate.latitude, location.coordinate.longitude, location.radius]
                )
            }
            let insert = try db.cachedStatement(sql: """
                INSERT INTO photo (name, takenAt, latitude, longitude, place, width, height, pixels)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            var count = 0
            for photo in photos {
                let pixels = photo.pixels.withUnsafeBufferPointer { Data(buffer: $0) }
                try insert.execute(arguments: [
                    photo.name, photo.takenAt.timeIntervalSince1970, photo.coordinate.latitude,
                    photo.coordinate.longitude, photo.place, photo.width, photo.height, pixels,
                ])
                count += 1
                try afterEach(count)
            }
        }
    }

    // MARK: - Access

    /// Database errors become `StoreError`; an error thrown by the caller's own code passes through.
    /// Also checks that the file at `path` is still the one opened: a store replaced under a
    /// running app is said plainly, instead of answering from the unlinked old file.
    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        try checkNotReplaced()
        do { return try queue.read(body) } catch let error as DatabaseError { throw Self.storeError(error, path) }
    }

    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        try checkNotReplaced()
        do { return try queue.write(body) } catch let error as DatabaseError { throw Self.storeError(error, path, writing: true) }
    }

    private func checkNotReplaced() throws(StoreError) {
        guard let identity, FileIdentity(path: path) == identity else { throw .replaced(path: path) }
    }

    /// Runs store set-up, where every failure is the store's.
    private static func wrap<T>(_ path: String, _ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw storeError(error, path)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// GRDB's error as a `StoreError`, keeping SQLite's code, message and statement.
    private static func storeError(_ error: DatabaseError, _ path: String, writing: Bool = false) -> StoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .notAStore(path: path, reason: "it is not an SQLite database")
        case .SQLITE_CORRUPT:
            return .damaged(path: path, reason: "SQLite cannot read it (\(error.message ?? "corrupt"))")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_FULL, .SQLITE_IOERR:
            let reason = error.message ?? "\(error.resultCode)"
            return writing ? .unwritable(path: path, reason: reason) : .unreadable(path: path, reason: reason)
        default:
            return .sqlite(path: path, code: error.resultCode.rawValue, message: error.message ?? "", statement: error.sql)
        }
    }

    /// Closes the file. The store cannot be used afterwards; the seeder closes before renaming.
    public func close() throws {
        try Self.wrap(path) { try queue.close() }
    }
}

/// One row's values, each checked for its type: a value of the wrong type (a text date, a blob
/// name) is a `StoreError.damaged` naming the table, the row and the column, never a crash.
private struct RowReader {
    let row: Row
    let table: String
    let path: String

    subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value {
        get throws {
            guard let value = try? row.decode(Value.self, forColumn: column) else {
                let id = (try? row.decode(Int64.self, forColumn: "id")).map { " \($0)" } ?? ""
                throw StoreError.damaged(path: path, reason: "\(table)\(id) has a \(column) that is not \(Self.describe(Value.self))")
            }
            return value
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Double.Type: "a number"
        case is Int.Type, is Int64.Type: "a whole number"
        default: "\(type)"
        }
    }
}

/// A file's device and inode: the same path may name another file after a rename over it.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
