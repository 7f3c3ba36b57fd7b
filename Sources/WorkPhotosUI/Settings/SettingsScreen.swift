import TextUI
import WorkPhotos
import WorkPhotosIdentifiers

/// The Settings screen: a cell that turns the app's photo access on and off.
@MainActor
public final class SettingsScreen: ScreenController, SettingsView {
    /// Its identifiers, shared with the robots.
    public typealias ID = Identifiers.Settings

    private let presenter: SettingsPresenter
    private var model: SettingsViewModel?

    public init(presenter: SettingsPresenter) {
        self.presenter = presenter
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    public var title: String { model?.title ?? SettingsPresenter.Message.title }

    public var elements: [Element] {
        guard let model else { return [] }
        return [
            .cell(ID.photosAccess, label: ID.photosAccess, value: model.photosAccess),
            .text(model.notice, identifier: ID.notice),
        ]
    }

    public func display(_ model: SettingsViewModel) {
        self.model = model
    }

    public func tap(_ identifier: String) {
        if identifier == ID.photosAccess { presenter.didTogglePhotosAccess() }
    }

    public func enter(_ text: String, into identifier: String) {}
}
