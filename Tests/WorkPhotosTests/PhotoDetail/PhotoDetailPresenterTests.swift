import Foundation
import PresenterKitTesting
import Testing
import WorkPhotos
import WorkPhotosTesting

@MainActor
struct PhotoDetailPresenterTests {
    static let picture = RGBImage.make([[Paint.red, Paint.blue], [Paint.red, Paint.red]])!
    static let shown = RGBImage.make([[Paint.red, Paint.blue.grey], [Paint.red, Paint.red]])!
    static let red = DominantColour(colour: Paint.red, bucket: 0, pixelCount: 3)

    @Test func showsTheFactsAtOnceAndProcessesInTheBackground() {
        let (sut, view, scheduler, processing, _) = makeSUT()
        sut.viewDidLoad()

        #expect(view.displayed == [model()])
        #expect(scheduler.pendingWorkCount == 1, "reading and processing go through the scheduler")
        #expect(processing.calls.isEmpty, "nothing is processed on the main actor")
        processing.verify()
    }

    @Test func whenTheProcessedPictureIsReadyApplyAndSwitchingAreEnabled() {
        let (sut, view, scheduler, processing, _) = makeSUT()
        processing.expect().dominantColour(of: Self.picture, returning: Self.red)
        processing.expect().showAndHide(Self.picture, keeping: Self.red, returning: Self.shown)
        sut.viewDidLoad()
        scheduler.runAll()

        #expect(view.displayed.last == model(dominant: "#D62828", picture: Self.picture, canSwitch: true, apply: true, status: "Show & Hide is ready"))
        processing.verify()
    }

    @Test func switchesBetweenOriginalAndShowAndHideOnlyOnceReady() {
        let (sut, view, scheduler, processing, _) = makeSUT()
        processing.expect().dominantColour(of: Self.picture, returning: Self.red)
        processing.expect().showAndHide(Self.picture, keeping: Self.red, returning: Self.shown)
        sut.viewDidLoad()
        sut.didTapShowAndHide()
        #expect(view.displayed.count == 1, "before the picture is ready, switching does nothing")

        scheduler.runAll()
        sut.didTapShowAndHide()
        #expect(view.displayed.last?.picture == Self.shown)
        #expect(view.displayed.last?.version == .showAndHide)
        sut.didTapOriginal()
        #expect(view.displayed.last?.picture == Self.picture)
        #expect(view.displayed.last?.version == .original)
    }

    @Test func applySavesTheShowAndHidePictureOnceInTheBackground() throws {
        let (sut, view, scheduler, processing, library) = makeSUT()
        processing.expect().dominantColour(of: Self.picture, returning: Self.red)
        processing.expect().showAndHide(Self.picture, keeping: Self.red, returning: Self.shown)
        sut.viewDidLoad()
        scheduler.runAll()

        sut.didTapApply()
        sut.didTapApply()
        #expect(view.displayed.last?.status == "Applying Show & Hide…")
        #expect(view.displayed.last?.isApplyEnabled == false)
        #expect(scheduler.pendingWorkCount == 1, "one save, however often Apply is tapped")
        #expect(try library.picture(ofPhoto: 7) == Self.picture, "not saved before the work runs")
        scheduler.runAll()

        #expect(try library.picture(ofPhoto: 7) == Self.shown)
        #expect(view.displayed.last == model(dominant: "#D62828", picture: Self.shown, version: .showAndHide, canSwitch: true, apply: false, status: "Show & Hide applied"))
    }

    @Test func aFailedApplySaysWhyAndCanBeTriedAgain() {
        struct ReadOnly: UserFacingError { var userMessage: String { "the store is read-only" } }
        let (sut, view, scheduler, processing, library) = makeSUT()
        processing.expect().dominantColour(of: Self.picture, returning: Self.red)
        processing.expect().showAndHide(Self.picture, keeping: Self.red, returning: Self.shown)
        sut.viewDidLoad()
        scheduler.runAll()
        library.failWrites(with: ReadOnly())

        sut.didTapApply()
        scheduler.runAll()

        #expect(view.displayed.last?.status == "Could not apply Show & Hide: the store is read-only")
        #expect(view.displayed.last?.isApplyEnabled == true)
    }

    @Test func aPictureThatCannotBeReadIsSaidAndNothingIsProcessed() {
        struct Damaged: UserFacingError { var userMessage: String { "the photo store is damaged" } }
        let (sut, view, scheduler, processing, library) = makeSUT()
        library.fail(with: Damaged())
        sut.viewDidLoad()
        scheduler.runAll()
        #expect(view.displayed.last == model(status: "Could not read the picture: the photo store is damaged"))
        processing.verify()
        #expect(processing.calls.isEmpty)
    }

    @Test func aPhotoWithoutAPictureSaysSo() {
        let (sut, view, scheduler, _, _) = makeSUT(picture: nil)
        sut.viewDidLoad()
        scheduler.runAll()
        #expect(view.displayed.last == model(status: "This photo has no picture"))
    }

    @Test func theCoordinatesReadWithFiveDecimals() {
        #expect(PhotoDetailPresenter.Message.unknown == "—")
        let (sut, view, _, _, _) = makeSUT()
        sut.viewDidLoad()
        #expect(view.displayed.first?.coordinates == "51.52262, -0.08598")
        #expect(view.displayed.first?.size == "2 × 2")
    }

    // MARK: - Helpers

    private func makeSUT(
        picture: RGBImage? = PhotoDetailPresenterTests.picture
    ) -> (PhotoDetailPresenter, PhotoDetailViewSpy, ManualScheduler, PictureProcessingMock, InMemoryPhotoLibrary) {
        let photo = Photo(id: 7, name: "red", takenAt: PhotoFactory.june1(9, 5), coordinate: Coordinate(latitude: 51.52262, longitude: -0.08598),
                          place: "Office", width: 2, height: 2)
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [photo])
        if let picture { library.setPicture(picture, ofPhoto: 7) }
        let scheduler = ManualScheduler()
        let processing = PictureProcessingMock()
        let sut = PhotoDetailPresenter(
            photo: photo, library: library, processing: processing, scheduler: scheduler,
            formatting: PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!)
        )
        let view = PhotoDetailViewSpy()
        sut.attach(view)
        return (sut, view, scheduler, processing, library)
    }

    private func model(
        dominant: String = "—", picture: RGBImage? = nil, version: PhotoDetailViewModel.Version = .original,
        canSwitch: Bool = false, apply: Bool = false, status: String = "Working out the dominant colour…"
    ) -> PhotoDetailViewModel {
        PhotoDetailViewModel(
            title: "Photo", date: "Mon 1 Jun 2026, 09:05", place: "Office", coordinates: "51.52262, -0.08598", size: "2 × 2",
            dominantColour: dominant, picture: picture, version: version, canSwitch: canSwitch, isApplyEnabled: apply, status: status
        )
    }
}

@MainActor
final class PhotoDetailViewSpy: PhotoDetailView {
    private(set) var displayed: [PhotoDetailViewModel] = []
    func display(_ model: PhotoDetailViewModel) { displayed.append(model) }
}
