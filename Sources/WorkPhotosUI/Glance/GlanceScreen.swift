import TextUI
import WorkPhotos
import WorkPhotosIdentifiers

/// The At a glance screen: who is signed in, the photo counts, the last upload, and where to go next.
@MainActor
public final class GlanceScreen: ScreenController, GlanceView {
    /// Its identifiers, shared with the robots.
    public typealias ID = Identifiers.Glance

    private let presenter: GlancePresenter
    private var model: GlanceViewModel?

    public init(presenter: GlancePresenter) {
        self.presenter = presenter
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    public var title: String { model?.title ?? GlancePresenter.Message.title }

    public var elements: [Element] {
        guard let model else { return [] }
        return [
            .text(model.title, identifier: ID.title),
            .text(model.signedInAs, identifier: ID.user),
            .text(model.workPhotos, identifier: ID.workPhotos),
            .text(model.otherPhotos, identifier: ID.otherPhotos),
            .text(model.lastUpload, identifier: ID.lastUpload),
            .text(model.notice, identifier: ID.notice),
            .button(ID.review),
            .button(ID.settings),
        ]
    }

    public func display(_ model: GlanceViewModel) {
        self.model = model
    }

    public func tap(_ identifier: String) {
        switch identifier {
        case ID.review: presenter.didTapReviewWorkPhotos()
        case ID.settings: presenter.didTapSettings()
        default: break
        }
    }

    public func enter(_ text: String, into identifier: String) {}

    public func didAppear() {
        presenter.viewDidAppear()
    }
}
