import Testing
import TextUI
import WorkPhotos
import WorkPhotosUI

@MainActor
struct GlanceScreenTests {
    @Test func showsTheTitleAndTheSignedInUser() {
        let screen = GlanceScreen(presenter: GlancePresenter(account: Account(username: "test")))
        #expect(screen.title == "At a glance")
        #expect(Renderer.render(Screen(title: screen.title, elements: screen.elements)) == """
            ── At a glance ─────────────────────────────────
                 At a glance
                 Signed in as test
            ────────────────────────────────────────────────
            """)
    }
}
