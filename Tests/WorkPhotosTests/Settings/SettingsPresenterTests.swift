import PresenterKitTesting
import Testing
import WorkPhotos
import WorkPhotosTesting

@MainActor
struct SettingsPresenterTests {
    @Test(arguments: [
        (PhotoAuthorization.notDetermined, "Not asked yet", "Allowed", PhotoAuthorization.authorized),
        (.denied, "Not allowed", "Allowed", .authorized),
        (.authorized, "Allowed", "Not allowed", .denied),
    ])
    func togglesPhotoAccessAndStoresIt(start: PhotoAuthorization, before: String, after: String, stored: PhotoAuthorization) throws {
        let library = InMemoryPhotoLibrary(authorization: start)
        let (sut, view, scheduler) = makeSUT(library)
        sut.viewDidLoad()
        #expect(view.displayed.last?.photosAccess == "…")
        #expect(scheduler.pendingWork == [SettingsPresenter.Work.readPhotoAccess])
        scheduler.runAll()
        #expect(view.displayed.last?.photosAccess == before)

        sut.didTogglePhotosAccess()
        #expect(scheduler.pendingWork == [SettingsPresenter.Work.setPhotoAccess])
        scheduler.runAll()

        #expect(view.displayed.last == SettingsViewModel(title: "Settings", photosAccess: after, notice: ""))
        #expect(try library.authorization() == stored)
    }

    @Test func aFailedChangeIsReportedAndTheSettingKept() {
        struct ReadOnly: UserFacingError { var userMessage: String { "read-only store" } }
        let library = InMemoryPhotoLibrary(authorization: .denied)
        let (sut, view, scheduler) = makeSUT(library)
        sut.viewDidLoad()
        scheduler.runAll()
        library.fail(with: ReadOnly())

        sut.didTogglePhotosAccess()
        scheduler.runAll()

        #expect(view.displayed.last == SettingsViewModel(
            title: "Settings", photosAccess: "Not allowed", notice: "Could not change the setting: read-only store"
        ))
    }

    private func makeSUT(_ library: InMemoryPhotoLibrary) -> (SettingsPresenter, SettingsViewSpy, ManualScheduler) {
        let view = SettingsViewSpy()
        let scheduler = ManualScheduler()
        let sut = SettingsPresenter(library: library, scheduler: scheduler)
        sut.attach(view)
        return (sut, view, scheduler)
    }
}

@MainActor
private final class SettingsViewSpy: SettingsView {
    private(set) var displayed: [SettingsViewModel] = []
    func display(_ model: SettingsViewModel) { displayed.append(model) }
}
