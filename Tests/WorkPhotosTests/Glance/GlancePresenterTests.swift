import Testing
import WorkPhotos

@MainActor
struct GlancePresenterTests {
    @Test func showsTheTitleAndWhoIsSignedIn() {
        let view = GlanceViewSpy()
        let sut = GlancePresenter(account: Account(username: "alice"))
        sut.attach(view)

        sut.viewDidLoad()

        #expect(view.displayed == [GlanceViewModel(title: "At a glance", signedInAs: "Signed in as alice")])
    }
}

@MainActor
private final class GlanceViewSpy: GlanceView {
    private(set) var displayed: [GlanceViewModel] = []
    func display(_ model: GlanceViewModel) { displayed.append(model) }
}
