import GRDB

/// The store's named migrations, applied in order when a store is opened or created.
enum Schema {
    static let first = "v1 photos, library, work locations"

    /// The columns each table must have once every migration is applied: what opening checks.
    static let expectedColumns: [(String, [String])] = [
        ("photo", ["id", "name", "takenAt", "latitude", "longitude", "place", "width", "height", "pixels"]),
        ("library", ["id", "authorization"]),
        ("workLocation", ["id", "name", "latitude", "longitude", "radius"]),
        ("upload", ["id", "photoId", "uploadedAt", "destination"]),
        ("deletion", ["photoName", "deletedAt"]),
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(first) { db in
            try db.create(table: "photo") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique()
                // Seconds since 1970, UTC: sorts and compares as a number.
                t.column("takenAt", .double).notNull().indexed()
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("place", .text).notNull()
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
                // Raw RGB bytes, row by row: width * height * 3.
                t.column("pixels", .blob).notNull()
            }
            try db.create(table: "library") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("authorization", .text).notNull()
                    .check { ["notDetermined", "authorized", "denied"].contains($0) }
            }
            try db.execute(sql: "INSERT INTO library (id, authorization) VALUES (1, 'notDetermined')")
            try db.create(table: "workLocation") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("radius", .double).notNull()
            }
        }
        migrator.registerMigration("v2 uploads and deletions") { db in
            try db.create(table: "upload") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("photo", onDelete: .cascade).notNull()
                t.column("uploadedAt", .double).notNull()
                t.column("destination", .text).notNull()
            }
            try db.create(table: "deletion") { t in
                t.primaryKey("photoName", .text)
                t.column("deletedAt", .double).notNull()
            }
        }
        return migrator
    }
}
