import PresenterKit

/// Owns the Work photos screen: which photos are listed, how each reads, and what to say when the
/// library cannot be read.
@MainActor
public final class WorkPhotosPresenter: Presenter<any WorkPhotosView> {
    public enum Message {
        public static let title = "Work photos"
        public static let loading = "Loading…"
        public static let none = "No work photos. Photos taken near a work location appear here."
        public static let noAccess =
            "WorkPhotos cannot see your photos. To allow access, open Settings and turn Photos access on."
        public static func count(_ count: Int) -> String { PhotoFormatting.count(count, "work") }
        public static func failed(_ error: any Error) -> String { "Could not read your photos: \(ErrorWording.userMessage(for: error))" }
    }

    private let reader: LibraryReader
    private let formatting: PhotoFormatting
    private weak var navigator: (any WorkPhotosNavigating)?
    private var photos: [Photo] = []
    private var model = WorkPhotosViewModel(title: Message.title, rows: [], status: Message.loading, offersSettings: false)

    public init(
        library: any PhotoLibrary, access: any PhotoAccessRequesting, scheduler: any WorkScheduling,
        formatting: PhotoFormatting, navigator: any WorkPhotosNavigating
    ) {
        self.reader = LibraryReader(library: library, access: access, scheduler: scheduler)
        self.formatting = formatting
        self.navigator = navigator
    }

    override public func viewDidLoad() {
        view?.display(model)
    }

    /// Reads the list each time the screen appears: access may have been given in Settings.
    override public func viewDidAppear() {
        reader.read({ library in
            WorkPhotoClassifier(locations: try library.workLocations()).split(try library.photos()).work
        }) { [weak self] outcome in
            self?.photosRead(outcome)
        }
    }

    public func didTapOpenSettings() {
        navigator?.showSettings()
    }

    /// A row was tapped: its photo's detail opens.
    public func didSelectPhoto(_ identifier: String) {
        guard let photo = photos.first(where: { "photo-\($0.id)" == identifier }) else { return }
        navigator?.showPhotoDetail(photo)
    }

    private func photosRead(_ outcome: LibraryReader.Outcome<[Photo]>) {
        switch outcome {
        case let .read(photos):
            self.photos = photos
            let rows = photos.map {
                WorkPhotosViewModel.Row(identifier: "photo-\($0.id)", date: formatting.date($0.takenAt), place: $0.place)
            }
            show(rows: rows, status: rows.isEmpty ? Message.none : Message.count(rows.count), offersSettings: false)
        case .noAccess:
            photos = []
            show(rows: [], status: Message.noAccess, offersSettings: true)
        case let .failed(error):
            photos = []
            show(rows: [], status: Message.failed(error), offersSettings: false)
        }
    }

    private func show(rows: [WorkPhotosViewModel.Row], status: String, offersSettings: Bool) {
        model.rows = rows
        model.status = status
        model.offersSettings = offersSettings
        view?.display(model)
    }
}
