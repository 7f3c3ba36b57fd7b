import Foundation
import PresenterKitTesting
import Testing
import TextUI
import WorkPhotos
import WorkPhotosTesting
import WorkPhotosUI

@MainActor
struct WorkPhotosScreenTests {
    @Test func showsACellPerWorkPhoto() {
        let library = InMemoryPhotoLibrary(
            authorization: .authorized,
            photos: [PhotoFactory.photo(7, taken: PhotoFactory.june1(9, 5)), PhotoFactory.photo(8, at: PhotoFactory.inPark)],
            workLocations: [PhotoFactory.office]
        )
        let (screen, scheduler, _) = makeSUT(library: library, access: PhotoAccessStub())
        screen.didAppear()
        scheduler.runAll()

        #expect(screen.elements == [
            .text("1 work photo", identifier: "status"),
            .cell("photo-7", label: "Mon 1 Jun 2026, 09:05", value: "Office"),
        ])
    }

    @Test func whenDeniedOffersSettings() {
        let (screen, _, navigator) = makeSUT(library: InMemoryPhotoLibrary(), access: PhotoAccessStub(answer: .denied))
        screen.didAppear()
        #expect(screen.elements.last == .button("Open Settings"))
        screen.tap("Open Settings")
        #expect(navigator.messages == ["settings"])
    }

    private func makeSUT(library: InMemoryPhotoLibrary, access: PhotoAccessStub) -> (WorkPhotosScreen, ManualScheduler, NavigationSpy) {
        let scheduler = ManualScheduler()
        let navigator = NavigationSpy()
        let screen = WorkPhotosScreen(presenter: WorkPhotosPresenter(
            library: library, access: access, scheduler: scheduler,
            formatting: PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!), navigator: navigator
        ))
        return (screen, scheduler, navigator)
    }
}
