import PresenterKit

/// Owns the photo detail screen: the photo's facts, its picture, its dominant colour, and the
/// Show & Hide version, computed in the background. Apply is enabled only once that version is
/// ready, and saves it as the photo's picture.
@MainActor
public final class PhotoDetailPresenter: Presenter<any PhotoDetailView> {
    /// The work this presenter schedules, by the names the app is busy with while it runs
    /// (a runner that times out says them: `still busy after 5 s: upload (4.9 s)`).
    public enum Work {
        public static let showAndHide = "Show & Hide"
        public static let saveShowAndHide = "save Show & Hide"
    }

    public enum Message {
        public static let title = "Photo"
        public static let working = "Working out the dominant colour…"
        public static let ready = "Show & Hide is ready"
        public static let applying = "Applying Show & Hide…"
        public static let applied = "Show & Hide applied"
        public static let noPicture = "This photo has no picture"
        public static let unknown = "—"
        public static func readFailed(_ error: any Error) -> String { "Could not read the picture: \(ErrorWording.userMessage(for: error))" }
        public static func applyFailed(_ error: any Error) -> String { "Could not apply Show & Hide: \(ErrorWording.userMessage(for: error))" }
    }

    private let photo: Photo
    private let library: any PhotoLibrary
    private let processing: any PictureProcessing
    private let scheduler: any WorkScheduling
    private var model: PhotoDetailViewModel
    private var original: RGBImage?
    private var processed: RGBImage?

    public init(
        photo: Photo, library: any PhotoLibrary, processing: any PictureProcessing, scheduler: any WorkScheduling,
        formatting: PhotoFormatting
    ) {
        self.photo = photo
        self.library = library
        self.processing = processing
        self.scheduler = scheduler
        model = PhotoDetailViewModel(
            title: Message.title, date: formatting.date(photo.takenAt), place: photo.place,
            coordinates: Self.coordinates(photo.coordinate), size: "\(photo.width) × \(photo.height)",
            dominantColour: Message.unknown, picture: nil, version: .original, canSwitch: false, isApplyEnabled: false,
            status: Message.working
        )
    }

    override public func viewDidLoad() {
        view?.display(model)
        process()
    }

    public func didTapShowAndHide() {
        guard let processed, model.canSwitch else { return }
        model.picture = processed
        model.version = .showAndHide
        view?.display(model)
    }

    public func didTapOriginal() {
        guard let original, model.canSwitch else { return }
        model.picture = original
        model.version = .original
        view?.display(model)
    }

    public func didTapApply() {
        // Apply is enabled only while nothing is being worked out or saved: that is the one guard.
        guard model.isApplyEnabled, let processed else { return }
        model.isApplyEnabled = false
        model.status = Message.applying
        view?.display(model)
        let library = self.library, id = photo.id
        scheduler.schedule(named: Work.saveShowAndHide, { try library.replacePicture(ofPhoto: id, with: processed) }) { [weak self] outcome in
            self?.applied(outcome)
        }
    }

    private func process() {
        let library = self.library, processing = self.processing, id = photo.id
        scheduler.schedule(named: Work.showAndHide, { () throws -> (RGBImage, RGBImage, DominantColour)? in
            guard let picture = try library.picture(ofPhoto: id) else { return nil }
            let dominant = processing.dominantColour(of: picture)
            return (picture, processing.showAndHide(picture, keeping: dominant), dominant)
        }) { [weak self] outcome in
            self?.processed(outcome)
        }
    }

    private func processed(_ outcome: Result<(RGBImage, RGBImage, DominantColour)?, any Error>) {
        switch outcome {
        case let .success(.some((picture, shown, dominant))):
            original = picture
            processed = shown
            model.picture = picture
            model.dominantColour = dominant.colour.description
            model.canSwitch = true
            model.isApplyEnabled = true
            model.status = Message.ready
        case .success(.none):
            model.status = Message.noPicture
        case let .failure(error):
            model.status = Message.readFailed(error)
        }
        view?.display(model)
    }

    private func applied(_ outcome: Result<Void, any Error>) {
        switch outcome {
        case .success:
            original = processed
            model.picture = processed
            model.version = .showAndHide
            model.status = Message.applied
        case let .failure(error):
            model.isApplyEnabled = true
            model.status = Message.applyFailed(error)
        }
        view?.display(model)
    }

    static func coordinates(_ coordinate: Coordinate) -> String {
        func format(_ value: Double) -> String { String(format: "%.5f", value) }
        return "\(format(coordinate.latitude)), \(format(coordinate.longitude))"
    }
}
