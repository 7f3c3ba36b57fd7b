import Foundation
import PresenterKitTesting
import Testing
import WorkPhotos
import WorkPhotosTesting

/// Upload to Drive on the Work photos screen. The scheduler holds each upload's job and its
/// completion, so a test checks the overlay before the upload ends and after; the overlay is a
/// strict mock (presented, then dismissed, nothing else); the drive is a fake with `shouldFail`.
@MainActor
struct UploadPresenterTests {
    static let now = PhotoFactory.june1(17, 30)
    let drive = DriveFake()
    let progress = ProgressPresentingMock()
    let scheduler = ManualScheduler()
    let view = ViewSpy()
    let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [
        PhotoFactory.photo(1, taken: PhotoFactory.june1(9)), PhotoFactory.photo(2, taken: PhotoFactory.june1(10)),
        PhotoFactory.photo(3, taken: PhotoFactory.june1(11)),
    ], workLocations: [PhotoFactory.office])

    init() throws {
        for id in Int64(1)...3 {
            library.setPicture(try #require(RGBImage.make([[RGBColour(red: UInt8(id), green: 0, blue: 0)]])), ofPhoto: id)
        }
    }

    @Test func theOverlayIsUpWhileTheUploadIsInFlightAndGoesWhenItEnds() throws {
        let sut = makeSUT()
        select(sut, "photo-1", "photo-3")
        progress.expect().present(title: "Uploading…", message: "Uploading 2 photos to the drive")

        sut.didTapUpload()
        #expect(progress.calls == [.present(title: "Uploading…", message: "Uploading 2 photos to the drive")])
        #expect(drive.attempts == 0, "nothing is uploaded on the main actor")
        #expect(scheduler.pendingWork == [WorkPhotosPresenter.Work.upload], "the app is busy with the upload, by that name")
        #expect(WorkPhotosPresenter.Work.upload == "upload")
        #expect(view.last?.canUpload == false, "one upload at a time")
        #expect(view.last?.canDelete == false, "no deleting what is being uploaded")

        progress.expect().dismiss()
        scheduler.runAll()

        #expect(progress.calls.last == .dismiss)
        #expect(drive.uploads.map(\.names) == [["photo-1", "photo-3"]])
        #expect(drive.uploads.first?.date == Self.now)
        #expect(try library.lastUpload() == UploadRecord(date: Self.now, photoCount: 2, destination: DriveFake.destination))
        #expect(view.last?.notice == "2 photos uploaded")
        #expect(view.last?.isSelecting == false, "done with that choice")
        #expect(view.last?.rows.map(\.isSelected) == [false, false, false])
        #expect(view.last?.canRetry == false)
        progress.verify()
    }

    @Test func uploadsEachChosenPhotosOwnPicture() throws {
        let sut = makeSUT()
        select(sut, "photo-2")
        progress.expect().present(title: "Uploading…", message: "Uploading 1 photo to the drive")
        progress.expect().dismiss()
        sut.didTapUpload()
        scheduler.runAll()
        #expect(drive.uploads.first?.pictures == [try #require(try library.picture(ofPhoto: 2))])
        #expect(view.last?.notice == "1 photo uploaded")
        progress.verify()
    }

    @Test func aFailedUploadDismissesTheOverlaySaysWhyKeepsTheChoiceAndOffersRetry() throws {
        let sut = makeSUT()
        select(sut, "photo-1", "photo-2")
        drive.shouldFail = true
        progress.expect().present(title: "Uploading…", message: "Uploading 2 photos to the drive")
        progress.expect().dismiss()

        sut.didTapUpload()
        scheduler.runAll()

        #expect(view.last?.notice == "Upload failed: the drive cannot be reached")
        #expect(view.last?.canRetry == true)
        #expect(view.last?.isSelecting == true)
        #expect(view.last?.rows.map(\.isSelected) == [true, true, false])
        #expect(try library.lastUpload() == nil, "a failed upload is not remembered")
        progress.verify()
    }

    @Test func retryUploadsTheSamePhotosAgainUnderTheOverlay() throws {
        let sut = makeSUT()
        uploadFailing(sut, "photo-1", "photo-2")

        drive.shouldFail = false
        sut.didSelectPhoto("photo-3")  // the choice changed; Retry is about the failed upload
        progress.expect().present(title: "Uploading…", message: "Uploading 2 photos to the drive")
        sut.didTapRetry()
        sut.didTapRetry()
        #expect(scheduler.pendingWorkCount == 1, "no second retry while one is in flight")
        #expect(view.last?.canRetry == false)
        #expect(view.last?.notice == "")
        progress.expect().dismiss()
        scheduler.runAll()

        #expect(drive.uploads.map(\.names) == [["photo-1", "photo-2"]])
        #expect(view.last?.notice == "2 photos uploaded")
        #expect(view.last?.canRetry == false)
        progress.verify()
    }

    @Test func retryLeavesOutAPhotoThatLeftTheListMeanwhile() throws {
        let sut = makeSUT()
        uploadFailing(sut, "photo-1", "photo-2")

        try library.deletePhotos([2])
        sut.viewDidAppear()
        #expect(scheduler.pendingWork == [WorkPhotosPresenter.Work.readWorkPhotos])
        scheduler.runAll()
        drive.shouldFail = false
        progress.expect().present(title: "Uploading…", message: "Uploading 1 photo to the drive")
        progress.expect().dismiss()
        sut.didTapRetry()
        scheduler.runAll()

        #expect(drive.uploads.map(\.names) == [["photo-1"]])
        progress.verify()
    }

    @Test func retryIsForgottenWhenTheChoiceEnds() {
        let sut = makeSUT()
        uploadFailing(sut, "photo-1")

        sut.didTapSelect()  // Done
        #expect(view.last?.canRetry == false)
        #expect(view.last?.notice == "")
        sut.didTapRetry()
        #expect(scheduler.pendingWorkCount == 0)
        progress.verify()
    }

    @Test func retryIsForgottenOnceADeletionStarts() {
        let confirmer = DeletionConfirmationFake()
        let sut = makeSUT(confirmer: confirmer)
        uploadFailing(sut, "photo-1")
        sut.didTapDelete()
        confirmer.answer(false)
        #expect(view.last?.canRetry == false)
        sut.didTapRetry()
        #expect(scheduler.pendingWorkCount == 0)
        progress.verify()
    }

    @Test func aPhotoWithoutAPictureFailsTheUploadByName() throws {
        let bare = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(5)], workLocations: [PhotoFactory.office])
        let sut = makeSUT(library: bare)
        select(sut, "photo-5")
        progress.expect().present(title: "Uploading…", message: "Uploading 1 photo to the drive")
        progress.expect().dismiss()
        sut.didTapUpload()
        scheduler.runAll()

        #expect(view.last?.notice == "Upload failed: the picture of photo-5 is missing from the library")
        #expect(drive.uploads.isEmpty)
        #expect(view.last?.canRetry == true)
        progress.verify()
    }

    @Test func anUploadThatCannotBeRememberedSaysSo() throws {
        struct ReadOnly: UserFacingError { var userMessage: String { "the photo store cannot be written" } }
        let sut = makeSUT()
        select(sut, "photo-1")
        library.failWrites(with: ReadOnly())
        progress.expect().present(title: "Uploading…", message: "Uploading 1 photo to the drive")
        progress.expect().dismiss()
        sut.didTapUpload()
        scheduler.runAll()
        #expect(view.last?.notice == "Upload failed: the photo store cannot be written")
        progress.verify()
    }

    @Test func uploadDoesNothingWithoutAChoiceOrWhileAnUploadIsInFlight() {
        let sut = makeSUT()
        sut.viewDidAppear()
        scheduler.runAll()
        sut.didTapUpload()
        #expect(scheduler.pendingWorkCount == 0, "not selecting")
        sut.didTapSelect()
        sut.didTapUpload()
        #expect(scheduler.pendingWorkCount == 0, "nothing chosen")
        #expect(view.last?.canUpload == false)

        sut.didSelectPhoto("photo-1")
        #expect(view.last?.canUpload == true)
        progress.expect().present(title: "Uploading…", message: "Uploading 1 photo to the drive")
        sut.didTapUpload()
        sut.didTapUpload()
        sut.didTapSelect()
        #expect(scheduler.pendingWorkCount == 1, "one upload, however often it is tapped")
        #expect(view.last?.isSelecting == true, "Done waits for the upload")
        progress.expect().dismiss()
        scheduler.runAll()
        #expect(drive.attempts == 1)
        progress.verify()
    }

    @Test func nothingIsDeletedWhileAnUploadIsInFlight() {
        let confirmer = DeletionConfirmationFake()
        let sut = makeSUT(confirmer: confirmer)
        select(sut, "photo-1")
        progress.expect().present(title: "Uploading…", message: "Uploading 1 photo to the drive")
        sut.didTapUpload()
        sut.didTapDelete()
        #expect(confirmer.questions.isEmpty)
        progress.expect().dismiss()
        scheduler.runAll()
        progress.verify()
    }

    @Test func nothingIsUploadedWhileADeletionIsInFlight() {
        let confirmer = DeletionConfirmationFake()
        let sut = makeSUT(confirmer: confirmer)
        select(sut, "photo-1")
        sut.didTapDelete()
        confirmer.answer(true)
        sut.didTapUpload()
        #expect(view.last?.canUpload == false)
        #expect(scheduler.pendingWork == [WorkPhotosPresenter.Work.deletePhotos], "the deletion only")
        scheduler.runAll()
        #expect(drive.attempts == 0)
        progress.verify()
    }

    // MARK: - Helpers

    /// Chooses `identifiers` and uploads them to a drive that fails: the overlay comes and goes.
    private func uploadFailing(_ sut: WorkPhotosPresenter, _ identifiers: String..., line: Int = #line) {
        select(sut, identifiers)
        drive.shouldFail = true
        let count = identifiers.count
        progress.expect(line: line).present(title: "Uploading…", message: "Uploading \(count) photo\(count == 1 ? "" : "s") to the drive")
        progress.expect(line: line).dismiss()
        sut.didTapUpload()
        scheduler.runAll()
    }

    private func select(_ sut: WorkPhotosPresenter, _ identifiers: String...) {
        select(sut, identifiers)
    }

    private func select(_ sut: WorkPhotosPresenter, _ identifiers: [String]) {
        sut.viewDidAppear()
        scheduler.runAll()
        sut.didTapSelect()
        identifiers.forEach(sut.didSelectPhoto)
    }

    private func makeSUT(library: InMemoryPhotoLibrary? = nil, confirmer: DeletionConfirmationFake = DeletionConfirmationFake()) -> WorkPhotosPresenter {
        let sut = WorkPhotosPresenter(
            library: library ?? self.library, access: PhotoAccessStub(), scheduler: scheduler,
            formatting: PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!), navigator: GlanceNavigatorSpy(),
            confirmer: confirmer, drive: drive, progress: progress, now: { Self.now }
        )
        sut.attach(view)
        return sut
    }
}

@MainActor
final class ViewSpy: WorkPhotosView {
    private(set) var displayed: [WorkPhotosViewModel] = []
    var last: WorkPhotosViewModel? { displayed.last }
    func display(_ model: WorkPhotosViewModel) { displayed.append(model) }
}
