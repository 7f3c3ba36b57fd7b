import Foundation
import PresenterKitTesting
import Testing
import TextUI
import WorkPhotos
import WorkPhotosTesting
import WorkPhotosUI

@MainActor
struct GlanceScreenTests {
    @Test func showsTheCountsAndItsActions() {
        let library = InMemoryPhotoLibrary(
            authorization: .authorized,
            photos: [PhotoFactory.photo(1), PhotoFactory.photo(2, at: PhotoFactory.inPark)],
            workLocations: [PhotoFactory.office]
        )
        let scheduler = ManualScheduler()
        let navigator = NavigationSpy()
        let screen = GlanceScreen(presenter: GlancePresenter(
            account: Account(username: "test"), library: library, access: PhotoAccessStub(),
            scheduler: scheduler, formatting: PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!), navigator: navigator
        ))
        screen.didAppear()
        scheduler.runAll()

        #expect(Renderer.render(Screen(title: screen.title, elements: screen.elements)) == """
            ── At a glance ─────────────────────────────────
                 At a glance
                 Signed in as test
                 1 work photo
                 1 other photo
                 No uploads yet
            [1]  < Review work photos >
            [2]  < Settings >
            ────────────────────────────────────────────────
            """)
        screen.tap("Review work photos")
        screen.tap("Settings")
        #expect(navigator.messages == ["workPhotos", "settings"])
    }
}

@MainActor
final class NavigationSpy: GlanceNavigating, WorkPhotosNavigating {
    private(set) var messages: [String] = []
    func showWorkPhotos() { messages.append("workPhotos") }
    func showSettings() { messages.append("settings") }
    func showPhotoDetail(_ photo: Photo) { messages.append("photo-\(photo.id)") }
}
