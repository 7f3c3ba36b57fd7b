import PresenterKit
import Testing

@MainActor
struct PresenterTests {
    @Test func holdsItsViewWeakly() {
        let presenter = Presenter<any SampleView>()
        var view: SampleViewSpy? = SampleViewSpy()
        presenter.attach(view!)
        #expect(presenter.view != nil)

        view = nil

        #expect(presenter.view == nil, "a released view must not be kept alive by its presenter")
    }

    @Test func reachesItsViewThroughTheViewProtocol() {
        let presenter = Presenter<any SampleView>()
        let view = SampleViewSpy()
        presenter.attach(view)

        presenter.view?.display("hello")

        #expect(view.displayed == ["hello"])
    }
}

@MainActor
private protocol SampleView: AnyObject {
    func display(_ text: String)
}

@MainActor
private final class SampleViewSpy: SampleView {
    var displayed: [String] = []
    func display(_ text: String) { displayed.append(text) }
}
