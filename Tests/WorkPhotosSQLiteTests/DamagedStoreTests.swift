import Foundation
import GRDB
import Testing
import WorkPhotos
import WorkPhotosSQLite
import WorkPhotosTesting

/// A store that breaks its promises is an error naming the file and what is wrong: never a crash,
/// never raw SQL on a screen, and the file is left as it was.
struct DamagedStoreTests {
    @Test(arguments: [
        ("UPDATE photo SET takenAt = 'yesterday' WHERE id = 2", "photo 2 has a takenAt that is not a number"),
        ("UPDATE photo SET width = 'wide' WHERE id = 1", "photo 1 has a width that is not a whole number"),
        ("UPDATE photo SET name = x'FFFE00' WHERE id = 3", "photo 3 has a name that is not text"),
        ("UPDATE photo SET latitude = NULL WHERE id = 1", "photo 1 has a latitude that is not a number"),
        ("UPDATE workLocation SET radius = 'far'", "workLocation 1 has a radius that is not a number"),
    ])
    func givenAValueOfTheWrongTypeWhenReadThenTheStoreSaysWhichRowAndColumn(sql: String, reason: String) throws {
        let (directory, path) = try makeStore()
        defer { directory.remove() }
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "PRAGMA writable_schema = ON")
            // The NOT NULL and type affinity are the schema's; this store was edited by hand.
            try db.execute(sql: "UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', '') WHERE name IN ('photo', 'workLocation')")
        }
        try DatabaseQueue(path: path).write { try $0.execute(sql: sql) }
        let store = try PhotoStore.open(at: path)

        #expect(throws: StoreError.damaged(path: path, reason: reason)) {
            _ = try store.photos()
            _ = try store.workLocations()
        }
        let error = StoreError.damaged(path: path, reason: reason)
        #expect(!error.userMessage.contains("SELECT"))
        #expect(error.userMessage == "the photo store is damaged; reset it with workphotos-seed --force")
    }

    @Test(arguments: [
        ("DROP TABLE photo", "its photo table is missing"),
        ("DELETE FROM library", "its library row is missing"),
        ("UPDATE library SET authorization = 'bogus'", "SQLite's integrity check fails (CHECK constraint failed in library)"),
        ("ALTER TABLE workLocation DROP COLUMN radius", "its workLocation table has no radius column"),
    ])
    func givenABrokenPromiseWhenOpenedThenItIsDamagedAndUntouched(sql: String, reason: String) throws {
        let (directory, path) = try makeStore()
        defer { directory.remove() }
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: sql)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect(throws: StoreError.damaged(path: path, reason: reason)) { try PhotoStore.open(at: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func givenAByteFlippedInAPageWhenOpenedThenTheIntegrityCheckSaysItIsDamaged() throws {
        let (directory, path) = try makeStore(photos: 300)
        defer { directory.remove() }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Flip one byte inside the photo table's last leaf page: the b-tree no longer adds up.
        let offset = bytes.count - 4096 + 40
        bytes[offset] ^= 0xFF
        bytes[offset + 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))

        #expect {
            try PhotoStore.open(at: path)
        } throws: { error in
            guard case let .damaged(_, reason)? = error as? StoreError else { return false }
            return reason.hasPrefix("SQLite's integrity check fails")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func givenTheStoreIsReplacedUnderAnOpenStoreThenReadsAndWritesSaySo() throws {
        let (directory, path) = try makeStore()
        defer { directory.remove() }
        let store = try PhotoStore.open(at: path)
        #expect(try store.photos().count == 3)

        // What workphotos-seed does: a new file renamed over the old one.
        let replacement = directory.path("new.sqlite")
        try PhotoStore.create(at: replacement).close()
        #expect(rename(replacement, path) == 0)

        #expect(throws: StoreError.replaced(path: path)) { try store.photos() }
        #expect(throws: StoreError.replaced(path: path)) { try store.setAuthorization(.authorized) }
        #expect(StoreError.replaced(path: path).userMessage == "the photo store was replaced while WorkPhotos was running; restart WorkPhotos")
    }

    @Test func aWriteThatFailsSaysWriteNotRead() {
        #expect(StoreError.unwritable(path: "/s", reason: "attempt to write a readonly database").description
            == "cannot write to the photo store at /s: attempt to write a readonly database")
    }

    // MARK: - Helpers

    private func makeStore(photos count: Int = 3) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        let store = try PhotoStore.create(at: path)
        try store.fill(authorization: .authorized, workLocations: [PhotoFactory.office], photos: (1...count).map {
            NewPhoto(name: "p\($0)", takenAt: PhotoFactory.june1(9), coordinate: PhotoFactory.atOffice, place: "Office",
                     width: 4, height: 4, pixels: [UInt8](repeating: UInt8($0 % 256), count: 48))
        })
        try store.close()
        return (directory, path)
    }
}
