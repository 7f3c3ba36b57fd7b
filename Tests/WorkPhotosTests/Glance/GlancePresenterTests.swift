import Foundation
import PresenterKitTesting
import Testing
import WorkPhotos
import WorkPhotosTesting

@MainActor
struct GlancePresenterTests {
    @Test func showsWhoIsSignedInAndCountsWhileTheLibraryIsRead() {
        let (sut, view, _, _, _) = makeSUT()
        sut.viewDidLoad()
        #expect(view.displayed == [model(work: "Counting…", other: "")])
    }

    @Test func countsWorkPhotosAndOtherPhotosOnceAccessIsGiven() {
        let (sut, view, access, scheduler, _) = makeSUT(access: PhotoAccessStub(answer: nil))
        sut.viewDidAppear()
        #expect(scheduler.pendingWorkCount == 0, "the library is not read before access is given")

        access.answer(.authorized)
        scheduler.runAll()

        #expect(view.displayed.last == model(work: "2 work photos", other: "1 other photo", lastUpload: "No uploads yet"))
    }

    @Test(arguments: [PhotoAuthorization.denied, .notDetermined])
    func withoutAccessItSaysHowToAllowIt(answer: PhotoAuthorization) {
        let (sut, view, _, scheduler, _) = makeSUT(access: PhotoAccessStub(answer: answer))
        sut.viewDidAppear()
        #expect(scheduler.pendingWorkCount == 0)
        #expect(view.displayed.last == model(work: "—", other: "", notice: "WorkPhotos cannot see your photos. Allow access in Settings."))
    }

    @Test func aLibraryErrorIsShownNotHidden() {
        struct DiskOnFire: UserFacingError { var userMessage: String { "disk on fire" } }
        let library = sampleLibrary()
        library.fail(with: DiskOnFire())
        let (sut, view, _, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        scheduler.runAll()
        #expect(view.displayed.last == model(work: "—", other: "", notice: "Could not read your photos: disk on fire"))
    }

    @Test func anErrorWithoutAUserMessageIsNeverShownRaw() {
        struct SQLFailure: Error, CustomStringConvertible { var description: String { "SELECT * FROM photo failed" } }
        let library = sampleLibrary()
        library.fail(with: SQLFailure())
        let (sut, view, _, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        scheduler.runAll()
        #expect(view.displayed.last?.notice == "Could not read your photos: something went wrong; the log has the details")
    }

    @Test func countsAgainWhenItAppearsAgainButNotTwiceAtOnce() {
        let library = sampleLibrary()
        let (sut, view, access, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        sut.viewDidAppear()
        #expect(access.requestCount == 1, "a count in flight is not started again")
        scheduler.runAll()

        sut.viewDidAppear()
        scheduler.runAll()

        #expect(access.requestCount == 2)
        #expect(view.displayed.last?.workPhotos == "2 work photos")
    }

    @Test func showsTheLastUploadWithItsCountAndTime() throws {
        let library = sampleLibrary()
        try library.recordUpload([1, 2], at: PhotoFactory.june1(17, 30), destination: "/drive/a")
        try library.recordUpload([1], at: PhotoFactory.june1(18, 5), destination: "/drive/b")
        let (sut, view, _, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        scheduler.runAll()
        #expect(view.displayed.last?.lastUpload == "Last upload: 1 photo, Mon 1 Jun 2026, 18:05")
    }

    @Test func theLastUploadFollowsWhenTheScreenAppearsAgain() throws {
        let library = sampleLibrary()
        let (sut, view, _, scheduler, _) = makeSUT(library: library)
        sut.viewDidAppear()
        scheduler.runAll()
        #expect(view.displayed.last?.lastUpload == "No uploads yet")

        try library.recordUpload([1, 2], at: PhotoFactory.june1(17, 30), destination: "/drive/a")
        sut.viewDidAppear()
        scheduler.runAll()
        #expect(view.displayed.last?.lastUpload == "Last upload: 2 photos, Mon 1 Jun 2026, 17:30")
    }

    @Test func itsActionsLeadToTheListAndToSettings() {
        let (sut, _, _, _, navigator) = makeSUT()
        sut.didTapReviewWorkPhotos()
        sut.didTapSettings()
        #expect(navigator.messages == [.workPhotos, .settings])
    }

    // MARK: - Helpers

    private func makeSUT(
        library: InMemoryPhotoLibrary? = nil, access: PhotoAccessStub = PhotoAccessStub()
    ) -> (GlancePresenter, GlanceViewSpy, PhotoAccessStub, ManualScheduler, GlanceNavigatorSpy) {
        let view = GlanceViewSpy()
        let scheduler = ManualScheduler()
        let navigator = GlanceNavigatorSpy()
        let sut = GlancePresenter(
            account: Account(username: "alice"), library: library ?? sampleLibrary(), access: access,
            scheduler: scheduler, formatting: PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!), navigator: navigator
        )
        sut.attach(view)
        return (sut, view, access, scheduler, navigator)
    }

    private func sampleLibrary() -> InMemoryPhotoLibrary {
        InMemoryPhotoLibrary(
            authorization: .authorized,
            photos: [PhotoFactory.photo(1), PhotoFactory.photo(2), PhotoFactory.photo(3, at: PhotoFactory.inPark, place: "Park")],
            workLocations: [PhotoFactory.office]
        )
    }

    private func model(work: String, other: String, lastUpload: String = "", notice: String = "") -> GlanceViewModel {
        GlanceViewModel(
            title: "At a glance", signedInAs: "Signed in as alice", workPhotos: work, otherPhotos: other,
            lastUpload: lastUpload, notice: notice
        )
    }
}

@MainActor
private final class GlanceViewSpy: GlanceView {
    private(set) var displayed: [GlanceViewModel] = []
    func display(_ model: GlanceViewModel) { displayed.append(model) }
}

@MainActor
final class GlanceNavigatorSpy: GlanceNavigating, WorkPhotosNavigating {
    enum Message: Equatable { case workPhotos, settings, photo(Int64) }
    private(set) var messages: [Message] = []
    func showWorkPhotos() { messages.append(.workPhotos) }
    func showSettings() { messages.append(.settings) }
    func showPhotoDetail(_ photo: Photo) { messages.append(.photo(photo.id)) }
}
