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
        let (sut, view, _, scheduler, _) = makeSUT(library: library)

        sut.viewDidLoad()
        sut.viewDidAppear()
        #expect(view.displayed.last?.status == "Loading…")
        scheduler.runAll()

        #expect(view.displayed.last == WorkPhotosViewModel(title: "Work photos", rows: [
            .init(identifier: "photo-3", date: "Mon 1 Jun 2026, 09:05", place: "Office"),
            .init(identifier: "photo-1", date: "Mon 1 Jun 2026, 13:45", place: "Office"),
        ], status: "2 work photos", offersSettings: false))
    }

    @Test func startsLoadingWithNoRowsAndNoSettings() {
        let (sut, view, _, _, _) = makeSUT(library: InMemoryPhotoLibrary(authorization: .authorized))
        sut.viewDidLoad()
        #expect(view.displayed == [WorkPhotosViewModel(title: "Work photos", rows: [], status: "Loading…", offersSettings: false)])
    }

    @Test func aReadThatFailsSaysWhyWithNoRowsAndNoSettings() {
        struct Damaged: UserFacingError { var userMessage: String { "the photo store is damaged" } }
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(1)], workLocations: [PhotoFactory.office])
        let (sut, view, _, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        scheduler.runAll()
        library.fail(with: Damaged())
        sut.viewDidAppear()
        scheduler.runAll()
        #expect(view.displayed.last == WorkPhotosViewModel(
            title: "Work photos", rows: [], status: "Could not read your photos: the photo store is damaged", offersSettings: false
        ))
    }

    @Test func tappingARowOpensItsPhotoAndAnUnknownRowNothing() {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(3), PhotoFactory.photo(4)], workLocations: [PhotoFactory.office])
        let (sut, _, _, scheduler, navigator) = makeSUT(library: library)
        sut.didSelectPhoto("photo-3")
        #expect(navigator.messages.isEmpty, "nothing is listed yet")
        sut.viewDidAppear()
        scheduler.runAll()
        sut.didSelectPhoto("photo-4")
        sut.didSelectPhoto("photo-99")
        #expect(navigator.messages == [.photo(4)])
    }

    @Test func whileSelectingATappedRowIsSelectedNotOpened() {
        let (sut, view, _, scheduler, navigator) = makeSUT(library: threePhotos())
        sut.viewDidAppear()
        scheduler.runAll()

        sut.didTapSelect()
        sut.didSelectPhoto("photo-2")
        #expect(navigator.messages.isEmpty)
        #expect(view.displayed.last?.isSelecting == true)
        #expect(view.displayed.last?.rows.map(\.isSelected) == [false, true, false])
        #expect(view.displayed.last?.canDelete == true)

        sut.didSelectPhoto("photo-2")
        #expect(view.displayed.last?.rows.map(\.isSelected) == [false, false, false])
        #expect(view.displayed.last?.canDelete == false, "nothing to delete")

        sut.didTapSelectAll()
        #expect(view.displayed.last?.rows.map(\.isSelected) == [true, true, true])
        sut.didTapSelect()
        #expect(view.displayed.last?.isSelecting == false)
        #expect(view.displayed.last?.rows.map(\.isSelected) == [false, false, false], "Done forgets the choice")
    }

    @Test func deleteAsksTheSystemFirstAndDeletesOnlyOnYesInTheBackground() throws {
        let library = threePhotos()
        let (sut, view, _, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        scheduler.runAll()
        sut.didTapSelect()
        sut.didSelectPhoto("photo-1")
        sut.didSelectPhoto("photo-3")

        sut.didTapDelete()
        #expect(confirmer.questions == [2])
        #expect(scheduler.pendingWorkCount == 0, "nothing happens while the system asks")
        #expect(try library.photos().count == 3)

        confirmer.answer(true)
        #expect(view.displayed.last?.notice == "Deleting…")
        #expect(view.displayed.last?.canDelete == false)
        scheduler.runAll()

        #expect(try library.photos().map(\.id) == [2])
        #expect(view.displayed.last?.notice == "2 photos deleted")
        #expect(view.displayed.last?.isSelecting == false)
        #expect(view.displayed.last?.rows.map(\.identifier) == ["photo-2"], "the list follows")
        #expect(view.displayed.last?.status == "1 work photo")
    }

    @Test func aRefusedDeletionDeletesNothingAndKeepsTheChoice() throws {
        let library = threePhotos()
        let (sut, view, _, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        scheduler.runAll()
        sut.didTapSelect()
        sut.didSelectPhoto("photo-1")
        sut.didTapDelete()
        confirmer.answer(false)

        #expect(scheduler.pendingWorkCount == 0)
        #expect(try library.photos().count == 3)
        #expect(view.displayed.last?.notice == "Nothing was deleted")
        #expect(view.displayed.last?.rows.map(\.isSelected) == [true, false, false])
    }

    @Test func deleteDoesNothingWithoutASelection() {
        let (sut, _, _, scheduler, _) = makeSUT(library: threePhotos())
        sut.viewDidAppear()
        scheduler.runAll()
        sut.didTapDelete()
        sut.didTapSelect()
        sut.didTapDelete()
        #expect(confirmer.questions.isEmpty)
    }

    @Test func aFailedDeletionSaysWhyAndKeepsTheChoice() {
        struct ReadOnly: UserFacingError { var userMessage: String { "the photo store cannot be written" } }
        let library = threePhotos()
        let (sut, view, _, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        scheduler.runAll()
        sut.didTapSelect()
        sut.didSelectPhoto("photo-1")
        sut.didTapDelete()
        library.failWrites(with: ReadOnly())
        confirmer.answer(true)
        scheduler.runAll()
        #expect(view.displayed.last?.notice == "Could not delete: the photo store cannot be written")
        #expect(view.displayed.last?.canDelete == true)
        #expect(view.displayed.last?.isSelecting == true)
    }

    private func threePhotos() -> InMemoryPhotoLibrary {
        InMemoryPhotoLibrary(authorization: .authorized, photos: [
            PhotoFactory.photo(1, taken: PhotoFactory.june1(9)), PhotoFactory.photo(2, taken: PhotoFactory.june1(10)),
            PhotoFactory.photo(3, taken: PhotoFactory.june1(11)),
        ], workLocations: [PhotoFactory.office])
    }

    @Test func saysSoWhenThereAreNoWorkPhotos() {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [], workLocations: [PhotoFactory.office])
        let (sut, view, _, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        scheduler.runAll()
        #expect(view.displayed.last?.rows == [])
        #expect(view.displayed.last?.status == "No work photos. Photos taken near a work location appear here.")
    }

    @Test func whenDeniedItExplainsHowToAllowAndOffersSettings() {
        let (sut, view, _, scheduler, navigator) = makeSUT(access: PhotoAccessStub(answer: .denied))
        sut.viewDidAppear()
        #expect(scheduler.pendingWorkCount == 0)
        #expect(view.displayed.last == WorkPhotosViewModel(
            title: "Work photos", rows: [],
            status: "WorkPhotos cannot see your photos. To allow access, open Settings and turn Photos access on.",
            offersSettings: true
        ))

        sut.didTapOpenSettings()
        #expect(navigator.messages == [.settings])
    }

    @Test func readsTheListAgainWhenItAppearsAfterAccessWasGiven() {
        let access = PhotoAccessStub(answer: .denied)
        let (sut, view, _, scheduler, _) = makeSUT(access: access)
        sut.viewDidAppear()

        access.immediateAnswer = .authorized
        sut.viewDidAppear()
        scheduler.runAll()

        #expect(view.displayed.last?.rows.count == 1)
        #expect(view.displayed.last?.offersSettings == false)
    }

    private func makeSUT(
        library: InMemoryPhotoLibrary = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(1)], workLocations: [PhotoFactory.office]),
        access: PhotoAccessStub = PhotoAccessStub()
    ) -> (WorkPhotosPresenter, WorkPhotosViewSpy, PhotoAccessStub, ManualScheduler, GlanceNavigatorSpy) {
        let view = WorkPhotosViewSpy()
        let scheduler = ManualScheduler()
        let navigator = GlanceNavigatorSpy()
        let sut = WorkPhotosPresenter(
            library: library, access: access, scheduler: scheduler,
            formatting: PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!), navigator: navigator,
            confirmer: confirmer, drive: drive, progress: progress, now: { PhotoFactory.june1(17, 30) }
        )
        sut.attach(view)
        return (sut, view, access, scheduler, navigator)
    }
}

@MainActor
private final class WorkPhotosViewSpy: WorkPhotosView {
    private(set) var displayed: [WorkPhotosViewModel] = []
    func display(_ model: WorkPhotosViewModel) { displayed.append(model) }
}
