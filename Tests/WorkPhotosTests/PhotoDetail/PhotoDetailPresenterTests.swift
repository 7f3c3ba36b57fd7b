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
        let sut = makeSUT()
        sut.presenter.viewDidLoad()

        #expect(sut.view.displayed == [model()])
        #expect(sut.scheduler.pendingWork == [PhotoDetailPresenter.Work.showAndHide], "reading and processing go through the scheduler")
        #expect(PhotoDetailPresenter.Work.showAndHide == "Show & Hide")
        #expect(sut.processing.calls.isEmpty, "nothing is processed on the main actor")
        sut.processing.verify()
    }

    @Test func whenTheProcessedPictureIsReadyApplyAndSwitchingAreEnabled() {
        let sut = makeSUT()
        sut.processing.expect().dominantColour(of: Self.picture, returning: Self.red)
        sut.processing.expect().showAndHide(Self.picture, keeping: Self.red, returning: Self.shown)
        sut.presenter.viewDidLoad()
        sut.scheduler.runAll()

        #expect(sut.view.displayed.last == model(dominant: "#D62828", picture: Self.picture, canSwitch: true, apply: true, status: "Show & Hide is ready"))
        sut.processing.verify()
    }

    @Test func switchesBetweenOriginalAndShowAndHideOnlyOnceReady() {
        let sut = makeSUT()
        sut.processing.expect().dominantColour(of: Self.picture, returning: Self.red)
        sut.processing.expect().showAndHide(Self.picture, keeping: Self.red, returning: Self.shown)
        sut.presenter.viewDidLoad()
        sut.presenter.didTapShowAndHide()
        #expect(sut.view.displayed.count == 1, "before the picture is ready, switching does nothing")

        sut.scheduler.runAll()
        sut.presenter.didTapShowAndHide()
        #expect(sut.view.displayed.last?.picture == Self.shown)
        #expect(sut.view.displayed.last?.version == .showAndHide)
        sut.presenter.didTapOriginal()
        #expect(sut.view.displayed.last?.picture == Self.picture)
        #expect(sut.view.displayed.last?.version == .original)
    }

    @Test func applySavesTheShowAndHidePictureOnceInTheBackground() throws {
        let sut = makeSUT()
        sut.processing.expect().dominantColour(of: Self.picture, returning: Self.red)
        sut.processing.expect().showAndHide(Self.picture, keeping: Self.red, returning: Self.shown)
        sut.presenter.viewDidLoad()
        sut.scheduler.runAll()

        sut.presenter.didTapApply()
        sut.presenter.didTapApply()
        #expect(sut.view.displayed.last?.status == "Applying Show & Hide…")
        #expect(sut.view.displayed.last?.isApplyEnabled == false)
        #expect(sut.scheduler.pendingWork == [PhotoDetailPresenter.Work.saveShowAndHide], "one save, however often Apply is tapped")
        #expect(try sut.library.picture(ofPhoto: 7) == Self.picture, "not saved before the work runs")
        sut.scheduler.runAll()

        #expect(try sut.library.picture(ofPhoto: 7) == Self.shown)
        #expect(sut.view.displayed.last == model(dominant: "#D62828", picture: Self.shown, version: .showAndHide, canSwitch: true, apply: false, status: "Show & Hide applied"))
    }

    @Test func aFailedApplySaysWhyAndCanBeTriedAgain() {
        struct ReadOnly: UserFacingError { var userMessage: String { "the store is read-only" } }
        let sut = makeSUT()
        sut.processing.expect().dominantColour(of: Self.picture, returning: Self.red)
        sut.processing.expect().showAndHide(Self.picture, keeping: Self.red, returning: Self.shown)
        sut.presenter.viewDidLoad()
        sut.scheduler.runAll()
        sut.library.failWrites(with: ReadOnly())

        sut.presenter.didTapApply()
        sut.scheduler.runAll()

        #expect(sut.view.displayed.last?.status == "Could not apply Show & Hide: the store is read-only")
        #expect(sut.view.displayed.last?.isApplyEnabled == true)
    }

    @Test func aPictureThatCannotBeReadIsSaidAndNothingIsProcessed() {
        struct Damaged: UserFacingError { var userMessage: String { "the photo store is damaged" } }
        let sut = makeSUT()
        sut.library.fail(with: Damaged())
        sut.presenter.viewDidLoad()
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last == model(status: "Could not read the picture: the photo store is damaged"))
        sut.processing.verify()
        #expect(sut.processing.calls.isEmpty)
    }

    @Test func aPhotoWithoutAPictureSaysSo() {
        let sut = makeSUT(picture: nil)
        sut.presenter.viewDidLoad()
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last == model(status: "This photo has no picture"))
    }

    @Test func theCoordinatesReadWithFiveDecimals() {
        #expect(PhotoDetailPresenter.Message.unknown == "—")
        let sut = makeSUT()
        sut.presenter.viewDidLoad()
        #expect(sut.view.displayed.first?.coordinates == "51.52262, -0.08598")
        #expect(sut.view.displayed.first?.size == "2 × 2")
    }

    // MARK: - Helpers

    private func makeSUT(
        picture: RGBImage? = PhotoDetailPresenterTests.picture
    ) -> SUT {
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
        return SUT(presenter: sut, view: view, scheduler: scheduler, processing: processing, library: library)
    }

    /// The subject and its collaborators, by name.
    private struct SUT {
        let presenter: PhotoDetailPresenter
        let view: PhotoDetailViewSpy
        let scheduler: ManualScheduler
        let processing: PictureProcessingMock
        let library: InMemoryPhotoLibrary
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
