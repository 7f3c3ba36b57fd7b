import Foundation
import PresenterKit

/// Owns the Work photos screen: which photos are listed, how each reads, what to say when the
/// library cannot be read, and selecting photos to upload them to the drive (under an overlay
/// while in flight, with Retry when it fails) or to delete them (after the system asks).
@MainActor
public final class WorkPhotosPresenter: Presenter<any WorkPhotosView> {
    /// The work this presenter schedules, by the names the app is busy with while it runs
    /// (a runner that times out says them: `still busy after 5 s: upload (4.9 s)`).
    public enum Work {
        public static let readWorkPhotos = "read work photos"
        public static let upload = "upload"
        public static let deletePhotos = "delete photos"
    }

    public enum Message {
        public static let title = "Work photos"
        public static let loading = "Loading…"
        public static let none = "No work photos. Photos taken near a work location appear here."
        public static let noAccess =
            "WorkPhotos cannot see your photos. To allow access, open Settings and turn Photos access on."
        public static func count(_ count: Int) -> String { PhotoFormatting.count(count, "work") }
        public static func failed(_ error: any Error) -> String { "Could not read your photos: \(ErrorWording.userMessage(for: error))" }
        public static func deleted(_ count: Int) -> String { "\(PhotoFormatting.count(count)) deleted" }
        public static let deleting = "Deleting…"
        public static let notDeleted = "Nothing was deleted"
        public static func deleteFailed(_ error: any Error) -> String { "Could not delete: \(ErrorWording.userMessage(for: error))" }
        public static let uploading = "Uploading…"
        public static func uploadingCount(_ count: Int) -> String { "Uploading \(PhotoFormatting.count(count)) to the drive" }
        public static func uploaded(_ count: Int) -> String { "\(PhotoFormatting.count(count)) uploaded" }
        public static func uploadFailed(_ error: any Error) -> String { "Upload failed: \(ErrorWording.userMessage(for: error))" }
    }

    private let reader: LibraryReader
    private let library: any PhotoLibrary
    private let scheduler: any WorkScheduling
    private let formatting: PhotoFormatting
    private weak var navigator: (any WorkPhotosNavigating)?
    private weak var confirmer: (any DeletionConfirming)?
    private let drive: any Drive
    /// Held strongly: the overlay holds nothing that leads back here.
    private let progress: any ProgressPresenting
    private let now: @MainActor () -> Date
    private var photos: [Photo] = []
    private var isSelecting = false
    private var selected: Set<Int64> = []
    private var isDeleting = false
    private var isUploading = false
    /// The photos of the upload that failed last, offered to Retry until another action.
    private var failedUpload: [Int64]?
    private var isBusy: Bool { isDeleting || isUploading }
    private var model = WorkPhotosViewModel(title: Message.title, rows: [], status: Message.loading, offersSettings: false)

    public init(
        library: any PhotoLibrary, access: any PhotoAccessRequesting, scheduler: any WorkScheduling,
        formatting: PhotoFormatting, navigator: any WorkPhotosNavigating, confirmer: any DeletionConfirming,
        drive: any Drive, progress: any ProgressPresenting, now: @escaping @MainActor () -> Date = Date.init
    ) {
        self.reader = LibraryReader(library: library, access: access, scheduler: scheduler)
        self.library = library
        self.scheduler = scheduler
        self.formatting = formatting
        self.navigator = navigator
        self.confirmer = confirmer
        self.drive = drive
        self.progress = progress
        self.now = now
    }

    override public func viewDidLoad() {
        view?.display(model)
    }

    /// Reads the list each time the screen appears: access may have been given in Settings.
    override public func viewDidAppear() {
        reader.read(named: Work.readWorkPhotos, { library in
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
        guard !photos.isEmpty, !isBusy else { return }
        isSelecting.toggle()
        if !isSelecting { selected = [] }
        model.notice = ""
        failedUpload = nil
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
        guard isSelecting, !selected.isEmpty, !isBusy else { return }
        failedUpload = nil
        let ids = photos.map(\.id).filter(selected.contains)
        confirmer?.confirmDeletion(of: ids.count) { [weak self] confirmed in
            self?.deletionAnswered(confirmed, ids: ids)
        }
    }

    /// Upload to Drive: the selected photos go to the drive in the background, under the
    /// `Uploading…` overlay, which is dismissed when the upload ends, whichever way it ends.
    public func didTapUpload() {
        guard isSelecting, !selected.isEmpty, !isBusy else { return }
        upload(photos.filter { selected.contains($0.id) })
    }

    /// Retry: the photos of the upload that failed, again (those still listed).
    public func didTapRetry() {
        guard let ids = failedUpload, !isBusy else { return }
        upload(photos.filter { ids.contains($0.id) })
    }

    private func upload(_ chosen: [Photo]) {
        isUploading = true
        failedUpload = nil
        model.notice = ""
        showSelection()
        progress.presentProgress(title: Message.uploading, message: Message.uploadingCount(chosen.count))
        let job = PhotoUpload(photos: chosen, date: now())
        let library = self.library, drive = self.drive
        scheduler.schedule(named: Work.upload, { try job.run(library: library, drive: drive) }) { [weak self] outcome in
            self?.uploaded(outcome, photos: chosen)
        }
    }

    private func uploaded(_ outcome: Result<DriveReceipt, any Error>, photos chosen: [Photo]) {
        isUploading = false
        progress.dismissProgress()
        switch outcome {
        case .success:
            isSelecting = false
            selected = []
            model.notice = Message.uploaded(chosen.count)
        case let .failure(error):
            failedUpload = chosen.map(\.id)
            model.notice = Message.uploadFailed(error)
        }
        showSelection()
    }

    private func deletionAnswered(_ confirmed: Bool, ids: [Int64]) {
        guard confirmed else {
            model.notice = Message.notDeleted
            showSelection()
            return
        }
        isDeleting = true
        model.notice = Message.deleting
        showSelection()
        let library = self.library
        scheduler.schedule(named: Work.deletePhotos, { try library.deletePhotos(ids) }) { [weak self] outcome in
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
        model.canDelete = isSelecting && !selected.isEmpty && !isBusy
        model.canUpload = model.canDelete
        model.canRetry = failedUpload != nil && !isBusy
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
