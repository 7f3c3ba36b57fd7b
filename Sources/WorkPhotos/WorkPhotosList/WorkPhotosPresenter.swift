import PresenterKit

/// Owns the Work photos screen: which photos are listed, how each reads, what to say when the
/// library cannot be read, and selecting photos to delete them (after the system asks).
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
        public static func deleted(_ count: Int) -> String { "\(count) photo\(count == 1 ? "" : "s") deleted" }
        public static let deleting = "Deleting…"
        public static let notDeleted = "Nothing was deleted"
        public static func deleteFailed(_ error: any Error) -> String { "Could not delete: \(ErrorWording.userMessage(for: error))" }
    }

    private let reader: LibraryReader
    private let library: any PhotoLibrary
    private let scheduler: any WorkScheduling
    private let formatting: PhotoFormatting
    private weak var navigator: (any WorkPhotosNavigating)?
    private weak var confirmer: (any DeletionConfirming)?
    private var photos: [Photo] = []
    private var isSelecting = false
    private var selected: Set<Int64> = []
    private var isDeleting = false
    private var model = WorkPhotosViewModel(title: Message.title, rows: [], status: Message.loading, offersSettings: false)

    public init(
        library: any PhotoLibrary, access: any PhotoAccessRequesting, scheduler: any WorkScheduling,
        formatting: PhotoFormatting, navigator: any WorkPhotosNavigating, confirmer: any DeletionConfirming
    ) {
        self.reader = LibraryReader(library: library, access: access, scheduler: scheduler)
        self.library = library
        self.scheduler = scheduler
        self.formatting = formatting
        self.navigator = navigator
        self.confirmer = confirmer
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

    /// A row was tapped: its photo's detail opens, or, while selecting, it is selected or not.
    public func didSelectPhoto(_ identifier: String) {
        guard let photo = photos.first(where: { "photo-\($0.id)" == identifier }) else { return }
        guard isSelecting else {
            navigator?.showPhotoDetail(photo)
            return
        }
        if selected.contains(photo.id) { selected.remove(photo.id) } else { selected.insert(photo.id) }
        showSelection()
    }

    /// Select (or Done): starts or ends choosing photos; ending it forgets the choice.
    public func didTapSelect() {
        guard !photos.isEmpty, !isDeleting else { return }
        isSelecting.toggle()
        if !isSelecting { selected = [] }
        model.notice = ""
        showSelection()
    }

    public func didTapSelectAll() {
        guard isSelecting else { return }
        selected = Set(photos.map(\.id))
        showSelection()
    }

    /// Delete: the system asks first; on yes the selected photos leave the library in the
    /// background, then the list is read again.
    public func didTapDelete() {
        guard isSelecting, !selected.isEmpty, !isDeleting else { return }
        let ids = photos.map(\.id).filter(selected.contains)
        confirmer?.confirmDeletion(of: ids.count) { [weak self] confirmed in
            self?.deletionAnswered(confirmed, ids: ids)
        }
    }

    private func deletionAnswered(_ confirmed: Bool, ids: [Int64]) {
        guard confirmed else {
            model.notice = Message.notDeleted
            view?.display(model)
            return
        }
        isDeleting = true
        model.notice = Message.deleting
        model.canDelete = false
        view?.display(model)
        let library = self.library
        scheduler.schedule({ try library.deletePhotos(ids) }) { [weak self] outcome in
            self?.deleted(outcome, count: ids.count)
        }
    }

    private func deleted(_ outcome: Result<Void, any Error>, count: Int) {
        isDeleting = false
        switch outcome {
        case .success:
            isSelecting = false
            selected = []
            model.notice = Message.deleted(count)
            showSelection()
            viewDidAppear()  // the list follows
        case let .failure(error):
            model.notice = Message.deleteFailed(error)
            showSelection()
        }
    }

    private func showSelection() {
        model.isSelecting = isSelecting
        model.canDelete = isSelecting && !selected.isEmpty && !isDeleting
        model.rows = marked(model.rows)
        view?.display(model)
    }

    /// The rows with `isSelected` as the selection says.
    private func marked(_ rows: [WorkPhotosViewModel.Row]) -> [WorkPhotosViewModel.Row] {
        let identifiers = Set(selected.map { "photo-\($0)" })
        return rows.map { row in
            var row = row
            row.isSelected = identifiers.contains(row.identifier)
            return row
        }
    }

    private func photosRead(_ outcome: LibraryReader.Outcome<[Photo]>) {
        switch outcome {
        case let .read(photos):
            self.photos = photos
            selected.formIntersection(photos.map(\.id))
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
        model.rows = marked(rows)
        model.status = status
        model.offersSettings = offersSettings
        view?.display(model)
    }
}
