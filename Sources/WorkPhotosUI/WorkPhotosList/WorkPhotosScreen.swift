import TextUI
import WorkPhotos

/// The Work photos list: a cell per photo (date, place), a status line, and Settings when the list
/// is missing for lack of access. A long list shows a window of rows that `more` and `scroll` move.
@MainActor
public final class WorkPhotosScreen: ScreenController, WorkPhotosView {
    public enum ID {
        public static let status = "status"
        public static let openSettings = "Open Settings"
    }

    private let presenter: WorkPhotosPresenter
    private var model: WorkPhotosViewModel?
    private var viewport: ListViewport

    public init(presenter: WorkPhotosPresenter, pageSize: Int = 20) {
        self.presenter = presenter
        self.viewport = ListViewport(pageSize: pageSize)
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    public var title: String { model?.title ?? WorkPhotosPresenter.Message.title }

    public var elements: [Element] {
        guard let model else { return [] }
        var elements: [Element] = [.text(model.status, identifier: ID.status)]
        elements += model.rows[viewport.visible].map { .cell($0.identifier, label: $0.date, value: $0.place) }
        if model.offersSettings { elements.append(.button(ID.openSettings)) }
        return elements
    }

    public var list: ListWindow? { viewport.window }

    public func scroll(_ direction: ScrollDirection) {
        viewport.scroll(direction)
    }

    public func display(_ model: WorkPhotosViewModel) {
        self.model = model
        viewport.resize(to: model.rows.count)
    }

    public func tap(_ identifier: String) {
        if identifier == ID.openSettings {
            presenter.didTapOpenSettings()
        } else {
            presenter.didSelectPhoto(identifier)
        }
    }

    public func enter(_ text: String, into identifier: String) {}

    public func didAppear() {
        presenter.viewDidAppear()
    }
}
