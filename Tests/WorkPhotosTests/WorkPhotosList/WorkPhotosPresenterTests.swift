import Foundation
import PresenterKitTesting
import Testing
import WorkPhotos
import WorkPhotosTesting

@MainActor
struct WorkPhotosPresenterTests {
    let confirmer = DeletionConfirmationFake()
    let drive = DriveFake()
    /// Deletion tests expect no overlay: any present or dismiss fails them.
    let progress = ProgressPresentingMock()

    @Test func listsOnlyWorkPhotosOldestFirstWithDateAndPlace() {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [
            PhotoFactory.photo(1, taken: PhotoFactory.june1(13, 45)),
            PhotoFactory.photo(2, at: PhotoFactory.inPark, place: "Park", taken: PhotoFactory.june1(8)),
            PhotoFactory.photo(3, taken: PhotoFactory.june1(9, 5)),
        ], workLocations: [PhotoFactory.office])
        let sut = makeSUT(library: library)

        sut.presenter.viewDidLoad()
        sut.presenter.viewDidAppear()
        #expect(sut.view.displayed.last?.status == "Loading…")
        sut.scheduler.runAll()

        #expect(sut.view.displayed.last == WorkPhotosViewModel(title: "Work photos", rows: [
            .init(identifier: "photo-3", date: "Mon 1 Jun 2026, 09:05", place: "Office"),
            .init(identifier: "photo-1", date: "Mon 1 Jun 2026, 13:45", place: "Office"),
        ], status: "2 work photos", offersSettings: false))
    }

    @Test func startsLoadingWithNoRowsAndNoSettings() {
        let sut = makeSUT(library: InMemoryPhotoLibrary(authorization: .authorized))
        sut.presenter.viewDidLoad()
        #expect(sut.view.displayed == [WorkPhotosViewModel(title: "Work photos", rows: [], status: "Loading…", offersSettings: false)])
    }

    @Test func aReadThatFailsSaysWhyWithNoRowsAndNoSettings() {
        struct Damaged: UserFacingError { var userMessage: String { "the photo store is damaged" } }
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(1)], workLocations: [PhotoFactory.office])
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        library.fail(with: Damaged())
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last == WorkPhotosViewModel(
            title: "Work photos", rows: [], status: "Could not read your photos: the photo store is damaged", offersSettings: false
        ))
    }

    @Test func tappingARowOpensItsPhotoAndAnUnknownRowNothing() {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(3), PhotoFactory.photo(4)], workLocations: [PhotoFactory.office])
        let sut = makeSUT(library: library)
        sut.presenter.didSelectPhoto("photo-3")
        #expect(sut.navigator.messages.isEmpty, "nothing is listed yet")
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        sut.presenter.didSelectPhoto("photo-4")
        sut.presenter.didSelectPhoto("photo-99")
        #expect(sut.navigator.messages == [.photo(4)])
    }

    @Test func whileSelectingATappedRowIsSelectedNotOpened() {
        let sut = makeSUT(library: threePhotos())
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()

        sut.presenter.didTapSelect()
        sut.presenter.didSelectPhoto("photo-2")
        #expect(sut.navigator.messages.isEmpty)
        #expect(sut.view.displayed.last?.isSelecting == true)
        #expect(sut.view.displayed.last?.rows.map(\.isSelected) == [false, true, false])
        #expect(sut.view.displayed.last?.canDelete == true)

        sut.presenter.didSelectPhoto("photo-2")
        #expect(sut.view.displayed.last?.rows.map(\.isSelected) == [false, false, false])
        #expect(sut.view.displayed.last?.canDelete == false, "nothing to delete")

        sut.presenter.didTapSelectAll()
        #expect(sut.view.displayed.last?.rows.map(\.isSelected) == [true, true, true])
        sut.presenter.didTapSelect()
        #expect(sut.view.displayed.last?.isSelecting == false)
        #expect(sut.view.displayed.last?.rows.map(\.isSelected) == [false, false, false], "Done forgets the choice")
    }

    @Test func selectAllDoesNothingUnlessSelecting() {
        let sut = makeSUT(library: threePhotos())
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        let shown = sut.view.displayed.count

        sut.presenter.didTapSelectAll()
        #expect(sut.view.displayed.count == shown, "nothing to show: the list is not being chosen from")
        sut.presenter.didTapSelect()

        #expect(sut.view.displayed.last?.rows.map(\.isSelected) == [false, false, false], "Select starts with nothing chosen")
        #expect(sut.view.displayed.last?.canDelete == false)
    }

    @Test func aPhotoThatLeavesTheListWhenItIsReadAgainLeavesTheChoiceToo() throws {
        let library = threePhotos()
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        sut.presenter.didTapSelect()
        sut.presenter.didSelectPhoto("photo-1")
        sut.presenter.didSelectPhoto("photo-3")

        try library.deletePhotos([3])  // elsewhere, while the screen was away
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        sut.presenter.didSelectPhoto("photo-1")

        #expect(sut.view.displayed.last?.rows.map(\.isSelected) == [false, false])
        #expect(sut.view.displayed.last?.canDelete == false, "photo 3 is gone: nothing is left to delete")
        sut.presenter.didTapDelete()
        #expect(confirmer.questions.isEmpty)
    }

    @Test func aPhotoStillListedWhenItIsReadAgainStaysChosen() throws {
        let library = threePhotos()
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        sut.presenter.didTapSelect()
        sut.presenter.didSelectPhoto("photo-2")

        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()

        #expect(sut.view.displayed.last?.rows.map(\.isSelected) == [false, true, false])
        sut.presenter.didTapDelete()
        #expect(confirmer.questions == [1])
    }

    @Test func deleteAsksTheSystemFirstAndDeletesOnlyOnYesInTheBackground() throws {
        let library = threePhotos()
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        sut.presenter.didTapSelect()
        sut.presenter.didSelectPhoto("photo-1")
        sut.presenter.didSelectPhoto("photo-3")

        sut.presenter.didTapDelete()
        #expect(confirmer.questions == [2])
        #expect(sut.scheduler.pendingWorkCount == 0, "nothing happens while the system asks")
        #expect(try library.photos().count == 3)

        confirmer.answer(true)
        #expect(sut.view.displayed.last?.notice == "Deleting…")
        #expect(sut.view.displayed.last?.canDelete == false)
        sut.scheduler.runAll()

        #expect(try library.photos().map(\.id) == [2])
        #expect(sut.view.displayed.last?.notice == "2 photos deleted")
        #expect(sut.view.displayed.last?.isSelecting == false)
        #expect(sut.view.displayed.last?.rows.map(\.identifier) == ["photo-2"], "the list follows")
        #expect(sut.view.displayed.last?.status == "1 work photo")
    }

    @Test func aRefusedDeletionDeletesNothingAndKeepsTheChoice() throws {
        let library = threePhotos()
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        sut.presenter.didTapSelect()
        sut.presenter.didSelectPhoto("photo-1")
        sut.presenter.didTapDelete()
        confirmer.answer(false)

        #expect(sut.scheduler.pendingWorkCount == 0)
        #expect(try library.photos().count == 3)
        #expect(sut.view.displayed.last?.notice == "Nothing was deleted")
        #expect(sut.view.displayed.last?.rows.map(\.isSelected) == [true, false, false])
    }

    @Test func deleteDoesNothingWithoutASelection() {
        let sut = makeSUT(library: threePhotos())
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        sut.presenter.didTapDelete()
        sut.presenter.didTapSelect()
        sut.presenter.didTapDelete()
        #expect(confirmer.questions.isEmpty)
    }

    @Test func aFailedDeletionSaysWhyAndKeepsTheChoice() {
        struct ReadOnly: UserFacingError { var userMessage: String { "the photo store cannot be written" } }
        let library = threePhotos()
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        sut.presenter.didTapSelect()
        sut.presenter.didSelectPhoto("photo-1")
        sut.presenter.didTapDelete()
        library.failWrites(with: ReadOnly())
        confirmer.answer(true)
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last?.notice == "Could not delete: the photo store cannot be written")
        #expect(sut.view.displayed.last?.canDelete == true)
        #expect(sut.view.displayed.last?.isSelecting == true)
    }

    private func threePhotos() -> InMemoryPhotoLibrary {
        InMemoryPhotoLibrary(authorization: .authorized, photos: [
            PhotoFactory.photo(1, taken: PhotoFactory.june1(9)), PhotoFactory.photo(2, taken: PhotoFactory.june1(10)),
            PhotoFactory.photo(3, taken: PhotoFactory.june1(11)),
        ], workLocations: [PhotoFactory.office])
    }

    @Test func saysSoWhenThereAreNoWorkPhotos() {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [], workLocations: [PhotoFactory.office])
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last?.rows == [])
        #expect(sut.view.displayed.last?.status == "No work photos. Photos taken near a work location appear here.")
    }

    @Test func whenDeniedItExplainsHowToAllowAndOffersSettings() {
        let sut = makeSUT(access: PhotoAccessStub(answer: .denied))
        sut.presenter.viewDidAppear()
        #expect(sut.scheduler.pendingWorkCount == 0)
        #expect(sut.view.displayed.last == WorkPhotosViewModel(
            title: "Work photos", rows: [],
            status: "WorkPhotos cannot see your photos. To allow access, open Settings and turn Photos access on.",
            offersSettings: true
        ))

        sut.presenter.didTapOpenSettings()
        #expect(sut.navigator.messages == [.settings])
    }

    @Test func readsTheListAgainWhenItAppearsAfterAccessWasGiven() {
        let access = PhotoAccessStub(answer: .denied)
        let sut = makeSUT(access: access)
        sut.presenter.viewDidAppear()

        access.immediateAnswer = .authorized
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()

        #expect(sut.view.displayed.last?.rows.count == 1)
        #expect(sut.view.displayed.last?.offersSettings == false)
    }

    private func makeSUT(
        library: InMemoryPhotoLibrary = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(1)], workLocations: [PhotoFactory.office]),
        access: PhotoAccessStub = PhotoAccessStub()
    ) -> SUT {
        let view = WorkPhotosViewSpy()
        let scheduler = ManualScheduler()
        let navigator = GlanceNavigatorSpy()
        let sut = WorkPhotosPresenter(
            library: library, access: access, scheduler: scheduler,
            formatting: PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!), navigator: navigator,
            confirmer: confirmer, drive: drive, progress: progress, now: { PhotoFactory.june1(17, 30) }
        )
        sut.attach(view)
        return SUT(presenter: sut, view: view, access: access, scheduler: scheduler, navigator: navigator)
    }

    /// The subject and its collaborators, by name.
    private struct SUT {
        let presenter: WorkPhotosPresenter
        let view: WorkPhotosViewSpy
        let access: PhotoAccessStub
        let scheduler: ManualScheduler
        let navigator: GlanceNavigatorSpy
    }
}

@MainActor
private final class WorkPhotosViewSpy: WorkPhotosView {
    private(set) var displayed: [WorkPhotosViewModel] = []
    func display(_ model: WorkPhotosViewModel) { displayed.append(model) }
}
