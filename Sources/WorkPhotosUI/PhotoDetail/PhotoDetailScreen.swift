import TextUI
import WorkPhotos
import WorkPhotosIdentifiers

/// A photo's detail: its facts, a description of its picture (the frame carries no pixels; a
/// true-colour terminal draws the picture under it), its dominant colour, and Original / Show &
/// Hide / Apply.
@MainActor
public final class PhotoDetailScreen: ScreenController, PhotoDetailView {
    /// Its identifiers, shared with the robots.
    public typealias ID = Identifiers.PhotoDetail

    private let presenter: PhotoDetailPresenter
    private var model: PhotoDetailViewModel?

    public init(presenter: PhotoDetailPresenter) {
        self.presenter = presenter
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    public var title: String { model?.title ?? PhotoDetailPresenter.Message.title }

    public var elements: [Element] {
        guard let model else { return [] }
        let picture = model.picture.map { picture in
            "\(picture.width)×\(picture.height), \(model.version == .original ? "the original" : "Show & Hide: only \(model.dominantColour) kept")"
        } ?? "not read yet"
        return [
            .text(model.date, identifier: ID.date),
            .text(model.place, identifier: ID.place),
            .text(model.coordinates, identifier: ID.coordinates),
            .text(model.size, identifier: ID.size),
            .image(ID.picture, label: picture),
            .text("Dominant colour: \(model.dominantColour)", identifier: ID.dominantColour),
            Element(kind: .button, identifier: ID.original, label: ID.original, isEnabled: model.canSwitch, isSelected: model.version == .original),
            Element(kind: .button, identifier: ID.showAndHide, label: ID.showAndHide, isEnabled: model.canSwitch, isSelected: model.version == .showAndHide),
            .button(ID.apply, isEnabled: model.isApplyEnabled),
            .text(model.status, identifier: ID.status),
        ]
    }

    public func display(_ model: PhotoDetailViewModel) {
        self.model = model
    }

    /// The picture shown (original or Show & Hide), for a colour terminal to draw.
    public func picture(_ identifier: String) -> TerminalPicture? {
        guard identifier == ID.picture, let picture = model?.picture else { return nil }
        return TerminalPicture(width: picture.width, height: picture.height, rgb: picture.pixels)
    }

    public func tap(_ identifier: String) {
        switch identifier {
        case ID.original: presenter.didTapOriginal()
        case ID.showAndHide: presenter.didTapShowAndHide()
        case ID.apply: presenter.didTapApply()
        default: break
        }
    }

    public func enter(_ text: String, into identifier: String) {}
}
