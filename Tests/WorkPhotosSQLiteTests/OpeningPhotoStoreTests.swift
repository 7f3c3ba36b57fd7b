import Dispatch
import Foundation
import Testing
import WorkPhotos
import WorkPhotosSQLite
import WorkPhotosTesting

/// The store the app opens in the background at launch: every call waits for the opening and then
/// reads or writes the store (the shared calls are in PhotoLibraryContractTests, kind `opening`);
/// a file that cannot be opened is the same error `PhotoStore.open` gives, from every call, and is
/// told to `onFailure` exactly once.
struct OpeningPhotoStoreTests {
    @Test func picturesAreReadAndReplacedAndPhotosDeletedThroughTheOpenedStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("store.sqlite")
        let seeded = try PhotoStore.create(at: path)
        try seeded.fill(authorization: .authorized, workLocations: [], photos: ["a", "b"].map {
            NewPhoto(name: $0, takenAt: PhotoFactory.june1(9), coordinate: PhotoFactory.atOffice, place: "Office", width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6])
        })
        try seeded.close()

        let store = OpeningPhotoStore(path: path)
        let ids = try store.photos().map(\.id)
        #expect(ids.count == 2)
        #expect(try store.picture(ofPhoto: ids[0]) == RGBImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6]))
        let replacement = try #require(RGBImage(width: 2, height: 1, pixels: [9, 9, 9, 8, 8, 8]))
        try store.replacePicture(ofPhoto: ids[0], with: replacement)
        #expect(try store.picture(ofPhoto: ids[0]) == replacement)
        try store.deletePhotos([ids[1]])
        #expect(try PhotoStore.open(at: path).photos().map(\.id) == [ids[0]], "written to the file, not to a copy")
    }

    @Test func aFileThatIsNotAStoreIsTheErrorOfOpenFromEveryCallAndToldOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("notes.sqlite")
        let bytes = Data("somebody's notes\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        let expected = try #require(Self.error { try PhotoStore.open(at: path) })

        let told = Told()
        let store = OpeningPhotoStore(path: path) { told.append($0) }

        #expect(store.opened().failure == expected)
        #expect(Self.error { try store.photos() } == expected)
        #expect(Self.error { try store.authorization() } == expected)
        #expect(Self.error { try store.setAuthorization(.denied) } == expected)
        #expect(Self.error { try store.deletePhotos([1]) } == expected)
        #expect(Self.error { try store.lastUpload() } == expected)
        #expect(told.waitForOne(), "onFailure was told within the safety net of 20 s")
        #expect(told.errors == [expected])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the file is left as it was")
    }

    @Test func aStoreThatOpensIsNeverToldAsAFailure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("store.sqlite")
        try PhotoStore.create(at: path).close()
        let told = Told()
        // A serial queue of the test's own: once a block queued after the opening has run, the
        // opening (and its call to onFailure, had there been one) is over.
        let queue = DispatchQueue(label: "opening")
        let store = OpeningPhotoStore(path: path, queue: queue) { told.append($0) }
        #expect(try store.photos().isEmpty)
        queue.sync {}
        #expect(told.errors.isEmpty)
    }

    @Test func theCheckBeforeTheFirstScreenSaysAMissingFileOrAFolderAsOpenDoes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.path("none.sqlite")
        #expect(throws: StoreError.missing(path: missing)) { try PhotoStore.checkFile(at: missing) }
        #expect(throws: StoreError.unreadable(path: directory.path(""), reason: "it is a directory")) {
            try PhotoStore.checkFile(at: directory.path(""))
        }
        let store = directory.path("store.sqlite")
        try PhotoStore.create(at: store).close()
        try PhotoStore.checkFile(at: store)
    }

    private static func error(_ body: () throws -> Any?) -> StoreError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? StoreError
        }
    }

    private final class Told: @unchecked Sendable {
        private let condition = NSCondition()
        private var values: [StoreError] = []
        func append(_ error: StoreError) {
            condition.lock()
            values.append(error)
            condition.broadcast()
            condition.unlock()
        }
        /// True once one error was told; false after 20 s without one (a safety net, not a wait).
        func waitForOne() -> Bool {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(20)
            while values.isEmpty { guard condition.wait(until: deadline) else { return false } }
            return true
        }
        var errors: [StoreError] {
            condition.lock()
            defer { condition.unlock() }
            return values
        }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
