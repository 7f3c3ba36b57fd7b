import TextUI
import WorkPhotos

/// The At a glance screen.
@MainActor
public final class GlanceScreen: ScreenController, GlanceView {
    public enum ID {
        public static let title = "title"
        public static let user = "signedInAs"
    }

    private let presenter: GlancePresenter
    private var model = GlanceViewModel(title: GlancePresenter.title, signedInAs: "")

    public init(presenter: GlancePresenter) {
        self.presenter = presenter
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    public var title: String { model.title }

    public var elements: [Element] {
        [
            .text(model.title, identifier: ID.title),
            .text(model.signedInAs, identifier: ID.user),
        ]
    }

    public func display(_ model: GlanceViewModel) {
        self.model = model
    }

    public func tap(_ identifier: String) {}
    public func enter(_ text: String, into identifier: String) {}

    public func didAppear() {
        presenter.viewDidAppear()
    }
}
