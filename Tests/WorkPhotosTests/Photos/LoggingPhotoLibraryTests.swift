import PresenterKitTesting
import Testing
import WorkPhotos
import WorkPhotosTesting

struct LoggingPhotoLibraryTests {
    struct Broken: Error, CustomStringConvertible { var description: String { "SQLite error 11 (statement: SELECT ...)" } }

    @Test func everyErrorIsLoggedInFullAndPassedOn() {
        let library = InMemoryPhotoLibrary()
        library.fail(with: Broken())
        let log = LogSpy()
        let sut = LoggingPhotoLibrary(library, logger: log)

        #expect(throws: Broken.self) { try sut.photos() }
        #expect(throws: Broken.self) { try sut.workLocations() }
        #expect(throws: Broken.self) { try sut.authorization() }
        #expect(throws: Broken.self) { try sut.setAuthorization(.denied) }

        #expect(log.messages == [
            "photos: cannot read the photos: SQLite error 11 (statement: SELECT ...)",
            "photos: cannot read the work locations: SQLite error 11 (statement: SELECT ...)",
            "photos: cannot read the authorization: SQLite error 11 (statement: SELECT ...)",
            "photos: cannot store the authorization denied: SQLite error 11 (statement: SELECT ...)",
        ])
    }

    @Test func successesPassThroughUnlogged() throws {
        let library = InMemoryPhotoLibrary(authorization: .authorized)
        let log = LogSpy()
        let sut = LoggingPhotoLibrary(library, logger: log)
        #expect(try sut.authorization() == .authorized)
        try sut.setAuthorization(.denied)
        #expect(try library.authorization() == .denied)
        #expect(try sut.photos().isEmpty)
        #expect(log.messages.isEmpty)
    }
}
