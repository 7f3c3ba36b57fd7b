import Foundation
import Testing
import WorkPhotos
import WorkPhotosSeeding
import WorkPhotosSQLite

struct SeederTests {
    static var seeds: FixtureCatalog {
        FixtureCatalog(directory: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Seeds"))
    }

    @Test func theDefaultFixtureHasEightWorkPhotosAndOneOther() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let (fixture, _) = try Self.seeds.load("default")

        let report = try Seeder.reset(storeAt: folder.store, to: fixture)

        let store = try PhotoStore.open(at: folder.store)
        let split = WorkPhotoClassifier(locations: try store.workLocations()).split(try store.photos())
        #expect(report.photoCount == 9)
        #expect(split.work.count == 8)
        #expect(split.other.map(\.place) == ["Regent's Park"])
        #expect(Set(split.work.map { Calendar.utc.component(.day, from: $0.takenAt) }) == [1])
        #expect(Calendar.utc.component(.day, from: split.other[0].takenAt) == 6)
        #expect(try store.authorization() == .notDetermined)
    }

    @Test func theLargeFixtureHasTenThousandPhotos() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let (fixture, _) = try Self.seeds.load("large")
        try Seeder.reset(storeAt: folder.store, to: fixture)
        let photos = try PhotoStore.open(at: folder.store).photos()
        #expect(photos.count == 10_000)
        #expect(photos.first?.name == "office-desk-00001")
        #expect(photos.last?.name == "park-walk-10000")
    }

    @Test func aResetReplacesThePreviousStoreWhole() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let (fixture, _) = try Self.seeds.load("default")
        try Seeder.reset(storeAt: folder.store, to: fixture)
        try PhotoStore.open(at: folder.store).setAuthorization(.denied)

        try Seeder.reset(storeAt: folder.store, to: fixture)

        let store = try PhotoStore.open(at: folder.store)
        #expect(try store.authorization() == .notDetermined)
        #expect(try store.photos().count == 9)
        #expect(try folder.leftovers().isEmpty, "no temporary file is left behind")
    }

    @Test func aSeedingThatFailsHalfWayLeavesThePreviousStoreByteForByte() throws {
        struct Interrupted: Error {}
        let folder = try Folder()
        defer { folder.remove() }
        let (small, _) = try Self.seeds.load("default")
        let (large, _) = try Self.seeds.load("large")
        try Seeder.reset(storeAt: folder.store, to: small)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.store))

        #expect(throws: Interrupted.self) {
            try Seeder.reset(storeAt: folder.store, to: large) { count in
                if count == 5_000 { throw Interrupted() }
            }
        }

        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.store)) == before)
        #expect(try PhotoStore.open(at: folder.store).photos().count == 9, "the old store is still readable")
        #expect(try folder.leftovers().isEmpty)
    }

    @Test func seedingCreatesTheStoresFolder() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let nested = folder.url.appendingPathComponent("a/b/store.sqlite").path
        try Seeder.reset(storeAt: nested, to: Fixture(authorization: .denied, workLocations: [], photos: [], generated: nil))
        #expect(try PhotoStore.open(at: nested).authorization() == .denied)
    }

    @Test func aDirectoryInTheWayIsAnError() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.store, withIntermediateDirectories: true)
        #expect(throws: SeedError.refused(path: folder.store, reason: "it is a directory", forceable: false)) {
            try Seeder.reset(storeAt: folder.store, to: Fixture(authorization: .denied, workLocations: [], photos: [], generated: nil))
        }
    }
}

struct FixtureCatalogTests {
    @Test func listsFixturesByName() throws {
        #expect(try SeederTests.seeds.names() == ["default", "large"])
    }

    @Test func anUnknownNameSuggestsTheNearestAndListsThemAll() {
        let catalog = SeederTests.seeds
        #expect {
            try catalog.file(for: "defualt")
        } throws: { error in
            (error as? SeedError)?.description
                == "no fixture named \"defualt\" in \(catalog.directory.path) (did you mean \"default\"?); fixtures: default, large"
        }
    }

    @Test func aPathIsReadAsAFile() throws {
        #expect(try SeederTests.seeds.file(for: "/tmp/x.yaml").path == "/tmp/x.yaml")
        #expect(try SeederTests.seeds.file(for: "fixtures/x.yml").path.hasSuffix("fixtures/x.yml"))
    }

    @Test func locatesSeedsFromAnExplicitFolderTheEnvironmentOrAbove() throws {
        #expect(try FixtureCatalog.locate(explicit: "/somewhere").directory.path == "/somewhere")
        #expect(try FixtureCatalog.locate(explicit: nil, environment: ["WORKPHOTOS_SEEDS": "/env"]).directory.path == "/env")
        let repository = SeederTests.seeds.directory.deletingLastPathComponent().path
        let found = try FixtureCatalog.locate(
            explicit: nil, environment: [:], currentDirectory: "/", executable: repository + "/.build/debug/workphotos-seed"
        )
        #expect(found.directory.standardizedFileURL == SeederTests.seeds.directory.standardizedFileURL)
    }
}

/// A temporary folder with a store path in it.
struct Folder {
    let url: URL
    var store: String { url.appendingPathComponent("photos.sqlite").path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-seed-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Files other than the store itself.
    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0 != "photos.sqlite" }
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

extension Calendar {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }
}
