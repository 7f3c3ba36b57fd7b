import Foundation
import Testing
import WorkPhotos
import WorkPhotosSQLite
import WorkPhotosTesting

/// What every `PhotoLibrary` must do: the SQLite store and the in-memory fake both pass it.
struct PhotoLibraryContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, inMemory, opening
        var testDescription: String { rawValue }
    }

    @Test(arguments: Kind.allCases)
    func givenANewLibraryAuthorizationIsNotDetermined(kind: Kind) throws {
        let (library, directory) = try makeLibrary(kind, photos: [])
        defer { directory?.remove() }
        #expect(try library.authorization() == .notDetermined)
    }

    @Test(arguments: Kind.allCases)
    func whenAuthorizationIsSetThenItIsReadBack(kind: Kind) throws {
        let (library, directory) = try makeLibrary(kind, photos: [])
        defer { directory?.remove() }
        try library.setAuthorization(.denied)
        #expect(try library.authorization() == .denied)
        try library.setAuthorization(.authorized)
        #expect(try library.authorization() == .authorized)
    }

    @Test(arguments: Kind.allCases)
    func photosAreListedOldestFirstWithTheirMetadata(kind: Kind) throws {
        let (library, directory) = try makeLibrary(kind, photos: [
            ("late", PhotoFactory.june1(18), PhotoFactory.atOffice, "Office"),
            ("early", PhotoFactory.june1(8), PhotoFactory.inPark, "Park"),
        ])
        defer { directory?.remove() }

        let photos = try library.photos()

        #expect(photos.map(\.name) == ["early", "late"])
        #expect(photos[0].takenAt == PhotoFactory.june1(8))
        #expect(photos[0].coordinate == PhotoFactory.inPark)
        #expect(photos[0].place == "Park")
        #expect(photos[0].width == 4 && photos[0].height == 3)
    }

    @Test(arguments: Kind.allCases)
    func workLocationsAreReadBack(kind: Kind) throws {
        let (library, directory) = try makeLibrary(kind, photos: [])
        defer { directory?.remove() }
        #expect(try library.workLocations() == [PhotoFactory.office])
    }

    @Test(arguments: Kind.allCases)
    func givenNoUploadThereIsNoLastUpload(kind: Kind) throws {
        let (library, directory) = try makeLibrary(kind, photos: [("a", PhotoFactory.june1(8), PhotoFactory.atOffice, "Office")])
        defer { directory?.remove() }
        #expect(try library.lastUpload() == nil)
    }

    @Test(arguments: Kind.allCases)
    func theLastUploadIsTheLatestWithItsPhotoCountAndDestination(kind: Kind) throws {
        let (library, directory) = try makeLibrary(kind, photos: [
            ("a", PhotoFactory.june1(8), PhotoFactory.atOffice, "Office"),
            ("b", PhotoFactory.june1(9), PhotoFactory.atOffice, "Office"),
            ("c", PhotoFactory.june1(10), PhotoFactory.atOffice, "Office"),
        ])
        defer { directory?.remove() }

        try library.recordUpload([1, 2, 3], at: PhotoFactory.june1(17), destination: "/drive/first")
        try library.recordUpload([2, 3], at: PhotoFactory.june1(18), destination: "/drive/second")

        #expect(try library.lastUpload() == UploadRecord(date: PhotoFactory.june1(18), photoCount: 2, destination: "/drive/second"))
    }

    @Test(arguments: Kind.allCases)
    func anEmptyUploadIsNotRecorded(kind: Kind) throws {
        let (library, directory) = try makeLibrary(kind, photos: [("a", PhotoFactory.june1(8), PhotoFactory.atOffice, "Office")])
        defer { directory?.remove() }
        try library.recordUpload([1], at: PhotoFactory.june1(17), destination: "/drive/one")
        try library.recordUpload([], at: PhotoFactory.june1(18), destination: "/drive/none")
        #expect(try library.lastUpload()?.destination == "/drive/one")
    }

    /// A library holding `photos` (4x3 each) and the office as its work location.
    private func makeLibrary(
        _ kind: Kind, photos: [(name: String, taken: Date, at: Coordinate, place: String)]
    ) throws -> (any PhotoLibrary, TemporaryDirectory?) {
        switch kind {
        case .inMemory:
            let list = photos.enumerated().map { index, photo in
                Photo(id: Int64(index + 1), name: photo.name, takenAt: photo.taken, coordinate: photo.at, place: photo.place, width: 4, height: 3)
            }
            return (InMemoryPhotoLibrary(photos: list, workLocations: [PhotoFactory.office]), nil)
        case .sqlite, .opening:
            let directory = try TemporaryDirectory()
            let store = try PhotoStore.create(at: directory.path("store.sqlite"))
            try store.fill(
                authorization: .notDetermined, workLocations: [PhotoFactory.office],
                photos: photos.map {
                    NewPhoto(name: $0.name, takenAt: $0.taken, coordinate: $0.at, place: $0.place, width: 4, height: 3,
                             pixels: [UInt8](repeating: 9, count: 36))
                }
            )
            guard kind == .opening else { return (store, directory) }
            try store.close()
            return (OpeningPhotoStore(path: directory.path("store.sqlite")), directory)
        }
    }
}
