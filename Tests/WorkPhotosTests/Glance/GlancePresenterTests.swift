import Foundation
import PresenterKitTesting
import Testing
import WorkPhotos
import WorkPhotosTesting

@MainActor
struct GlancePresenterTests {
    @Test func showsWhoIsSignedInAndCountsWhileTheLibraryIsRead() {
        let sut = makeSUT()
        sut.presenter.viewDidLoad()
        #expect(sut.view.displayed == [model(work: "Counting…", other: "")])
    }

    @Test func countsWorkPhotosAndOtherPhotosOnceAccessIsGiven() {
        let sut = makeSUT(access: PhotoAccessStub(answer: nil))
        sut.presenter.viewDidAppear()
        #expect(sut.scheduler.pendingWorkCount == 0, "the library is not read before access is given")

        sut.access.answer(.authorized)
        #expect(sut.scheduler.pendingWork == [GlancePresenter.Work.countPhotos])
        sut.scheduler.runAll()

        #expect(sut.view.displayed.last == model(work: "2 work photos", other: "1 other photo", lastUpload: "No uploads yet"))
    }

    @Test(arguments: [PhotoAuthorization.denied, .notDetermined])
    func withoutAccessItSaysHowToAllowIt(answer: PhotoAuthorization) {
        let sut = makeSUT(access: PhotoAccessStub(answer: answer))
        sut.presenter.viewDidAppear()
        #expect(sut.scheduler.pendingWorkCount == 0)
        #expect(sut.view.displayed.last == model(work: "—", other: "", notice: "WorkPhotos cannot see your photos. Allow access in Settings."))
    }

    @Test func aLibraryErrorIsShownNotHidden() {
        struct DiskOnFire: UserFacingError { var userMessage: String { "disk on fire" } }
        let library = sampleLibrary()
        library.fail(with: DiskOnFire())
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last == model(work: "—", other: "", notice: "Could not read your photos: disk on fire"))
    }

    @Test func anErrorWithoutAUserMessageIsNeverShownRaw() {
        struct SQLFailure: Error, CustomStringConvertible { var description: String { "SELECT * FROM photo failed" } }
        let library = sampleLibrary()
        library.fail(with: SQLFailure())
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last?.notice == "Could not read your photos: something went wrong; the log has the details")
    }

    @Test func countsAgainWhenItAppearsAgainButNotTwiceAtOnce() {
        let library = sampleLibrary()
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.presenter.viewDidAppear()
        #expect(sut.access.requestCount == 1, "a count in flight is not started again")
        sut.scheduler.runAll()

        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()

        #expect(sut.access.requestCount == 2)
        #expect(sut.view.displayed.last?.workPhotos == "2 work photos")
    }

    @Test func showsTheLastUploadWithItsCountAndTime() throws {
        let library = sampleLibrary()
        try library.recordUpload([1, 2], at: PhotoFactory.june1(17, 30), destination: "/drive/a")
        try library.recordUpload([1], at: PhotoFactory.june1(18, 5), destination: "/drive/b")
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last?.lastUpload == "Last upload: 1 photo, Mon 1 Jun 2026, 18:05")
    }

    @Test func theLastUploadFollowsWhenTheScreenAppearsAgain() throws {
        let library = sampleLibrary()
        let sut = makeSUT(library: library)
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last?.lastUpload == "No uploads yet")

        try library.recordUpload([1, 2], at: PhotoFactory.june1(17, 30), destination: "/drive/a")
        sut.presenter.viewDidAppear()
        sut.scheduler.runAll()
        #expect(sut.view.displayed.last?.lastUpload == "Last upload: 2 photos, Mon 1 Jun 2026, 17:30")
    }

    @Test func itsActionsLeadToTheListAndToSettings() {
        let sut = makeSUT()
        sut.presenter.didTapReviewWorkPhotos()
        sut.presenter.didTapSettings()
        #expect(sut.navigator.messages == [.workPhotos, .settings])
    }

    // MARK: - Helpers

    private func makeSUT(
        library: InMemoryPhotoLibrary? = nil, access: PhotoAccessStub = PhotoAccessStub()
    ) -> SUT {
        let view = GlanceViewSpy()
        let scheduler = ManualScheduler()
        let navigator = GlanceNavigatorSpy()
        let sut = GlancePresenter(
            account: Account(username: "alice"), library: library ?? sampleLibrary(), access: access,
            scheduler: scheduler, formatting: PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!), navigator: navigator
        )
        sut.attach(view)
        return SUT(presenter: sut, view: view, access: access, scheduler: scheduler, navigator: navigator)
    }

    /// The subject and its collaborators, by name.
    private struct SUT {
        let presenter: GlancePresenter
        let view: GlanceViewSpy
        let access: PhotoAccessStub
        let scheduler: ManualScheduler
        let navigator: GlanceNavigatorSpy
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
