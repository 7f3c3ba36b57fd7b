import Foundation
import GRDB
import Testing
import WorkPhotos
import WorkPhotosSQLite
import WorkPhotosTesting

struct PhotoStoreTests {
    @Test func givenNoFileWhenOpenedThenItSaysHowToMakeOneAndCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("missing.sqlite")

        #expect(throws: StoreError.missing(path: path)) { try PhotoStore.open(at: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(StoreError.missing(path: "/x.sqlite").description
            == "no photo store at /x.sqlite; create one with: workphotos-seed --store /x.sqlite")
    }

    @Test func givenADirectoryWhenOpenedThenItIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: StoreError.unreadable(path: directory.url.path, reason: "it is a directory")) {
            try PhotoStore.open(at: directory.url.path)
        }
    }

    @Test func givenATextFileWhenOpenedThenItIsNotAStoreAndIsLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("notes.sqlite")
        let bytes = Data(String(repeating: "my precious notes\n", count: 300).utf8)
        try bytes.write(to: URL(fileURLWithPath: path))

        #expect(throws: StoreError.notAStore(path: path, reason: "it is not an SQLite database")) {
            try PhotoStore.open(at: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func givenAnotherAppsDatabaseWhenOpenedThenItIsNotAStoreAndGainsNoTables() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("other.sqlite")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY)") }

        #expect(throws: StoreError.notAStore(path: path, reason: "it holds other tables: invoices")) {
            try PhotoStore.open(at: path)
        }
        let tables = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") }
        #expect(tables == ["invoices"])
    }

    @Test func givenAnEmptyFileWhenOpenedThenItIsNotAStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: StoreError.notAStore(path: path, reason: "it is an empty database")) { try PhotoStore.open(at: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }

    @Test func givenAStoreFromANewerVersionWhenOpenedThenItSaysSo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("store.sqlite")
        try PhotoStore.create(at: path).close()
        try DatabaseQueue(path: path).write {
            try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9 from the future')")
        }
        #expect(throws: StoreError.newerVersion(path: path, unknownMigrations: ["v9 from the future"])) {
            try PhotoStore.open(at: path)
        }
    }

    @Test func givenADamagedStoreWhenReadThenTheErrorIsClearNotACrash() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("store.sqlite")
        let store = try PhotoStore.create(at: path)
        try store.fill(authorization: .authorized, workLocations: [], photos: (1...200).map {
            NewPhoto(name: "p\($0)", takenAt: PhotoFactory.june1(9), coordinate: PhotoFactory.atOffice, place: "Office",
                     width: 16, height: 16, pixels: [UInt8](repeating: UInt8($0 % 256), count: 768))
        })
        try store.close()
        // Scribble over the pages after the schema (page 1 holds the header and schema).
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 8192)
        handle.write(Data(repeating: 0xA5, count: 65_536))
        try handle.close()

        #expect {
            try PhotoStore.open(at: path).photos()
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.description.contains(path)
        }
    }

    @Test func createRefusesToReplaceAnExistingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("store.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep".utf8)))
        #expect(throws: StoreError.self) { try PhotoStore.create(at: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep")
    }

    @Test func givenAStoreWhenReopenedThenPhotosAndAuthorizationSurvive() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("store.sqlite")
        let store = try PhotoStore.create(at: path)
        let pixels: [UInt8] = [1, 2, 3, 4, 5, 6]
        try store.fill(authorization: .denied, workLocations: [PhotoFactory.office], photos: [
            NewPhoto(name: "a", takenAt: PhotoFactory.june1(9), coordinate: PhotoFactory.atOffice, place: "Office", width: 2, height: 1, pixels: pixels),
        ])
        try store.close()

        let reopened = try PhotoStore.open(at: path)

        #expect(try reopened.authorization() == .denied)
        let photo = try #require(try reopened.photos().first)
        #expect(try reopened.pixels(ofPhoto: photo.id) == pixels)
        #expect(try reopened.pixels(ofPhoto: 999) == nil)
    }

    @Test func aFailureWhileFillingRollsEverythingBack() throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try PhotoStore.create(at: directory.path("store.sqlite"))
        let photos = (1...5).map {
            NewPhoto(name: "p\($0)", takenAt: PhotoFactory.june1(9), coordinate: PhotoFactory.atOffice, place: "Office", width: 1, height: 1, pixels: [0, 0, 0])
        }

        #expect(throws: Stop.self) {
            try store.fill(authorization: .authorized, workLocations: [PhotoFactory.office], photos: photos) { count in
                if count == 3 { throw Stop() }
            }
        }
        #expect(try store.photos().isEmpty)
        #expect(try store.authorization() == .notDetermined)
        #expect(try store.workLocations().isEmpty)
    }

    @Test func givenAPhotoWhenItsPictureIsReplacedThenTheNewPictureIsReadBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try PhotoStore.create(at: directory.path("store.sqlite"))
        try store.fill(authorization: .authorized, workLocations: [], photos: [
            NewPhoto(name: "a", takenAt: PhotoFactory.june1(9), coordinate: PhotoFactory.atOffice, place: "Office", width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6]),
        ])
        let id = try #require(try store.photos().first?.id)
        #expect(try store.picture(ofPhoto: id) == RGBImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6]))
        #expect(try store.picture(ofPhoto: 999) == nil)

        let replacement = try #require(RGBImage(width: 2, height: 1, pixels: [9, 9, 9, 8, 8, 8]))
        try store.replacePicture(ofPhoto: id, with: replacement)
        #expect(try store.picture(ofPhoto: id) == replacement)

        let wrongSize = try #require(RGBImage(width: 1, height: 1, pixels: [0, 0, 0]))
        #expect(throws: StoreError.self) { try store.replacePicture(ofPhoto: id, with: wrongSize) }
        #expect(try store.picture(ofPhoto: id) == replacement, "a picture of another size is refused")
    }

    @Test func givenPhotosWhenSomeAreDeletedThenTheyAreListedNoMoreEvenAfterReopening() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("store.sqlite")
        let store = try PhotoStore.create(at: path)
        try store.fill(authorization: .authorized, workLocations: [], photos: ["a", "b", "c"].map {
            NewPhoto(name: $0, takenAt: PhotoFactory.june1(9), coordinate: PhotoFactory.atOffice, place: "Office", width: 1, height: 1, pixels: [0, 0, 0])
        })
        let ids = try store.photos().map(\.id)
        try store.deletePhotos([ids[0], ids[2], 999])
        try store.deletePhotos([ids[0]])  // twice is harmless
        #expect(try store.photos().map(\.name) == ["b"])
        try store.close()
        #expect(try PhotoStore.open(at: path).photos().map(\.name) == ["b"])
    }
}
