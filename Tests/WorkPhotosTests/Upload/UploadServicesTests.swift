import Foundation
import PresenterKitTesting
import Synchronization
import Testing
import WorkPhotos
import WorkPhotosTesting

struct PhotoUploadTests {
    @Test func readsEachPictureAsTheDriveAsksThenRemembersTheUpload() throws {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(1), PhotoFactory.photo(2)])
        let red = try #require(RGBImage.make([[Paint.red]])), blue = try #require(RGBImage.make([[Paint.blue]]))
        library.setPicture(red, ofPhoto: 1)
        library.setPicture(blue, ofPhoto: 2)
        let drive = DriveFake()

        let receipt = try PhotoUpload(photos: try library.photos(), date: PhotoFactory.june1(17)).run(library: library, drive: drive)

        #expect(receipt == DriveReceipt(destination: DriveFake.destination))
        #expect(drive.uploads == [.init(names: ["photo-1", "photo-2"], date: PhotoFactory.june1(17), pictures: [red, blue])])
        #expect(try library.lastUpload() == UploadRecord(date: PhotoFactory.june1(17), photoCount: 2, destination: DriveFake.destination))
    }

    @Test func aMissingPictureFailsTheWholeUploadAndNothingIsRemembered() throws {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(1), PhotoFactory.photo(2)])
        library.setPicture(try #require(RGBImage.make([[Paint.red]])), ofPhoto: 1)
        let drive = DriveFake()
        #expect(throws: UploadError.pictureMissing(name: "photo-2")) {
            try PhotoUpload(photos: try library.photos(), date: PhotoFactory.june1(17)).run(library: library, drive: drive)
        }
        #expect(drive.uploads.isEmpty)
        #expect(try library.lastUpload() == nil)
    }

    @Test func anEmptyUploadIsRefusedBeforeTheDrive() {
        let drive = DriveFake()
        #expect(throws: UploadError.nothingToUpload) {
            try PhotoUpload(photos: [], date: PhotoFactory.june1(17)).run(library: InMemoryPhotoLibrary(), drive: drive)
        }
        #expect(drive.attempts == 0)
    }
}

struct StubDriveTests {
    private let photos = [PhotoFactory.photo(1), PhotoFactory.photo(2)]

    @Test func keepsWhatWasUploaded() throws {
        let drive = StubDrive(failures: 0, delay: .zero) { _ in Issue.record("no delay was asked for") }
        let receipt = try drive.upload(photos, at: PhotoFactory.june1(17)) { _ in Self.picture }
        #expect(receipt.destination == "the test drive")
        #expect(drive.uploads == [.init(names: ["photo-1", "photo-2"], date: PhotoFactory.june1(17))])
    }

    @Test func takesAsLongAsItIsToldBeforeAnswering() throws {
        let waited = Mutex<[Duration]>([])
        let drive = StubDrive(failures: 0, delay: .milliseconds(1500)) { delay in waited.withLock { $0.append(delay) } }
        _ = try drive.upload(photos, at: PhotoFactory.june1(17)) { _ in Self.picture }
        #expect(waited.withLock { $0 } == [.milliseconds(1500)])
    }

    @Test func failsEveryUploadWhenToldAndKeepsNothing() {
        let drive = StubDrive(failures: Int.max, delay: .zero) { _ in }
        for _ in 1...3 {
            #expect(throws: StubDriveError.unreachable) {
                try drive.upload(photos, at: PhotoFactory.june1(17)) { _ in Self.picture }
            }
        }
        #expect(drive.uploads.isEmpty)
        #expect(StubDriveError.unreachable.userMessage == "the drive cannot be reached. Check your connection and try again")
    }

    @Test func failsTheFirstUploadsAsToldThenSucceeds() throws {
        let drive = StubDrive(failures: 2, delay: .zero) { _ in }
        for _ in 1...2 {
            #expect(throws: StubDriveError.unreachable) {
                try drive.upload(photos, at: PhotoFactory.june1(17)) { _ in Self.picture }
            }
        }
        _ = try drive.upload(photos, at: PhotoFactory.june1(18)) { _ in Self.picture }
        #expect(drive.uploads.map(\.date) == [PhotoFactory.june1(18)])
    }

    @Test func readsEveryPictureSoAMissingOneFailsItToo() {
        let drive = StubDrive(failures: 0, delay: .zero) { _ in }
        #expect(throws: UploadError.pictureMissing(name: "photo-2")) {
            try drive.upload(photos, at: PhotoFactory.june1(17)) { photo in
                if photo.id == 2 { throw UploadError.pictureMissing(name: photo.name) }
                return Self.picture
            }
        }
        #expect(drive.uploads.isEmpty)
    }

    private static let picture = RGBImage(width: 1, height: 1, pixels: [1, 2, 3])!
}

struct LoggingDriveTests {
    @Test func logsWhereAnUploadWentAndWhyOneFailed() throws {
        let log = LogSpy()
        let fake = DriveFake()
        let drive = LoggingDrive(fake, logger: log)
        _ = try drive.upload([PhotoFactory.photo(1)], at: PhotoFactory.june1(17)) { _ in RGBImage(width: 1, height: 1, pixels: [0, 0, 0])! }
        fake.shouldFail = true
        #expect(throws: DriveFake.Unreachable.self) {
            try drive.upload([PhotoFactory.photo(1)], at: PhotoFactory.june1(17)) { _ in RGBImage(width: 1, height: 1, pixels: [0, 0, 0])! }
        }
        #expect(log.messages == [
            "drive: uploaded 1 photo to the fake drive",
            "drive: cannot upload 1 photo: Unreachable()",
        ])
    }
}
