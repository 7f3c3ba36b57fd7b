import TextUI
import WorkPhotos
import WorkPhotosIdentifiers

/// The Work photos list: a cell per photo (date, place), a status line, Select / Upload to Drive /
/// Delete, the last action's notice (with Retry after a failed upload), and Settings when the list
/// is missing for lack of access. A long list shows a window of rows that `more` and `scroll` move.
@MainActor
public final class WorkPhotosScreen: ScreenController, WorkPhotosView {
    /// Its identifiers, shared with the robots.
    public typealias ID = Identifiers.Photos

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
        if !model.rows.isEmpty {
            elements.append(.button(ID.select, label: model.isSelecting ? ID.done : ID.select))
            if model.isSelecting {
                elements.append(.button(ID.selectAll))
                elements.append(.button(ID.upload, isEnabled: model.canUpload))
                elements.append(.button(ID.delete, isEnabled: model.canDelete))
            }
        }
        elements += model.rows[viewport.visible].map {
            .cell($0.identifier, label: $0.date, value: $0.place, isSelected: $0.isSelected, isSelectable: model.isSelecting)
        }
        if model.offersSettings { elements.append(.button(ID.openSettings)) }
        if !model.notice.isEmpty { elements.append(.text(model.notice, identifier: ID.notice)) }
        if model.canRetry { elements.append(.button(ID.retry)) }
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
        switch identifier {
        case ID.openSettings: presenter.didTapOpenSettings()
        case ID.select: presenter.didTapSelect()
        case ID.selectAll: presenter.didTapSelectAll()
        case ID.upload: presenter.didTapUpload()
        case ID.delete: presenter.didTapDelete()
        case ID.retry: presenter.didTapRetry()
        default: presenter.didSelectPhoto(identifier)
        }
    }

    public func enter(_ text: String, into identifier: String) {}

    public func didAppear() {
        presenter.viewDidAppear()
    }
}
